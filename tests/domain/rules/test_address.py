"""Address rules of a shipment (`rules.address`): contact, fields, formats, lengths, locker
stations, parcel points. Each row: a draft change and, when failing, the expected path and code."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.rules import validate_address
from tests.domain.rules.drafts import (
    ABROAD,
    DELETE,
    assert_fails,
    assert_passes,
    changed,
    pairs,
    receiver,
    sender,
)

# -- passing drafts: each must give no problem ---------------------------------

ADDRESS_PASSING: list[tuple[str, str, str, dict[str, Any]]] = [
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
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes"),
    [pytest.param(c, s, ch, id=name) for name, c, s, ch in ADDRESS_PASSING],
)
def test_passes(carrier: str, service: str, changes: dict[str, Any]) -> None:
    assert_passes(carrier, service, changes)


# -- failing drafts: each gives the path and code ------------------------------

ADDRESS_FAILING: list[tuple[str, str, str, dict[str, Any], str, str]] = [
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
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "path", "code"),
    [pytest.param(c, s, ch, p, code, id=name) for name, c, s, ch, p, code in ADDRESS_FAILING],
)
def test_fails(carrier: str, service: str, changes: dict[str, Any], path: str, code: str) -> None:
    assert_fails(carrier, service, changes, path, code)


# -- an address alone (POST /v1/addresses) ---------------------------------------------------


@pytest.mark.parametrize(
    "address",
    [
        sender(),
        receiver(),
        {"partner_id": "A1B2C3D"},
        {
            "company": "Firma",
            "street": "Weg 1",
            "zip_code": "1010",
            "city": "Wien",
            "country": "AT",
        },
    ],
)
def test_address_passes(address: dict[str, Any]) -> None:
    assert validate_address(address) == []


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"first_name": DELETE}, "first_name", "contact_required"),
        ({"street": DELETE}, "street", "required"),
        ({"country": "Germany"}, "country", "invalid_country"),
        ({"email": "nobody"}, "email", "invalid_email"),
        ({"phone": "phone"}, "phone", "invalid_phone"),
        ({"city": "c" * 51}, "city", "too_long"),
        ({"id": "given-by-client"}, "id", "not_allowed"),
        ({"partner_id": "nope"}, "partner_id", "partner_invalid_id"),
    ],
)
def test_address_fails(changes: dict[str, Any], path: str, code: str) -> None:
    assert (path, code) in pairs(validate_address(changed(receiver(), changes)))


def test_address_path_prefix() -> None:
    problems = validate_address({"company": "X"}, path="pickup_address")
    assert ("pickup_address.street", "required") in pairs(problems)


def test_address_partner_id_alone_checked() -> None:
    assert pairs(validate_address({"partner_id": "abc"})) == [("partner_id", "partner_invalid_id")]
