"""Pickup requests end to end: create, list, get, every rule, account isolation."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx

from tests.fixtures.receiver import add_account, create_shipment
from tests.fixtures.service import RunningService


def _window(start_hours: float = 2, length_hours: float = 4) -> dict[str, str]:
    start = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=start_hours)
    return {
        "earliest": start.isoformat(),
        "latest": (start + timedelta(hours=length_hours)).isoformat(),
    }


def _pickup(client: httpx.Client, **body: Any) -> httpx.Response:
    return client.post("/v1/pickup_requests", json={"pickup_time": _window(), **body})


def _errors(response: httpx.Response) -> list[str]:
    assert response.status_code == 422, response.text
    return response.json()["errors"]


def test_create_get_and_list(sandbox: httpx.Client) -> None:
    first = create_shipment(sandbox, carrier="ups")
    second = create_shipment(sandbox, carrier="ups")
    address = {
        "company": "Packdesk Lager",
        "street": "Hafenweg",
        "street_no": "3",
        "zip_code": "20457",
        "city": "Hamburg",
        "country": "de",  # taken, and stored as DE
    }
    window = _window()
    response = sandbox.post(
        "/v1/pickup_requests",
        json={
            "carrier": "ups",
            "pickup_time": window,
            "pickup_address": address,
            "shipments": [{"id": first["id"]}, {"id": second["id"]}],
        },
    )
    assert response.status_code == 200, response.text
    pickup = response.json()
    assert pickup["carrier"] == "ups"
    assert pickup["carrier_pickup_number"].startswith("UPS")
    assert pickup["shipments"] == [{"id": first["id"]}, {"id": second["id"]}]
    assert pickup["pickup_address"]["street"] == "Hafenweg"
    assert pickup["pickup_address"]["country"] == "DE"
    assert datetime.fromisoformat(pickup["pickup_time"]["earliest"]) == datetime.fromisoformat(
        window["earliest"]
    )
    assert {"id", "created_at"} <= pickup.keys()

    one = sandbox.get(f"/v1/pickup_requests/{pickup['id']}")
    assert one.status_code == 200 and one.json() == pickup
    listed = sandbox.get("/v1/pickup_requests").json()  # a bare array, as the real service
    assert listed[0]["id"] == pickup["id"]  # newest first
    paged = sandbox.get("/v1/pickup_requests", params={"per_page": 1, "page": 1}).json()
    assert len(paged) == 1
    assert sandbox.get("/v1/pickup_requests", params={"per_page": 0}).status_code in (400, 422)


def test_stored_address_and_default_address(sandbox: httpx.Client) -> None:
    shipment = create_shipment(sandbox, carrier="dpd")
    stored = sandbox.post(
        "/v1/addresses",
        json={
            "company": "Rampe 2",
            "street": "Kai",
            "street_no": "9",
            "zip_code": "20457",
            "city": "Hamburg",
            "country": "DE",
        },
    )
    assert stored.status_code == 200, stored.text
    by_ref = _pickup(
        sandbox,
        carrier="dpd",
        pickup_address={"id": stored.json()["id"]},
        shipments=[{"id": shipment["id"]}],
    )
    assert by_ref.status_code == 200, by_ref.text
    assert by_ref.json()["pickup_address"]["company"] == "Rampe 2"
    unknown_ref = _pickup(sandbox, carrier="dpd", pickup_address={"id": "nope"})
    assert _errors(unknown_ref)[0].startswith("pickup_address.id:")
    # without an address the carrier comes to the sender of the shipments
    default = _pickup(sandbox, carrier="dpd", shipments=[{"id": shipment["id"]}])
    assert default.status_code == 200
    assert default.json()["pickup_address"]["city"] == "Hamburg"


def test_without_ids_collects_open_shipments(sandbox: httpx.Client) -> None:
    open_one = create_shipment(sandbox, carrier="hermes")
    returns = create_shipment(sandbox, carrier="hermes", service="returns")
    prepared = create_shipment(sandbox, carrier="hermes", create_shipping_label=False)
    picked = create_shipment(sandbox, carrier="hermes")
    track = f"/v1/sandbox/shipments/{picked['id']}/tracking_events"
    assert sandbox.post(track, json={"status": "picked_up"}).status_code == 200
    response = _pickup(sandbox, carrier="hermes")
    assert response.status_code == 200, response.text
    ids = [s["id"] for s in response.json()["shipments"]]
    assert open_one["id"] in ids
    for excluded in (returns, prepared, picked):
        assert excluded["id"] not in ids


def test_rules(sandbox: httpx.Client, live: httpx.Client) -> None:
    ups = create_shipment(sandbox, carrier="ups")
    dpd = create_shipment(sandbox, carrier="dpd")
    returns = create_shipment(
        sandbox,
        carrier="ups",
        service="returns",
        package={"weight": 1.0, "length": 20, "width": 15, "height": 10, "description": "shoes"},
    )
    prepared = create_shipment(sandbox, carrier="ups", create_shipping_label=False)
    live_shipment = create_shipment(live, carrier="ups")

    # a carrier that takes no pickup requests, and an unknown one
    assert _errors(_pickup(sandbox, carrier="dhl"))[0].startswith("carrier:")
    assert _errors(_pickup(sandbox, carrier="nope"))[0].startswith("carrier:")
    assert any(m.startswith("carrier:") for m in _errors(_pickup(sandbox)))

    errors = _errors(
        _pickup(
            sandbox,
            carrier="ups",
            shipments=[
                {"id": ups["id"]},
                {"id": dpd["id"]},
                {"id": returns["id"]},
                {"id": prepared["id"]},
                {"id": "f" * 40},
                {"id": live_shipment["id"]},
            ],
        )
    )
    assert [m.split(":")[0] for m in errors] == [
        "shipments[1].id",
        "shipments[2].id",
        "shipments[3].id",
        "shipments[4].id",
        "shipments[5].id",
    ]
    assert "returns" in errors[1] and "label" in errors[2]

    duplicate = _pickup(sandbox, carrier="ups", shipments=[{"id": ups["id"]}, {"id": ups["id"]}])
    assert _errors(duplicate)[0].startswith("shipments[1].id:")


def test_time_window(sandbox: httpx.Client) -> None:
    def pickup(window: dict[str, Any]) -> list[str]:
        return _errors(sandbox.post("/v1/pickup_requests", json={"carrier": "ups", **window}))

    assert pickup({})[0].startswith("pickup_time")
    reversed_window = _window()
    reversed_window = {"earliest": reversed_window["latest"], "latest": reversed_window["earliest"]}
    assert pickup({"pickup_time": reversed_window})[0].startswith("pickup_time.latest:")
    assert pickup({"pickup_time": _window(start_hours=-10)})[0].startswith("pickup_time.latest:")
    assert pickup({"pickup_time": _window(start_hours=24 * 40)})[0].startswith(
        "pickup_time.earliest:"
    )
    assert pickup({"pickup_time": _window(start_hours=-48, length_hours=60)})[0].startswith(
        "pickup_time.earliest:"
    )
    assert pickup({"pickup_time": _window(length_hours=24 * 8)})[0].startswith(
        "pickup_time.latest:"
    )
    # starting a little in the past is fine: "from now on until tonight"
    started = _window(start_hours=-1, length_hours=5)
    assert (
        sandbox.post(
            "/v1/pickup_requests", json={"carrier": "ups", "pickup_time": started}
        ).status_code
        == 200
    )
    no_offset = {"earliest": "2030-01-01T09:00:00", "latest": "2030-01-01T12:00:00"}
    assert pickup({"pickup_time": no_offset})[0].startswith("pickup_time.earliest:")
    assert pickup({"pickup_time": _window(), "extra": 1})[0].startswith("extra:")


def test_isolation_and_errors(local_service: RunningService, sandbox: httpx.Client) -> None:
    shipment = create_shipment(sandbox, carrier="ups")
    pickup = _pickup(sandbox, carrier="ups", shipments=[{"id": shipment["id"]}]).json()
    other = add_account(local_service, "pickups-stranger@example.com")
    with local_service.client(other["sandbox_key"]) as stranger:
        assert stranger.get(f"/v1/pickup_requests/{pickup['id']}").status_code == 404
        assert pickup["id"] not in str(stranger.get("/v1/pickup_requests").json())
        # someone else's shipment is unknown to them
        foreign = _pickup(stranger, carrier="ups", shipments=[{"id": shipment["id"]}])
        assert _errors(foreign)[0].startswith("shipments[0].id:")
    with local_service.client("live") as live:
        assert live.get(f"/v1/pickup_requests/{pickup['id']}").status_code == 404
    assert sandbox.get("/v1/pickup_requests/unknown").status_code == 404
    with local_service.client(None) as anonymous:
        assert anonymous.get("/v1/pickup_requests").status_code == 401
    not_json = sandbox.post(
        "/v1/pickup_requests", content=b"carrier=ups", headers={"Content-Type": "text/plain"}
    )
    assert not_json.status_code == 415
    malformed = sandbox.post(
        "/v1/pickup_requests", content=b"[", headers={"Content-Type": "application/json"}
    )
    assert malformed.status_code == 400
