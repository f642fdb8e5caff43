"""Signing in at a station of a warehouse server with people, in the whole window (offscreen)
against the real local service: the sign-in screen with the keyboard in its field, a badge typed
by a scanner (keys + Enter), a wrong code in words, who is signed in, a packer's pages, Sign out
by its shortcut, the idle sign-out (the clock set by the test, the states waited for), the
session ended at the service, and a supervisor's release of an incomplete order from the Scan
page."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from desktop_app.gui.history.table_model import made_by
from desktop_app.gui.shell.sign_in import FIGURES
from tests.gui.app_context import isolate
from tests.gui.people.station_desk import (
    PEOPLE,
    STATION,
    Station,
    badge,
    open_station,
    people_account,
    signed_in_as,
)
from tests.gui.scan_desk import add_orders
from tests.gui.shipment_desk import loads_done, wait_until
from tests.station.conftest import BOOK, MUG, TEA, order_body

ANA, SAM, ADA = (code for _name, _role, code in PEOPLE)


def visible_pages(desk: Station) -> set[str]:
    tabs = desk.window.tabs
    return {tabs.tabText(i).replace("&", "") for i in tabs.visible_indexes()}


async def test_the_station_opens_on_the_sign_in_screen_and_a_badge_signs_a_packer_in(
    qtbot: QtBot, station: Station, tmp_path: Path
) -> None:
    desk = station
    await wait_until(lambda: desk.presenter.state == "waiting")
    screen = desk.sign_in.screen
    assert desk.sign_in.stack.currentWidget() is screen
    assert screen.isVisible() and not desk.window.tabs.isVisible()
    desk.window.activateWindow()
    await wait_until(lambda: QApplication.focusWidget() is screen.code_field)
    assert STATION in screen.station_label.text()
    assert not desk.context.connected  # no page works before someone signs in
    assert not desk.sign_in.sign_out_action.isVisible()

    await signed_in_as(qtbot, desk, ANA)
    assert desk.sign_in.stack.currentWidget() is desk.sign_in.window_frame
    assert desk.sign_in.who_label.text() == f"Ana Packer (Packer) at {STATION}"
    assert desk.sign_in.who_label.isVisible()
    assert desk.context.connected and desk.context.client is not None
    me = await desk.context.client.presence()
    assert me.person is not None and me.person.name == "Ana Packer"
    assert not me.sign_in_required

    # a packer: the packing pages, their own printer and scale; no End of day, no figures
    assert visible_pages(desk) == {
        "New shipment",
        "History",
        "Addresses",
        "Batch",
        "Scan",
        "Settings",
    }
    settings: Any = desk.window.settings_page
    shown_tabs = {
        settings.tabs.tabText(i).replace("&", "")
        for i in range(settings.tabs.count())
        if settings.tabs.isTabVisible(i)
    }
    assert shown_tabs == {"Printers", "Scales", "Preferences"}
    history: Any = desk.window.history_page
    assert history.action_row.delete_button.isHidden()
    assert not history.row_actions.delete.isVisible()
    assert history.table.isColumnHidden(history.model.PRICE)
    assert history.table.isColumnHidden(history.model.MADE_BY)
    assert not desk.window.banner.profile_combo.isVisible()
    labels = desk.window.banner.findChildren(QLabel)
    assert not any(
        lb.isVisible() for lb in labels if lb.buddy() is desk.window.banner.profile_combo
    )
    assert desk.window.page(FIGURES) is None
    go = [a.text() for a in desk.window.go_menu.actions() if a.isVisible() and a.text()]
    assert "Settings" in go and "End of day" not in go

    # the session's token is in memory only: no file of the desk holds it
    token = desk.presenter.session.token if desk.presenter.session else ""
    assert token
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert token.encode() not in path.read_bytes(), path


async def test_wrong_codes_are_refused_in_words_then_the_station_waits(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, service_factory: Any
) -> None:
    """On a service of its own: the failures counted per station and address are this test's."""
    isolate(monkeypatch, tmp_path)
    service = service_factory()
    details, key = people_account(service)
    desk = await open_station(qtbot, tmp_path, service, key, details)
    try:
        message = desk.sign_in.screen.message_label
        await badge(qtbot, desk, "NOT-A-BADGE")
        await wait_until(lambda: desk.presenter.state == "waiting")
        assert message.text() == "Badge or PIN not recognised. Please try again."
        assert desk.sign_in.stack.currentWidget() is desk.sign_in.screen
        assert not desk.context.connected
        for attempt in range(2, 6):  # the station's fifth wrong code is still checked
            await badge(qtbot, desk, f"WRONG-{attempt}")
            await wait_until(lambda: desk.presenter.state == "waiting")
            assert message.text() == "Badge or PIN not recognised. Please try again."
        await badge(qtbot, desk, "WRONG-6")
        await wait_until(lambda: desk.presenter.state == "waiting")
        assert message.text() == (
            "Too many wrong sign-ins at this station: try again in 15 minutes."
        )
        await badge(qtbot, desk, ANA)  # not even a right code is checked now
        await wait_until(lambda: desk.presenter.state == "waiting")
        assert "try again in" in message.text()
        assert not desk.context.connected
    finally:
        await desk.context.aclose()


async def test_a_wrong_code_in_german(qtbot: QtBot, station: Station, german: None) -> None:
    desk = station
    await badge(qtbot, desk, "FALSCH")
    message = desk.sign_in.screen.message_label
    await wait_until(lambda: desk.presenter.state == "waiting" and message.text() != "Prüfe…")
    assert message.text() == "Ausweis oder PIN nicht erkannt. Bitte noch einmal."


async def test_idle_time_signs_out_and_ends_the_session_at_the_service(
    qtbot: QtBot, station: Station, local_service: Any
) -> None:
    desk = station
    await signed_in_as(qtbot, desk, SAM)
    assert desk.presenter.session is not None
    token = desk.presenter.session.token
    limit = desk.presenter.idle_limit_s()
    assert limit == 5 * 60  # the profile's setting (shorter than the service's 15 minutes)

    # input keeps the sign-in: a key press at the window restarts the idle time
    desk.clock.now += limit - 10
    qtbot.keyClick(desk.window, Qt.Key.Key_Shift)
    desk.clock.now += 20
    assert not desk.presenter.check_idle()
    assert desk.presenter.state == "signed_in"

    desk.clock.now += limit  # no input: the idle timer signs out
    await wait_until(lambda: desk.presenter.state == "waiting")
    assert desk.sign_in.stack.currentWidget() is desk.sign_in.screen
    assert desk.sign_in.screen.message_label.text() == "Signed out after 5 minutes without input."
    assert not desk.context.connected
    assert desk.presenter.task is not None
    await desk.presenter.task
    async with local_service.async_client(desk.station_key) as http:
        answer = await http.get("/v1/shipments", headers={"X-Packdesk-Session": token})
    assert answer.status_code == 401  # ended at the service, not only on the screen


async def test_sign_out_by_its_shortcut_and_a_supervisor_sees_more(
    qtbot: QtBot, station: Station
) -> None:
    desk = station
    await signed_in_as(qtbot, desk, SAM)
    # Sam's pages have loaded before the sign-out (the teardown checks that Ana's have too:
    # End of day's reload after her sign-in once hung on the connection pool, see conftest)
    await loads_done(desk.context)
    assert {"End of day", "Packing figures"} <= visible_pages(desk)
    history: Any = desk.window.history_page
    assert not history.action_row.delete_button.isHidden()
    assert not history.table.isColumnHidden(history.model.MADE_BY)
    assert history.table.isColumnHidden(history.model.PRICE)  # prices are an admin's
    assert desk.sign_in.sign_out_action.isVisible()
    assert desk.sign_in.sign_out_action.isEnabled()
    go = [a for a in desk.window.go_menu.actions() if a.isVisible() and a.shortcut().toString()]
    assert go and all(a.isEnabled() for a in go)  # Ctrl+1... and the switcher work again
    desk.window.activateWindow()
    await wait_until(lambda: QApplication.activeWindow() is desk.window)
    qtbot.keyClick(
        QApplication.focusWidget() or desk.window,
        Qt.Key.Key_O,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    await wait_until(lambda: desk.presenter.state == "waiting")
    assert desk.sign_in.screen.message_label.text() == ""
    assert desk.sign_in.stack.currentWidget() is desk.sign_in.screen
    assert visible_pages(desk) == set()  # nothing of the last person's pages is reachable
    await loads_done(desk.context)  # what the pages were loading for Sam has ended

    # the next person sees their own pages, not the last one's
    await signed_in_as(qtbot, desk, ANA)
    assert "End of day" not in visible_pages(desk)


async def test_a_supervisor_releases_an_incomplete_order_with_a_reason(
    qtbot: QtBot, station: Station
) -> None:
    desk = station
    from tests.gui.scan_desk import set_preferences

    await signed_in_as(qtbot, desk, ANA)
    set_preferences(desk.context, pack_check=True)
    await add_orders(desk.context, order_body("REL-1", items=[(MUG, 1), (TEA, 2)]))
    scan: Any = desk.window.page("Scan")
    presenter = scan.presenter
    events = desk.sign_in.events
    assert events is not None
    presenter.scan("REL-1")
    await wait_until(
        lambda: presenter.last_outcome is not None and presenter.last_outcome.kind == "packing"
    )
    presenter.scan(BOOK)  # not in this order
    await wait_until(lambda: ("pack_check_mismatch", "REL-1", True) in events.sent)
    await wait_until(lambda: ("scan", "REL-1", True) in events.sent)  # (sent beside it)
    presenter.acknowledge()
    presenter.ship_incomplete()  # a packer may not: said in words, nothing ships
    assert "supervisor" in presenter.view.title
    presenter.acknowledge()

    desk.sign_in.presenter.sign_out()
    await loads_done(desk.context)
    await signed_in_as(qtbot, desk, SAM)
    asked: list[str] = []
    events.ask_reason = lambda number: asked.append(number) or "Customer agreed: tea follows"
    presenter.scan("REL-1")
    await wait_until(
        lambda: presenter.last_outcome is not None and presenter.last_outcome.kind == "packing"
    )
    presenter.ship_incomplete()
    await wait_until(lambda: presenter.last_outcome.kind == "shipped")
    assert asked == ["REL-1"]
    await wait_until(lambda: ("release", "REL-1", True) in events.sent)
    # the label says who made it, to a supervisor (History's "Made by")
    shipment = presenter.last_outcome.shipment
    assert made_by(shipment) == f"Sam Supervisor at {STATION}"
