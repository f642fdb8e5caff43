"""`packdesk` run as a new process by a launcher script (`python -c SCRIPT RECORD ARGS...`)
that records what it sees into the JSON file RECORD: the app on `tmp_path`'s folders, the
Local sandbox, Qt's offscreen platform."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[3]


def launch_recorded(
    script: str, tmp_path: Path, env_extra: dict[str, str] | None = None
) -> tuple[dict[str, Any], str]:
    """Run `script` on `tmp_path`'s config and data folders; what it recorded, and what the
    process printed on stderr (its exit status must be 0)."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PACKDESK_SECRET_STORE": "file",
        "PACKDESK_REPORT_STARTUP": "1",
        **(env_extra or {}),
    }
    env.pop("PACKDESK_API_KEY", None)
    record = tmp_path / "record.json"
    folders = ["--config-dir", str(tmp_path / "config"), "--data-dir", str(tmp_path / "data")]
    done = subprocess.run(
        [sys.executable, "-c", script, str(record), *folders],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,  # a hang guard only: a broken start-up never records
        check=False,
    )
    assert done.returncode == 0, done.stderr
    recorded: dict[str, Any] = json.loads(record.read_text(encoding="utf-8"))
    return recorded, done.stderr
