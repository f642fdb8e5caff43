"""Helpers shared by the benchmark scripts (a package, so `make bench` does not run it)."""

from __future__ import annotations

import subprocess
from typing import Any

from desktop_app.profiles.local_sandbox import terminate_child

STOP_TIMEOUT = 15.0


def stop_process(process: subprocess.Popen[Any]) -> None:
    """Terminate a child process; kill it if it has not exited after 15 s."""
    terminate_child(process, STOP_TIMEOUT)
