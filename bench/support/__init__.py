"""Helpers shared by the benchmark scripts (a package, so `make bench` does not run it)."""

from __future__ import annotations

import subprocess
from typing import Any

STOP_TIMEOUT = 15.0


def stop_process(process: subprocess.Popen[Any]) -> None:
    """Terminate a child process; kill it if it has not exited after 15 s."""
    process.terminate()
    try:
        process.wait(STOP_TIMEOUT)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(STOP_TIMEOUT)
