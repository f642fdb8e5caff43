"""The shipment form's decisions without a window: which problem shows under which field
(and when), the receiver modes' problems, the request built from the form's parts, the
label format list. Real domain rules, real `Field` records (no editors, no labels)."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.catalog import load_catalog
from desktop_app.gui.shipment.label_formats import format_choices
from desktop_app.gui.shipment.receiver_modes import (
    mode_not_offered,
    mode_problems,
    receiver_has_input,
)
from desktop_app.gui.shipment.request import build_draft, order_metadata, request_body
from desktop_app.gui.shipment.validation import FormValidation, parent_path, section_of, spot_for
from desktop_app.gui.widgets.address_form import ADDRESS, LOCKER_STATION, PARTNER
from desktop_app.gui.widgets.fields import Field
from tests.gui.app_context import shipment_request


def _fields(*paths: str) -> dict[str, Field]:
    return {p: Field(p.rsplit(".", 1)[-1], None, None) for p in paths}  # type: ignore[arg-type]


def _check(validation: FormValidation, draft: dict[str, Any], **kw: Any) -> list[str]:
    options = {"receiver_mode": ADDRESS, "label_format": "pdf_a6", **kw}
    return [p.path for p in validation.check(draft, **options)]


def test_paths_find_their_field_or_the_nearest_enclosing_one() -> None:
    assert parent_path("packages[1].weight") == "packages[1]"
    assert parent_path("packages[1]") == "packages"
    assert parent_path("to") == ""
    assert section_of("packages[1].weight") == "packages[1]"
    fields = _fields("to.street", "additional_services")
    assert spot_for(fields, "to.street") is fields["to.street"]
    assert (
        spot_for(fields, "additional_services[0].properties.email")
        is (fields["additional_services"])
    )
    assert spot_for(fields, "from.city") is None


def test_a_missing_value_waits_until_its_section_is_touched() -> None:
    validation = FormValidation()
    draft = shipment_request()
    del draft["to"]["street"]
    assert _check(validation, draft) == ["to.street"]
    fields = _fields("to.street", "to.first_name", "package.weight")
    placed = validation.placement(fields)
    assert placed.messages == {} and placed.unplaced == []  # nobody reached the receiver yet
    fields["to.first_name"].touched = True  # the user typed in the receiver section
    placed = validation.placement(fields)
    assert placed.messages == {id(fields["to.street"]): ["Enter the street."]}
    assert placed.spots[id(fields["to.street"])] is fields["to.street"]
    fields["to.first_name"].touched = False
    validation.show_all = True  # "Show every problem"
    assert validation.placement(fields).messages == {id(fields["to.street"]): ["Enter the street."]}


def test_a_wrong_value_shows_at_once_and_a_fieldless_one_in_the_message_area() -> None:
    validation = FormValidation()
    draft = shipment_request()
    draft["to"]["zip_code"] = "1234"
    assert _check(validation, draft) == ["to.zip_code"]
    fields = _fields("to.zip_code")
    placed = validation.placement(fields)  # untouched, but wrong: shown
    assert placed.messages == {
        id(fields["to.zip_code"]): ["A postcode in Germany has 5 digits, e.g. 10115."]
    }
    placed = validation.placement({})  # no field for it: the message area, named by label
    assert placed.messages == {}
    assert len(placed.unplaced) == 1 and "Postcode" in placed.unplaced[0]


def test_the_services_answer_shows_until_the_next_shipment() -> None:
    validation = FormValidation()
    assert _check(validation, shipment_request()) == []
    validation.set_server_errors({"to.city": ["Unknown city."]}, ["Try again later."])
    assert validation.count == 2
    assert validation.first_paths() == ["to.city", ""]
    fields = _fields("to.city")  # untouched: the service's word shows anyway
    placed = validation.placement(fields)
    assert placed.messages == {id(fields["to.city"]): ["Unknown city."]}
    assert placed.unplaced == ["Try again later."]
    validation.show_all = True
    validation.reset()
    assert validation.count == 0 and not validation.show_all


def test_partner_mode_asks_only_for_the_partner_id() -> None:
    validation = FormValidation()
    draft = shipment_request(to={"partner_id": ""})
    paths = _check(validation, draft, receiver_mode=PARTNER)
    assert paths == ["to.partner_id"]
    assert validation.problems[0].message == "Enter the partner id."
    assert (
        _check(validation, shipment_request(to={"partner_id": "1A2B3C4"}), receiver_mode=PARTNER)
        == []
    )
    # the same empty receiver in the street address mode: every missing part is named
    assert len(_check(validation, shipment_request(to={}), receiver_mode=ADDRESS)) > 1


def test_a_carrier_without_parcel_points_is_named_in_partner_mode() -> None:
    catalog = load_catalog()
    [problem] = mode_not_offered(PARTNER, catalog.carriers["dpd"])
    assert (problem.path, problem.code) == ("to.partner_id", "partner_not_offered")
    assert problem.message == "DPD does not deliver to workplace parcel points."
    assert mode_not_offered(PARTNER, catalog.carriers["dhl"]) == []
    assert mode_not_offered(LOCKER_STATION, catalog.carriers["dpd"]) == []
    validation = FormValidation()
    draft = shipment_request(carrier="dpd", to={"partner_id": "1A2B3C4"})
    assert "to.partner_id" in _check(validation, draft, receiver_mode=PARTNER)


def test_mode_problems_keep_other_modes_as_they_are() -> None:
    validation = FormValidation()
    _check(validation, shipment_request(to={}))
    problems = validation.problems
    assert mode_problems(problems, ADDRESS, {}) == problems
    assert mode_problems(problems, PARTNER, {"partner_id": "1A2B3C4"}) == problems
    assert [p.path for p in mode_problems(problems, PARTNER, {})] == ["to.partner_id"]


def test_no_label_format_is_a_problem_with_the_printers_reason() -> None:
    validation = FormValidation()
    draft = shipment_request()
    del draft["label"]
    _check(validation, draft, label_format=None, format_reason="The printer takes 2x1 in labels.")
    [problem] = validation.problems
    assert (problem.path, problem.message) == ("label.format", "The printer takes 2x1 in labels.")


@pytest.mark.parametrize(
    ("address", "mode", "typed"),
    [
        ({"country": "DE"}, ADDRESS, False),
        ({"country": "DE", "city": "Bonn"}, ADDRESS, True),
        ({"country": "DE", "partner_id": ""}, PARTNER, False),
        ({"partner_id": "1A2B3C4"}, PARTNER, True),
    ],
)
def test_a_receiver_is_being_typed(address: dict[str, str], mode: str, typed: bool) -> None:
    assert receiver_has_input(address, mode) is typed


class _Part:
    """A part of the form: writes its paths and names its fields."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.values = values
        self.field = Field("part", None, None)  # type: ignore[arg-type]

    def collect(self, draft: dict[str, Any], fields: dict[str, Any]) -> None:
        draft.update(self.values)
        for key in self.values:
            fields[key] = self.field


def test_the_request_is_built_from_the_parts_and_sanitised() -> None:
    carrier = _Part({"carrier": "dhl", "service": "standard"})
    receiver = _Part({"to": {"city": " Köln ", "country": "de"}})
    draft, fields = build_draft([carrier, receiver], "zpl2_4x6in_203dpi")
    assert draft == {
        "carrier": "dhl",
        "service": "standard",
        "to": {"city": " Köln ", "country": "de"},
        "label": {"format": "zpl2_4x6in_203dpi"},
        "create_shipping_label": True,
    }
    assert fields == {"carrier": carrier.field, "service": carrier.field, "to": receiver.field}
    body = request_body(draft)
    assert body["to"] == {"city": "Köln", "country": "de"}  # trimmed (the client normalises)
    assert "label" not in build_draft([carrier], None)[0]


def test_order_details_become_partner_metadata() -> None:
    texts = {"shop_name": "Laden", "order_number": None, "order_date": "2026-11-20"}
    assert order_metadata(texts, None, "EUR") == {"shop_name": "Laden", "order_date": "2026-11-20"}
    assert order_metadata({}, 59.9, "EUR") == {"order_total": {"amount": 59.9, "currency": "EUR"}}
    assert order_metadata({}, None, "EUR") == {}


def test_the_label_format_list_keeps_a_choice_by_hand() -> None:
    offered = ["pdf_a6", "pdf_a5"]
    auto = format_choices("pdf_a6", "the office printer takes A6", offered, None)
    assert auto.items == [("A6 PDF (automatic)", None), ("A6 PDF", "pdf_a6"), ("A5 PDF", "pdf_a5")]
    assert auto.index == 0 and auto.reason == "Automatic: the office printer takes A6"
    by_hand = format_choices("pdf_a6", "…", offered, "pdf_a5")
    assert by_hand.index == 2
    assert by_hand.reason == "Chosen by hand (automatic would be A6 PDF)."
    # the new carrier lacks the chosen format: it stays, flagged, so the rules can name it
    gone = format_choices(None, "no printer", ["pdf_a6"], "pdf_a5")
    assert gone.items[0] == ("(automatic) — none fits", None)
    assert gone.items[-1] == ("A5 PDF — not offered", "pdf_a5") and gone.index == 2
