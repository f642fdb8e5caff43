"""Table-driven tests of the shipment rules: for every rule a draft that passes and one that
fails with the expected path and code. The draft helpers here are shared by test_rules_*.py."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

from desktop_app.domain.rules import Problem, validate
from desktop_app.domain.samples import sample_receiver, sample_sender
from tests.payloads import GIFT_DECLARATION

DELETE = object()  # a table value meaning "remove this key"

_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


#: A parcel leaving the EU: a customs declaration (and the description UPS needs abroad)
ABROAD: dict[str, Any] = {
    "description": "Books",
    "customs_declaration": copy.deepcopy(GIFT_DECLARATION),
}


def sender() -> dict[str, Any]:
    """A complete German sender."""
    return sample_sender()


def receiver() -> dict[str, Any]:
    """A complete German receiver (a person)."""
    return sample_receiver()


def parcel(weight: float = 2.5) -> dict[str, Any]:
    """A 30x20x10 cm parcel."""
    return {"weight": weight, "length": 30, "width": 20, "height": 10, "type": "parcel"}


def draft(carrier: str = "dhl", service: str = "standard") -> dict[str, Any]:
    """A valid, realistic shipment draft for `carrier` and `service`."""
    d: dict[str, Any] = {
        "carrier": carrier,
        "service": service,
        "from": sender(),
        "to": receiver(),
        "package": parcel(),
        "create_shipping_label": True,
        "label": {"format": "pdf_a6"},
        "reference_number": "ORDER-1001",
        "notification_email": "erika@example.com",
    }
    if carrier == "dpag":
        d["package"] = {"weight": 0.5, "length": 25, "width": 17, "height": 2, "type": "letter"}
    if carrier == "ups":
        del d["package"]
        d["packages"] = [
            {**parcel(), "description": "Shoes"},
            {**parcel(1.2), "description": "Socks"},
        ]
    if carrier == "hermes":
        d["from"]["company"] = "Beispiel GmbH"
    return d


def full_dhl_draft() -> dict[str, Any]:
    """A DHL draft using most features: insurance, notice, COD, partner metadata."""
    d = draft("dhl")
    d["package"]["declared_value"] = {"amount": 750, "currency": "EUR"}
    d["additional_services"] = [
        {"name": "advance_notice", "properties": {"email": "erika@example.com", "language": "de"}},
        {
            "name": "cash_on_delivery",
            "properties": {
                "amount": 49.9,
                "currency": "EUR",
                "bank_account_holder": "Beispiel GmbH",
                "bank_name": "Commerzbank",
                "bank_account_number": "DE89 3704 0044 0532 0130 00",
                "bank_code": "COBADEFFXXX",
                "reference1": "Order 1001",
            },
        },
    ]
    d["metadata"] = {
        "partner": {
            "shop_name": "Beispiel Shop",
            "order_number": "1001",
            "order_date": "2024-05-03",
            "e_mail_shop": "shop@example.com",
            "order_total": {"amount": 49.9, "currency": "EUR"},
        },
        "channel": "web",
    }
    return d


def set_path(d: dict[str, Any], path: str, value: Any) -> None:
    """Set (or with DELETE remove) `packages[1].weight`-style paths, creating dicts."""
    steps: list[str | int] = [
        m.group(1) if m.group(1) is not None else int(m.group(2)) for m in _STEP.finditer(path)
    ]
    node: Any = d
    for step in steps[:-1]:
        if isinstance(step, str) and step not in node:
            node[step] = {}
        node = node[step]
    last = steps[-1]
    if value is DELETE:
        del node[last]
    else:
        node[last] = copy.deepcopy(value)


def changed(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """A copy of `base` with the changes applied in order."""
    d = copy.deepcopy(base)
    for path, value in changes.items():
        set_path(d, path, value)
    return d


# -- passing drafts: each must give no problem at all ------------------------------------------

PASSING: list[tuple[str, str, str, dict[str, Any]]] = [
    ("dhl base", "dhl", "standard", {}),
    ("dpd base", "dpd", "standard", {}),
    ("dpag letter", "dpag", "standard", {}),
    ("ups two packages", "ups", "standard", {}),
    ("hermes base", "hermes", "standard", {}),
    ("service defaults to standard", "dhl", "standard", {"service": DELETE}),
    ("service null is standard", "dhl", "standard", {"service": None}),
    (
        "contact: company only",
        "dhl",
        "standard",
        {"to.first_name": DELETE, "to.last_name": DELETE, "to.company": "Firma AG"},
    ),
    ("contact: person only", "dhl", "standard", {"from.company": None}),
    (
        "stored address by id",
        "dhl",
        "standard",
        {"to": {"id": "0f3c7a1e-5b1d-4c4e-9d1a-2b7e4c0d9a11"}},
    ),
    ("partner id alone", "dhl", "standard", {"to": {"partner_id": "A1B2C3D"}}),
    ("partner care_of", "dhl", "standard", {"to.care_of": "PAK A1B2C3D"}),
    (
        "partner id beside a full address",
        "dhl",
        "standard",
        {"to.partner_id": "A1B2C3D", "to.care_of": "PAK A1B2C3D"},
    ),
    ("ordinary care_of starting with PAK", "dpd", "standard", {"to.care_of": "Paketannahme"}),
    (
        "locker station",
        "dhl",
        "standard",
        {"to.street": "PACKSTATION", "to.street_no": "123", "to.care_of": "12345678"},
    ),
    (
        "post branch",
        "dhl",
        "standard",
        {"to.street": "POSTFILIALE", "to.street_no": "502", "to.care_of": "1234567"},
    ),
    (
        "dpag locker station",
        "dpag",
        "standard",
        {"to.street": "PACKSTATION", "to.street_no": "101", "to.care_of": "123456"},
    ),
    ("ups needs no street_no", "ups", "standard", {"to.street_no": DELETE}),
    ("country AT", "dhl", "standard", {"to.country": "AT", "to.zip_code": "1010"}),
    ("lowercase country", "dhl", "standard", {"to.country": "de"}),
    ("phone with separators", "dhl", "standard", {"to.phone": "+49 (30) 123-456"}),
    ("address e-mail", "dhl", "standard", {"to.email": "erika.m+shop@mail.example.de"}),
    ("hermes street at its limit", "hermes", "standard", {"to.street": "s" * 27}),
    ("dhl company of 2 characters", "dhl", "standard", {"from.company": "AB"}),
    (
        "ups names at combined limit",
        "ups",
        "standard",
        {"to.first_name": "f" * 15, "to.last_name": "l" * 20},
    ),
    (
        "ups state of 2 characters",
        "ups",
        "standard",
        {**ABROAD, "to.state": "NY", "to.country": "US"},
    ),
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
    (
        "dhl advance notice e-mail",
        "dhl",
        "standard",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "en"},
                }
            ]
        },
    ),
    (
        "dpd predict sms",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"sms": "+49 151 2345678"}}
            ]
        },
    ),
    (
        "dpd drop authorization",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "drop_authorization", "properties": {"message": "Garage"}}
            ]
        },
    ),
    (
        "dpd saturday delivery one_day",
        "dpd",
        "one_day",
        {"additional_services": [{"name": "saturday_delivery"}]},
    ),
    (
        "saturday delivery empty properties",
        "dpd",
        "one_day_early",
        {"additional_services": [{"name": "saturday_delivery", "properties": {}}]},
    ),
    ("empty additional services on returns", "dhl", "returns", {"additional_services": []}),
    ("dhl zpl label", "dhl", "standard", {"label.format": "zpl2_100x70mm_203dpi"}),
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
    [pytest.param(c, s, ch, id=name) for name, c, s, ch in PASSING],
)
def test_passes(carrier: str, service: str, changes: dict[str, Any]) -> None:
    problems = validate(changed(draft(carrier, service), changes))
    assert problems == []


def test_full_dhl_draft_passes() -> None:
    assert validate(full_dhl_draft()) == []


# -- failing drafts: each must give (at least) the expected path and code ----------------------

FAILING: list[tuple[str, str, str, dict[str, Any], str, str]] = [
    # contact rule (2.1.1, 4.1.1)
    (
        "to without names",
        "dhl",
        "standard",
        {"to.first_name": DELETE, "to.last_name": DELETE},
        "to.last_name",
        "contact_required",
    ),
    (
        "from with first name only",
        "dhl",
        "standard",
        {"from.company": DELETE, "from.last_name": ""},
        "from.last_name",
        "contact_required",
    ),
    (
        "to with last name only",
        "dhl",
        "standard",
        {"to.first_name": "  "},
        "to.first_name",
        "contact_required",
    ),
    ("from missing", "dhl", "standard", {"from": DELETE}, "from", "required"),
    ("to missing", "dhl", "standard", {"to": DELETE}, "to", "required"),
    ("to not an object", "dhl", "standard", {"to": "Erika"}, "to", "invalid_type"),
    # required address fields
    ("street missing", "dhl", "standard", {"to.street": DELETE}, "to.street", "required"),
    ("city blank", "dhl", "standard", {"to.city": "   "}, "to.city", "required"),
    ("zip missing", "ups", "standard", {"from.zip_code": None}, "from.zip_code", "required"),
    ("country missing", "dhl", "standard", {"to.country": ""}, "to.country", "required"),
    (
        "dhl needs street_no",
        "dhl",
        "standard",
        {"to.street_no": DELETE},
        "to.street_no",
        "required",
    ),
    (
        "hermes needs street_no",
        "hermes",
        "standard",
        {"from.street_no": ""},
        "from.street_no",
        "required",
    ),
    (
        "field of wrong type",
        "dhl",
        "standard",
        {"to.zip_code": 80331},
        "to.zip_code",
        "invalid_type",
    ),
    ("empty id reference", "dhl", "standard", {"to": {"id": ""}}, "to.id", "required"),
    # formats
    (
        "unknown country",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "XX"},
        "to.country",
        "invalid_country",
    ),
    (
        "alpha-3 country",
        "dhl",
        "standard",
        {"from.country": "DEU"},
        "from.country",
        "invalid_country",
    ),
    ("bad phone", "dhl", "standard", {"to.phone": "call me"}, "to.phone", "invalid_phone"),
    ("bad address e-mail", "dhl", "standard", {"to.email": "erika@"}, "to.email", "invalid_email"),
    # lengths per carrier
    ("dhl city too long", "dhl", "standard", {"to.city": "c" * 36}, "to.city", "too_long"),
    (
        "hermes street too long",
        "hermes",
        "standard",
        {"to.street": "s" * 28},
        "to.street",
        "too_long",
    ),
    (
        "dpd street_no too long",
        "dpd",
        "standard",
        {"to.street_no": "123456789"},
        "to.street_no",
        "too_long",
    ),
    (
        "dhl company too short",
        "dhl",
        "standard",
        {"from.company": "A"},
        "from.company",
        "too_short",
    ),
    (
        "ups names over combined limit",
        "ups",
        "standard",
        {"to.first_name": "f" * 16, "to.last_name": "l" * 20},
        "to.last_name",
        "too_long",
    ),
    (
        "ups street and number over limit",
        "ups",
        "standard",
        {"to.street": "s" * 33, "to.street_no": "123"},
        "to.street_no",
        "too_long",
    ),
    ("ups state too short", "ups", "standard", {"to.state": "N"}, "to.state", "too_short"),
    (
        "ups phone too long",
        "ups",
        "standard",
        {"to.phone": "+49 30 1234567890"},
        "to.phone",
        "too_long",
    ),
    ("default limit for dpag", "dpag", "standard", {"to.city": "c" * 51}, "to.city", "too_long"),
    # locker station / post branch (4.1.5)
    (
        "locker station customer number",
        "dhl",
        "standard",
        {"to.street": "PACKSTATION", "to.street_no": "123", "to.care_of": "12"},
        "to.care_of",
        "locker_station_customer_number",
    ),
    (
        "locker station number",
        "dhl",
        "standard",
        {"to.street": "Packstation", "to.street_no": "12", "to.care_of": "12345678"},
        "to.street_no",
        "locker_station_number",
    ),
    (
        "locker station with dpd",
        "dpd",
        "standard",
        {"to.street": "PACKSTATION", "to.street_no": "123", "to.care_of": "12345678"},
        "to.street",
        "locker_station_not_offered",
    ),
    (
        "post branch with ups",
        "ups",
        "standard",
        {"to.street": "POSTFILIALE", "to.street_no": "502", "to.care_of": "12345678"},
        "to.street",
        "post_branch_not_offered",
    ),
    (
        "post branch number",
        "dhl",
        "standard",
        {"to.street": "POSTFILIALE", "to.street_no": "5a", "to.care_of": "12345678"},
        "to.street_no",
        "post_branch_number",
    ),
    (
        "post branch customer number",
        "dhl",
        "standard",
        {"to.street": "POSTFILIALE", "to.street_no": "502"},
        "to.care_of",
        "post_branch_customer_number",
    ),
    # workplace parcel point (4.4)
    (
        "partner id too short",
        "dhl",
        "standard",
        {"to.care_of": "PAK A1B2"},
        "to.care_of",
        "partner_invalid_id",
    ),
    (
        "partner prefix lowercase",
        "dhl",
        "standard",
        {"to.care_of": "pak A1B2C3D"},
        "to.care_of",
        "partner_invalid_prefix",
    ),
    (
        "partner prefix without space",
        "dhl",
        "standard",
        {"to.care_of": "PAKA1B2C3D"},
        "to.care_of",
        "partner_invalid_prefix",
    ),
    (
        "partner with dpd",
        "dpd",
        "standard",
        {"to.care_of": "PAK A1B2C3D"},
        "to.care_of",
        "partner_not_offered",
    ),
    (
        "partner id alone with dpd",
        "dpd",
        "standard",
        {"to": {"partner_id": "A1B2C3D"}},
        "to.partner_id",
        "partner_not_offered",
    ),
    (
        "partner id beside a full address with hermes",
        "hermes",
        "standard",
        {"to.partner_id": "A1B2C3D"},
        "to.partner_id",
        "partner_not_offered",
    ),
    (
        "bad partner id alone",
        "dhl",
        "standard",
        {"to": {"partner_id": "a-1"}},
        "to.partner_id",
        "partner_invalid_id",
    ),
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
    # additional services (2.5)
    (
        "returns with additional services",
        "dhl",
        "returns",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "de"},
                }
            ]
        },
        "additional_services",
        "returns_no_additional_services",
    ),
    (
        "advance notice with ups",
        "ups",
        "standard",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "de"},
                }
            ]
        },
        "additional_services[0].name",
        "additional_service_not_allowed",
    ),
    (
        "unknown additional service",
        "dhl",
        "standard",
        {"additional_services": [{"name": "teleport"}]},
        "additional_services[0].name",
        "unknown_additional_service",
    ),
    (
        "additional service without name",
        "dhl",
        "standard",
        {"additional_services": [{"properties": {}}]},
        "additional_services[0].name",
        "required",
    ),
    (
        "additional services not a list",
        "dhl",
        "standard",
        {"additional_services": {"name": "advance_notice"}},
        "additional_services",
        "invalid_type",
    ),
    (
        "duplicate additional service",
        "dpd",
        "one_day",
        {"additional_services": [{"name": "saturday_delivery"}, {"name": "saturday_delivery"}]},
        "additional_services[1].name",
        "duplicate_additional_service",
    ),
    (
        "advance notice without contact",
        "dhl",
        "standard",
        {"additional_services": [{"name": "advance_notice", "properties": {"language": "de"}}]},
        "additional_services[0].properties.email",
        "advance_notice_contact_required",
    ),
    (
        "advance notice bad e-mail",
        "dhl",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"email": "a@b", "language": "de"}}
            ]
        },
        "additional_services[0].properties.email",
        "invalid_email",
    ),
    (
        "advance notice without language",
        "dhl",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"email": "a@example.com"}}
            ]
        },
        "additional_services[0].properties.language",
        "required",
    ),
    (
        "advance notice bad language",
        "dpd",
        "standard",
        {
            "additional_services": [
                {
                    "name": "advance_notice",
                    "properties": {"email": "a@example.com", "language": "deu"},
                }
            ]
        },
        "additional_services[0].properties.language",
        "invalid_language",
    ),
    (
        "sms with dhl",
        "dhl",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"sms": "+49 151 2345678"}}
            ]
        },
        "additional_services[0].properties.sms",
        "sms_not_allowed",
    ),
    (
        "sms without country prefix",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "advance_notice", "properties": {"sms": "0151 2345678"}}
            ]
        },
        "additional_services[0].properties.sms",
        "invalid_phone",
    ),
    (
        "cash on delivery with dpd",
        "dpd",
        "standard",
        {"additional_services": [{"name": "cash_on_delivery", "properties": {}}]},
        "additional_services[0].name",
        "additional_service_not_allowed",
    ),
    (
        "cash on delivery amount zero",
        "dhl",
        "standard",
        {"additional_services[1].properties.amount": 0},
        "additional_services[1].properties.amount",
        "not_positive",
    ),
    (
        "cash on delivery bad IBAN",
        "dhl",
        "standard",
        {"additional_services[1].properties.bank_account_number": "DE89 3704 0044 0532 0130 01"},
        "additional_services[1].properties.bank_account_number",
        "invalid_iban",
    ),
    (
        "cash on delivery bad BIC",
        "dhl",
        "standard",
        {"additional_services[1].properties.bank_code": "COBA"},
        "additional_services[1].properties.bank_code",
        "invalid_bic",
    ),
    (
        "cash on delivery without bank name",
        "dhl",
        "standard",
        {"additional_services[1].properties.bank_name": DELETE},
        "additional_services[1].properties.bank_name",
        "required",
    ),
    (
        "cash on delivery bad currency",
        "dhl",
        "standard",
        {"additional_services[1].properties.currency": "eur"},
        "additional_services[1].properties.currency",
        "invalid_currency",
    ),
    (
        "cash on delivery properties not an object",
        "dhl",
        "standard",
        {"additional_services[1].properties": "cash"},
        "additional_services[1].properties",
        "invalid_type",
    ),
    (
        "drop authorization without message",
        "dpd",
        "standard",
        {"additional_services": [{"name": "drop_authorization"}]},
        "additional_services[0].properties.message",
        "required",
    ),
    (
        "drop authorization message too long",
        "dpd",
        "standard",
        {
            "additional_services": [
                {"name": "drop_authorization", "properties": {"message": "m" * 101}}
            ]
        },
        "additional_services[0].properties.message",
        "too_long",
    ),
    (
        "saturday delivery with standard",
        "dpd",
        "standard",
        {"additional_services": [{"name": "saturday_delivery"}]},
        "additional_services[0].name",
        "saturday_needs_one_day",
    ),
    (
        "saturday delivery with properties",
        "dpd",
        "one_day",
        {"additional_services": [{"name": "saturday_delivery", "properties": {"day": "sat"}}]},
        "additional_services[0].properties",
        "not_allowed",
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


def _failing_base(carrier: str, service: str) -> dict[str, Any]:
    # The COD and metadata rows edit the full DHL draft; every other row a plain one.
    return (
        full_dhl_draft() if carrier == "dhl" and service == "standard" else draft(carrier, service)
    )


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "path", "code"),
    [pytest.param(c, s, ch, p, code, id=name) for name, c, s, ch, p, code in FAILING],
)
def test_fails(carrier: str, service: str, changes: dict[str, Any], path: str, code: str) -> None:
    base = _failing_base(carrier, service)
    assert validate(base) == []  # the row's base is valid: the change alone causes the problem
    problems = validate(changed(base, changes))
    assert (path, code) in [(p.path, p.code) for p in problems], problems
    for p in problems:
        assert p.message and p.message[0].isupper() and p.message.endswith(".")
        assert p.code != "internal_error"


# The stable codes the brief names; each must be exercised by a failing row above.
BRIEF_CODES = {
    "required",
    "contact_required",
    "too_long",
    "invalid_country",
    "invalid_email",
    "invalid_phone",
    "invalid_date",
    "not_positive",
    "too_heavy",
    "unknown_carrier",
    "service_not_offered",
    "package_type_not_allowed",
    "dimensions_not_allowed_for_bulk",
    "multiple_packages_not_allowed",
    "package_and_packages",
    "no_package",
    "additional_service_not_allowed",
    "returns_no_additional_services",
    "saturday_needs_one_day",
    "sms_not_allowed",
    "declared_value_not_allowed",
    "declared_value_too_low",
    "label_format_not_offered",
    "invalid_currency",
    "locker_station_customer_number",
    "locker_station_number",
    "locker_station_not_offered",
    "partner_invalid_id",
    "partner_invalid_prefix",
    "partner_not_offered",
}


def test_every_named_code_has_a_failing_row() -> None:
    assert BRIEF_CODES <= {row[5] for row in FAILING}


def test_problem_str_and_immutability() -> None:
    p = Problem("to.last_name", "contact_required", "Enter a company or a first and last name.")
    assert str(p) == "to.last_name: Enter a company or a first and last name."
    assert str(Problem("", "not_an_object", "The shipment must be a JSON object.")) == (
        "The shipment must be a JSON object."
    )
    with pytest.raises(AttributeError):
        p.code = "x"  # type: ignore[misc]


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
