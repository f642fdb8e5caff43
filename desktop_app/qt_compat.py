"""Work-around for PySide6 6.12 on Python 3.11: it drops references to None, True and False.

Qt-neutral place (no Qt import at module level): both `gui/` and `printing/qt_print.py`
import it before they call into PySide6.

PySide6 6.12's bindings return None (every void call: setText, setEnabled, ...) and some
bools without taking a reference, as if these objects were immortal; they are immortal only
from Python 3.12 on. On 3.11 each such call takes one reference away, and after a few
thousand calls (a few hundred keystrokes in the shipment form) the interpreter frees None
and aborts ("none_dealloc: deallocating None"). Giving the three singletons a huge reference
count makes them effectively immortal, as 3.12 does: the lost references never reach zero.
"""

from __future__ import annotations

import ctypes
import sys

# far more lost references than a process can make in its lifetime, far below overflow
HEADROOM = 1 << 48
AFFECTED_PREFIXES = ("6.12.",)


def affected() -> bool:
    """True where the bug exists: PySide6 6.12.x on a Python without immortal objects."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    try:
        import PySide6
    except ImportError:
        return False
    return str(PySide6.__version__).startswith(AFFECTED_PREFIXES)


def protect_singletons() -> bool:
    """Make None, True and False effectively immortal where needed; True if it was done."""
    if not affected():
        return False
    for obj in (None, True, False):
        # ob_refcnt is the first field of every object in a release build of CPython
        refcount = ctypes.c_ssize_t.from_address(id(obj))
        if refcount.value < HEADROOM:
            refcount.value += HEADROOM
    return sys.getrefcount(None) >= HEADROOM


protect_singletons()


class GuiThreadCollector:
    """Run Python's cyclic garbage collection on the GUI thread only.

    Automatic collection runs in whichever thread allocates at that moment: an
    `asyncio.to_thread` worker collecting a cycle that holds Qt wrappers deletes C++ objects
    off the GUI thread, which crashes Qt. So automatic collection is turned off and this
    timer collects (by generation, as the automatic collector would) on the GUI thread.
    """

    def __init__(self, interval_ms: int = 500) -> None:
        import gc

        from PySide6.QtCore import QTimer

        self._gc = gc
        self.thresholds = gc.get_threshold()
        gc.disable()
        self.timer = QTimer()
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.check)
        self.timer.start()

    def check(self) -> None:
        """Collect the oldest generation whose count passed its threshold."""
        counts = self._gc.get_count()
        for generation in (2, 1, 0):
            if counts[generation] > self.thresholds[generation]:
                self._gc.collect(generation)
                return

    def freeze_startup_objects(self) -> None:
        """Move everything alive after start-up out of the collector's reach.

        Start-up creates a large object graph (Qt wrappers, modules, the catalog) that lives
        as long as the app. Without this, each full collection walks all of it on the GUI
        thread, long enough to stall the event loop during a batch; frozen, a full pass walks
        only what is new.
        """
        self._gc.collect()
        self._gc.freeze()

    def stop(self) -> None:
        """Stop the timer and hand collection back to Python."""
        self.timer.stop()
        self._gc.enable()
