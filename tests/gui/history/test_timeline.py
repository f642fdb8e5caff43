"""A shipment's tracking timeline decided without a window: `TimelinePresenter`'s texts, rows
and allowed actions, refresh from and sandbox moves on the real local service."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.history.partials.timeline import TimelinePresenter
from tests.gui.app_context import add_service_profile, create


@pytest.fixture
def presenter(own_account_ctx: AppContext) -> TimelinePresenter:
    """A timeline presenter on an account of its own, with no window."""
    return TimelinePresenter(own_account_ctx)


async def test_nothing_selected_then_a_fresh_shipment(presenter: TimelinePresenter) -> None:
    """Nothing shown: asks to select one, allows nothing. A fresh label: its status, no events
    yet, refresh and the sandbox move allowed; showing it again is not another shipment."""
    assert not presenter.findChildren(QWidget)  # no widget
    assert presenter.title() == "Select one shipment to see its tracking."
    assert presenter.subtitle() == "" and presenter.rows() == []
    assert not presenter.can_refresh() and not presenter.can_advance()
    stored = await create(presenter.ctx, reference_number="TL-1")
    assert presenter.show(stored) is True
    assert presenter.show(stored) is False
    assert presenter.title() == "TL-1: Label created"
    assert presenter.subtitle().startswith("DHL ")
    assert presenter.subtitle().endswith("no tracking events yet")
    assert presenter.sandbox() and presenter.can_refresh() and presenter.can_advance()


async def test_sandbox_moves_walk_to_delivered(presenter: TimelinePresenter) -> None:
    """Each move records the service's answer; the rows are newest first; delivered is final."""
    ctx = presenter.ctx
    stored = await create(ctx, reference_number="TL-2")
    presenter.show(stored)
    updated: list[Any] = []
    presenter.shipment_updated.connect(updated.append)
    messages: list[str] = []
    presenter.message_shown.connect(lambda text, _error: messages.append(text))
    for _ in range(4):
        assert await presenter.advance() is not None
    assert [status for _cells, status in presenter.rows()] == [
        "delivered",
        "out_for_delivery",
        "transit",
        "picked_up",
    ]
    assert presenter.rows()[0][0][1] == "Delivered"
    assert presenter.title() == "TL-2: Delivered" and messages[-1] == "Moved to: Delivered."
    assert len(updated) == 4 and not presenter.advancing
    assert not presenter.can_advance() and presenter.can_refresh()
    assert (
        ctx.store is not None and ctx.store.get_shipment(stored.id).tracking_status == "delivered"
    )


async def test_refresh_reads_changes_and_deletions(presenter: TimelinePresenter) -> None:
    """Refresh shows what happened elsewhere; a shipment the service no longer has is marked
    deleted and may no longer be refreshed."""
    ctx = presenter.ctx
    assert ctx.client is not None and ctx.store is not None
    stored = await create(ctx, reference_number="TL-3")
    presenter.show(stored)
    messages: list[str] = []
    presenter.message_shown.connect(lambda text, _error: messages.append(text))
    await ctx.client.sandbox.add_tracking_event(stored.id, "picked_up")  # another desk
    assert presenter.rows() == []
    fresh = await presenter.refresh()
    assert fresh is not None and fresh.tracking_status == "picked_up"
    assert [status for _cells, status in presenter.rows()] == ["picked_up"]
    assert messages[-1].startswith("Tracking updated at")

    await ctx.client.shipments.delete(stored.id)
    gone = await presenter.refresh()
    assert gone is not None and gone.deleted and ctx.store.get_shipment(stored.id).deleted
    assert presenter.title() == "TL-3: Deleted"
    assert messages[-1] == "The service no longer has this shipment (deleted)."
    assert not presenter.can_refresh() and not presenter.can_advance()


async def test_another_profile_shows_nothing(
    presenter: TimelinePresenter, local_service: Any
) -> None:
    ctx = presenter.ctx
    presenter.show(await create(ctx, reference_number="TL-4"))
    messages: list[str] = []
    presenter.message_shown.connect(lambda text, _error: messages.append(text))
    await ctx.open_profile(add_service_profile(ctx.manager, local_service, "Second desk"))
    assert presenter.shipment is None and messages == [""]
