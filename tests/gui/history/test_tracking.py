"""Tracking timeline in the history: events shown, refresh on demand and periodically, and the
sandbox "next status" button walking a shipment through its life cycle. Real local service."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.history.page import HistoryPage
from desktop_app.gui.history.table_model import ShipmentHistoryModel
from desktop_app.gui.history.tracking import TrackingRefresher, attach_to_history
from desktop_app.gui.widgets.tracking_events import (
    is_open,
    sandbox_moves_allowed,
    timeline_entries,
)
from desktop_app.profiles.models import Profile
from tests.gui.app_context import create, isolate, open_context
from tests.gui.shipment_desk import wait_until


def test_timeline_entries_merge_packages_oldest_first() -> None:
    """Events of several packages are merged in time order, each tagged with its package."""
    data = {
        "packages": [
            {
                "carrier_tracking_no": "1Z1",
                "tracking_events": [
                    {"id": "b", "timestamp": "2026-03-02T10:00:00+00:00", "status": "transit"},
                    {
                        "id": "a",
                        "timestamp": "2026-03-01T10:00:00+00:00",
                        "status": "label_created",
                    },
                ],
            },
            {
                "carrier_tracking_no": "1Z2",
                "tracking_events": [
                    {"id": "c", "timestamp": "2026-03-01T12:00:00+01:00", "status": "picked_up"},
                ],
            },
        ]
    }
    entries = timeline_entries(data)
    assert [e.status for e in entries] == ["label_created", "picked_up", "transit"]
    assert [e.package for e in entries] == ["1Z1", "1Z2", "1Z1"]
    single = {"packages": [data["packages"][0]]}
    assert [e.package for e in timeline_entries(single)] == ["", ""]


async def test_timeline_and_sandbox_life_cycle(ctx: AppContext, qtbot: QtBot) -> None:
    """Select a shipment: its timeline shows; "Next status" walks it to delivered."""
    assert sandbox_moves_allowed(ctx)
    stored = await create(ctx, reference_number="TRACK-1")
    history = HistoryPage(ctx)
    history.auto_refresh = False
    qtbot.addWidget(history)
    timeline, refresher = attach_to_history(history, ctx)
    refresher.stop()
    await history.reload()
    history.select_ids([stored.id])
    assert timeline.shipment is not None and timeline.shipment.id == stored.id
    assert timeline.statuses() == []  # the service records events from the pickup on
    assert "Label created" in timeline.title.text()
    assert not timeline.next_button.isHidden()
    assert timeline.next_button.isEnabled()

    walked = []
    for _ in range(4):
        timeline.next_button.click()
        await timeline.tasks.wait_idle()
        walked.append(timeline.statuses()[0])
    assert walked == ["picked_up", "transit", "out_for_delivery", "delivered"]
    assert timeline.statuses()[-1] == "picked_up"
    assert "Delivered" in timeline.title.text()
    assert not timeline.next_button.isEnabled()  # delivered is final
    # the history row follows, and the store has it
    row = history.model.row_of(stored.id)
    assert history.model.index(row, ShipmentHistoryModel.STATUS).data() == "Delivered"
    assert ctx.store is not None
    kept = ctx.store.get_shipment(stored.id)
    assert kept.tracking_status == "delivered" and not is_open(kept)


async def test_refresh_on_demand_and_periodic(
    ctx: AppContext, qtbot: QtBot, local_service: Any
) -> None:
    """Changes made elsewhere show after Refresh, and after a periodic refresh of open ones."""
    first = await create(ctx, reference_number="TRACK-2")
    second = await create(ctx, reference_number="TRACK-3")
    history = HistoryPage(ctx)
    history.auto_refresh = False
    qtbot.addWidget(history)
    timeline, refresher = attach_to_history(history, ctx)
    refresher.stop()
    await history.reload()
    history.select_ids([first.id])
    # another desk moves both shipments on
    with local_service.client(ctx.manager.secrets.get(ctx.profile.id)) as other:  # type: ignore[union-attr]
        for shipment_id in (first.id, second.id):
            response = other.post(f"/v1/sandbox/shipments/{shipment_id}/tracking_events", json={})
            assert response.status_code == 200, response.text
    assert timeline.statuses() == []
    timeline.refresh_button.click()
    await timeline.tasks.wait_idle()
    assert timeline.statuses()[0] == "picked_up"

    # the periodic refresher brings the other open one up to date
    assert ctx.store is not None
    assert ctx.store.get_shipment(second.id).tracking_status in (None, "label_created")
    updated = await refresher.refresh_open()
    assert updated >= 2
    assert ctx.store.get_shipment(second.id).tracking_status == "picked_up"

    def second_status() -> Any:
        row = history.model.row_of(second.id)
        return history.model.index(row, ShipmentHistoryModel.STATUS).data()

    # the refresher has the history read the store again: wait for the row to show it
    await wait_until(lambda: second_status() == "Picked up")


async def test_periodic_refresh_keeps_a_reserve_of_the_rate_limit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, service_factory: Any
) -> None:
    """With little of the window left, the periodic refresh makes no call at all."""
    isolate(monkeypatch, tmp_path)
    service = service_factory("--rate-limit", "8/60")
    ctx = await open_context(tmp_path, service)  # /me and /carriers: 2 of 8 calls
    try:
        stored = await create(ctx, reference_number="TRACK-RL")  # 3 more (create, label...)
        refresher = TrackingRefresher(ctx)
        refresher.stop()
        assert ctx.client is not None
        state = ctx.client.rate_limit
        assert state.limit == 8 and state.remaining is not None
        budget = refresher.budget()
        assert budget is not None and budget == max(0, state.remaining - 2)
        # spend the window down to the reserve
        while (refresher.budget() or 0) > 0:
            await ctx.client.shipments.get(stored.id)
        remaining = ctx.client.rate_limit.remaining
        assert await refresher.refresh_open() == 0
        assert refresher.skipped_for_rate_limit >= 1
        assert ctx.client.rate_limit.remaining == remaining  # no call was made
    finally:
        await ctx.aclose()


def test_next_status_only_on_a_local_sandbox() -> None:
    """Live profiles and remote sandboxes get no sandbox button."""

    class _Ctx:
        def __init__(self, profile: Profile) -> None:
            self.profile = profile

    remote = Profile(name="Remote", environment="sandbox", base_url="https://api.example.com")
    local = Profile(name="Local", environment="sandbox", base_url="https://127.0.0.1:8443")
    live = Profile(name="Live", environment="live", base_url="https://api.example.com")
    assert sandbox_moves_allowed(_Ctx(local))  # type: ignore[arg-type]
    assert not sandbox_moves_allowed(_Ctx(remote))  # type: ignore[arg-type]
    assert not sandbox_moves_allowed(_Ctx(live))  # type: ignore[arg-type]
