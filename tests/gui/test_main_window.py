"""`packdesk` itself: the window opens on the Local sandbox the first time, connects to the
local service it starts in the background, and stops that service on exit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop_app.gui.theme import window_title

REPO_ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.timeout(120)


def test_first_start_opens_the_local_sandbox_and_cleans_up(tmp_path: Path) -> None:
    """First run: Local sandbox profile created and used, service started, stopped on exit."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PACKDESK_SECRET_STORE": "file",
    }
    env.pop("PACKDESK_API_KEY", None)
    config, data = tmp_path / "config", tmp_path / "data"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "desktop_app",
            "--config-dir",
            str(config),
            "--data-dir",
            str(data),
            "--exit-when-ready",
        ],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    profiles = json.loads((config / "profiles.json").read_text(encoding="utf-8"))
    [builtin] = [p for p in profiles["profiles"] if p["builtin_local"]]
    assert profiles["last_used"] == builtin["id"]
    service_dir = data / "profiles" / builtin["id"] / "service"
    assert (service_dir / "launcher-stderr.log").exists()  # the app started the service...
    assert not (service_dir / "service.json").exists()  # ...and stopped it on exit
    assert window_title(builtin["name"], "sandbox") == "Packdesk — Local sandbox (SANDBOX)"
