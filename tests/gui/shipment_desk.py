"""Helpers of the form/creation/preview tests: a real desk (context + window) and typing.

The context is a real `AppContext` on temp dirs with a sandbox profile on a real local
service (the session's, or a slow one from `service_factory`) and the real print queue.
Fields are filled with qtbot key clicks, as a user types.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QAbstractButton, QApplication, QLineEdit, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.gui.shipment.partials.form import ShipmentFormWidget
from desktop_app.printing.printers import PrinterBook
from desktop_app.profiles.models import Preferences, Profile
from tests.gui.app_context import SENDER, make_manager
from tests.patience import PATIENCE, described

RECEIVER: dict[str, str] = {
    "first_name": "Erika",
    "last_name": "Mustermann",
    "street": "Heidestraße",
    "street_no": "17",
    "zip_code": "51147",
    "city": "Köln",
}
PACKAGE: dict[str, str] = {"weight": "1,5", "length": "30", "width": "20", "height": "10"}


def sandbox_profile(
    service: Any,
    name: str = "Desk sandbox",
    *,
    environment: str = "sandbox",
    printer: str | None = None,
    **prefs: Any,
) -> Profile:
    """A profile on `service` with the test sender as its default sender."""
    return Profile(
        name=name,
        environment=environment,  # type: ignore[arg-type]
        base_url=service.base_url,
        ca_file=str(service.ca_file),
        force_loopback=environment == "live",
        default_sender=dict(SENDER),
        printer=printer,
        preferences=Preferences(**prefs),
    )


async def open_desk(
    tmp_path: Path,
    service: Any,
    *,
    environment: str = "sandbox",
    printer: str | None = None,
    book: PrinterBook | None = None,
    **prefs: Any,
) -> AppContext:
    """A connected context on a new profile of `service` (sandbox or live key)."""
    manager = make_manager(tmp_path)
    profile = sandbox_profile(
        service,
        "Desk live" if environment == "live" else "Desk sandbox",
        environment=environment,
        printer=printer,
        **prefs,
    )
    key = service.live_key if environment == "live" else service.sandbox_key
    verified = "production" if environment == "live" else "sandbox"
    profile = manager.add(profile, key, verified_environment=verified)
    ctx = AppContext(manager, book or PrinterBook(tmp_path / "config" / "printers.json"))
    await ctx.open_profile(profile)
    assert ctx.connected, ctx.connection_message
    return ctx


def make_page(qtbot: QtBot, ctx: AppContext) -> ShipmentPage:
    """The New shipment page alone, shown at a desk-sized window."""
    page = ShipmentPage(ctx)
    qtbot.addWidget(page)
    page.resize(1366, 740)
    page.show()
    return page


def make_window(qtbot: QtBot, ctx: AppContext, *, operations: bool = False) -> MainWindow:
    """The main window with the History and Settings pages (and with `operations` the
    Addresses, End of day, Batch and Scan pages), shown."""
    from desktop_app.gui.shell.pages import install_operations, install_pages

    window = MainWindow(ctx)
    history, settings = install_pages(window, ctx)
    if operations:
        install_operations(window, ctx, history, settings)
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    return window


def type_into(qtbot: QtBot, editor: QWidget | None, text: str, *, clear: bool = True) -> None:
    """Click into `editor` and type `text` key by key."""
    assert isinstance(editor, QLineEdit), editor
    if clear and editor.text():
        editor.selectAll()
        qtbot.keyClick(editor, Qt.Key.Key_Delete)
    for ch in text:
        if ch.isascii():
            qtbot.keyClicks(editor, ch)
        else:
            # QTest only maps ASCII to keys: send the character as a key event's text
            for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
                QApplication.sendEvent(
                    editor, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch)
                )


def fill_receiver(qtbot: QtBot, form: ShipmentFormWidget, values: dict[str, str]) -> None:
    """Type each receiver field."""
    for name, text in values.items():
        type_into(qtbot, form.receiver.fields[name].editor, text)


def fill_package(
    qtbot: QtBot, form: ShipmentFormWidget, values: dict[str, str], index: int = 0
) -> None:
    """Type the fields of package row `index`."""
    row = form.packages.rows[index]
    for name, text in values.items():
        type_into(qtbot, row.fields[name].editor, text)


def fill_valid(qtbot: QtBot, form: ShipmentFormWidget, reference: str | None = None) -> None:
    """A complete, valid shipment as a user would type it."""
    fill_receiver(qtbot, form, RECEIVER)
    fill_package(qtbot, form, PACKAGE)
    if reference is not None:
        type_into(qtbot, form.reference_edit, reference)


def shown(form: ShipmentFormWidget, path: str) -> list[str]:
    """The messages under the field of `path` right now."""
    return form.messages_for(path)


async def wait_until(predicate: Callable[[], Any], timeout: float = PATIENCE) -> Any:
    """Let the event loop run until `predicate()` is truthy (asyncio-friendly waitUntil); a
    failure says what it waited for (the predicate's source)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if loop.time() > deadline:
            raise TimeoutError(f"waited {timeout:g} s for {described(predicate)}")
        await asyncio.sleep(0.02)


async def layouts_settled() -> None:
    """Let the loop turn once, then handle the layout requests Qt has posted, synchronously
    (no nested event loop): what a test measures next is laid out, however slow the machine."""
    await asyncio.sleep(0)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)


#: background work that runs for the profile's whole life (not a load that ends)
LIFELONG_TASKS = frozenset({"ShopRounds.run"})


async def loads_done(ctx: AppContext, timeout: float = 60.0) -> None:
    """Wait until the loads the pages started in the background have ended (the history's
    search, the webhooks' list...): the state after which nothing more arrives by itself."""

    def loading() -> list[asyncio.Task[Any]]:
        return [
            task
            for task in ctx.tasks.running()
            if getattr(task.get_coro(), "__qualname__", "") not in LIFELONG_TASKS
        ]

    try:
        await wait_until(lambda: not loading(), timeout)
    except TimeoutError:
        names = [getattr(t.get_coro(), "__qualname__", repr(t)) for t in loading()]
        raise AssertionError(f"still running after {timeout} s: {names}") from None


def click(qtbot: QtBot, button: QAbstractButton) -> None:
    """Click a check box / radio button on its indicator (its centre may be empty space)."""
    pos = QPoint(8, button.height() // 2)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=pos)
