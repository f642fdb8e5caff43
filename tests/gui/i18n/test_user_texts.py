"""Texts a person reads: problems and service errors name fields by their labels, never by
wire paths; examples in placeholders are valid values."""

from __future__ import annotations

import json
import re

from pytestqt.qtbot import QtBot

from desktop_app.domain.rules import validate, validate_address
from desktop_app.domain.rules.problems import Problem
from desktop_app.gui.widgets.address_form import PARTNER, AddressFormWidget
from desktop_app.gui.widgets.problems import field_label, message_text, problem_text


def test_paths_read_as_the_forms_labels() -> None:
    assert field_label("to.partner_id") == "Receiver › Partner id"
    assert field_label("from.street_no") == "Sender › House number"
    assert field_label("package.weight") == "Package › Weight"
    assert field_label("packages[1].weight") == "Package 2 › Weight"
    assert field_label("additional_services[0].properties.amount") == "Add-on 1 › Amount"
    assert field_label("pickup_time.latest") == "Pickup time › Latest"
    # an unknown key still reads as words, not as code
    assert field_label("to.pickup_spot") == "Receiver › Pickup spot"


def test_problems_and_service_messages() -> None:
    assert problem_text(Problem("to.zip_code", "x", "Enter the postcode.")) == (
        "Receiver › Postcode: Enter the postcode."
    )
    assert problem_text(Problem("", "x", "Choose a carrier.")) == "Choose a carrier."
    assert message_text("to.partner_id: No such user.") == "Receiver › Partner id: No such user."
    # a sentence that only looks like a path is left alone
    assert message_text("dhl: the carrier is down") == "dhl: the carrier is down"
    assert message_text("Carrier dhl: down") == "Carrier dhl: down"


def test_no_rule_message_of_a_shipment_shows_a_path() -> None:
    """Every problem of an empty parcel-point shipment reads without a dotted path."""
    problems = validate({"carrier": "dhl", "to": {"partner_id": "x"}, "package": {}})
    assert problems
    for p in problems:
        text = problem_text(p)
        assert p.path not in text or "." not in p.path, text


def test_parcel_point_example_is_a_known_partner(qtbot: QtBot) -> None:
    """The partner id field's example is one the partner directory knows (and the rules take)."""
    from desktop_app.resources import resource_path

    form = AddressFormWidget("to", with_modes=True)
    qtbot.addWidget(form)
    form.set_mode(PARTNER)
    hint = form.fields["partner_id"].editor.placeholderText()
    example = re.search(r"\b[A-Z0-9]{7}\b", hint)
    assert example is not None, hint
    partners = json.loads(resource_path("partners.json").read_text(encoding="utf-8"))["partners"]
    assert example.group(0) in partners
    assert validate_address({"partner_id": example.group(0)}) == []


def test_filled_in_fields_show_the_beginning_of_their_text(qtbot: QtBot) -> None:
    """A field filled by the app (default country, a restored or picked address) shows its
    text's beginning in a narrow column: "Deutschland", not "eutschland"."""
    form = AddressFormWidget("to")
    qtbot.addWidget(form)
    country = form.editor("country")
    assert country.text() and country.cursorPosition() == 0
    form.set_address({"street": "Bürgermeister-Smidt-Straße", "city": "Bremen", "country": "AT"})
    for name in ("street", "city", "country"):
        assert form.editor(name).text() and form.editor(name).cursorPosition() == 0, name
