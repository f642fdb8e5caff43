"""Sandbox tracking endpoint end to end: statuses, packages' events, webhook events, errors."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.fixtures.receiver import (
    Receiver,
    add_account,
    create_shipment,
    create_webhook,
    start_receiver,
)
from tests.fixtures.service import RunningService


@pytest.fixture
def second_receiver() -> Iterator[Receiver]:
    receiver, server = start_receiver()
    yield receiver
    server.shutdown()
    server.server_close()


def _track(client: httpx.Client, shipment_id: str, **body: str) -> httpx.Response:
    path = f"/v1/sandbox/shipments/{shipment_id}/tracking_events"
    return client.post(path, json=body) if body else client.post(path)


def test_life_cycle_events_and_wildcards(
    sandbox: httpx.Client, webhook_receiver: Receiver, second_receiver: Receiver
) -> None:
    everything = create_webhook(sandbox, webhook_receiver.url, "*")
    delivered_only = create_webhook(sandbox, second_receiver.url, "shipment.tracking.delivered")
    shipment = create_shipment(sandbox, reference_number="sandbox-life-cycle")
    sid = shipment["id"]

    first = _track(sandbox, sid)
    assert first.status_code == 200, first.text
    moved = first.json()
    assert moved["id"] == sid
    assert moved["tracking_status"] == "picked_up"
    events = moved["packages"][0]["tracking_events"]
    assert [e["status"] for e in events] == ["picked_up"]
    assert set(events[0]) == {"id", "timestamp", "location", "status", "details"}
    assert events[0]["location"] and events[0]["details"]

    explicit = _track(sandbox, sid, status="transit")
    assert explicit.status_code == 200
    assert explicit.json()["tracking_status"] == "transit"
    for expected in ("out_for_delivery", "delivered"):
        assert _track(sandbox, sid).json()["tracking_status"] == expected
    got = sandbox.get(f"/v1/shipments/{sid}").json()
    assert [e["status"] for e in got["packages"][0]["tracking_events"]] == [
        "picked_up",
        "transit",
        "out_for_delivery",
        "delivered",
    ]
    # nothing comes after delivered unless a status is given
    after = _track(sandbox, sid)
    assert after.status_code == 400 and after.json()["errors"]
    filtered = sandbox.get("/v1/shipments", params={"tracking_status": "delivered"}).json()
    assert sid in [s["id"] for s in filtered["shipments"]]

    assert sandbox.delete(f"/v1/shipments/{sid}").status_code == 204

    received = webhook_receiver.wait_for(6)
    mine = [r.json() for r in received if r.json()["data"]["id"] == sid]
    assert [p["type"] for p in mine] == [
        "shipment.tracking.label_created",
        "shipment.tracking.picked_up",
        "shipment.tracking.transit",
        "shipment.tracking.out_for_delivery",
        "shipment.tracking.delivered",
        "shipment.status.deleted",
    ]
    for payload in mine[:-1]:
        assert payload["data"] == {
            "id": sid,
            "url": f"/v1/shipments/{sid}",
            "object_type": "shipment",
        }
        assert payload["webhook_id"] == everything["id"]
    assert mine[-1]["data"] == {"id": sid, "object_type": "shipment"}
    assert len({p["id"] for p in mine}) == 6

    (only,) = second_receiver.wait_for(1)
    assert only.json()["type"] == "shipment.tracking.delivered"
    assert only.json()["webhook_id"] == delivered_only["id"]
    for hook in (everything, delivered_only):
        sandbox.delete(f"/v1/webhooks/{hook['id']}")


def test_status_catch_all_gets_only_status_events(
    sandbox: httpx.Client, webhook_receiver: Receiver
) -> None:
    hook = create_webhook(sandbox, webhook_receiver.url, "shipment.status.*")
    shipment = create_shipment(sandbox)
    assert _track(sandbox, shipment["id"], status="exception").status_code == 200
    assert sandbox.delete(f"/v1/shipments/{shipment['id']}").status_code == 204
    (request,) = webhook_receiver.wait_for(1)
    assert request.json()["type"] == "shipment.status.deleted"
    assert "url" not in request.json()["data"]
    sandbox.delete(f"/v1/webhooks/{hook['id']}")


def test_off_path_status_and_next_step(sandbox: httpx.Client) -> None:
    shipment = create_shipment(sandbox)
    delayed = _track(sandbox, shipment["id"], status="delayed")
    assert delayed.json()["tracking_status"] == "delayed"
    assert _track(sandbox, shipment["id"]).json()["tracking_status"] == "transit"


def test_errors(local_service: RunningService, sandbox: httpx.Client, live: httpx.Client) -> None:
    shipment = create_shipment(sandbox)
    sid = shipment["id"]
    bad_status = _track(sandbox, sid, status="teleported")
    assert bad_status.status_code == 422
    assert bad_status.json()["errors"][0].startswith("status:")
    unknown_field = sandbox.post(
        f"/v1/sandbox/shipments/{sid}/tracking_events", json={"status": "transit", "when": "now"}
    )
    assert unknown_field.status_code == 422
    assert unknown_field.json()["errors"][0].startswith("when:")
    malformed = sandbox.post(
        f"/v1/sandbox/shipments/{sid}/tracking_events",
        content=b"{",
        headers={"Content-Type": "application/json"},
    )
    assert malformed.status_code == 400
    not_json = sandbox.post(
        f"/v1/sandbox/shipments/{sid}/tracking_events",
        content=b"status=transit",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert not_json.status_code == 415
    assert _track(sandbox, "0" * 40).status_code == 404

    # sandbox keys only: the live key is refused even for its own shipments
    refused = _track(live, sid)
    assert refused.status_code == 401 and refused.json()["errors"]
    with local_service.client(None) as anonymous:
        assert _track(anonymous, sid).status_code == 401

    # a shipment without a label is not tracked yet
    prepared = create_shipment(sandbox, create_shipping_label=False)
    no_label = _track(sandbox, prepared["id"])
    assert no_label.status_code == 400 and "label" in no_label.json()["errors"][0]

    other = add_account(local_service, "sandbox-stranger@example.com")
    with local_service.client(other["sandbox_key"]) as stranger:
        assert _track(stranger, sid).status_code == 404
    # nothing changed through the refused calls
    unchanged = sandbox.get(f"/v1/shipments/{sid}").json()
    assert unchanged["packages"][0]["tracking_events"] == []
