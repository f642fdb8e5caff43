"""A shipment draft as plain JSON without a window: written and read back the same, a draft
of another version not read, damaged parts left out instead of breaking the form."""

from __future__ import annotations

import json

from desktop_app.gui.shipment.draft_snapshot import (
    SNAPSHOT_VERSION,
    AddressSnapshot,
    CustomsSnapshot,
    ShipmentSnapshot,
)
from desktop_app.gui.widgets.address_form import LOCKER_STATION

DRAFT = ShipmentSnapshot(
    receiver=AddressSnapshot(
        LOCKER_STATION, {"care_of": "12345678", "street_no": "15", "city": ""}
    ),
    sender=AddressSnapshot("address", {"company": "Laden am Eck"}),
    carrier="dhl",
    service="standard",
    packages=[{"weight": 1.5}, {"weight": None, "length": 30}],
    add_ons=[{"name": "cash_on_delivery", "channel": "email", "texts": {"amount": "49,"}}],
    reference="ORDER-4711",
    label_format="pdf_a5",
    order={"shop_name": "Laden", "order_total.currency": "EUR"},
)


def test_a_draft_comes_back_as_it_was_written() -> None:
    stored = json.loads(json.dumps(DRAFT.to_json()))  # as the profile's store keeps it
    assert stored["version"] == SNAPSHOT_VERSION
    assert stored["receiver"] == {
        "mode": LOCKER_STATION,
        "fields": {"care_of": "12345678", "street_no": "15"},  # empty fields not kept
    }
    back = ShipmentSnapshot.from_json(stored)
    assert back is not None
    assert back.receiver == AddressSnapshot(
        LOCKER_STATION, {"care_of": "12345678", "street_no": "15"}
    )
    assert (back.sender, back.carrier, back.service) == (DRAFT.sender, "dhl", "standard")
    assert back.packages == DRAFT.packages and back.add_ons == DRAFT.add_ons
    assert (back.reference, back.label_format, back.order) == (
        "ORDER-4711",
        "pdf_a5",
        DRAFT.order,
    )
    empty = ShipmentSnapshot.from_json(ShipmentSnapshot().to_json())
    assert empty == ShipmentSnapshot()  # nothing typed: nothing comes back


def test_a_draft_of_another_version_is_not_read() -> None:
    assert ShipmentSnapshot.from_json({**DRAFT.to_json(), "version": SNAPSHOT_VERSION + 1}) is None
    assert ShipmentSnapshot.from_json({"receiver": {}}) is None
    assert ShipmentSnapshot.from_json(["version", 1]) is None


def test_damaged_parts_are_left_out() -> None:
    data = {
        "version": SNAPSHOT_VERSION,
        "receiver": "Erika",
        "sender": {"mode": 3, "fields": {"company": "Laden", "zip_code": 4109, "city": None}},
        "carrier": ["dhl"],
        "service": "",
        "packages": [{"weight": 2}, "big", None],
        "add_ons": {"name": "cash_on_delivery"},
        "reference": None,
        "label_format": 7,
        "order": "yes",
    }
    back = ShipmentSnapshot.from_json(data)
    assert back is not None
    assert back.receiver is None
    assert back.sender == AddressSnapshot(None, {"company": "Laden"})
    assert (back.carrier, back.service, back.label_format) == (None, None, None)
    assert back.packages == [{"weight": 2}]
    assert back.add_ons == [] and back.reference == "" and back.order is None
    # a draft written before the add-ons were kept reads as none ticked
    old = DRAFT.to_json()
    del old["add_ons"]
    read = ShipmentSnapshot.from_json(old)
    assert read is not None and read.add_ons == [] and read.reference == "ORDER-4711"


def test_the_customs_section_is_kept_and_a_damaged_one_read_as_far_as_it_goes() -> None:
    customs = CustomsSnapshot(
        "gift", "EUR", {"contents_explanation": "Socks", "exporter_reference": ""},
        [{"description": "Wool socks", "quantity": "2", "value_amount": "24,"}, {}, {}],
    )  # fmt: skip
    stored = json.loads(json.dumps(ShipmentSnapshot(customs=customs).to_json()))
    assert stored["customs"] == {
        "contents": "gift",
        "currency": "EUR",
        "texts": {"contents_explanation": "Socks"},
        "rows": [{"description": "Wool socks", "quantity": "2", "value_amount": "24,"}],
    }
    back = ShipmentSnapshot.from_json(stored)
    assert back is not None and back.customs is not None
    assert back.customs.rows == [stored["customs"]["rows"][0]]
    damaged = {"contents": 3, "texts": ["x"], "rows": [{"quantity": 2, "description": "Tea"}, 7]}
    read = ShipmentSnapshot.from_json({**stored, "customs": damaged})
    assert read is not None
    assert read.customs == CustomsSnapshot(None, None, {}, [{"description": "Tea"}, {}])
    old = DRAFT.to_json()  # a draft from before the customs section was kept
    read = ShipmentSnapshot.from_json(old)
    assert read is not None and read.customs is None
