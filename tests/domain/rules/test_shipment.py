"""Shipment rules (`rules.shipment`): carrier and service, packages, declared value, label,
metadata, references, pickup; and what `validate` does with incomplete or garbage input."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.rules import Problem, validate
from tests.domain.rules.drafts import (
    ABROAD,
    DELETE,
    assert_fails,
    assert_passes,
    changed,
    draft,
    full_dhl_draft,
    parcel,
)

# -- passing drafts: each must give no problem ---------------------------------

SHIPMENT_PASSING: list[tuple[str, str, str, dict[str, Any]]] = [
    ("dhl base", "dhl", "standard", {}),
    ("dpd base", "dpd", "standard", {}),
    ("dpag letter", "dpag", "standard", {}),
    ("ups two packages", "ups", "standard", {}),
    ("hermes base", "hermes", "standard", {}),
    ("service defaults to standard", "dhl", "standard", {"service": DELETE}),
    ("service null is standard", "dhl", "standard", {"service": None}),
    ("dhl heaviest parcel", "dhl", "standard", {"package.weight": 31.5}),
    ("ups heaviest parcel", "ups", "standard", {"packages[0].weight": 70}),
    ("dhl longest parcel", "dhl", "standard", {"package.length": 120}),
    ("integer weight", "dhl", "standard", {"package.weight": 3}),
    ("dhl bulk without dimensions", "dhl", "standard", {"package": {"weight": 20, "type": "bulk"}}),
    (
        "dpd parcel letter",
        "dpd",
        "standard",
        {"package.type": "parcel_letter", "package.weight": 1},
    ),
    ("dpag books", "dpag", "standard", {"package.type": "books"}),
    ("dpag parcel letter", "dpag", "standard", {"package.type": "parcel_letter"}),
    ("package type defaults to parcel", "dhl", "standard", {"package.type": DELETE}),
    ("ups returns with descriptions", "ups", "returns", {}),
    ("hermes returns", "hermes", "returns", {}),
    ("dpd one_day_early", "dpd", "one_day_early", {}),
    (
        "dhl declared value",
        "dhl",
        "standard",
        {"package.declared_value": {"amount": 500.01, "currency": "EUR"}},
    ),
    ("ups zpl 300 dpi", "ups", "standard", {"label.format": "zpl2_4x6in_300dpi"}),
    ("dpag zpl", "dpag", "standard", {"label.format": "zpl2_4x6in_203dpi"}),
    ("label size A5", "dhl", "standard", {"label.size": "A5"}),
    ("no label", "dhl", "standard", {"label": DELETE, "create_shipping_label": False}),
    ("free metadata", "dhl", "standard", {"metadata": {"anything": [1, {"x": None}]}}),
    (
        "partner metadata with zero total",
        "dhl",
        "standard",
        {
            "metadata.partner": {
                "order_date": "2024-02-29",
                "order_total": {"amount": 0, "currency": "CHF"},
            }
        },
    ),
    ("ups reference of 35", "ups", "standard", {"reference_number": "r" * 35}),
    (
        "pickup in shipment",
        "ups",
        "standard",
        {
            "pickup": {
                "pickup_time": {
                    "earliest": "2024-05-03T09:00:00+02:00",
                    "latest": "2024-05-03T17:00:00Z",
                }
            }
        },
    ),
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes"),
    [pytest.param(c, s, ch, id=name) for name, c, s, ch in SHIPMENT_PASSING],
)
def test_passes(carrier: str, service: str, changes: dict[str, Any]) -> None:
    assert_passes(carrier, service, changes)


# -- failing drafts: each gives the path and code ------------------------------

SHIPMENT_FAILING: list[tuple[str, str, str, dict[str, Any], str, str]] = [
    # carrier and service (4.1.3)
    ("carrier missing", "dhl", "standard", {"carrier": DELETE}, "carrier", "required"),
    ("unknown carrier", "dhl", "standard", {"carrier": "gls"}, "carrier", "unknown_carrier"),
    ("carrier of wrong type", "dhl", "standard", {"carrier": ["dhl"]}, "carrier", "invalid_type"),
    (
        "dpag takes no returns",
        "dpag",
        "standard",
        {"service": "returns"},
        "service",
        "service_not_offered",
    ),
    (
        "hermes has no one_day",
        "hermes",
        "standard",
        {"service": "one_day"},
        "service",
        "service_not_offered",
    ),
    ("empty service", "dhl", "standard", {"service": " "}, "service", "required"),
    # packages (2.2, 4.1.2, 4.1.4)
    ("no package", "dhl", "standard", {"package": DELETE}, "package", "no_package"),
    (
        "package and packages",
        "ups",
        "standard",
        {"package": parcel()},
        "packages",
        "package_and_packages",
    ),
    ("empty packages", "ups", "standard", {"packages": []}, "packages", "no_package"),
    ("packages not a list", "ups", "standard", {"packages": {}}, "packages", "invalid_type"),
    (
        "packages with dhl",
        "dhl",
        "standard",
        {"package": DELETE, "packages": [parcel(), parcel()]},
        "packages",
        "multiple_packages_not_allowed",
    ),
    (
        "too many packages",
        "ups",
        "standard",
        {"packages": [{**parcel(), "description": "x"}] * 21},
        "packages",
        "too_many_packages",
    ),
    (
        "second package negative",
        "ups",
        "standard",
        {"packages[1].weight": -3},
        "packages[1].weight",
        "not_positive",
    ),
    ("package not an object", "ups", "standard", {"packages[1]": 5}, "packages[1]", "invalid_type"),
    ("weight missing", "dhl", "standard", {"package.weight": DELETE}, "package.weight", "required"),
    (
        "weight as text",
        "dhl",
        "standard",
        {"package.weight": "2"},
        "package.weight",
        "invalid_number",
    ),
    (
        "weight as bool",
        "dhl",
        "standard",
        {"package.weight": True},
        "package.weight",
        "invalid_number",
    ),
    (
        "weight NaN",
        "dhl",
        "standard",
        {"package.weight": float("nan")},
        "package.weight",
        "invalid_number",
    ),
    ("weight zero", "dhl", "standard", {"package.weight": 0}, "package.weight", "not_positive"),
    ("dhl too heavy", "dhl", "standard", {"package.weight": 31.6}, "package.weight", "too_heavy"),
    (
        "ups too heavy",
        "ups",
        "standard",
        {"packages[0].weight": 70.5},
        "packages[0].weight",
        "too_heavy",
    ),
    (
        "dpag letter too heavy",
        "dpag",
        "standard",
        {"package.weight": 1.5},
        "package.weight",
        "too_heavy",
    ),
    ("length zero", "dhl", "standard", {"package.length": 0}, "package.length", "not_positive"),
    ("height missing", "dhl", "standard", {"package.height": DELETE}, "package.height", "required"),
    ("dhl too long", "dhl", "standard", {"package.length": 121}, "package.length", "too_large"),
    (
        "bulk with dimensions",
        "dhl",
        "standard",
        {"package.type": "bulk"},
        "package.height",
        "dimensions_not_allowed_for_bulk",
    ),
    (
        "bulk with hermes",
        "hermes",
        "standard",
        {"package": {"weight": 5, "type": "bulk"}},
        "package.type",
        "package_type_not_allowed",
    ),
    (
        "parcel letter with ups",
        "ups",
        "standard",
        {"packages[0].type": "parcel_letter"},
        "packages[0].type",
        "package_type_not_allowed",
    ),
    (
        "books with dhl",
        "dhl",
        "standard",
        {"package.type": "books"},
        "package.type",
        "package_type_not_allowed",
    ),
    (
        "letter with dpd",
        "dpd",
        "standard",
        {"package.type": "letter"},
        "package.type",
        "package_type_not_allowed",
    ),
    (
        "parcel with dpag",
        "dpag",
        "standard",
        {"package.type": "parcel"},
        "package.type",
        "package_type_not_allowed",
    ),
    (
        "unknown package type",
        "dhl",
        "standard",
        {"package.type": "crate"},
        "package.type",
        "invalid_package_type",
    ),
    (
        "ups returns need a description",
        "ups",
        "returns",
        {"packages[1].description": DELETE},
        "packages[1].description",
        "required",
    ),
    # declared value (4.1.6)
    (
        "declared value with dpd",
        "dpd",
        "standard",
        {"package.declared_value": {"amount": 900, "currency": "EUR"}},
        "package.declared_value",
        "declared_value_not_allowed",
    ),
    (
        "declared value of 500",
        "dhl",
        "standard",
        {"package.declared_value": {"amount": 500, "currency": "EUR"}},
        "package.declared_value.amount",
        "declared_value_too_low",
    ),
    (
        "declared value currency code",
        "dhl",
        "standard",
        {"package.declared_value": {"amount": 900, "currency": "EURO"}},
        "package.declared_value.currency",
        "invalid_currency",
    ),
    (
        "declared value in dollars",
        "dhl",
        "standard",
        {"package.declared_value": {"amount": 900, "currency": "USD"}},
        "package.declared_value.currency",
        "declared_value_currency",
    ),
    (
        "declared value without amount",
        "dhl",
        "standard",
        {"package.declared_value": {"currency": "EUR"}},
        "package.declared_value.amount",
        "required",
    ),
    # label (2.4, API-CONTRACT formats)
    (
        "dhl 4x6 zpl",
        "dhl",
        "standard",
        {"label.format": "zpl2_4x6in_203dpi"},
        "label.format",
        "label_format_not_offered",
    ),
    (
        "dpd zpl",
        "dpd",
        "one_day",
        {"label.format": "zpl2_4x6in_203dpi"},
        "label.format",
        "label_format_not_offered",
    ),
    (
        "unknown label format",
        "dhl",
        "standard",
        {"label.format": "pdf_a4"},
        "label.format",
        "invalid_label_format",
    ),
    (
        "unknown label size",
        "dhl",
        "standard",
        {"label.size": "A4"},
        "label.size",
        "invalid_label_size",
    ),
    ("label not an object", "dhl", "standard", {"label": "pdf_a6"}, "label", "invalid_type"),
    # metadata.partner (2.6)
    (
        "order date not a day",
        "dhl",
        "standard",
        {"metadata.partner.order_date": "2024-02-30"},
        "metadata.partner.order_date",
        "invalid_date",
    ),
    (
        "order date german style",
        "dhl",
        "standard",
        {"metadata.partner.order_date": "03.05.2024"},
        "metadata.partner.order_date",
        "invalid_date",
    ),
    (
        "shop e-mail",
        "dhl",
        "standard",
        {"metadata.partner.e_mail_shop": "shop at example"},
        "metadata.partner.e_mail_shop",
        "invalid_email",
    ),
    (
        "order total negative",
        "dhl",
        "standard",
        {"metadata.partner.order_total": {"amount": -1, "currency": "EUR"}},
        "metadata.partner.order_total.amount",
        "not_positive",
    ),
    (
        "order total currency",
        "dhl",
        "standard",
        {"metadata.partner.order_total": {"amount": 1, "currency": "XYZ"}},
        "metadata.partner.order_total.currency",
        "invalid_currency",
    ),
    ("metadata not an object", "dhl", "standard", {"metadata": "x"}, "metadata", "invalid_type"),
    (
        "partner metadata not an object",
        "dhl",
        "standard",
        {"metadata": {"partner": []}},
        "metadata.partner",
        "invalid_type",
    ),
    # other shipment fields
    (
        "dhl reference of 31",
        "dhl",
        "standard",
        {"reference_number": "r" * 31},
        "reference_number",
        "too_long",
    ),
    (
        "ups reference of 36",
        "ups",
        "standard",
        {"reference_number": "r" * 36},
        "reference_number",
        "too_long",
    ),
    (
        "notification e-mail",
        "dhl",
        "standard",
        {"notification_email": "erika"},
        "notification_email",
        "invalid_email",
    ),
    (
        "dhl notification e-mail too long",
        "dhl",
        "standard",
        {"notification_email": "e" * 60 + "@example.com"},
        "notification_email",
        "too_long",
    ),
    (
        "create_shipping_label as text",
        "dhl",
        "standard",
        {"create_shipping_label": "yes"},
        "create_shipping_label",
        "invalid_type",
    ),
    (
        "pickup time without offset",
        "ups",
        "standard",
        {
            "pickup": {
                "pickup_time": {
                    "earliest": "2024-05-03T09:00:00",
                    "latest": "2024-05-03T17:00:00+02:00",
                }
            }
        },
        "pickup.pickup_time.earliest",
        "invalid_datetime",
    ),
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "path", "code"),
    [pytest.param(c, s, ch, p, code, id=name) for name, c, s, ch, p, code in SHIPMENT_FAILING],
)
def test_fails(carrier: str, service: str, changes: dict[str, Any], path: str, code: str) -> None:
    assert_fails(carrier, service, changes, path, code)


def test_full_dhl_draft_passes() -> None:
    assert validate(full_dhl_draft()) == []


def test_incomplete_draft_lists_what_is_missing() -> None:
    problems = validate({"carrier": "dhl", "to": {"last_name": "M"}})
    paths = {p.path for p in problems}
    assert {"from", "to.first_name", "to.street", "to.city", "package"} <= paths
    assert all(p.code != "internal_error" for p in problems)


@pytest.mark.parametrize(
    "value", [42, None, "x", [], [{}], {"to": "x"}, {"packages": {}}, {"to": {"id": 5}}]
)
def test_garbage_is_a_problem_not_an_exception(value: Any) -> None:
    problems = validate(value)
    assert problems
    assert all(isinstance(p, Problem) and p.code != "internal_error" for p in problems)


def test_problems_come_in_field_order() -> None:
    d = changed(draft("dhl"), {"from.city": "", "to.city": "", "package.weight": 0})
    assert [p.path for p in validate(d)] == ["from.city", "to.city", "package.weight"]


def test_accepts_a_pydantic_model() -> None:
    from desktop_app.domain.models.shipment import ShipmentRequest

    model = ShipmentRequest.model_validate(full_dhl_draft())
    assert validate(model) == []
    bad = ShipmentRequest.model_validate(changed(draft("dhl"), {**ABROAD, "to.country": "XX"}))
    assert [(p.path, p.code) for p in validate(bad)] == [("to.country", "invalid_country")]
