"""Entry point of the GUI: `packdesk` with no sub-command.

The window's frame shows at once, before pydantic, httpx, asyncio, the domain rules and the
client are imported; the New shipment form is built into it right after its first paint (its
modules loaded on a helper thread), then the other pages, a few per turn of the loop. The
Local sandbox service starts in the background (the form is usable meanwhile, Create waits
for the connection). One qasync event loop for everything.
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import logging

    from PySide6.QtGui import QIcon
    from PySide6.QtWidgets import QApplication

    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile

_STARTED = time.perf_counter()
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)  # resources/icons/packdesk-<size>.png
#: what the New shipment form and the app context import (with what they import): loaded on
#: a helper thread once the window's frame is painted, before the form is built on the GUI
#: thread (`tests/gui/shell/test_cold_start.py`: none of them before the first window)
FORM_MODULES = (
    "desktop_app.domain.rules",
    "desktop_app.profiles.manager",
    "desktop_app.printing.printers",
    "desktop_app.gui.core.context",
    "desktop_app.gui.shipment.page",
    "desktop_app.gui.addresses.page",  # the form's receiver search
)
#: what the pages built after the form and the profile's opening import (with what they
#: import), beside the pages' own modules (`shell.pages.page_modules()`): loaded on a helper
#: thread once the form is there
STARTUP_MODULES = (
    "desktop_app.gui.widgets.accessibility",
    "desktop_app.gui.history.tracking",
    "desktop_app.gui.history.partials.returns",
    "desktop_app.gui.shipment.order_entry",
    "desktop_app.shops.rounds",
    "desktop_app.gui.shell.sign_in",
    "desktop_app.gui.i18n.profile_errors",
    "desktop_app.client",
    "desktop_app.client.types",
    "desktop_app.profiles.local_sandbox",
    "desktop_app.printing.queue",
    "desktop_app.printing.preview",
    "desktop_app.shops",
    "desktop_app.station",
)


def _parse(argv: Sequence[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="packdesk", description="Packdesk: shipping labels.")
    p.add_argument("--profile", help="open this profile (name or id) instead of the last used")
    p.add_argument("--config-dir", type=Path, help="profiles.json and printers.json live here")
    p.add_argument("--data-dir", type=Path, help="profile stores and the local service live here")
    p.add_argument(
        "--quit-after",
        type=float,
        default=None,
        metavar="S",
        help=argparse.SUPPRESS,  # scripts and smoke tests: close the window after S seconds
    )
    p.add_argument(
        "--exit-when-ready",
        action="store_true",
        help=argparse.SUPPRESS,  # smoke tests: close once connected (exit 0) or failed (exit 1)
    )
    return p.parse_args(list(argv))


def main(argv: Sequence[str] = ()) -> int:
    """Open the main window on the last used profile (or `--profile`); returns the exit code."""
    args = _parse(argv)
    # the options become the environment overrides, so every layer sees the same folders
    if args.config_dir is not None:
        os.environ["PACKDESK_CONFIG_DIR"] = str(args.config_dir)
    if args.data_dir is not None:
        os.environ["PACKDESK_DATA_DIR"] = str(args.data_dir)

    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([sys.argv[0] if sys.argv else "packdesk"])
    assert isinstance(app, QApplication)
    app.setApplicationName("Packdesk")
    app.setDesktopFileName("app.packdesk.Packdesk")  # the .desktop entry of the installed app
    app.setWindowIcon(application_icon())  # every window shows it
    signals = CloseOnSignals()
    from desktop_app.gui.i18n import install_translations

    install_translations()  # the saved choice, else the system's language
    from desktop_app.gui.core.appearance import follow_system_appearance

    follow_system_appearance(app)  # dark or light, and high contrast, as the system says
    app.setQuitOnLastWindowClosed(False)  # the window closes itself after the async shutdown
    from desktop_app.gui.qt_compat import GuiThreadCollector

    collector = GuiThreadCollector()  # worker threads must never delete Qt objects
    window = _show_frame(signals)
    import asyncio

    from desktop_app.gui.core.event_loop import DeskEventLoop

    loop = DeskEventLoop(app)
    asyncio.set_event_loop(loop)
    # once the form and the pages are up, start-up's long-lived objects leave the collector's
    # walk
    loop.call_later(2.0, collector.freeze_startup_objects)
    try:
        return loop.run_until_complete(_run(args, window))
    finally:
        signals.restore()
        asyncio.set_event_loop(None)
        loop.close()
        collector.stop()


def _show_frame(signals: CloseOnSignals) -> MainWindow:
    """The main window's frame (no context, no form yet), placed, shown and painted."""
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.gui.shell.placement import place_window, save_placement
    from desktop_app.gui.shell.status_bar import lay_out_before_shown

    window = MainWindow(manage_shutdown=True)
    # laid out before it is placed: restoring a saved placement makes the native window, and
    # a minimum size set after that is a change a desktop may answer by resizing the window
    lay_out_before_shown(window, window.status_bar)
    signals.on_signal(window.close)  # a logout, `kill` or Ctrl+C: closing, as by the button
    window.closed.connect(lambda: save_placement(window))
    if place_window(window):
        window.showMaximized()
    else:
        window.show()
    _first_paint()
    if os.environ.get("PACKDESK_REPORT_STARTUP") == "1":
        first_window_shown()
    return window


async def _run(args: argparse.Namespace, window: MainWindow) -> int:
    import asyncio

    closed = asyncio.Event()
    window.closed.connect(closed.set)
    if window.closing:  # closed (a signal) before the loop ran
        return 0
    from desktop_app.gui.shell import watchdog

    # a turn of the GUI thread over 250 ms of its CPU is logged, with the page shown; its
    # thread stops with the window (no heartbeat posted to an application going away)
    guard = watchdog.install(window.current_page_name)
    window.closed.connect(guard.stop)
    if os.environ.get("PACKDESK_UI_PROBE"):  # tests on a real X server only
        from desktop_app.gui.shell.probe import install_probe

        install_probe(window)  # (a child of the window)
    # the form's modules on a helper thread (the frame answers meanwhile), then the context
    # and the form on the GUI thread, each a turn of its own
    await asyncio.to_thread(_load_modules, FORM_MODULES)
    if window.closing:
        return 0
    manager, context = _make_context()
    await asyncio.sleep(0)
    if window.closing:
        await context.aclose()
        return 0
    window.attach(context)
    await _settled(window)
    # Addresses (the form's receiver search: the cursor waits there), then History, Settings
    # and the operations pages, built once the form is painted (the service starts right
    # after them: it takes longer anyway), their modules loaded on a helper thread first and
    # the pages built one per turn, so the window answers all along
    from desktop_app.gui.shell.pages import install_steps, page_modules

    steps = install_steps(window, context)
    await _next_step(window, steps)  # Addresses
    if os.environ.get("PACKDESK_REPORT_STARTUP") == "1":
        form_usable(window)
    await asyncio.to_thread(_load_modules, (*STARTUP_MODULES, *page_modules()))
    if window.closing:  # the shutdown closes the context
        await closed.wait()
        return 0
    from desktop_app.gui.widgets import accessibility

    accessibility.install(app_instance())  # every control a screen reader reaches has a name
    accessibility.fill_all(window)  # (the form and the Addresses page were built before)
    while not window.closing and await _next_step(window, steps):
        pass
    if window.closing:
        await closed.wait()
        return 0
    from desktop_app.gui.shell.sign_in import StationSignIn

    # a station of a warehouse server with people opens on the sign-in screen (a child of
    # the window: it lives as long as the window)
    StationSignIn(window, context)
    if manager.load_details:
        from desktop_app.gui.i18n.profile_errors import load_problems_text

        window.statusBar().showMessage(load_problems_text(manager.load_details), 15000)
    context.switch_profile(_initial_profile(manager, args.profile))
    if args.quit_after is not None:
        asyncio.get_running_loop().call_later(args.quit_after, window.close)
    outcome: list[str] = []
    if args.exit_when_ready:

        def on_connection(state: str, message: str) -> None:
            if state in ("connected", "error") and not outcome:
                outcome.append(state)
                if state == "error":
                    _log().error("%s", message)
                window.close()

        context.connection_changed.connect(on_connection)
    await closed.wait()
    return 1 if outcome == ["error"] else 0


def _make_context() -> tuple[ProfileManager, AppContext]:
    """The profiles, the printer book and the app context over them."""
    from desktop_app.gui.core.context import AppContext
    from desktop_app.printing.printers import PrinterBook, PrinterError
    from desktop_app.profiles.manager import ProfileManager

    manager = ProfileManager()
    try:
        printers = PrinterBook()
    except PrinterError as exc:
        _log().error("%s", exc)
        printers = PrinterBook(manager.config_dir / "printers.unreadable.json")
    return manager, AppContext(manager, printers)


def _log() -> logging.Logger:
    import logging

    return logging.getLogger(__name__)


def application_icon() -> QIcon:
    """The Packdesk icon from resources/icons, in every rendered size."""
    from PySide6.QtCore import QSize
    from PySide6.QtGui import QIcon

    from desktop_app.resources import resource_path

    icon = QIcon()
    for size in ICON_SIZES:
        icon.addFile(str(resource_path("icons", f"packdesk-{size}.png")), QSize(size, size))
    return icon


class CloseOnSignals:
    """SIGTERM and SIGINT end the app the way its close button does.

    The window's close runs the async shutdown: the local service child, the label render and
    print converter processes stop, queued print jobs stay queued for the next start. A Python
    signal handler would run only when Python code next runs, which Qt's loop may not do for a
    long time, so the signal is written to a socket (`signal.set_wakeup_fd`) that Qt watches.
    """

    SIGNALS = (signal.SIGTERM, signal.SIGINT)

    def __init__(self) -> None:
        from PySide6.QtCore import QSocketNotifier

        self._read, self._write = socket.socketpair()
        self._read.setblocking(False)
        self._write.setblocking(False)
        self._received = False
        self._close: Callable[[], object] | None = None
        self._previous_fd = signal.set_wakeup_fd(self._write.fileno(), warn_on_full_buffer=False)
        self._previous = {sig: signal.signal(sig, _note_signal) for sig in self.SIGNALS}
        self._notifier = QSocketNotifier(self._read.fileno(), QSocketNotifier.Type.Read)
        self._notifier.activated.connect(self._drain)

    def on_signal(self, close: Callable[[], object]) -> None:
        """Call `close` on the next signal (at once if one came before)."""
        self._close = close
        if self._received:
            close()

    def _drain(self) -> None:
        try:
            data = self._read.recv(64)
        except OSError:
            return
        if data:
            _log().info("signal %s: closing", ", ".join(str(b) for b in data))
            self._received = True
            if self._close is not None:
                self._close()

    def restore(self) -> None:
        """Put back the handlers that were there before."""
        self._notifier.setEnabled(False)
        signal.set_wakeup_fd(self._previous_fd)
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)
        self._read.close()
        self._write.close()


def _note_signal(signum: int, frame: object) -> None:  # noqa: ARG001 - signal handler signature
    """The wake-up socket carries the signal to Qt's loop; nothing else to do here."""


def _first_paint() -> None:
    """Run Qt's loop until it has handled the window's show and first paint (a zero timer,
    as the bare window of bench/gui.py measures it), before the asyncio loop exists."""
    from PySide6.QtCore import QEventLoop, QTimer

    turn = QEventLoop()
    QTimer.singleShot(0, turn.quit)
    turn.exec()


async def _settled(window: MainWindow) -> None:
    """Return once the loop has handled what attaching the form posted: its show and paint,
    the cursor put into the receiver search (a zero timer queued after them)."""
    import asyncio

    from PySide6.QtCore import QTimer

    done = asyncio.get_running_loop().create_future()

    def turn_done() -> None:
        if not done.done():
            done.set_result(None)

    QTimer.singleShot(0, window, turn_done)
    await done


def app_instance() -> QApplication:
    """The running QApplication."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return app


def _startup_line(what: str) -> str:
    ms = (time.perf_counter() - _STARTED) * 1000
    cpu = time.process_time() * 1000  # what start-up cost, whatever else the machine runs
    return (
        f"packdesk: {what} {ms:.0f} ms after the GUI module loaded, "
        f"{cpu:.0f} ms of CPU since the process started, {len(sys.modules)} modules"
    )


def first_window_shown() -> None:
    """`PACKDESK_REPORT_STARTUP=1` (bench/gui.py): the window's frame is shown and painted."""
    sys.stderr.write(_startup_line("first window shown") + "\n")
    sys.stderr.flush()


def form_usable(window: MainWindow) -> None:
    """`PACKDESK_REPORT_STARTUP=1` (bench/gui.py): the New shipment form is built, painted
    and has the keyboard focus (the control holding it is named)."""
    focused = app_instance().focusWidget()
    name = focused.objectName() if focused is not None and window.isAncestorOf(focused) else ""
    sys.stderr.write(_startup_line("form usable") + f", focus in {name or '-'}\n")
    sys.stderr.flush()


def _initial_profile(manager: ProfileManager, wanted: str | None) -> Profile:
    if wanted:
        for p in manager.list():
            if wanted in (p.id, p.name) or p.name.casefold() == wanted.casefold():
                return p
        _log().warning("no profile %r; opening the last used one", wanted)
    return manager.last_used


def _load_modules(names: Sequence[str]) -> None:
    """Import `names` (on a helper thread: the GUI thread's turns stay short meanwhile)."""
    import importlib

    for name in names:
        try:
            importlib.import_module(name)
        except Exception:  # the GUI thread's own import of it says what is wrong
            _log().debug("loading %s ahead failed", name, exc_info=True)


async def _next_step(window: MainWindow, steps: Iterator[str]) -> bool:
    """Run the next page-building step, then give the window a turn (a key, a paint); False
    when none was left. A page that fails to build is logged (and the steps end): the window
    still opens."""
    try:
        next(steps)
    except StopIteration:
        return False
    except Exception:
        _log().exception("installing the pages failed")
        return False
    await _settled(window)
    return True
