"""Settings › Webhooks against the real local service and a real local receiver: the created
webhook receives the test event (with its basic auth), catch-alls, https for live profiles,
deactivated webhooks shown with the reason and reactivated, delete."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.theme import (
    DARK,
    DARK_HIGH_CONTRAST,
    ERROR,
    LIGHT,
    LIGHT_HIGH_CONTRAST,
    TEXT_COLORS,
)
from desktop_app.gui.settings.webhooks.page import WebhooksPage
from desktop_app.printing.printers import PrinterBook
from desktop_app.profiles.models import Profile
from tests.fixtures.receiver import Receiver, start_receiver
from tests.gui.account_context import account_context
from tests.gui.app_context import create, isolate, make_manager
from tests.gui.core.test_theme import AA, contrast
from tests.gui.scheme_switch import painted_colors, switched_scheme

pytestmark = pytest.mark.own_account  # ctx: an account of its own


async def _received(receiver: Receiver, count: int) -> list[Any]:
    return await asyncio.to_thread(receiver.wait_for, count, 20.0)


async def test_create_test_event_and_delete(
    ctx: AppContext, qtbot: QtBot, webhook_receiver: Receiver
) -> None:
    """Typed in the form, the webhook receives the test event with its basic auth."""
    page = WebhooksPage(ctx)
    qtbot.addWidget(page)
    await page.tasks.wait_idle()
    assert page.table.rowCount() == 0
    assert not page.create_button.isEnabled()

    qtbot.keyClicks(page.url_edit, webhook_receiver.url)
    assert "Events:" in page.problems_label.text()
    page.catch_all_boxes["shipment.tracking.*"].setChecked(True)
    # single tracking types are covered by the catch-all
    assert not page.event_boxes["shipment.tracking.delivered"].isEnabled()
    page.event_boxes["shipment.status.deleted"].setChecked(True)
    page.auth_check.setChecked(True)
    assert "Authentication › User name:" in page.problems_label.text()
    qtbot.keyClicks(page.user_edit, "desk")
    qtbot.keyClicks(page.password_edit, "s3cret")
    assert page.draft()["event_types"] == ["shipment.tracking.*", "shipment.status.deleted"]
    assert page.create_button.isEnabled(), page.problems_label.text()

    page.create_button.click()
    await page.tasks.wait_idle()
    assert page.table.rowCount() == 1, page.message.text()
    hook = page.webhooks[0]
    url, events, security, state = page.row_texts(hook.id)
    assert (
        url == webhook_receiver.url and security == "User name and password" and state == "Active"
    )
    assert events == "shipment.tracking.*, shipment.status.deleted"
    assert page.url_edit.text() == "" and page.password_edit.text() == ""  # form cleared

    page.select_id(hook.id)
    assert page.test_button.isEnabled() and not page.reactivate_button.isEnabled()
    page.test_button.click()
    await page.tasks.wait_idle()
    [request] = await _received(webhook_receiver, 1)
    event = request.json()
    assert event["type"] == "example.event" and event["webhook_id"] == hook.id
    assert set(event) == {"id", "webhook_id", "occured_at", "type", "data"}
    assert request.basic_auth == ("desk", "s3cret")

    # a real event: the shipment moves on in the sandbox
    shipment = await create(ctx)
    assert ctx.client is not None
    await ctx.client.sandbox.add_tracking_event(shipment.id)
    requests = await _received(webhook_receiver, 3)
    events = [r.json() for r in requests[1:]]
    assert {e["type"] for e in events} == {
        "shipment.tracking.label_created",
        "shipment.tracking.picked_up",
    }
    assert {e["data"]["id"] for e in events} == {shipment.id}

    page.confirm_delete = False
    page.delete_button.click()
    await page.tasks.wait_idle()
    assert page.table.rowCount() == 0
    assert await ctx.client.webhooks.list() == []


async def test_live_profiles_need_https(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, qtbot: QtBot
) -> None:
    """On a live profile an http:// URL is refused in the form (and by the service)."""
    isolate(monkeypatch, tmp_path)
    manager = make_manager(tmp_path)
    account = local_service.add_account()
    profile = Profile(
        name="Live test",
        environment="live",
        base_url=local_service.base_url,
        ca_file=str(local_service.ca_file),
        force_loopback=True,
    )
    profile = manager.add(profile, account["live_key"], verified_environment="production")
    ctx = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    await ctx.open_profile(profile)
    try:
        assert ctx.connected, ctx.connection_message
        page = WebhooksPage(ctx)
        qtbot.addWidget(page)
        await page.tasks.wait_idle()
        assert "https" in page.https_note.text()
        qtbot.keyClicks(page.url_edit, "http://example.com/hooks")
        page.catch_all_boxes["*"].setChecked(True)
        assert all(not box.isEnabled() for box in page.event_boxes.values())
        assert "URL: Live webhooks must use an https:// address." in page.problems_label.text()
        assert not page.create_button.isEnabled()
        # the service agrees
        assert await page.create_webhook() is None
        assert ctx.client is not None
        with pytest.raises(Exception, match="https"):
            await ctx.client.webhooks.create({"url": "http://example.com/h", "event_types": ["*"]})
        page.url_edit.clear()
        qtbot.keyClicks(page.url_edit, "https://example.com/hooks")
        assert page.create_button.isEnabled(), page.problems_label.text()
        page.create_button.click()
        await page.tasks.wait_idle()
        assert [h.url for h in page.webhooks] == ["https://example.com/hooks"]
    finally:
        await ctx.aclose()


def _deactivated_row_follows_the_scheme(qapp: QApplication, page: WebhooksPage) -> None:
    """The deactivated row is in the error colour of the scheme in force the moment the system
    switches to dark, high contrast or light (the list is not loaded again)."""
    page.table.clearSelection()  # a selected row is drawn in the highlight's colours
    page.show()
    index = page.table.model().index(0, 3)
    with switched_scheme(qapp) as switch:
        for variant in (DARK, DARK_HIGH_CONTRAST, LIGHT_HIGH_CONTRAST, LIGHT):
            switch(variant)
            error = TEXT_COLORS[ERROR][variant]
            assert QColor(index.data(Qt.ItemDataRole.ForegroundRole)).name() == error
            assert error in painted_colors(page.table, index), variant
            assert contrast(error, qapp.palette().color(QPalette.ColorRole.Base)) >= AA
    page.hide()


async def test_deactivated_webhook_shows_why_and_reactivates(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    service_factory: Any,
    qtbot: QtBot,
    qapp: QApplication,
) -> None:
    """After 15 failed deliveries the webhook shows as deactivated with the reason, in the
    colour of the scheme in force as it switches; reactivated, the kept event is delivered."""
    isolate(monkeypatch, tmp_path)
    service = service_factory("--webhook-retry-seconds", "0.05")
    receiver, server = start_receiver(status=500)
    ctx = await account_context(tmp_path, service, service.sandbox_key)
    try:
        page = WebhooksPage(ctx)
        qtbot.addWidget(page)
        await page.tasks.wait_idle()
        qtbot.keyClicks(page.url_edit, receiver.url)
        page.catch_all_boxes["*"].setChecked(True)
        hook = await page.create_webhook()
        assert hook is not None, page.message.text()
        assert await page.send_test(hook.id)
        await _received(receiver, 15)
        async with asyncio.timeout(60):  # the 15th failure is recorded just after its answer
            while True:
                await page.reload()
                if page.webhooks[0].deactivated:
                    break
                await asyncio.sleep(0.05)
        _deactivated_row_follows_the_scheme(qapp, page)
        page.select_id(hook.id)
        state = page.row_texts(hook.id)[3]
        assert state.startswith("Deactivated: "), state
        assert len(state) > len("Deactivated: ") + 5
        assert not page.test_button.isEnabled() and page.reactivate_button.isEnabled()

        receiver.status = 200
        page.reactivate_button.click()
        await page.tasks.wait_idle()
        assert page.row_texts(hook.id)[3] == "Active", page.message.text()
        requests = await _received(receiver, 16)
        assert requests[15].status == 200 and requests[15].json()["type"] == "example.event"
    finally:
        await ctx.aclose()
        server.shutdown()
        server.server_close()
