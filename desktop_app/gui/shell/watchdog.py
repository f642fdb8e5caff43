"""How long the GUI thread is held: each turn measured in the GUI thread's own CPU time.

A helper thread posts a heartbeat event to the GUI thread and waits for it to be handled;
the GUI thread's CPU time spent between the post and the handling is how long one turn of its
event loop held it (the heartbeat queues behind whatever runs). CPU time, not wall time: a
loaded machine that gives the app less CPU makes the wall time longer but not this. The
helper reads the GUI thread's CPU clock itself (`pthread_getcpuclockid`), so a turn that never
ends (a layout loop spinning in Qt) is seen while it lasts, not only afterwards; where that
clock cannot be read (Windows), a turn counts from the previous heartbeat.

Records: the number of turns measured, the longest, and every turn over `limit_ms` with its
wall time and the page shown. The app runs it at a relaxed pace and logs turns over the
limit; the test probe (`{"do": "watchdog"}`) and the GUI tests run it at a fine pace.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject

log = logging.getLogger(__name__)

#: a turn holding the GUI thread for longer than this (CPU) is a freeze a user feels
LIMIT_MS = 250.0
#: the app's own pace (two heartbeats a second: nothing to notice), and the tests' pace
RELAXED_INTERVAL = 0.5
FINE_INTERVAL = 0.02
#: turns over the limit kept (the oldest are dropped; the count goes on)
KEEP = 500

_HEARTBEAT = QEvent.Type(QEvent.registerEventType())


@dataclass(slots=True)
class Turn:
    """One turn over the limit: its CPU and wall time (ms) and the page shown."""

    cpu_ms: float
    wall_ms: float
    page: str
    #: the GUI thread's Python stack when the turn passed the limit (innermost last)
    where: list[str] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """The probe's form."""
        return {
            "cpu_ms": round(self.cpu_ms, 1),
            "wall_ms": round(self.wall_ms, 1),
            "page": self.page,
        }


@dataclass(slots=True)
class _Pending:
    wall: float
    cpu: float | None  # the GUI thread's CPU clock at the post (None: not readable here)


@dataclass
class WatchdogReport:
    """What the watchdog saw so far."""

    turns: int = 0
    longest_cpu_ms: float = 0.0
    over_limit: list[Turn] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        """`{"turns": n, "longest_cpu_ms": x, "over_limit": [{"cpu_ms", "wall_ms", "page"}]}`."""
        return {
            "turns": self.turns,
            "longest_cpu_ms": round(self.longest_cpu_ms, 1),
            "over_limit": [turn.as_json() for turn in self.over_limit],
        }


class _Receiver(QObject):
    """Lives in the GUI thread; handles the heartbeats."""

    def __init__(self, watchdog: GuiWatchdog) -> None:
        super().__init__()
        self.watchdog = watchdog

    def event(self, event: QEvent) -> bool:  # noqa: D102 - Qt name
        if event.type() == _HEARTBEAT:
            self.watchdog._answered()
            return True
        return super().event(event)


def _cpu_clock_of_current_thread() -> int | None:
    getter = getattr(time, "pthread_getcpuclockid", None)
    if getter is None:
        return None
    try:
        clock = getter(threading.get_ident())
        time.clock_gettime(clock)
    except (OSError, AttributeError, OverflowError):
        return None
    return clock


class GuiWatchdog:
    """Measures each turn of the GUI thread's event loop in that thread's CPU time.

    Create and `start()` it in the GUI thread. `page` names what is shown (called in the GUI
    thread when a turn over the limit ends). `on_over_limit(cpu_ms)` is called from the helper
    thread as soon as a turn still running passes the limit (once a turn).
    """

    def __init__(
        self,
        page: Callable[[], str] = lambda: "",
        *,
        interval: float = RELAXED_INTERVAL,
        limit_ms: float = LIMIT_MS,
        on_over_limit: Callable[[float], None] | None = None,
    ) -> None:
        self.page = page
        self.interval = interval
        self.limit_ms = limit_ms
        self.on_over_limit = on_over_limit
        self._lock = threading.Lock()
        self._report = WatchdogReport()
        self._pending: _Pending | None = None
        self._last_answer_cpu: float | None = None
        self._answered_event = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._receiver: _Receiver | None = None
        self._clock: int | None = None
        self._gui_ident = 0
        self._where: list[str] = []  # the stack seen when the running turn passed the limit

    # --- control (GUI thread) ----------------------------------------------------------------

    def start(self) -> GuiWatchdog:
        """Start measuring (call in the GUI thread)."""
        if self._thread is not None:
            return self
        self._clock = _cpu_clock_of_current_thread()
        self._gui_ident = threading.get_ident()
        self._last_answer_cpu = time.thread_time()
        self._receiver = _Receiver(self)
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name="gui-watchdog", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop measuring (what was recorded stays)."""
        thread, self._thread = self._thread, None
        self._stop.set()
        self._answered_event.set()
        if thread is not None:
            thread.join(timeout=5)
        if self._receiver is not None:
            with contextlib.suppress(RuntimeError):
                self._receiver.deleteLater()
            self._receiver = None

    def set_interval(self, interval: float) -> None:
        """Measure at this pace from the next heartbeat on."""
        self.interval = interval

    @property
    def running(self) -> bool:
        """True while the helper thread measures."""
        return self._thread is not None

    def report(self) -> WatchdogReport:
        """A copy of what was recorded."""
        with self._lock:
            r = self._report
            return WatchdogReport(r.turns, r.longest_cpu_ms, list(r.over_limit))

    def reset(self) -> None:
        """Forget what was recorded (a test's own part starts here)."""
        with self._lock:
            self._report = WatchdogReport()

    def held_ms(self) -> float:
        """The GUI thread's CPU (ms) in the turn running now, as far as known (any thread)."""
        pending = self._pending
        if pending is None or pending.cpu is None or self._clock is None:
            return 0.0
        return max(0.0, (time.clock_gettime(self._clock) - pending.cpu) * 1000)

    # --- the GUI thread's side ------------------------------------------------------------------

    def _answered(self) -> None:
        pending = self._pending
        if pending is None:
            return
        now_cpu = time.thread_time()
        start_cpu = pending.cpu if pending.cpu is not None else self._last_answer_cpu
        self._last_answer_cpu = now_cpu
        cpu_ms = max(0.0, (now_cpu - (start_cpu or now_cpu)) * 1000)
        wall_ms = (time.monotonic() - pending.wall) * 1000
        over = cpu_ms > self.limit_ms
        page = ""
        if over:
            try:
                page = self.page()
            except Exception:  # noqa: BLE001 - a page name must never break the measuring
                page = "?"
            log.warning(
                "the window was held for %.0f ms of CPU (%.0f ms) on the page %r, in:\n%s",
                cpu_ms,
                wall_ms,
                page,
                "".join(self._where) or "(not seen)",
            )
        with self._lock:
            report = self._report
            report.turns += 1
            report.longest_cpu_ms = max(report.longest_cpu_ms, cpu_ms)
            if over:
                report.over_limit.append(Turn(cpu_ms, wall_ms, page, self._where))
                del report.over_limit[:-KEEP]
        self._pending = None
        self._where = []
        self._answered_event.set()

    # --- the helper thread ------------------------------------------------------------------

    def _run(self) -> None:
        while not self._stop.is_set():
            receiver = self._receiver
            if receiver is None:
                return
            cpu = time.clock_gettime(self._clock) if self._clock is not None else None
            self._answered_event.clear()
            self._pending = _Pending(time.monotonic(), cpu)
            try:
                QCoreApplication.postEvent(receiver, QEvent(_HEARTBEAT))
            except RuntimeError:  # the application is gone
                return
            told = False
            while not self._answered_event.wait(min(self.interval, 0.05) or 0.05):
                if self._stop.is_set():
                    return
                if not told and self.held_ms() > self.limit_ms:
                    told = True
                    self._where = self._gui_stack()
                    if self.on_over_limit is not None:
                        try:
                            self.on_over_limit(self.held_ms())
                        except Exception:  # noqa: BLE001
                            log.exception("watchdog listener failed")
            self._stop.wait(self.interval)

    def _gui_stack(self) -> list[str]:
        frame = sys._current_frames().get(self._gui_ident)
        return traceback.format_stack(frame)[-12:] if frame is not None else []


_app_watchdog: GuiWatchdog | None = None


def app_watchdog() -> GuiWatchdog | None:
    """The running app's watchdog, if started (`install`)."""
    return _app_watchdog


def install(page: Callable[[], str], *, interval: float = RELAXED_INTERVAL) -> GuiWatchdog:
    """Start the app's watchdog (GUI thread); it logs every turn over the limit."""
    global _app_watchdog
    if _app_watchdog is None:
        _app_watchdog = GuiWatchdog(page, interval=interval).start()
    else:
        _app_watchdog.set_interval(interval)
    return _app_watchdog
