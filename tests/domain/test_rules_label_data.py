"""Rules that keep wrong data off labels: postcodes per country, country codes in any case,
characters label fonts cannot print, Saturday delivery on Fridays only, one message per field
in each receiver mode. Each rule: passing rows, and failing rows with path, code and message."""

from __future__ import annotations

import copy
import json
from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.normalize import normalize_address, normalize_request
from desktop_app.domain.postcodes import POSTCODE_FORMATS, canonical_postcode
from desktop_app.domain.rules import Problem, notices, validate
from desktop_app.domain.rules.address import PARTNER_ID_EXAMPLE
from desktop_app.domain.samples import sample_receiver, sample_sender
from desktop_app.resources import resource_path
from tests.payloads import GIFT_DECLARATION

A_TUESDAY = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)
A_FRIDAY = A_TUESDAY + timedelta(days=3)

EU = "AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE".split()


#: A parcel leaving the EU: a customs declaration (and the description UPS needs abroad)
ABROAD: dict[str, Any] = {
    "description": "Books",
    "customs_declaration": copy.deepcopy(GIFT_DECLARATION),
}


def base(carrier: str = "dhl", service: str = "standard") -> dict[str, Any]:
    return {
        "carrier": carrier,
        "service": service,
        "from": sample_sender(),
        "to": sample_receiver(),
        "package": {"weight": 2, "length": 30, "width": 20, "height": 10},
    }


def changed(draft: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """`draft` with dotted paths set (`to.zip_code`)."""
    out = copy.deepcopy(draft)
    for path, value in changes.items():
        *parents, last = path.split(".")
        holder = out
        for key in parents:
            holder = holder[key]
        holder[last] = value
    return out


def at_friday() -> datetime:
    return A_FRIDAY


def at_tuesday() -> datetime:
    return A_TUESDAY


SATURDAY = {"additional_services": [{"name": "saturday_delivery"}]}


def pickup_on(day: datetime) -> dict[str, Any]:
    earliest = day.replace(hour=9).isoformat()
    return {"pickup_time": {"earliest": earliest, "latest": day.replace(hour=17).isoformat()}}


# --- passing rows: (name, carrier, service, changes, clock) ------------------------------------

PASSING: list[tuple[str, str, str, dict[str, Any], Any]] = [
    # postcodes: the usual spellings, and the harmless variants carriers take
    ("DE 10115", "dhl", "standard", {"to.zip_code": "10115"}, None),
    ("DE with old prefix", "dhl", "standard", {"to.zip_code": "D-10115"}, None),
    ("AT with prefix", "dhl", "standard", {"to.country": "AT", "to.zip_code": "A-1010"}, None),
    (
        "GB outward inward",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "SW1A 1AA"},
        None,
    ),
    (
        "GB lower, no space",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "sw1a1aa"},
        None,
    ),
    ("GB A9 9AA", "dhl", "standard", {**ABROAD, "to.country": "GB", "to.zip_code": "M1 1AE"}, None),
    (
        "GB A99 9AA",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "B33 8TH"},
        None,
    ),
    (
        "GB AA9 9AA",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "CR2 6XH"},
        None,
    ),
    (
        "GB AA99 9AA",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "DN55 1PT"},
        None,
    ),
    (
        "GB A9A 9AA",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "W1A 0AX"},
        None,
    ),
    (
        "GB AA9A 9AA",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "EC1A 1BB"},
        None,
    ),
    ("US ZIP", "ups", "standard", {**ABROAD, "to.country": "US", "to.zip_code": "20500"}, None),
    (
        "US ZIP+4",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "US", "to.zip_code": "20500-0003"},
        None,
    ),
    (
        "US ZIP+4 for UPS",
        "ups",
        "standard",
        {**ABROAD, "to.country": "US", "to.zip_code": "205000003"},
        None,
    ),
    ("NL with space", "dhl", "standard", {"to.country": "NL", "to.zip_code": "1011 AB"}, None),
    ("NL lower, no space", "dhl", "standard", {"to.country": "NL", "to.zip_code": "1011ab"}, None),
    ("PL with hyphen", "dhl", "standard", {"to.country": "PL", "to.zip_code": "00-950"}, None),
    ("PL digits only", "dhl", "standard", {"to.country": "PL", "to.zip_code": "00950"}, None),
    ("CZ with space", "dhl", "standard", {"to.country": "CZ", "to.zip_code": "110 00"}, None),
    ("LV without prefix", "dhl", "standard", {"to.country": "LV", "to.zip_code": "1010"}, None),
    ("IE Eircode", "dhl", "standard", {"to.country": "IE", "to.zip_code": "d02 x285"}, None),
    (
        "CH with prefix",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "CH", "to.zip_code": "CH-8001"},
        None,
    ),
    (
        "NO leading zero",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "NO", "to.zip_code": "0150"},
        None,
    ),
    (
        "country without a format",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "JP", "to.zip_code": "x"},
        None,
    ),
    # country codes in any case
    ("country lower case", "dhl", "standard", {"to.country": "de"}, None),
    ("country mixed case, spaces", "dhl", "standard", {"from.country": " De "}, None),
    (
        "country gb lower",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "gb", "to.zip_code": "EC1A 1BB"},
        None,
    ),
    # what label fonts print
    ("Polish name", "dhl", "standard", {"to.first_name": "Łukasz", "to.last_name": "Żółć"}, None),
    ("sharp s", "dhl", "standard", {"to.street": "Große Straße"}, None),
    ("Latvian", "dhl", "standard", {"to.company": "Ūdens Ģērbšana SIA"}, None),
    ("Romanian comma below", "dhl", "standard", {"to.city": "Timișoara"}, None),
    ("combining accent", "dhl", "standard", {"to.city": "Ko\u0308ln"}, None),
    ("punctuation", "dhl", "standard", {"to.company": "O’Brien – „Bäckerei“ … € 5"}, None),
    ("reference with umlaut", "dhl", "standard", {"reference_number": "Bestellung Müller"}, None),
    # Saturday delivery on a Friday, or with a pickup on a Friday
    ("saturday on a friday", "dpd", "one_day", SATURDAY, at_friday),
    (
        "saturday, pickup on a friday",
        "dpd",
        "one_day_early",
        {**SATURDAY, "pickup": pickup_on(A_FRIDAY)},
        at_tuesday,
    ),
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "clock"),
    [pytest.param(c, s, ch, k, id=name) for name, c, s, ch, k in PASSING],
)
def test_passes(carrier: str, service: str, changes: dict[str, Any], clock: Any) -> None:
    draft = changed(base(carrier, service), changes)
    assert validate(draft) == []
    if clock is not None:  # Saturday delivery on a Friday: nothing to point out
        assert notices(draft, clock=clock) == []


@pytest.mark.parametrize("country", [*EU, "CH", "LI", "NO", "IS", "GB", "US"])
def test_every_country_of_the_table_takes_its_example(country: str) -> None:
    fmt = POSTCODE_FORMATS[country]
    assert canonical_postcode(country, fmt.example) == fmt.example
    changes = {"to.country": country, "to.zip_code": fmt.example}
    draft = changed(base("ups"), changes if country in EU else {**ABROAD, **changes})
    assert validate(draft) == []


# --- failing rows: (name, carrier, service, changes, clock, path, code, message) ---------------

FAILING: list[tuple[str, str, str, dict[str, Any], Any, str, str, str]] = [
    (
        "DE 4 digits",
        "dhl",
        "standard",
        {"to.zip_code": "1234"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in Germany has 5 digits, e.g. 10115.",
    ),
    (
        "DE 6 digits",
        "dhl",
        "standard",
        {"from.zip_code": "101155"},
        None,
        "from.zip_code",
        "invalid_postcode",
        "A postcode in Germany has 5 digits, e.g. 10115.",
    ),
    (
        "DE letters",
        "dhl",
        "standard",
        {"to.zip_code": "1O115"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in Germany has 5 digits, e.g. 10115.",
    ),
    (
        "AT 5 digits",
        "dhl",
        "standard",
        {"to.country": "at", "to.zip_code": "10115"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in Austria has 4 digits, e.g. 1010.",
    ),
    (
        "GB outward only",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "SW1A"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in the United Kingdom has an outward and an inward code (SW1A 1AA), "
        "e.g. SW1A 1AA.",
    ),
    (
        "GB digits",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "GB", "to.zip_code": "12345"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in the United Kingdom has an outward and an inward code (SW1A 1AA), "
        "e.g. SW1A 1AA.",
    ),
    (
        "US 4 digits",
        "ups",
        "standard",
        {**ABROAD, "to.country": "US", "to.zip_code": "2050"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in the United States has a ZIP or ZIP+4 code, e.g. 20500.",
    ),
    (
        "US ZIP+3",
        "ups",
        "standard",
        {**ABROAD, "to.country": "US", "to.zip_code": "20500-000"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in the United States has a ZIP or ZIP+4 code, e.g. 20500.",
    ),
    (
        "NL letters SA not used",
        "dhl",
        "standard",
        {"to.country": "NL", "to.zip_code": "1011 SA"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in the Netherlands has 4 digits and 2 letters (1234 AB), e.g. 1011 AB.",
    ),
    (
        "NL digits only",
        "dhl",
        "standard",
        {"to.country": "NL", "to.zip_code": "1011"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in the Netherlands has 4 digits and 2 letters (1234 AB), e.g. 1011 AB.",
    ),
    (
        "PL 4 digits",
        "dhl",
        "standard",
        {"to.country": "PL", "to.zip_code": "0095"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in Poland has 5 digits (12-345), e.g. 00-950.",
    ),
    (
        "CH 5 digits",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "CH", "to.zip_code": "80010"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in Switzerland has 4 digits, e.g. 8001.",
    ),
    (
        "IE not an Eircode",
        "dhl",
        "standard",
        {"to.country": "IE", "to.zip_code": "12345"},
        None,
        "to.zip_code",
        "invalid_postcode",
        "A postcode in Ireland has an Eircode (A65 F4E2), e.g. D02 X285.",
    ),
    # country codes
    (
        "unknown code",
        "dhl",
        "standard",
        {**ABROAD, "to.country": "XX"},
        None,
        "to.country",
        "invalid_country",
        "There is no country with the code XX; use a two-letter code such as DE.",
    ),
    (
        "unknown code lower case",
        "dhl",
        "standard",
        {"to.country": "xx"},
        None,
        "to.country",
        "invalid_country",
        "There is no country with the code xx; use a two-letter code such as DE.",
    ),
    (
        "alpha-3",
        "dhl",
        "standard",
        {"from.country": "DEU"},
        None,
        "from.country",
        "invalid_country",
        "There is no country with the code DEU; use a two-letter code such as DE.",
    ),
    (
        "country by name",
        "dhl",
        "standard",
        {"to.country": "Germany"},
        None,
        "to.country",
        "invalid_country",
        "Use the two-letter country code DE for Germany.",
    ),
    # characters label fonts cannot print
    (
        "emoji in the city",
        "dhl",
        "standard",
        {"to.city": "Köln 😀"},
        None,
        "to.city",
        "unprintable_character",
        'Labels cannot print "😀" (grinning face); remove it from the city.',
    ),
    (
        "symbol in the last name",
        "dhl",
        "standard",
        {"to.last_name": "Müller ♥"},
        None,
        "to.last_name",
        "unprintable_character",
        'Labels cannot print "♥" (black heart suit); remove it from the last name.',
    ),
    (
        "Cyrillic in the sender's street",
        "dhl",
        "standard",
        {"from.street": "Улица"},
        None,
        "from.street",
        "unprintable_character",
        'Labels cannot print "У" (cyrillic capital letter u); remove it from the street.',
    ),
    (
        "zero-width space in the company",
        "dhl",
        "standard",
        {"to.company": "Bäcker\u200bei"},
        None,
        "to.company",
        "unprintable_character",
        "Labels cannot print an invisible character (zero width space); "
        "remove it from the company.",
    ),
    (
        "emoji in the reference",
        "dhl",
        "standard",
        {"reference_number": "ORDER-1 🎁"},
        None,
        "reference_number",
        "unprintable_character",
        'Labels cannot print "🎁" (wrapped present); remove it from the reference.',
    ),
    (
        "emoji in the package description",
        "dhl",
        "standard",
        {"package.description": "Books 📚"},
        None,
        "package.description",
        "unprintable_character",
        'Labels cannot print "📚" (books); remove it from the description.',
    ),
    # receiver modes: one clear message per field
    (
        "partner id empty",
        "dhl",
        "standard",
        {"to": {"partner_id": ""}},
        None,
        "to.partner_id",
        "required",
        "Enter the partner id.",
    ),
    (
        "partner id malformed",
        "dhl",
        "standard",
        {"to": {"partner_id": "abc"}},
        None,
        "to.partner_id",
        "partner_invalid_id",
        f"A partner id has 7 capital letters or digits, e.g. {PARTNER_ID_EXAMPLE}.",
    ),
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "clock", "path", "code", "message"),
    [pytest.param(*row[1:], id=row[0]) for row in FAILING],
)
def test_fails(
    carrier: str,
    service: str,
    changes: dict[str, Any],
    clock: Any,
    path: str,
    code: str,
    message: str,
) -> None:
    draft = base(carrier, service)
    assert validate(draft) == []  # the change alone causes the problem
    assert validate(changed(draft, changes)) == [Problem(path, code, message)]


NOTICES = [
    (
        "saturday on a tuesday",
        "dpd",
        "one_day",
        SATURDAY,
        at_tuesday,
        "additional_services[0].name",
        "saturday_needs_friday",
        "Saturday delivery is only for parcels sent on a Friday; today is Tuesday.",
    ),
    (
        "saturday, pickup on a tuesday",
        "dpd",
        "one_day",
        {**SATURDAY, "pickup": pickup_on(A_TUESDAY)},
        at_friday,
        "additional_services[0].name",
        "saturday_needs_friday",
        "Saturday delivery is only for parcels sent on a Friday; the pickup is on a Tuesday.",
    ),
]


@pytest.mark.parametrize(
    ("carrier", "service", "changes", "clock", "path", "code", "message"),
    [pytest.param(*row[1:], id=row[0]) for row in NOTICES],
)
def test_saturday_delivery_on_another_day_is_a_notice(
    carrier: str,
    service: str,
    changes: dict[str, Any],
    clock: Any,
    path: str,
    code: str,
    message: str,
) -> None:
    # taken by the service any day (the carrier hands it over on the Friday), pointed out
    draft = changed(base(carrier, service), changes)
    assert validate(draft) == []
    assert notices(draft, clock=clock) == [Problem(path, code, message)]


LOCKER = {"street": "PACKSTATION", "first_name": "Erika", "last_name": "Mustermann"}
PLACE_ROWS = [
    ("locker station", {**LOCKER, "zip_code": "10115", "city": "Berlin", "country": "DE"}),
    (
        "post branch",
        {**LOCKER, "street": "POSTFILIALE", "zip_code": "10115", "city": "Berlin", "country": "DE"},
    ),  # fmt: skip
]


@pytest.mark.parametrize(("mode", "to"), PLACE_ROWS, ids=[m for m, _ in PLACE_ROWS])
def test_locker_and_branch_say_one_thing_under_each_field(mode: str, to: dict[str, Any]) -> None:
    words = "station" if mode == "locker station" else "branch"
    problems = validate({**base(), "to": to})
    assert [(p.path, p.message) for p in problems] == [
        (
            "to.care_of",
            f"For a {mode}, enter the receiver's customer number (6 to 10 digits) here.",
        ),
        ("to.street_no", f"For a {mode}, enter the 3-digit {words} number here."),
    ]
    # a too long number gets the same one message, not a length message beside it
    long = validate({**base(), "to": {**to, "street_no": "1" * 40, "care_of": "12345678"}})
    assert [p.path for p in long] == ["to.street_no"]


@pytest.mark.parametrize(
    "to",
    [
        {},
        {"street": "PACKSTATION"},
        {"street": "POSTFILIALE"},
        {"partner_id": ""},
        {"care_of": "PAK x"},
    ],
    ids=["address", "locker station", "post branch", "parcel point", "parcel point care_of"],
)
def test_every_receiver_mode_has_at_most_one_message_per_field(to: dict[str, Any]) -> None:
    problems = validate({**base(), "to": to})
    counts = Counter(p.path for p in problems)
    assert problems and max(counts.values()) == 1, problems


def test_the_partner_example_is_a_real_partner_id() -> None:
    assert load_catalog().partner.id_pattern.match(PARTNER_ID_EXAMPLE)
    directory = json.loads(resource_path("partners.json").read_text(encoding="utf-8"))
    assert PARTNER_ID_EXAMPLE in directory["partners"]


@pytest.mark.parametrize(
    ("address", "expected"),
    [
        ({"country": "de", "zip_code": "10115"}, {"country": "DE", "zip_code": "10115"}),
        ({"country": "gb", "zip_code": "sw1a1aa"}, {"country": "GB", "zip_code": "SW1A 1AA"}),
        ({"country": "NL", "zip_code": "1011ab"}, {"country": "NL", "zip_code": "1011 AB"}),
        ({"country": "US", "zip_code": "20500-0003"}, {"country": "US", "zip_code": "205000003"}),
        ({"country": "PL", "zip_code": "00950"}, {"country": "PL", "zip_code": "00-950"}),
        ({"country": "LV", "zip_code": "1010"}, {"country": "LV", "zip_code": "LV-1010"}),
        ({"country": " de ", "zip_code": "D-10115"}, {"country": "DE", "zip_code": "10115"}),
        ({"country": "DE", "zip_code": "1234"}, {"country": "DE", "zip_code": "1234"}),
        ({"city": "Ko\u0308ln"}, {"city": "Köln"}),
    ],
)
def test_normalised_spelling(address: dict[str, Any], expected: dict[str, Any]) -> None:
    assert normalize_address(address) == expected
    assert normalize_address(expected) == expected  # idempotent


def test_a_request_is_normalised_in_every_address_and_left_unchanged_itself() -> None:
    draft = changed(base(), {"to.country": "gb", "to.zip_code": "ec1a1bb", "from.country": "de"})
    draft["pickup"] = {"pickup_address": {"country": "at", "zip_code": "A-1010"}}
    before = copy.deepcopy(draft)
    out = normalize_request(draft)
    assert draft == before
    assert (out["to"]["country"], out["to"]["zip_code"]) == ("GB", "EC1A 1BB")
    assert out["from"]["country"] == "DE"
    assert out["pickup"]["pickup_address"] == {"country": "AT", "zip_code": "1010"}
