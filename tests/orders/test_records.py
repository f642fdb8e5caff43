"""Orders given field by field (a shop's API, `OrderRecord.of_receiver`) are read by the import
engine as the same orders a file gives: no platform's export columns in between."""

from __future__ import annotations

from desktop_app.orders.engine import orders_from_records
from desktop_app.orders.records import RECEIVER_TARGETS, OrderItem, OrderRecord, Receiver
from desktop_app.orders.service_orders import drafts_of


def test_a_receiver_given_field_by_field_becomes_the_orders_delivery_address() -> None:
    receiver = Receiver(
        name="Erika Mustermann", company="", street="Hauptstr. 5a", care_of="2. OG",
        zip_code="10115", city="Berlin", state="BE", country="DE", email="erika@example.com",
        phone="+49 30 1234567",
    )  # fmt: skip
    items = [OrderItem(sku="MUG-1", title="Tasse", quantity=2.0, price=12.5, currency="EUR")]
    record = OrderRecord.of_receiver(" #1001 ", receiver, items, placed_at="2026-11-27T10:00:00Z")
    assert record.number == "#1001" and record.receiver() == receiver
    assert set(record.cells) <= set(RECEIVER_TARGETS)

    orders = orders_from_records([record], source="Shopify My shop")
    (order,) = drafts_of(orders)

    assert order.valid, order.problems
    assert order.external_order_id == "#1001"
    assert order.draft["placed_at"].startswith("2026-11-27T10:00:00")
    assert order.draft["delivery_address"] == {
        "first_name": "Erika", "last_name": "Mustermann", "street": "Hauptstr.",
        "street_no": "5a", "care_of": "2. OG", "zip_code": "10115", "city": "Berlin",
        "state": "BE", "country": "DE", "email": "erika@example.com", "phone": "+49 30 1234567",
    }  # fmt: skip
    assert order.draft["total_price"] == 25.0


def test_a_receiver_missing_a_required_field_is_said_at_that_field() -> None:
    receiver = Receiver(first_name="Max", last_name="Muster", street="Ring 1", city="Wien",
                        country="AT")  # fmt: skip
    record = OrderRecord.of_receiver("A-7", receiver, [OrderItem(sku="X", quantity=1.0)])

    (order,) = drafts_of(orders_from_records([record], source="WooCommerce Woo"))

    assert not order.valid
    assert any(p.path == "delivery_address.zip_code" for p in order.problems), order.problems
