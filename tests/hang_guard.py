"""The suite's hang guard: a test still running after its time limit leaves every thread's
stack (Python's, and py-spy's native one where py-spy is installed) in the worker's own log
before the process is ended, so a hang's cause is never lost with the worker's stderr.

pytest-timeout's thread method writes its stacks to the terminal, which a pytest-xdist worker
does not keep; conftest.py installs `set_timer` as pytest-timeout's timer hook instead.
"""

from __future__ import annotations

import faulthandler
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

import pytest

#: how long py-spy may take to dump a stuck worker (it stops the process while it reads)
PY_SPY_TIMEOUT = 60.0


def py_spy() -> str | None:
    """The py-spy command beside this Python (the test extras install it), else on PATH."""
    beside = Path(sys.executable).parent / "py-spy"
    if beside.exists():
        return str(beside)
    return shutil.which("py-spy")


def process_stacks(pid: int) -> str:
    """Every thread's stack of another process (a test's app or service), Python and native,
    by py-spy; what went wrong otherwise. For a guard that gives up on that process."""
    command = py_spy()
    if command is None:
        return "(py-spy is not installed: no stacks of the process)"
    try:
        done = subprocess.run(
            [command, "dump", "--native", "--pid", str(pid)],
            capture_output=True,
            text=True,
            timeout=PY_SPY_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"(py-spy failed: {exc})"
    return done.stdout + done.stderr


def dump_every_thread(log: IO[str], why: str) -> None:
    """Write `why`, every Python thread's stack (faulthandler: works even while another
    thread holds the GIL in a C call) and py-spy's native dump of this process into `log`."""
    log.write(f"\n==== {why}\n==== every thread's Python stack (faulthandler):\n")
    log.flush()
    faulthandler.dump_traceback(log, all_threads=True)
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    log.write("==== thread names: " + ", ".join(f"{i:#x} {n}" for i, n in names.items()) + "\n")
    command = py_spy()
    if command is None:
        log.write("==== py-spy is not installed: no native stacks\n")
        log.flush()
        return
    log.write(f"==== py-spy dump --native --pid {os.getpid()}:\n")
    log.flush()
    log.write(process_stacks(os.getpid()))
    log.flush()


def _on_timeout(item: pytest.Item, settings: Any, log: IO[str] | None) -> None:
    """The guard's thread: the stacks into the worker's log (stderr without one), then
    pytest-timeout's own report and exit."""
    import pytest_timeout

    why = (
        f"hang guard: {item.nodeid} still running after {settings.timeout:g} s "
        f"({time.strftime('%H:%M:%S')}); ending the worker"
    )
    target = log if log is not None else (sys.__stderr__ or sys.stderr)
    try:
        dump_every_thread(target, why)
    except Exception as exc:  # the process must end even if writing failed
        sys.stderr.write(f"hang guard: dumping the stacks failed: {exc!r}\n")
    pytest_timeout.timeout_timer(item, settings)  # its terminal report, then os._exit(1)


def set_timer(item: pytest.Item, settings: Any, log: IO[str] | None) -> bool:
    """Start the guard's timer for `item` (pytest-timeout cancels it through
    `item.cancel_timeout`); always a thread: SIGALRM never reaches Python inside Qt's loop."""
    timer = threading.Timer(settings.timeout, _on_timeout, (item, settings, log))
    timer.name = f"hang guard {item.nodeid}"
    timer.daemon = True

    def cancel() -> None:
        timer.cancel()
        timer.join()

    item.cancel_timeout = cancel  # type: ignore[attr-defined]
    timer.start()
    return True
