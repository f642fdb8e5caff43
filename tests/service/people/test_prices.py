"""Price fields are left out for a caller without the prices right (packers, supervisors), on
every resource that has them, in single answers and lists; an admin and the account key see
them as before."""

from __future__ import annotations

from typing import Any

from tests.payloads import shipment
from tests.service.api.test_orders import order
from tests.service.people.warehouse import Warehouse

PRICE_FIELDS = {
    "price",
    "gross_price",
    "total_price",
    "vat",
    "total_vat",
    "refund_deduction_amount",
}


def _keys(value: Any) -> set[str]:
    """Every key at any depth."""
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for item in value for k in _keys(item)}
    return set()


def test_shipment_prices_by_right(warehouse: Warehouse) -> None:
    with warehouse.person_client("Ana") as ana:
        made = ana.post("/v1/shipments", json=shipment(reference_number="PRICE-1"))
        assert made.status_code == 200
        shipment_id = made.json()["id"]
        assert not _keys(made.json()) & PRICE_FIELDS
        assert not _keys(ana.get(f"/v1/shipments/{shipment_id}").json()) & PRICE_FIELDS
        assert not _keys(ana.get("/v1/shipments").json()) & PRICE_FIELDS
        # everything else is there
        assert ana.get(f"/v1/shipments/{shipment_id}").json()["reference_number"] == "PRICE-1"
    with warehouse.person_client("Ben") as ben:
        assert "price" not in ben.get(f"/v1/shipments/{shipment_id}").json()
    with warehouse.person_client("Cleo") as cleo:
        assert "price" in cleo.get(f"/v1/shipments/{shipment_id}").json()
        assert "price" in cleo.get("/v1/shipments").json()["shipments"][0]
    with warehouse.service.client("sandbox") as account:
        assert "price" in account.get(f"/v1/shipments/{shipment_id}").json()


def test_order_prices_by_right(warehouse: Warehouse) -> None:
    with warehouse.person_client("Ana") as ana:
        made = ana.post("/v1/orders", json=order(external_order_id="PRICE-ORDER-1"))
        assert made.status_code == 200, made.text
        order_id = made.json()["id"]
        for answer in (made, ana.get(f"/v1/orders/{order_id}"), ana.get("/v1/orders")):
            assert not _keys(answer.json()) & PRICE_FIELDS
        lines = ana.get(f"/v1/orders/{order_id}").json()["order_line_items"]
        assert [line["sku"] for line in lines] == ["656006", "655999"]
        assert [line["quantity"] for line in lines] == [1, 2]
    with warehouse.person_client("Cleo") as cleo:
        full = cleo.get(f"/v1/orders/{order_id}").json()
        assert full["total_price"] == 186.85 and full["total_vat"] == 29.83
        assert [line["price"] for line in full["order_line_items"]] == [89.95, 48.45]
