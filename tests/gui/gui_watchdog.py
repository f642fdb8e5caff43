"""The app's GUI-thread watchdog in a GUI test: a turn over 250 ms of the GUI thread's CPU
fails the test, and a turn that would never end (a layout loop in Qt) is broken so the test
fails instead of hanging.

The breaker: when the helper thread sees a turn still running past the limit, it posts an
event to the GUI thread; Qt handles it inside the running turn (posted events are what such
a loop is made of), and from then on layout requests to widgets are swallowed until the
turn ends. The window may be laid out wrongly afterwards, but the test fails with the hold
it measured, and its clean-up runs.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QApplication, QWidget

from desktop_app.gui.shell.watchdog import FINE_INTERVAL, LIMIT_MS, GuiWatchdog

_ARM = QEvent.Type(QEvent.registerEventType())


class LoopBreaker(QObject):
    """Swallows layout requests to widgets while armed (GUI thread only)."""

    def __init__(self) -> None:
        super().__init__()
        self.armed = False
        self.broken = 0  # layout requests swallowed
        self.targets: dict[str, int] = {}  # the widgets they were for: where the loop was

    def event(self, event: QEvent) -> bool:  # noqa: D102 - Qt name
        if event.type() == _ARM:
            if not self.armed:
                self.armed = True
                QApplication.instance().installEventFilter(self)  # type: ignore[union-attr]
            return True
        return super().event(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        if (
            self.armed
            and event.type() == QEvent.Type.LayoutRequest
            and isinstance(watched, QWidget)
        ):
            self.broken += 1
            name = f"{type(watched).__name__} {watched.objectName()}".strip()
            self.targets[name] = self.targets.get(name, 0) + 1
            return True
        return False

    def disarm(self) -> None:
        if self.armed:
            self.armed = False
            QApplication.instance().removeEventFilter(self)  # type: ignore[union-attr]


class WatchedGui:
    """The watchdog at the tests' pace with the loop breaker."""

    def __init__(self, page: Any = lambda: "") -> None:
        self.breaker = LoopBreaker()
        self.watchdog = GuiWatchdog(page, interval=FINE_INTERVAL, on_over_limit=self._arm)
        self._told = 0  # turns over the limit already reported by `check`

    def _arm(self, _held_ms: float) -> None:  # the helper thread
        QCoreApplication.postEvent(self.breaker, QEvent(_ARM))

    def start(self) -> WatchedGui:
        self.watchdog.start()
        return self

    def stop(self) -> None:
        self.watchdog.stop()
        self.breaker.disarm()

    def problems(self) -> list[str]:
        """Each turn over the limit not reported yet, in words."""
        turns = self.watchdog.report().over_limit[self._told :]
        self._told += len(turns)
        words = [
            f"the GUI thread was held for {t.cpu_ms:.0f} ms of its CPU ({t.wall_ms:.0f} ms) "
            f"on {t.page or 'the window'}, in:\n{''.join(t.where[-8:])}"
            for t in turns
        ]
        if words and self.breaker.broken:
            words.append(
                f"{self.breaker.broken} layout requests were swallowed to end them, for "
                f"{self.breaker.targets}"
            )
            self.breaker.broken = 0
            self.breaker.targets.clear()
        return words

    def check(self, where: str = "") -> None:
        """Fail on any turn over the limit since the last check (and end the breaking)."""
        self.breaker.disarm()
        problems = self.problems()
        assert not problems, f"{where}: turns over {LIMIT_MS:.0f} ms of CPU: {problems}"
