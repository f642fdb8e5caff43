"""The packing desk as the GUI benches drive it: the real main window, typed into key by key."""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Coroutine, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from bench.support import DESK_SENDER

T = TypeVar("T")

RECEIVERS = (
    ("Erika", "Mustermann", "Heidestrasse", "17", "51147", "Koeln"),
    ("Lukas", "Becker", "Lindenallee", "4", "80331", "Muenchen"),
    ("Mia", "Schulz", "Am Markt", "9", "04109", "Leipzig"),
    ("Paul", "Wagner", "Rosenweg", "21", "50667", "Koeln"),
)


async def loop_turn() -> None:
    """Return once the event loop has processed what is pending (zero timer)."""
    from PySide6.QtCore import QTimer

    done = asyncio.get_running_loop().create_future()
    QTimer.singleShot(0, lambda: done.done() or done.set_result(None))
    await done


async def type_text(editor: Any, text: str, latencies: list[float]) -> None:
    """Type `text` over what `editor` holds (selected first, as a user replaces a prefilled
    value such as the default parcel's sizes) key by key; each key's ms until the loop has
    run again."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    editor.setFocus()
    editor.selectAll()
    for ch in text:
        start = time.perf_counter()
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch)
            QApplication.sendEvent(editor, event)
        await loop_turn()
        latencies.append((time.perf_counter() - start) * 1000)


@dataclass
class Desk:
    """The main window on the Local sandbox with its context and shipment page."""

    window: Any
    context: Any
    page: Any

    async def fill(self, number: int, latencies: list[float]) -> None:
        """Type shipment `number`'s receiver, parcel and reference, as at the desk."""
        first, last, street, no, zip_code, city = RECEIVERS[number % len(RECEIVERS)]
        form = self.page.form
        receiver = form.receiver
        for name, value in (
            ("first_name", first),
            ("last_name", last),
            ("street", street),
            ("street_no", no),
            ("zip_code", zip_code),
            ("city", city),
        ):
            await type_text(receiver.editor(name), value, latencies)
        package = form.packages.rows[0].fields
        for name, value in (("weight", "1.5"), ("length", "30"), ("width", "20")):
            await type_text(package[name].editor, value, latencies)
        await type_text(package["height"].editor, "10", latencies)
        await type_text(form.reference_edit, f"BENCH-{number:04d}", latencies)

    async def create_and_print(self) -> float:
        """Press Create and print; ms until the creation (with its print job queued) is done."""
        start = time.perf_counter()
        task = self.page.creation.request_create(True)
        if task is None:
            raise RuntimeError(f"the form has problems: {self.page.form.problems}")
        await task
        return (time.perf_counter() - start) * 1000


@asynccontextmanager
async def open_desk(printer_uri: str, service_args: Sequence[str] = ()) -> AsyncIterator[Desk]:
    """The real main window (1366x768, shown) on the Local sandbox, printing to `printer_uri`
    (ZPL, 203 dpi), connected; closed with its service afterwards. `service_args` go to the
    sandbox's `packdesk serve` (e.g. a rate limit that does not pace a long run)."""
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.gui.shell.pages import install_operations, install_pages
    from desktop_app.printing.printers import PrinterBook, PrinterDefinition
    from desktop_app.profiles.local_sandbox import LocalSandbox
    from desktop_app.profiles.manager import ProfileManager

    manager = ProfileManager()
    printers = PrinterBook()
    printers.put(PrinterDefinition(name="Zebra", kind="zpl", transport=printer_uri, dpi=203))
    local = manager.local_sandbox()
    manager.update(
        local.model_copy(update={"default_sender": dict(DESK_SENDER), "printer": "Zebra"})
    )
    sandbox = LocalSandbox.for_manager(manager, extra_args=service_args)
    context = AppContext(manager, printers, sandbox=sandbox)
    window = MainWindow(context)
    history, settings = install_pages(window, context)
    install_operations(window, context, history, settings)  # every page, as in the app
    window.resize(1366, 768)
    window.show()
    try:
        await context.open_profile(manager.local_sandbox())
        if not context.connected:
            raise RuntimeError(f"not connected: {context.connection_message}")
        yield Desk(window, context, window.shipment_page)
    finally:
        await context.aclose()
        window.close()


def run_at_desk(prefix: str, session: Callable[[Path], Coroutine[Any, Any, T]]) -> T:
    """`session(tmp)` on a qasync loop, the app's config and data folders inside `tmp`."""
    from PySide6.QtWidgets import QApplication

    from desktop_app.gui.core.event_loop import DeskEventLoop

    with tempfile.TemporaryDirectory(prefix=prefix) as name:
        tmp = Path(name)
        os.environ["PACKDESK_CONFIG_DIR"] = str(tmp / "config")
        os.environ["PACKDESK_DATA_DIR"] = str(tmp / "data")
        os.environ["PACKDESK_SECRET_STORE"] = "file"
        os.environ.pop("PACKDESK_API_KEY", None)
        app = QApplication.instance() or QApplication([prefix])
        loop = DeskEventLoop(app)
        asyncio.set_event_loop(loop)
        try:
            return loop.run_until_complete(session(tmp))
        finally:
            asyncio.set_event_loop(None)
            loop.close()
