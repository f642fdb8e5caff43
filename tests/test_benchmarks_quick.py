"""Every benchmark under bench/ runs in the suite in its small size (`--quick`): a benchmark
that crashes or gets a wrong result fails here, not only in `make bench` (no target is
asserted: speed belongs to `make bench`). A new bench/*.py is included by itself."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BENCHMARKS = sorted((REPO / "bench").glob("*.py"))
#: a quick benchmark starts a service or two and the app at most; on a loaded 2-core machine
#: that is well under a minute, so only a hung one reaches this
BOUND_S = 400


def test_every_benchmark_is_found() -> None:
    assert len(BENCHMARKS) >= 10, BENCHMARKS


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.stem)
def test_benchmark_runs_quick(script: Path, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PACKDESK_CONFIG_DIR": str(tmp_path / "config"),
        "PACKDESK_DATA_DIR": str(tmp_path / "data"),
        "PACKDESK_SECRET_STORE": "file",
    }
    env.pop("PACKDESK_API_KEY", None)
    try:
        done = subprocess.run(
            [sys.executable, str(script), "--quick"],
            cwd=REPO,
            env=env,
            capture_output=True,
            text=True,
            timeout=BOUND_S,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(f"{script.name} --quick still running after {BOUND_S} s: {exc.output!r}")
    output = f"stdout:\n{done.stdout[-6000:]}\nstderr:\n{done.stderr[-6000:]}"
    assert done.returncode == 0, output
    assert "WRONG RESULT" not in done.stdout, output
    # the benchmark took --quick as such (its checks ran, its targets were not asserted)
    assert "quick run: results checked, targets not asserted" in done.stdout, output
