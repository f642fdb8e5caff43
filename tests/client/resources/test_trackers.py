"""client.trackers: a tracker for a parcel shipped elsewhere, moved on by the sandbox."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from desktop_app.client.types import Tracker


async def test_trackers(fresh_client: ShippingClient) -> None:
    tracker = await fresh_client.trackers.create("ups", "1Z999AA10123456784")
    assert isinstance(tracker, Tracker) and tracker.status == "registered"
    moved = await fresh_client.sandbox.add_tracker_event(tracker.id)
    assert moved.status == "picked_up" and moved.tracking_events[0].status == "picked_up"
    assert [t.id for t in await fresh_client.trackers.list()] == [tracker.id]
    assert (await fresh_client.trackers.get(tracker.id)).status == "picked_up"
