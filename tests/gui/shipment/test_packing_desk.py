"""The packing desk: a window that fits 1024x600, a label made with the keyboard alone, a
layout that does not move under the user, drafts that survive a close, a kill and a switch,
and a close that waits for the label being created."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shell.closing import close_question
from desktop_app.gui.shell.main_window import SMALL_SCREEN, MainWindow
from desktop_app.gui.shell.pages import install_operations, install_pages
from desktop_app.gui.shell.shortcuts import shortcut_rows
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.printers import PrinterBook
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import (
    add_service_profile,
    emitted,
    expect,
    isolate,
    make_manager,
    zpl_printer,
)
from tests.gui.draft_child import COD_TYPED, REFERENCE, TYPED
from tests.gui.shipment_desk import (
    PACKAGE,
    RECEIVER,
    click,
    fill_receiver,
    fill_valid,
    loads_done,
    make_page,
    open_desk,
    type_into,
    wait_until,
)

REPO = Path(__file__).resolve().parents[3]


def _full_window(qtbot: QtBot, ctx: AppContext, *, manage_shutdown: bool = False) -> MainWindow:
    window = MainWindow(ctx, manage_shutdown=manage_shutdown)
    history, settings = install_pages(window, ctx)
    install_operations(window, ctx, history, settings)
    if manage_shutdown:
        _SELF_CLOSING.append(window)  # it closes itself; deleted after the test
    else:
        qtbot.addWidget(window)
    window.resize(*SMALL_SCREEN)
    window.show()
    window.activateWindow()
    return window


#: windows that close themselves (their shutdown is under test): deleted after each test, so
#: that none stays a top-level widget for the rest of the run
_SELF_CLOSING: list[MainWindow] = []


@pytest.fixture(autouse=True)
def _delete_self_closing_windows() -> Iterator[None]:
    yield
    while _SELF_CLOSING:
        window = _SELF_CLOSING.pop()
        if shiboken6.isValid(window):
            shiboken6.delete(window)


def _on_screen(widget: QWidget, window: QWidget) -> bool:
    """`widget` is shown and lies wholly inside the window (reachable without scrolling it
    into view from outside the screen)."""
    if not widget.isVisible() or widget.width() <= 0:
        return False
    top_left = widget.mapTo(window, QPoint(0, 0))
    return QRect(QPoint(0, 0), window.size()).contains(QRect(top_left, widget.size()))


@pytest.fixture
def app_outlives_windows(qapp: QApplication) -> Iterator[None]:
    """As in the app: closing the last window does not end the event loop (the shutdown
    closes the window once the context is closed)."""
    old = qapp.quitOnLastWindowClosed()
    qapp.setQuitOnLastWindowClosed(False)
    yield
    qapp.setQuitOnLastWindowClosed(old)


# --- 2. fits the screen -----------------------------------------------------------------------


async def test_every_page_is_usable_at_1024x600(qtbot: QtBot, desk: AppContext) -> None:
    """At 1024x600: the window is no bigger; Create, Create and print, the preview and the
    profile switcher are on screen on the New shipment page; on every page the switcher is."""
    window = _full_window(qtbot, desk)
    await wait_until(lambda: window.isVisible())
    hint = window.minimumSizeHint()
    assert hint.width() <= SMALL_SCREEN[0] and hint.height() <= SMALL_SCREEN[1], hint
    assert (window.width(), window.height()) == SMALL_SCREEN
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    await wait_until(lambda: page.compact)
    for widget in (page.creation.create_button, page.creation.create_print_button):
        assert _on_screen(widget, window), widget.objectName()
    # the form fits the width: two columns (the receiver beside the parcel), no horizontal
    # scroll bar (only a vertical one)
    await wait_until(lambda: page.form.columns.count == 2)
    bar = page.scroll_area.horizontalScrollBar()
    assert not bar.isVisible() and bar.maximum() == 0, bar.maximum()
    assert page.form.width() <= page.scroll_area.viewport().width()
    # the preview collapses to a button that opens it, in the same side panel
    assert _on_screen(page.preview_toggle, window)
    page.preview_toggle.click()
    await wait_until(lambda: page.preview.isVisible())
    assert _on_screen(page.preview.print_button, window)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        await wait_until(lambda i=index: window.tabs.currentIndex() == i)
        name = window.tabs.tabText(index)
        assert _on_screen(window.banner.profile_combo, window), name
        shown = window.tabs.currentWidget()
        assert _on_screen(shown, window), name  # the page (or its scroll area) fits
    assert (window.width(), window.height()) == SMALL_SCREEN


async def test_a_long_status_message_never_resizes_the_window(
    qtbot: QtBot, desk: AppContext
) -> None:
    """A printer status of 600 characters is elided (whole in the tooltip); the window and its
    minimum size stay as they were."""
    window = _full_window(qtbot, desk)
    await wait_until(lambda: window.shipment_page.form.first_editor() is not None)
    await loads_done(desk)  # the pages' first loads have ended
    before, minimum = window.size(), window.minimumSizeHint()
    long_text = "Printer Desk Zebra: " + "paper out, open the cover and reload " * 16
    label = window.status_bar.queue_label
    label.setText(long_text)
    window.status_bar.connection_label.setText(long_text)
    await wait_until(lambda: label.isVisible())
    QApplication.processEvents()
    assert window.size() == before
    assert window.minimumSizeHint() == minimum
    assert label.toolTip() == long_text
    assert label.shown_text() != long_text and label.shown_text().endswith("…")
    await loads_done(desk)  # the pages' loads end before the desk closes


# --- 3. keyboard first --------------------------------------------------------------------------


def _focus() -> QWidget:
    widget = QApplication.focusWidget()
    assert widget is not None
    return widget


def _type_keys(qtbot: QtBot, text: str) -> None:
    """Type into whatever has the focus, as a keyboard does."""
    qtbot.keyClicks(_focus(), text)


def _tab_to(qtbot: QtBot, target: QWidget, most: int) -> int:
    """Press Tab until `target` has the focus; how many presses it took (at most `most`)."""
    for presses in range(1, most + 1):
        qtbot.keyClick(_focus(), Qt.Key.Key_Tab)
        if _focus() is target:
            return presses
    raise AssertionError(f"{target.objectName()} not reached in {most} Tabs; at {_focus()}")


async def test_a_label_made_and_printed_with_the_keyboard_alone(
    qtbot: QtBot, desk: AppContext, vprinter: VirtualPrinter
) -> None:
    """Focus starts in the receiver; Tab follows the paper (City to Weight in a few presses);
    Ctrl+P creates and prints; the exact bytes reach the printer; focus is back at the start."""
    window = _full_window(qtbot, desk)
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    form = page.form
    await wait_until(lambda: QApplication.focusWidget() is not None)
    first = form.first_editor()
    assert first is not None and _focus() is first  # the address-book search
    receiver = form.receiver.fields
    assert _tab_to(qtbot, receiver["company"].editor, 2) <= 2  # type: ignore[arg-type]
    for name in ("first_name", "last_name", "street", "street_no", "zip_code", "city"):
        _tab_to(qtbot, receiver[name].editor, 2)  # type: ignore[arg-type]
        _type_keys(qtbot, RECEIVER[name].replace("ß", "ss").replace("ö", "oe"))
    package = form.packages.rows[0].fields
    assert _tab_to(qtbot, package["weight"].editor, 5) <= 5  # type: ignore[arg-type]
    for name in ("weight", "length", "width", "height"):
        if name != "weight":
            _tab_to(qtbot, package[name].editor, 1)  # type: ignore[arg-type]
        _type_keys(qtbot, PACKAGE[name])
    _tab_to(qtbot, form.reference_edit, 30)
    _type_keys(qtbot, "ORDER-KEYS-1")
    # a scanner's Enter: on to Create and print, nothing created yet
    qtbot.keyClick(_focus(), Qt.Key.Key_Return)
    assert _focus() is page.creation.create_print_button
    assert page.creation.task is None
    assert form.problems == [], form.problems

    created = expect(window.shipment_created)
    qtbot.keyClick(_focus(), Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    (stored,) = await emitted(created, 30)
    assert stored.reference_number == "ORDER-KEYS-1"
    [received] = await vprinter.wait_for_jobs(1, timeout=30)
    assert stored.label_path is not None
    expected = prepare_payload(
        zpl_printer(vprinter.uri), stored.label_path.read_bytes(), source_format=stored.label_format
    )
    assert received.data == expected.data
    await wait_until(lambda: QApplication.focusWidget() is form.first_editor())
    assert not form.has_unsaved_input()


async def test_escape_clears_and_every_shortcut_is_in_a_menu_and_the_help_sheet(
    qtbot: QtBot, desk: AppContext
) -> None:
    window = _full_window(qtbot, desk)
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    await wait_until(lambda: QApplication.focusWidget() is page.form.first_editor())
    fill_receiver(qtbot, page.form, RECEIVER)
    assert page.form.has_unsaved_input()
    page.form.receiver.fields["city"].editor.setFocus()  # type: ignore[union-attr]
    qtbot.keyClick(_focus(), Qt.Key.Key_Escape)
    assert not page.form.has_unsaved_input()
    assert _focus() is page.form.first_editor()

    keys = {keys for _menu, _action, keys in shortcut_rows(window.menus())}
    for wanted in ("Ctrl+N", "Ctrl+P", "Esc", "F1", "Ctrl+1", "Ctrl+Shift+P", "Ctrl+Q"):
        assert any(wanted in k.split(", ") for k in keys), (wanted, keys)
    assert any("Ctrl+Return" in k for k in keys)
    window.show_page("History")
    qtbot.keyClick(_focus(), Qt.Key.Key_F1)
    sheet = window.shortcut_sheet
    assert sheet is not None and sheet.isVisible()
    listed = {sheet.table.item(r, 2).text() for r in range(sheet.table.rowCount())}
    assert keys <= listed
    sheet.close()
    qtbot.keyClick(_focus(), Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    assert window.current_page() is page
    assert _focus() is page.form.first_editor()


# --- 4. a layout that stays put ---------------------------------------------------------------


async def test_problems_appearing_and_going_move_no_field(qtbot: QtBot, desk: AppContext) -> None:
    """Every editor keeps its place while problems come (Show every problem) and go."""
    page = make_page(qtbot, desk)
    form = page.form
    editors = [w for w in form.tab_chain() if isinstance(w, QLineEdit) and w.isVisible()]
    assert len(editors) > 10

    def places() -> list[QPoint]:
        QApplication.processEvents()
        return [w.mapTo(form, QPoint(0, 0)) for w in editors]

    # the page laid out (its second pass gives the problems' kept room)
    await wait_until(lambda: places() == places())
    before = places()
    form.reveal_all()
    assert form.visible_problem_count() > 3
    assert places() == before
    fill_valid(qtbot, form)
    assert form.problems == []
    assert places() == before
    await loads_done(desk)  # the form's loads end before the desk closes


# --- 5. drafts and closing --------------------------------------------------------------------


async def test_a_draft_comes_back_after_the_app_is_closed(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
    app_outlives_windows: None,
) -> None:
    isolate(monkeypatch, tmp_path)
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, local_service)
    ctx = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    await ctx.open_profile(profile)
    window = _full_window(qtbot, ctx, manage_shutdown=True)
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    fill_receiver(qtbot, page.form, RECEIVER)
    page.form.reference_edit.setFocus()
    qtbot.keyClicks(page.form.reference_edit, "ORDER-CLOSED-1")
    # two additional services ticked with their details, one of them on SMS-free DHL by e-mail
    notice, cod = (page.form.addons.items[n] for n in ("advance_notice", "cash_on_delivery"))
    click(qtbot, notice.check)
    type_into(qtbot, notice.fields["email"].editor, "erika@example.com")
    click(qtbot, cod.check)
    type_into(qtbot, cod.fields["amount"].editor, "49,90")
    type_into(qtbot, cod.fields["bank_account_number"].editor, "DE89 3704 0044 0532 0130 00")
    add_ons = page.form.draft()["additional_services"]
    assert [a["name"] for a in add_ons] == ["advance_notice", "cash_on_delivery"]
    closed = expect(window.closed)
    window.close()  # nothing in flight: no question; the draft is written on the way out
    await emitted(closed, 30)

    again = AppContext(make_manager(tmp_path), PrinterBook(tmp_path / "config" / "printers.json"))
    await again.open_profile(profile)
    try:
        reopened = make_page(qtbot, again)
        typed = reopened.form.receiver.address()
        assert {k: typed.get(k) for k in RECEIVER} == RECEIVER
        assert reopened.form.reference_edit.text() == "ORDER-CLOSED-1"
        assert reopened.form.draft()["additional_services"] == add_ons
        items = reopened.form.addons.items
        assert items["advance_notice"].checked and items["cash_on_delivery"].checked
        assert not items["drop_authorization"].checked
        assert items["cash_on_delivery"].fields["amount"].text() == "49,90"
    finally:
        await again.aclose()


async def test_a_draft_comes_back_after_the_app_is_killed(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """The child types a receiver and is killed with SIGKILL: no close, no flush."""
    isolate(monkeypatch, tmp_path)
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, local_service)
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.gui.draft_child", profile.id],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        line = await _read_line(child)
        assert line == "typed", child.stderr.read() if child.stderr else ""
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        for stream in (child.stdout, child.stderr):
            if stream is not None:
                stream.close()
    ctx = AppContext(make_manager(tmp_path), PrinterBook(tmp_path / "config" / "printers.json"))
    await ctx.open_profile(profile)
    try:
        page = make_page(qtbot, ctx)
        typed = page.form.receiver.address()
        assert {k: typed.get(k) for k in TYPED} == TYPED
        assert page.form.reference_edit.text() == REFERENCE
        cod = page.form.addons.items["cash_on_delivery"]
        assert cod.checked and cod.isVisibleTo(page.form)
        assert {k: cod.fields[k].text() for k in COD_TYPED} == COD_TYPED
        assert [a["name"] for a in page.form.draft()["additional_services"]] == ["cash_on_delivery"]
    finally:
        await ctx.aclose()


async def _read_line(child: subprocess.Popen[str]) -> str:

    assert child.stdout is not None
    line = await asyncio.wait_for(asyncio.to_thread(child.stdout.readline), 90)
    return line.strip()


async def test_closing_during_a_creation_asks_and_finishes_it_first(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    service_factory: Any,
    app_outlives_windows: None,
) -> None:
    """Close while the carrier is slow: the window asks (saying what happens to the label and
    the queue); "Keep working" keeps it open; "Finish, then close" stores the label first."""
    isolate(monkeypatch, tmp_path)
    slow = service_factory("--carrier-latency", "1500", "--rate-limit", "100000/60")
    ctx = await open_desk(tmp_path, slow)
    window = _full_window(qtbot, ctx, manage_shutdown=True)
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    fill_valid(qtbot, page.form, reference="ORDER-CLOSING-1")
    assert page.create_label() is not None
    assert page.creation.busy

    window.close()
    box = window.close_confirmation
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert "finished and stored first" in box.informativeText()
    next(b for b in box.buttons() if b.text() == "Keep working").click()
    await wait_until(lambda: window.close_confirmation is None)
    assert window.isVisible() and page.creation.busy

    closed = expect(window.closed)
    window.close()
    box = window.close_confirmation
    assert box is not None
    next(b for b in box.buttons() if b.text() == "Finish, then close").click()
    await emitted(closed, 60)
    assert not window.isVisible()
    # the label was made and stored before the store closed
    assert ctx.profile is not None
    with make_manager(tmp_path).open_store(ctx.profile) as store:
        [stored] = store.find_by_reference("ORDER-CLOSING-1")
        assert stored.label_path is not None
        assert store.list_pending() == []


async def test_the_close_question_follows_the_creation_it_waits_for(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    service_factory: Any,
    app_outlives_windows: None,
) -> None:
    """Close while a label is created, then wait: once the label is made the open question no
    longer says "A label is being created."; its button closes."""
    isolate(monkeypatch, tmp_path)
    slow = service_factory("--carrier-latency", "1500", "--rate-limit", "100000/60")
    ctx = await open_desk(tmp_path, slow)
    window = _full_window(qtbot, ctx, manage_shutdown=True)
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    fill_valid(qtbot, page.form, reference="ORDER-CLOSING-2")
    assert page.create_label() is not None
    window.close()
    box = window.close_confirmation
    assert isinstance(box, QMessageBox) and box.text() == "A label is being created."
    await wait_until(lambda: not page.creation.busy, 60)
    assert box.isVisible() and window.close_confirmation is box
    assert box.text() == "Nothing is being created or printed any more."
    assert "finished and stored first" not in box.informativeText()
    closed = expect(window.closed)
    next(b for b in box.buttons() if b.text() == "Close").click()
    await emitted(closed, 60)
    assert not window.isVisible()


def test_the_close_question_names_the_queued_labels() -> None:
    assert close_question(False, 0) is None
    only_jobs = close_question(False, 3)
    assert only_jobs is not None
    assert "3 labels waiting to print stay in the print queue" in only_jobs.details
    both = close_question(True, 1)
    assert both is not None and both.proceed == "Finish, then close"
    assert (
        "finished and stored first" in both.details
        and "1 label waiting to print stays" in both.details
    )
