"""Sandbox life cycle over restarts: deletion after 14 days, automatic tracking, kept deliveries."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.fixtures.receiver import (
    Receiver,
    SmtpSink,
    create_shipment,
    create_webhook,
    outbox,
    wait_until,
)
from tests.fixtures.service import RunningService, start_service

DAY = 86400


def test_sandbox_shipments_are_deleted_after_14_days(
    service_factory: Callable[..., RunningService], webhook_receiver: Receiver
) -> None:
    service = service_factory()
    with service.client("sandbox") as sandbox, service.client("live") as live:
        hook = create_webhook(sandbox, webhook_receiver.url, "shipment.status.deleted")
        old = create_shipment(sandbox, reference_number="old")
        prepared = create_shipment(sandbox, create_shipping_label=False)
        production = create_shipment(live, reference_number="live-old")
    service.stop()

    # ten days later: the shipments are ten days old, a new one is made
    later = start_service(service.data_dir, "--clock-offset", str(10 * DAY))
    try:
        with later.client("sandbox") as sandbox:
            assert sandbox.get(f"/v1/shipments/{old['id']}").status_code == 200
            young = create_shipment(sandbox, reference_number="young")
    finally:
        later.stop()

    # fifteen days after the first ones: they go, the five-day-old one stays
    expired = start_service(service.data_dir, "--clock-offset", str(15 * DAY))
    try:
        requests = webhook_receiver.wait_for(2)
        payloads = [r.json() for r in requests]
        assert {p["data"]["id"] for p in payloads} == {old["id"], prepared["id"]}
        for payload in payloads:
            assert payload["type"] == "shipment.status.deleted"
            assert payload["webhook_id"] == hook["id"]
            assert payload["data"] == {"id": payload["data"]["id"], "object_type": "shipment"}
        with expired.client("sandbox") as sandbox, expired.client("live") as live:
            assert sandbox.get(f"/v1/shipments/{old['id']}").status_code == 404
            assert sandbox.get(f"/v1/shipments/{prepared['id']}").status_code == 404
            assert sandbox.get(f"/v1/shipments/{young['id']}").status_code == 200
            # production shipments are never deleted automatically
            assert live.get(f"/v1/shipments/{production['id']}").status_code == 200
            # and the old label file is gone with its shipment
            label_path = old["label_url"].replace(service.base_url, "")
            assert sandbox.get(label_path).status_code == 404
        assert len(webhook_receiver.requests) == 2
    finally:
        expired.stop()


def test_pending_deliveries_survive_a_restart(
    service_factory: Callable[..., RunningService], webhook_receiver: Receiver
) -> None:
    webhook_receiver.status = 503
    service = service_factory("--webhook-retry-seconds", "3600")
    with service.client("sandbox") as sandbox:
        hook = create_webhook(sandbox, webhook_receiver.url, "shipment.tracking.*")
        shipment = create_shipment(sandbox)
    (failed,) = webhook_receiver.wait_for(1)
    assert failed.json()["type"] == "shipment.tracking.label_created"
    service.stop()

    # back two hours later (the retry is due) with a working receiver
    webhook_receiver.status = 200
    again = start_service(service.data_dir, "--clock-offset", "7200")
    try:
        retried = webhook_receiver.wait_for(2)[1]
        assert retried.status == 200
        assert retried.json() == failed.json()  # the same event, id and time included
        assert retried.json()["data"]["id"] == shipment["id"]
        with again.client("sandbox") as sandbox:
            state = wait_until(
                lambda: (
                    (r := sandbox.get(f"/v1/webhooks/{hook['id']}").json())["undelivered_events"]
                    == 0
                    and r
                ),
                what="the delivery to be recorded",
            )
            assert state["failure_count"] == 0 and state["deactivated"] is False
    finally:
        again.stop()


def test_automatic_tracking_progression(
    service_factory: Callable[..., RunningService], webhook_receiver: Receiver
) -> None:
    service = service_factory("--auto-tracking-seconds", "0.2")
    with service.client("sandbox") as sandbox, service.client("live") as live:
        create_webhook(sandbox, webhook_receiver.url, "shipment.tracking.*")
        shipment = create_shipment(sandbox)
        production = create_shipment(live)
        requests = webhook_receiver.wait_for(5)
        assert [r.json()["type"] for r in requests] == [
            "shipment.tracking.label_created",
            "shipment.tracking.picked_up",
            "shipment.tracking.transit",
            "shipment.tracking.out_for_delivery",
            "shipment.tracking.delivered",
        ]
        got = sandbox.get(f"/v1/shipments/{shipment['id']}").json()
        assert got["tracking_status"] == "delivered"
        assert len(got["packages"][0]["tracking_events"]) == 4
        assert (
            live.get(f"/v1/shipments/{production['id']}").json()["packages"][0]["tracking_events"]
            == []
        )


def test_deactivation_mail_goes_over_smtp(
    service_factory: Callable[..., RunningService],
    webhook_receiver: Receiver,
    smtp_sink: SmtpSink,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    webhook_receiver.status = 500
    # through the environment, as a deployment would pass a URL with a password
    smtp_url = f"smtp://127.0.0.1:{smtp_sink.port}?from=desk@example.com"
    monkeypatch.setenv("PACKDESK_SMTP_URL", smtp_url)
    service = service_factory("--webhook-retry-seconds", "0.02")
    with service.client("sandbox") as sandbox:
        hook = create_webhook(sandbox, webhook_receiver.url, "*")
        assert sandbox.post(f"/v1/webhooks/{hook['id']}/test").status_code == 202
        (mail,) = smtp_sink.wait_for(1)
    assert mail["to"] == [service.email]
    assert mail["from"] == "desk@example.com"
    assert "Subject: Webhook deactivated" in mail["data"]
    assert hook["id"] in mail["data"]
    assert len(webhook_receiver.requests) == 15
    sent = wait_until(lambda: [m for m in outbox(service) if m["status"] == "sent"], what="record")
    assert sent[0]["to"] == service.email
