"""GUI tests run their coroutines on qasync's loop, the loop the app itself uses."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.printing.printers import PrinterBook
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import isolate, zpl_printer
from tests.gui.shipment_desk import make_page, open_desk


@pytest.fixture(scope="session", autouse=True)
def _collect_garbage_on_the_gui_thread() -> Iterator[None]:
    """Collect cycles only here, on the main thread, after each test.

    Automatic collection may run in any thread (asyncio.to_thread workers, qasync's executor);
    collecting a cycle that holds Qt wrappers there deletes C++ objects off the GUI thread and
    crashed the run (segfault / bool_dealloc) once enough GUI tests shared one process.
    """
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect()


@pytest.fixture(autouse=True)
def _collect_after_test(_collect_garbage_on_the_gui_thread: None) -> Iterator[None]:
    """Run the collection the session fixture turned off, on the main thread; windows a test
    left closed but alive (a main window that managed its own shutdown, kept by the signals
    it connected) are deleted, so the next test starts without windows of its own."""
    yield
    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    for widget in QApplication.topLevelWidgets():
        if widget.parent() is None and not widget.isVisible():
            widget.deleteLater()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


@pytest.fixture(scope="session", autouse=True)
def _english_ui(qapp: Any) -> Iterator[None]:
    """The GUI tests read English texts whatever the machine's locale (German has its own
    tests): Packdesk's and Qt's English translations, as the app installs them at start-up."""
    from desktop_app.gui.i18n import install_translations

    install_translations("en")
    yield


@pytest.fixture
def german() -> Iterator[None]:
    """The German UI for one test (English again afterwards)."""
    from desktop_app.gui.i18n import install_translations

    install_translations("de")
    try:
        yield
    finally:
        install_translations("en")


async def _own_account_context(tmp_path: Path, local_service: Any) -> AppContext:
    from tests.gui.account_context import account_context

    account = local_service.add_account()
    return await account_context(tmp_path, local_service, account["sandbox_key"])


@pytest.fixture
async def ctx(
    request: pytest.FixtureRequest,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
) -> AsyncIterator[AppContext]:
    """A connected app context on the local service: a sandbox profile on the shared test
    account, or, in a module marked `pytest.mark.own_account`, on a fresh account of its own
    (its own addresses, pickups, webhooks: nothing another test made)."""
    from tests.gui.app_context import open_context

    isolate(monkeypatch, tmp_path)
    if request.node.get_closest_marker("own_account") is not None:
        context = await _own_account_context(tmp_path, local_service)
    else:
        context = await open_context(tmp_path, local_service)
    yield context
    await context.aclose()


@pytest.fixture
async def own_account_ctx(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> AsyncIterator[AppContext]:
    """A connected app context on a fresh account of the local service, for a test that also
    takes another context (`ctx` in a module marked `pytest.mark.own_account` is the same)."""
    isolate(monkeypatch, tmp_path)
    context = await _own_account_context(tmp_path, local_service)
    yield context
    await context.aclose()


@pytest.fixture
async def desk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, vprinter: VirtualPrinter
) -> AsyncIterator[AppContext]:
    """A sandbox desk whose profile prints on the virtual 4x6 in ZPL printer."""
    isolate(monkeypatch, tmp_path)
    book = PrinterBook(tmp_path / "config" / "printers.json")
    book.put(zpl_printer(vprinter.uri))
    context = await open_desk(tmp_path, local_service, printer="Desk Zebra", book=book)
    yield context
    await context.aclose()


@pytest.fixture
async def desk_context(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> AsyncIterator[AppContext]:
    """A connected sandbox desk on the local service: a profile with the test sender as its
    default sender and no printer (`desk` is the one that prints)."""
    isolate(monkeypatch, tmp_path)
    context = await open_desk(tmp_path, local_service)
    yield context
    await context.aclose()


@pytest.fixture
def shipment_page(qtbot: Any, desk_context: AppContext) -> ShipmentPage:
    """The New shipment page alone on `desk_context`, shown at a desk-sized window."""
    return make_page(qtbot, desk_context)


@pytest.fixture
async def batch_ctx(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> AsyncIterator[AppContext]:
    """A connected context whose profile has a default sender and a default package size
    (the batch page's and its presenter's tests)."""
    from tests.gui.app_context import SENDER, open_context

    isolate(monkeypatch, tmp_path)
    context = await open_context(tmp_path, local_service)
    assert context.profile is not None
    prefs = context.profile.preferences.model_copy(
        update={"default_package": {"length": 30, "width": 20, "height": 10}}
    )
    profile = context.manager.update(
        context.profile.model_copy(update={"default_sender": dict(SENDER), "preferences": prefs})
    )
    context.reload_profile()
    assert context.profile == profile
    yield context
    await context.aclose()


@pytest.fixture
def gui_watchdog(qapp: Any) -> Iterator[Any]:
    """The GUI-thread watchdog at the tests' pace, measuring from `start()` (after the test's
    set-up): `check()` fails on a turn over 250 ms of the GUI thread's CPU; a turn that would
    never end is broken so the test fails, not hangs. The test fails at its end too on a turn
    over the limit that no `check()` reported."""
    from tests.gui.gui_watchdog import WatchedGui

    watched = WatchedGui()
    try:
        yield watched
    finally:
        watched.stop()
    watched.check("at the end of the test")
