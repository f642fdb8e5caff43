"""The app's asyncio loop on Qt's: qasync's, running a loop's callbacks only while it runs.

qasync schedules every asyncio callback (a task's next step, a socket's readiness, a
`call_soon_threadsafe`) as a Qt timer, and Qt fires a timer whenever *anyone* processes
events: qasync's own last `processEvents` after `run_until_complete` has stopped the loop, a
`QApplication.processEvents()` while the loop is stopped (pytest-qt does one before and after
each test). A callback run then has no running loop: a task woken there fails in
`get_running_loop()` ("no running event loop") before its `finally` can close what it holds,
and its sockets are left to the garbage collector (a printer connection or a scale monitor
dying at a test's teardown, a connection pool's lock left taken at exit).

asyncio's own loops run callbacks only inside `run_forever`; `DeskEventLoop` does the same:
a callback that comes due while the loop does not run waits, in order, for the loop's next
run (or is dropped with the loop when it closes, as asyncio drops a closed loop's queue).

It also shortens Python's thread switch interval for the process (`GIL_SWITCH_INTERVAL_S`):
the print queue's thread takes the interpreter back after each socket wait, and while the
window's thread runs Python it got it back only at the default interval's end (5 ms a step).
"""

from __future__ import annotations

import asyncio
import sys
import weakref
from typing import Any

import qasync
from PySide6.QtCore import QObject, QTimerEvent

#: how long a thread running Python keeps the interpreter when another thread wants it
#: (Python's default: 5 ms). bench/print_latency.py, a label queued while the window's thread
#: was held: 168 ms to the printer at 5 ms, 36 ms at 1 ms (idle: 6-9 ms)
GIL_SWITCH_INTERVAL_S = 0.001


class _LoopTimer(QObject):
    """qasync's callback timer (`add_callback`, `stop`, `set_debug`) for one loop: a handle
    whose timer fires while that loop is not the running one waits for its next run."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self._loop = weakref.ref(loop)
        self._handles: dict[int, asyncio.Handle] = {}
        #: handles that came due while the loop did not run, in the order they came due
        self._waiting: list[asyncio.Handle] = []
        self._stopped = False

    def add_callback(self, handle: asyncio.Handle, delay: float = 0) -> asyncio.Handle:
        timer_id = self.startTimer(int(max(0.0, delay) * 1000))
        self._handles[timer_id] = handle
        return handle

    def timerEvent(self, event: QTimerEvent) -> None:  # noqa: N802 - Qt's name
        timer_id = event.timerId()
        self.killTimer(timer_id)  # every callback runs once
        handle = self._handles.pop(timer_id, None)
        if handle is None or self._stopped or handle.cancelled():
            return
        if asyncio._get_running_loop() is not self._loop():
            self._waiting.append(handle)
            return
        handle._run()

    def resume(self) -> None:
        """Schedule the handles that came due while the loop was stopped (it starts now)."""
        waiting, self._waiting = self._waiting, []
        for handle in waiting:
            self.add_callback(handle)

    def stop(self) -> None:
        """The loop closed: its callbacks never run."""
        self._stopped = True
        self._waiting.clear()
        for timer_id in self._handles:
            self.killTimer(timer_id)
        self._handles.clear()

    def set_debug(self, enabled: bool) -> None:
        """qasync passes the loop's debug flag on; asyncio's slow-callback log is not kept."""


class DeskEventLoop(qasync.QEventLoop):  # type: ignore[misc]  # qasync is untyped
    """qasync's loop whose callbacks run only while it runs (see the module's docstring)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._timer = _LoopTimer(self)
        # the desk's threads (print queue, scale, module loads) wait for the window's less
        sys.setswitchinterval(GIL_SWITCH_INTERVAL_S)

    def run_forever(self) -> Any:
        if not self.is_running():
            self._timer.resume()
        return super().run_forever()
