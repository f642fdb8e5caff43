"""Child processes that end with the process that started them, however it ends.

A parent killed by SIGKILL (or a crash, or Windows' Task Manager) runs no clean-up, so each
child watches for itself: the local service watches the app's pid (`exit_with_parent`, every
platform), and worker
processes of a `multiprocessing` pool watch their parent's sentinel
(`exit_with_pool_parent`, their pool's initializer).
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

log = logging.getLogger(__name__)

WATCH_INTERVAL = 0.5
"""Seconds between two looks at the parent."""
GRACE = 10.0
"""Seconds a child has to end cleanly after its parent died, before it is ended hard."""


def pid_alive(pid: int) -> bool:
    """True if `pid` runs (a zombie does not count). Never signals the process."""
    if pid <= 0:
        return False
    if sys.platform == "win32":  # pragma: no cover - Windows only
        import ctypes

        kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
        handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return False
        code = ctypes.c_ulong()
        try:
            kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        finally:
            kernel32.CloseHandle(handle)
        return code.value == 259  # STILL_ACTIVE
    if Path("/proc/self/stat").exists():
        stat = Path(f"/proc/{pid}/stat")
        try:
            # the state letter follows the ")" that closes the command name
            return stat.read_text().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
        except (OSError, IndexError):
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _end_self() -> None:
    """Stop this process as Ctrl-C would (its clean-up runs), hard after `GRACE` seconds."""
    threading.Timer(GRACE, lambda: os._exit(1)).start()
    if sys.platform == "win32":  # pragma: no cover - Windows only
        os._exit(1)
    os.kill(os.getpid(), signal.SIGTERM)


def exit_with_parent(parent_pid: int, on_parent_gone: Callable[[], None] = _end_self) -> None:
    """Watch `parent_pid` from a daemon thread and call `on_parent_gone` once it has ended.

    Started first thing in the child; a parent that is already gone ends the child at once.
    A child of `parent_pid` also notices at once that it was handed to another parent (POSIX
    re-parents orphans). Linux' parent-death signal (prctl PR_SET_PDEATHSIG) is not used: it
    fires when the *thread* that started the child ends, and the app starts the service
    from a worker thread."""
    child_of_it = os.getppid() == parent_pid

    def gone() -> bool:
        if child_of_it and os.getppid() != parent_pid:
            return True
        return not pid_alive(parent_pid)

    def watch() -> None:
        while not gone():
            time.sleep(WATCH_INTERVAL)
        log.warning("the process that started this one (pid %s) has ended", parent_pid)
        on_parent_gone()

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def exit_with_pool_parent() -> None:
    """A `multiprocessing` pool worker's initializer: end the worker when the process that
    started it dies, even by SIGKILL (its queues keep their pipes open in the worker too, so
    it would never see an end-of-file and wait forever as an orphan)."""
    import multiprocessing
    import multiprocessing.connection

    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def watch() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()
