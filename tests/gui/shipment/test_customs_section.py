"""The shipment form's customs section: there when the destination needs a declaration (by
country and postcode), what it sends, the documents it announces, and the rules' messages
under its fields. The presenter is tested without a window."""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from desktop_app.domain.customs import CN23, COMMERCIAL_INVOICE
from desktop_app.domain.samples import sample_sender
from desktop_app.gui.shipment.customs_presenter import (
    ItemRow,
    customs_view,
    declaration,
    document_names,
)
from desktop_app.gui.shipment.drafts import form_snapshot, restore_snapshot
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.gui.shipment.partials.customs_section import CustomsSectionWidget
from tests.gui.shipment_desk import fill_valid, shown, type_into

SOCKS = ItemRow("Wool socks", "611595", "PT", 2, 24, 0.2)


def draft(country: str, zip_code: str, carrier: str = "dhl") -> dict[str, object]:
    receiver = {"country": country, "zip_code": zip_code}
    return {"carrier": carrier, "from": sample_sender(), "to": receiver}


def test_the_presenter_decides_by_country_and_postcode() -> None:
    assert not customs_view(draft("AT", "1010"), [SOCKS]).needed
    assert not customs_view(draft("DE", "10115"), [SOCKS]).needed
    helgoland = customs_view(draft("DE", "27498"), [SOCKS])
    assert helgoland.needed and helgoland.items_total == 24
    assert document_names(helgoland) == [(CN23, 2), (COMMERCIAL_INVOICE, 1)]
    letter = draft("CH", "8001", "dpag")
    assert not customs_view(letter, [SOCKS]).cn22_on_label  # no value yet: the CN 23 side
    letter["customs_declaration"] = declaration("gift", "EUR", {}, [SOCKS])
    warenpost = customs_view(letter, [SOCKS])
    assert warenpost.cn22_on_label
    assert document_names(warenpost) == [(COMMERCIAL_INVOICE, 1)]  # the Swiss invoice


def test_the_declaration_on_the_wire() -> None:
    texts = {"contents_explanation": "Socks", "exporter_reference": None}
    body = declaration("commercial_goods", "EUR", texts, [SOCKS, ItemRow()])
    assert body == {
        "contents_type": "commercial_goods",
        "currency": "EUR",
        "total_value_amount": 24.0,
        "contents_explanation": "Socks",
        "items": [
            {
                "description": "Wool socks",
                "hs_tariff_number": "611595",
                "origin_country": "PT",
                "quantity": 2,
                "value_amount": "24.00",
                "net_weight": 0.2,
            }
        ],
    }


async def test_the_section_appears_for_zurich_and_goes_for_austria(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    form = shipment_page.form
    fill_valid(qtbot, form)
    assert form.customs.isHidden() and form.problems == []
    type_into(qtbot, form.receiver.fields["country"].editor, "CH")
    type_into(qtbot, form.receiver.fields["zip_code"].editor, "8001")
    assert not form.customs.isHidden()
    assert "CN 23 ×2" in form.customs.documents.text()
    row = form.customs.rows[0]
    for name, text in {
        "description": "Wool socks",
        "hs_tariff_number": "611595",
        "origin_country": "PT",
        "quantity": "2",
        "value_amount": "24,00",
        "net_weight": "0,2",
    }.items():
        type_into(qtbot, row[name].editor, text)
    type_into(qtbot, form.customs.texts["contents_explanation"].editor, "Socks")
    assert form.problems == []
    assert form.draft()["customs_declaration"]["total_value_amount"] == 24.0
    assert "24" in form.customs.total.text()
    type_into(qtbot, row["description"].editor, "Gift")
    assert shown(form, "customs_declaration.items[0].description") == [
        "Customs refuse “Gift” alone: say what the item is and what it is made of, e.g. "
        "“cotton T-shirt”."
    ]
    type_into(qtbot, form.receiver.fields["country"].editor, "AT")
    type_into(qtbot, form.receiver.fields["zip_code"].editor, "1010")
    assert form.customs.isHidden()
    assert "customs_declaration" not in form.draft() and form.problems == []


async def test_what_is_typed_in_the_section_survives_in_the_draft(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    form = shipment_page.form
    fill_valid(qtbot, form)
    type_into(qtbot, form.receiver.fields["country"].editor, "CH")
    type_into(qtbot, form.receiver.fields["zip_code"].editor, "8001")
    form.customs.add_row()
    for index, description in ((0, "Wool socks"), (2, "Cotton scarf")):
        type_into(qtbot, form.customs.rows[index]["description"].editor, description)
    type_into(qtbot, form.customs.rows[2]["value_amount"].editor, "12,5")  # half-typed too
    type_into(qtbot, form.customs.texts["exporter_reference"].editor, "CHE-123.456.789 MWST")
    draft = form_snapshot(form)
    form.reset_for_next()
    assert form.customs.rows[0]["description"].text() == ""
    assert restore_snapshot(form, draft)
    assert not form.customs.isHidden()
    texts = [row["description"].text() for row in form.customs.rows]
    assert texts == ["Wool socks", "", "Cotton scarf"]
    assert form.customs.rows[2]["value_amount"].text() == "12,5"
    assert form.customs.texts["exporter_reference"].text() == "CHE-123.456.789 MWST"


def test_the_section_makes_its_fields_after_a_turn_of_the_loop(qtbot: QtBot) -> None:
    """Hidden until a destination needs it, the section makes its fields after the window's
    first paint (the next turn of the loop), not while the first window waits."""
    section = CustomsSectionWidget()
    qtbot.addWidget(section)
    assert section.findChildren(QLineEdit) == []  # nothing made in the constructor
    assert section.item_rows() == [ItemRow(), ItemRow()]  # as two empty rows read
    qtbot.waitUntil(lambda: len(section.findChildren(QLineEdit)) > 0)
    assert len(section.rows) == 2 and section.currency.text() == "EUR"


def test_the_section_asked_or_needed_before_that_turn_is_made_at_once(qtbot: QtBot) -> None:
    asked = CustomsSectionWidget()
    qtbot.addWidget(asked)
    assert len(asked.rows) == 2 and asked.findChildren(QLineEdit)  # made by being asked
    needed = CustomsSectionWidget()
    qtbot.addWidget(needed)
    assert needed.follow(draft("CH", "8001"))  # needed: shown, with its fields
    assert needed.findChildren(QLineEdit) and not needed.isHidden()
    assert needed.documents.text()  # what is printed for customs, said at once
    fields: dict[str, object] = {}
    body: dict[str, object] = {}
    needed.collect(body, fields)
    assert "customs_declaration" in body and "customs_declaration.currency" in fields
