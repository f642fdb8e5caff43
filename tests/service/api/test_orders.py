"""`/v1/orders` end to end over HTTPS: create, list (bare array), each filter, get, delete, the
order rules, and isolation between accounts and environments."""

from __future__ import annotations

import copy
import datetime as dt
import uuid
from typing import Any

import httpx

from tests.fixtures.service import RunningService
from tests.payloads import RECEIVER

ORDER: dict[str, Any] = {
    "placed_at": "2025-01-12T13:39:03+01:00",
    "external_order_id": "8709500.00.01",
    "external_customer_id": "27597435",
    "total_price": 186.85,
    "total_vat": 29.83,
    "currency": "EUR",
    "total_weight": 0.9,
    "weight_unit": "kg",
    "delivery_address": dict(RECEIVER),
    "order_line_items": [
        {
            "sku": "656006",
            "title": {"de": "Turnschuh", "en": "Sneaker", "fallback": "Sneaker"},
            "quantity": 1,
            "price": 89.95,
            "vat": 14.36,
            "currency": "EUR",
            "gtin": "4006381333931",
            "weight": 0.45,
            "weight_unit": "kg",
            "item_info": [
                {"name": {"de": "Farbe", "fallback": "Color"}, "value": {"fallback": "blau"}}
            ],
        },
        {
            "sku": "655999",
            "title": {"fallback": "Jeans"},
            "quantity": 2,
            "price": 48.45,
            "vat": 7.735,
            "currency": "EUR",
        },
    ],
}


def order(**changes: Any) -> dict[str, Any]:
    body = copy.deepcopy(ORDER)
    body.update(changes)
    return body


def _post(client: httpx.Client, body: dict[str, Any]) -> dict[str, Any]:
    response = client.post("/v1/orders", json=body)
    assert response.status_code == 200, response.text
    return response.json()


def _ids(client: httpx.Client, **params: str) -> list[str]:
    response = client.get("/v1/orders", params=params)
    assert response.status_code == 200, response.text
    assert isinstance(response.json(), list)  # a bare array, as the real service
    return [o["id"] for o in response.json()]


def test_create_get_list_delete(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client:
        created = _post(client, ORDER)
        uuid.UUID(created["id"])
        assert created["external_order_id"] == "8709500.00.01"
        assert created["delivery_address"]["last_name"] == "Mustermann"
        uuid.UUID(created["delivery_address"]["id"])
        lines = created["order_line_items"]
        assert [line["sku"] for line in lines] == ["656006", "655999"]
        assert all(uuid.UUID(line["id"]) for line in lines)
        assert lines[0]["title"]["de"] == "Turnschuh" and lines[0]["gtin"] == "4006381333931"
        assert lines[0]["item_info"][0]["value"] == {"fallback": "blau"}
        # empty optional fields are left out, not null
        assert "gtin" not in lines[1] and "refundable_until" not in created
        assert None not in created.values()
        assert client.get(f"/v1/orders/{created['id']}").json() == created
        second = _post(client, order(external_order_id="B-2"))
        assert _ids(client) == [second["id"], created["id"]]  # newest first
        assert _ids(client, per_page="1", page="2") == [created["id"]]

        assert client.delete(f"/v1/orders/{created['id']}").status_code == 204
        assert client.get(f"/v1/orders/{created['id']}").status_code == 404
        assert client.delete(f"/v1/orders/{created['id']}").status_code == 404
        assert _ids(client) == [second["id"]]


def test_each_filter(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client:
        first = _post(client, order(external_order_id="F-1", external_customer_id="C-1"))
        second = _post(client, order(external_order_id="F-2", external_customer_id="C-1"))
        third = _post(client, order(external_order_id="F-3", external_customer_id="C-2"))
        assert _ids(client, external_order_id="F-2") == [second["id"]]
        assert _ids(client, external_order_id=" F-2 ") == [second["id"]]  # sanitised
        assert _ids(client, external_customer_id="C-1") == [second["id"], first["id"]]
        assert _ids(client, external_order_id="F-3", external_customer_id="C-1") == []
        assert _ids(client, external_order_id="nope") == []

        created = dt.datetime.fromisoformat(second["created_at"])
        before = (created - dt.timedelta(days=1)).date().isoformat()
        after = (created + dt.timedelta(days=1)).date().isoformat()
        all_three = [third["id"], second["id"], first["id"]]
        # the OpenAPI's date form
        assert _ids(client, created_at_gt=before) == all_three
        assert _ids(client, created_at_gt=after) == []
        assert _ids(client, created_at_lt=after) == all_three
        assert _ids(client, created_at_lt=before) == []
        # the shipments' form and ISO times too
        later = (created + dt.timedelta(minutes=5)).strftime("%Y%m%dT%H%MZ")
        assert _ids(client, created_at_lt=later) == all_three
        assert _ids(client, created_at_gt=later) == []
        assert _ids(client, created_at_gt=(created - dt.timedelta(hours=1)).isoformat()) == (
            all_three
        )
        bad = client.get("/v1/orders", params={"created_at_gt": "yesterday"})
        assert bad.status_code == 422 and bad.json()["errors"][0].startswith("created_at_gt:")


def test_order_rules(sandbox: httpx.Client) -> None:
    def errors(body: dict[str, Any]) -> list[str]:
        response = sandbox.post("/v1/orders", json=body)
        assert response.status_code == 422, response.text
        return response.json()["errors"]

    line = ORDER["order_line_items"][0]
    no_contact = {k: v for k, v in RECEIVER.items() if k not in ("first_name", "last_name")}
    cases: list[tuple[dict[str, Any], str]] = [
        (order(currency="CHF"), "currency:"),
        ({k: v for k, v in ORDER.items() if k != "total_price"}, "total_price:"),
        (order(order_line_items=[]), "order_line_items:"),
        (order(delivery_address=no_contact), "delivery_address.last_name:"),
        (order(delivery_address={**RECEIVER, "zip_code": ""}), "delivery_address.zip_code:"),
        (order(order_line_items=[{**line, "quantity": 0}]), "order_line_items[0].quantity:"),
        (order(order_line_items=[{**line, "quantity": -2}]), "order_line_items[0].quantity:"),
        (order(order_line_items=[{**line, "weight": -1}]), "order_line_items[0].weight:"),
        (order(order_line_items=[{**line, "weight_unit": "lb"}]), "order_line_items[0].weight_u"),
        (order(order_line_items=[{**line, "gtin": "12345"}]), "order_line_items[0].gtin:"),
        (order(order_line_items=[{**line, "title": {"de": "x"}}]), "order_line_items[0].title"),
        (order(order_line_items=[{**line, "sku": ""}]), "order_line_items[0].sku:"),
        (order(total_weight=1.0, weight_unit=None), "weight_unit:"),
        (order(placed_at="last tuesday"), "placed_at:"),
        (order(shoe_size=44), "shoe_size: unknown field"),
    ]
    for body, expected in cases:
        found = errors(body)
        assert any(m.startswith(expected) for m in found), (expected, found)


def test_isolation_between_accounts_and_environments(local_service: RunningService) -> None:
    a, b = local_service.add_account(), local_service.add_account()
    with (
        local_service.client(a["sandbox_key"]) as a_sandbox,
        local_service.client(a["live_key"]) as a_live,
        local_service.client(b["sandbox_key"]) as b_sandbox,
    ):
        mine = _post(a_sandbox, order(external_order_id="ISO-1"))
        for other in (b_sandbox, a_live):
            assert other.get(f"/v1/orders/{mine['id']}").status_code == 404
            assert other.delete(f"/v1/orders/{mine['id']}").status_code == 404
            assert other.get("/v1/orders").json() == []
            assert other.get("/v1/orders", params={"external_order_id": "ISO-1"}).json() == []
        assert a_sandbox.get(f"/v1/orders/{mine['id']}").status_code == 200
