"""A station asks to join from "Connect to a Packdesk server"; an admin's desk approves it by
its phrase (issue 37, item 3). Offscreen, both desks against one real local service.

The station's profiles page pins the server's CA, asks with its name from the keyboard and
shows the phrase; the admin's "Stations asking to join…" lists it, refuses a wrong phrase in
words and approves the right one; the station then holds its own key in its key store and a
profile on the server, as a pasted key would give it. A denial is said in words too.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.i18n import install_translations
from desktop_app.gui.settings.profiles.page import ProfilesPage
from desktop_app.gui.settings.profiles.partials.server_connect import pinned_ca_file
from desktop_app.gui.settings.profiles.partials.station_approvals import StationApprovalsDialog
from desktop_app.gui.settings.profiles.partials.station_join import StationJoinDialog
from desktop_app.gui.settings.profiles.station_join_presenter import FAILED
from desktop_app.printing.printers import PrinterBook
from desktop_app.profiles.models import Profile
from desktop_app.profiles.server_trust import fetch_pairing, pin_server_ca
from desktop_app.profiles.station_join import ask_to_join
from desktop_app.service.shipping.station_joins import PER_ADDRESS
from tests.fixtures.service import RunningService, start_service
from tests.gui.app_context import emitted, expect, isolate, make_manager, open_context


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """A warehouse server of this module's own (join requests are limited per address)."""
    with start_service(tmp_path_factory.mktemp("server"), "--rate-limit", "100000/60") as running:
        yield running


@pytest.fixture
async def admin_desk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, server: RunningService
) -> AsyncIterator[AppContext]:
    """The admin's desk: connected to the server with the account's key."""
    isolate(monkeypatch, tmp_path)
    context = await open_context(tmp_path / "admin", server, "Warehouse server")
    yield context
    await context.aclose()


@pytest.fixture
async def new_station(tmp_path: Path, admin_desk: AppContext) -> AsyncIterator[AppContext]:
    """A new station: no profile on the server yet (the admin's desk sets the folders up)."""
    del admin_desk
    manager = make_manager(tmp_path / "station")
    context = AppContext(manager, PrinterBook(tmp_path / "station" / "printers.json"))
    yield context
    await context.aclose()


def trusted_join_dialog(
    qtbot: QtBot, station: AppContext, server: RunningService
) -> tuple[ProfilesPage, StationJoinDialog]:
    """The station's profiles page after its person trusted the server's CA."""
    page = ProfilesPage(station)
    qtbot.addWidget(page)
    ca_file = pinned_ca_file(station.manager.data_dir, server.base_url)
    pairing = fetch_pairing(server.base_url)
    pin_server_ca(ca_file, pairing, pairing.ca_sha256)
    page._on_server_trusted(server.base_url, str(ca_file))
    dialog = page.join_dialog
    assert dialog is not None and dialog.isVisible()
    return page, dialog


async def ask_from_keyboard(qtbot: QtBot, dialog: StationJoinDialog, name: str) -> str:
    """Type the station's name, press Enter; the phrase the dialog then shows."""
    dialog.name_edit.clear()
    qtbot.keyClicks(dialog.name_edit, name)
    shown = expect(dialog.presenter.phrase_shown)
    qtbot.keyClick(dialog.name_edit, Qt.Key.Key_Return)
    phrase, _until = await emitted(shown)
    assert dialog.phrase_label.isVisible() and dialog.phrase_label.text() == phrase
    assert not dialog.ask_button.isEnabled()
    return str(phrase)


async def approvals_listing(
    qtbot: QtBot, admin: AppContext, station_name: str
) -> StationApprovalsDialog:
    """The admin's "Stations asking to join…" with `station_name` selected."""
    page = ProfilesPage(admin)
    qtbot.addWidget(page)
    qtbot.mouseClick(page.stations_button, Qt.MouseButton.LeftButton)
    approvals = page.approvals_dialog
    assert approvals is not None and approvals.isVisible()
    assert approvals.property("packdesk_right") == "stations"
    assert page.stations_button.property("packdesk_right") == "stations"
    while not any(r.station == station_name for r in approvals.presenter.requests):
        await emitted(expect(approvals.presenter.loaded))
    row = next(i for i, r in enumerate(approvals.presenter.requests) if r.station == station_name)
    approvals.list.setCurrentRow(row)
    return approvals


async def test_station_asks_admin_approves_by_phrase_and_the_station_keeps_its_key(
    qtbot: QtBot, admin_desk: AppContext, new_station: AppContext, server: RunningService
) -> None:
    page, dialog = trusted_join_dialog(qtbot, new_station, server)
    joined = expect(dialog.joined)
    phrase = await ask_from_keyboard(qtbot, dialog, "Packtisch GUI")
    assert "Waiting for an admin" in dialog.state_label.text()

    approvals = await approvals_listing(qtbot, admin_desk, "Packtisch GUI")
    assert phrase in approvals.list.currentItem().text()
    # a wrong phrase is refused in words, the station still waits
    said = expect(approvals.presenter.message_shown)
    qtbot.keyClicks(approvals.phrase_edit, "zebra-tiger-10")
    qtbot.keyClick(approvals.phrase_edit, Qt.Key.Key_Return)
    text, error = await emitted(said)
    assert error and "does not match the one the station shows" in text
    assert approvals.isVisible()  # Enter approves, it does not close the list
    assert dialog.isVisible() and dialog.presenter.status == "pending"
    # the phrase as the admin reads it off the station's screen
    approvals.phrase_edit.clear()
    said = expect(approvals.presenter.message_shown)
    qtbot.keyClicks(approvals.phrase_edit, phrase.replace("-", " "))
    qtbot.keyClick(approvals.phrase_edit, Qt.Key.Key_Return)
    text, error = await emitted(said)
    assert not error and "Packtisch GUI is approved" in text

    (profile,) = await emitted(joined)
    assert not dialog.isVisible()
    manager = new_station.manager
    assert profile.base_url == server.base_url and profile.environment == "sandbox"
    key = manager.secrets.get(profile.id)
    assert key and key not in (server.sandbox_key, server.live_key)
    assert any(p.id == profile.id for p in manager.list())
    assert "saved" in page.message.text()
    # the key is the station's own, named after it on the server
    assert '"Packtisch GUI"' in server.accounts("list")


async def test_a_denied_station_is_told_and_may_ask_again(
    qtbot: QtBot, admin_desk: AppContext, new_station: AppContext, server: RunningService
) -> None:
    _page, dialog = trusted_join_dialog(qtbot, new_station, server)
    await ask_from_keyboard(qtbot, dialog, "Packtisch Abgelehnt")
    approvals = await approvals_listing(qtbot, admin_desk, "Packtisch Abgelehnt")
    told = expect(dialog.presenter.state_changed)
    said = expect(approvals.presenter.message_shown)
    qtbot.keyClick(approvals, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
    text, error = await emitted(said)
    assert not error and "denied" in text
    kind, text = await emitted(told)
    assert kind == FAILED and "An admin denied this station" in text
    assert dialog.ask_button.isEnabled() and dialog.ask_button.text() == "&Ask again"
    assert [p for p in new_station.manager.list() if p.base_url == server.base_url] == []


async def test_too_many_requests_are_said_in_german_from_the_status(
    qtbot: QtBot,
    new_station: AppContext,
    service_factory: Callable[..., RunningService],
) -> None:
    """The server's limit per address (429 + Retry-After) in the station's language."""
    fresh = service_factory()
    _page, dialog = trusted_join_dialog(qtbot, new_station, fresh)
    for n in range(PER_ADDRESS):
        await ask_to_join(fresh.base_url, dialog.presenter.ca_file, f"Vorher {n}")
    install_translations("de")
    try:
        told = expect(dialog.presenter.state_changed)
        dialog.start()
        kind, text = await emitted(told)
        while kind != FAILED:
            kind, text = await emitted(expect(dialog.presenter.state_changed))
    finally:
        install_translations("en")
    said = re.fullmatch(
        r"Zu viele Beitrittsanfragen von hier: Versuchen Sie es in (\d+) Minuten erneut\.", text
    )
    assert said is not None and 1 <= int(said[1]) <= 10, text
    assert dialog.ask_button.isEnabled() and not dialog.phrase_label.isVisible()


async def test_a_taken_profile_name_never_costs_the_handed_over_key(
    qtbot: QtBot, new_station: AppContext, server: RunningService
) -> None:
    """The key comes once: a profile name already in use gets the station's name beside it."""
    taken = Profile(
        name="Packdesk server 127.0.0.1",
        environment="live",
        base_url="https://127.0.0.1:9",
        force_loopback=True,
    )
    new_station.manager.add(taken)
    _page, dialog = trusted_join_dialog(qtbot, new_station, server)
    joined = expect(dialog.joined)
    phrase = await ask_from_keyboard(qtbot, dialog, "Packtisch Zwei")
    pending = await asyncio.to_thread(_pending, server)
    (request,) = [r for r in pending if r["station"] == "Packtisch Zwei"]
    with server.client("sandbox") as admin:
        approved = admin.post(
            f"/v1/stations/join_requests/{request['id']}/approve", json={"phrase": phrase}
        )
    assert approved.status_code == 200, approved.text
    (profile,) = await emitted(joined)
    assert profile.name == "Packdesk server 127.0.0.1 – Packtisch Zwei"
    assert new_station.manager.secrets.get(profile.id)
    assert {p.name for p in new_station.manager.list()} >= {taken.name, profile.name}


def _pending(server: RunningService) -> list[dict[str, str]]:
    with server.client("sandbox") as admin:
        return list(admin.get("/v1/stations/join_requests").json()["join_requests"])


async def test_the_station_rides_out_a_server_restart_and_says_when_nobody_approved(
    qtbot: QtBot,
    new_station: AppContext,
    service_factory: Callable[..., RunningService],
    tmp_path: Path,
) -> None:
    """The server goes away while the station waits and comes back with its clock 15 minutes
    on (the clock injected, not waited for): the station keeps asking, then says it expired."""
    first = service_factory(data_dir=tmp_path / "expiring")
    _page, dialog = trusted_join_dialog(qtbot, new_station, first)
    await ask_from_keyboard(qtbot, dialog, "Packtisch Spaet")
    port = first.port
    await asyncio.to_thread(first.stop)
    told = expect(dialog.presenter.state_changed)
    later = await asyncio.to_thread(
        service_factory,
        "--port",
        str(port),
        "--clock-offset",
        str(15 * 60 + 1),
        data_dir=tmp_path / "expiring",
    )
    assert later.port == port
    kind, text = await emitted(told)
    while kind != FAILED:
        kind, text = await emitted(expect(dialog.presenter.state_changed))
    assert text == "Nobody approved within 15 minutes. Ask again."
    assert dialog.presenter.status == "expired" and dialog.ask_button.isEnabled()
