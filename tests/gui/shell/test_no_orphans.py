"""kill -9 of the running app leaves no process behind: the installed `packdesk` (a real
process, offscreen) starts its local service and the service's label worker; after the app
is killed without any clean-up of its own, every process it started ends by itself."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = [
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc"),
    pytest.mark.timeout(300),
]

DEADLINE = 120.0
"""Seconds for a state to come (generous: only a broken part reaches it on a busy machine)."""


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent pid, start time) of a running process; None once it is gone (or a zombie)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[1]), fields[19]) if fields[0] not in ("Z", "X") else None


def descendants(root: int) -> dict[int, str]:
    """The processes below `root`, by pid, with their start times (a pid may be reused)."""
    parents: dict[int, list[int]] = {}
    started: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            stat = _stat(int(entry.name))
            if stat is not None:
                parents.setdefault(stat[0], []).append(int(entry.name))
                started[int(entry.name)] = stat[1]
    found: dict[int, str] = {}
    todo = list(parents.get(root, []))
    while todo:
        pid = todo.pop()
        if pid in started:
            found[pid] = started[pid]
            todo += parents.get(pid, [])
    return found


def alive(processes: dict[int, str]) -> dict[int, str]:
    """Those of `processes` still running (the same process: the same start time)."""
    return {pid: start for pid, start in processes.items() if (_stat(pid) or (0, ""))[1] == start}


def wait_for(condition, what: str):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + DEADLINE
    while not (value := condition()):
        assert time.monotonic() < deadline, f"not within {DEADLINE:g} s: {what}"
        time.sleep(0.1)
    return value


def test_kill_9_of_the_app_leaves_no_process_behind(tmp_path: Path) -> None:
    packdesk = Path(sys.executable).with_name("packdesk")  # the installed command
    assert packdesk.is_file()
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PACKDESK_SECRET_STORE": "file"}
    env.update(
        PACKDESK_CONFIG_DIR=str(tmp_path / "config"),
        PACKDESK_DATA_DIR=str(tmp_path / "data"),
        PACKDESK_CACHE_DIR=str(tmp_path / "cache"),
    )
    env.pop("PACKDESK_API_KEY", None)
    app = subprocess.Popen(
        [str(packdesk)], env=env, cwd=tmp_path, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    started: dict[int, str] = {}
    try:

        def service_with_its_worker() -> dict[int, str] | None:
            states = list((tmp_path / "data").glob("profiles/*/service/service.json"))
            if not states:
                return None
            try:
                pid = int(json.loads(states[0].read_text(encoding="utf-8"))["pid"])
            except (OSError, ValueError, KeyError):
                return None  # being written
            below = descendants(app.pid)
            # the service, its label worker (spawned at start-up) and what spawning needs
            return below if pid in below and descendants(pid) else None

        started = wait_for(service_with_its_worker, "the app's local service and its worker")
        app.send_signal(signal.SIGKILL)  # no clean-up of its own
        app.wait(30)
        wait_for(lambda: not alive(started), f"the end of {sorted(alive(started))}")
    finally:
        if app.poll() is None:
            app.kill()
            app.wait(30)
        for pid in alive(started):  # a failed test leaves nothing running either
            os.kill(pid, signal.SIGKILL)
        if app.stderr is not None:
            app.stderr.close()
