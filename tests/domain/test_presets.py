"""Shipping presets: chosen by country, weight, value and item count; applied to what a draft
leaves out; the defaults make valid shipments."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from desktop_app.domain.presets import (
    ShippingPreset,
    apply_preset,
    choose_preset,
    default_presets,
    facts_of_draft,
    presets_from_json,
    presets_to_json,
    validate_preset,
)
from desktop_app.domain.rules import validate
from desktop_app.domain.samples import sample_receiver, sample_sender


def _draft(country: str, weight: float, zip_code: str = "10115") -> dict:
    to = {**sample_receiver(), "country": country, "zip_code": zip_code}
    return {"from": sample_sender(), "to": to, "package": {"weight": weight}}


@pytest.mark.parametrize(
    ("country", "weight", "name", "carrier", "length"),
    [
        ("DE", 0.5, "Germany, small box (up to 2 kg)", "dhl", 25),
        ("DE", 2.0, "Germany, small box (up to 2 kg)", "dhl", 25),
        ("DE", 2.01, "Germany, medium box (up to 10 kg)", "dhl", 40),
        ("DE", 31.5, "Germany, large box (up to 31.5 kg)", "dhl", 60),
        ("AT", 3.0, "Abroad (up to 31.5 kg)", "dhl", 40),
        ("DE", 40.0, "Heavy parcel (UPS, up to 70 kg)", "ups", 80),
        ("NL", 69.0, "Heavy parcel (UPS, up to 70 kg)", "ups", 80),
    ],
)
def test_default_presets_by_country_and_weight(
    country: str, weight: float, name: str, carrier: str, length: float
) -> None:
    draft = _draft(country, weight, {"AT": "1010", "NL": "1012 AB"}.get(country, "10115"))
    preset = choose_preset(default_presets(), facts_of_draft(draft))
    assert preset is not None and preset.name == name
    shipment = apply_preset(draft, preset)
    assert shipment["carrier"] == carrier and shipment["service"] == "standard"
    assert shipment["package"]["length"] == length and shipment["package"]["type"] == "parcel"
    assert shipment["package"]["weight"] == weight  # the order's own weight stays
    assert validate(shipment) == []  # every default preset makes a valid shipment


def test_no_preset_fits_beyond_every_limit_or_without_weight() -> None:
    assert choose_preset(default_presets(), facts_of_draft(_draft("DE", 80))) is None
    assert choose_preset(default_presets(), facts_of_draft({"to": {"country": "DE"}})) is None


def test_value_and_item_count_conditions_and_add_ons() -> None:
    presets = presets_from_json(
        [
            {
                "name": "Valuable",
                "when": [{"field": "order.value", "op": "gt", "value": 500}],
                "carrier": "dpd",
                "service": "one_day",
                "label_format": "pdf_a6",
                "additional_services": {"advance_notice": {"email": "a@example.com"}},
            },
            {
                "name": "Many items",
                "when": [{"field": "order.item_count", "op": "gte", "value": 5}],
                "carrier": "hermes",
                "package": {"type": "parcel", "length": 50, "width": 40, "height": 30},
            },
            {"name": "Anything else", "carrier": "dhl"},
        ]
    )
    draft = _draft("DE", 1)
    assert choose_preset(presets, facts_of_draft(draft, value=501, item_count=9)).name == "Valuable"
    assert choose_preset(presets, facts_of_draft(draft, value=500, item_count=5)).name == (
        "Many items"
    )
    assert choose_preset(presets, facts_of_draft(draft)).name == "Anything else"
    applied = apply_preset(draft, presets[0])
    assert applied["label"] == {"format": "pdf_a6"}
    assert applied["additional_services"] == [
        {"name": "advance_notice", "properties": {"email": "a@example.com"}}
    ]
    assert presets_from_json(presets_to_json(presets)) == presets


def test_apply_fills_only_what_the_draft_leaves_out() -> None:
    preset = default_presets()[0]
    given = {
        **_draft("DE", 1),
        "carrier": "dpd",
        "package": {"weight": 1, "length": 33, "width": 22, "height": 11},
    }
    applied = apply_preset(given, preset)
    assert applied["carrier"] == "dpd" and "service" not in applied  # not DHL's service
    assert applied["package"] == {
        "weight": 1,
        "length": 33,
        "width": 22,
        "height": 11,
        "type": "parcel",
    }
    same_carrier = apply_preset({**_draft("DE", 1), "carrier": "dhl"}, preset)
    assert same_carrier["service"] == "standard"
    several = apply_preset({**_draft("DE", 1), "packages": [{"weight": 1}, {"weight": 2}]}, preset)
    assert [p["length"] for p in several["packages"]] == [25, 25]
    assert given["package"]["length"] == 33 and "type" not in given["package"]  # not changed


def test_invalid_presets_are_refused() -> None:
    with pytest.raises(ValidationError):
        presets_from_json([{"name": "x", "carrier": "dhl", "when": [{"field": "to.city"}]}])
    with pytest.raises(ValidationError):
        ShippingPreset.model_validate({"name": "", "carrier": "dhl"})


def test_validate_preset_checks_conditions_and_what_it_sets() -> None:
    assert all(validate_preset(p) == [] for p in presets_to_json(default_presets()))
    valuable = {
        "name": "Valuable",
        "when": [{"field": "order.value", "op": "gt", "value": 500}],
        "carrier": "dpd",
        "service": "one_day",
        "package": {"type": "parcel", "length": 30, "width": 20, "height": 10},
        "additional_services": {"advance_notice": {"email": "a@example.com"}},
    }
    (missing,) = validate_preset(valuable)  # as the service would refuse its shipments
    assert (missing.path, missing.code) == (
        "additional_services[0].properties.language",
        "required",
    )
    valuable["additional_services"]["advance_notice"]["language"] = "de"
    assert validate_preset(valuable) == []
    bad = {
        "name": "",
        "when": [
            {"field": "order.value", "op": "gt", "value": "much"},
            {"field": "to.country", "op": "in", "value": ["AT", "XX"]},
            {"field": "to.city", "op": "eq", "value": "Wien"},
        ],
        "carrier": "dhl",
        "service": "one_day",
        "package": {"type": "crate", "length": 30, "width": 20, "height": 10},
        "label_format": "pdf_letter_x",
        "additional_services": {"saturday_delivery": {}, "gift_wrap": {}},
    }
    found = {(p.path, p.code) for p in validate_preset(bad)}
    assert found == {
        ("name", "required"),
        ("when[0].value", "invalid_rule_value"),
        ("when[1].value", "invalid_rule_value"),
        ("when[2].field", "invalid_rule_field"),
        ("service", "service_not_offered"),
        ("package.type", "invalid_package_type"),
        ("label_format", "invalid_label_format"),
        ("additional_services[1].name", "unknown_additional_service"),
        ("additional_services[0].name", "additional_service_not_allowed"),  # not by DHL
    }, found
    assert validate_preset([]) and validate_preset({"name": "x", "carrier": "nope"})[0].code == (
        "unknown_carrier"
    )
