"""Additional services as chosen, without a window: their wire items and the plain JSON a
draft keeps of them (malformed drafts are read as far as they make sense)."""

from __future__ import annotations

import json

from desktop_app.domain.catalog import load_catalog
from desktop_app.gui.shipment.addon_choices import (
    SMS,
    AddOnChoice,
    choices_from_snapshot,
    snapshot,
    wire_item,
)

NAMES = list(load_catalog().additional_services)


def test_wire_items_take_the_typed_details() -> None:
    notice = AddOnChoice("advance_notice", True, texts={"email": " erika@example.com"})
    # an untouched language is German, the default
    assert wire_item(notice) == {
        "name": "advance_notice",
        "properties": {"email": " erika@example.com", "language": "de"},
    }
    by_sms = AddOnChoice("advance_notice", True, SMS, {"email": "x@y.de", "sms": "+49 151 1"})
    assert wire_item(by_sms) == {"name": "advance_notice", "properties": {"sms": "+49 151 1"}}
    cod = AddOnChoice(
        "cash_on_delivery",
        True,
        texts={"amount": "49,90", "bank_account_number": "de89 3704 0044", "bank_code": ""},
    )
    assert wire_item(cod) == {
        "name": "cash_on_delivery",
        "properties": {"amount": 49.9, "currency": "EUR", "bank_account_number": "DE8937040044"},
    }
    assert wire_item(AddOnChoice("saturday_delivery", True)) == {"name": "saturday_delivery"}
    assert wire_item(AddOnChoice("drop_authorization", True, texts={"message": "  "})) == {
        "name": "drop_authorization"
    }


def test_a_snapshot_keeps_ticked_services_and_comes_back_the_same() -> None:
    chosen = [
        AddOnChoice("advance_notice", True, SMS, {"sms": "+49 151", "language": "de"}),
        AddOnChoice("cash_on_delivery", True, texts={"amount": "49,", "currency": ""}),
        AddOnChoice("drop_authorization", False, texts={"message": "Garage"}),
    ]
    data = json.loads(json.dumps(snapshot(chosen)))  # as the store keeps it
    # unticked services and texts equal to the defaults are not kept
    assert data == [
        {"name": "advance_notice", "channel": "sms", "texts": {"sms": "+49 151"}},
        {
            "name": "cash_on_delivery",
            "channel": "email",
            "texts": {"amount": "49,", "currency": ""},
        },
    ]
    back = choices_from_snapshot(data, NAMES)
    assert set(back) == set(NAMES)
    assert back["advance_notice"].checked and back["advance_notice"].channel == SMS
    assert wire_item(back["advance_notice"]) == wire_item(chosen[0])
    # an emptied currency stays empty (the rules name it), not EUR again
    assert back["cash_on_delivery"].text("currency") is None
    assert not back["drop_authorization"].checked and back["drop_authorization"].texts == {}


def test_malformed_snapshots_are_read_as_far_as_they_make_sense() -> None:
    data = [
        {"name": "no_such_service", "texts": {}},
        "advance_notice",
        {"name": "cash_on_delivery", "channel": "pigeon", "texts": {"amount": 5, "bank_name": "B"}},
    ]
    back = choices_from_snapshot(data, NAMES)
    assert "no_such_service" not in back
    assert not back["advance_notice"].checked
    cod = back["cash_on_delivery"]
    assert cod.checked and cod.channel == "email" and cod.texts == {"bank_name": "B"}
    for broken in (None, {"name": "cash_on_delivery"}, "x", 3):
        assert not any(c.checked for c in choices_from_snapshot(broken, NAMES).values())
