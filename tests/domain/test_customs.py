"""Customs from data: destinations by country and postcode, CN22/CN23 and the other
thresholds on both sides, each carrier's documents, and the declaration's rules."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from desktop_app.domain.customs import (
    CN22,
    CN23,
    COMMERCIAL_INVOICE,
    crossing,
    customs_notices,
    customs_plan,
    customs_zone,
    load_customs_data,
)
from desktop_app.domain.customs.data import CustomsDataError, parse_customs_data
from desktop_app.domain.normalize import read_reference_body, split_street
from desktop_app.domain.rules import Problem, validate
from desktop_app.domain.samples import sample_sender
from desktop_app.resources import resource_path

DATA = load_customs_data()

# (zone, country, a postcode inside, a postcode of the same country outside)
TERRITORIES = [
    ("DE-Büsingen", "DE", "78266", "78262"),
    ("DE-Helgoland", "DE", "27498", "27472"),
    ("ES-Canarias", "ES", "35001", "28001"),
    ("ES-Canarias", "ES", "38001", "39001"),
    ("ES-Ceuta", "ES", "51001", "50001"),
    ("ES-Melilla", "ES", "52001", "29001"),
    ("IT-Livigno", "IT", "23041", "23030"),
    ("IT-Campione", "IT", "22061", "22060"),
    ("GR-Athos", "GR", "630 86", "54630"),
    ("FI-Åland", "FI", "22100", "00100"),
    ("FI-Åland", "FI", "AX-22100", "20100"),
    ("FR-DOM", "FR", "97100", "75001"),
    ("FR-DOM", "FR", "97200", "97000"),
    ("FR-DOM", "FR", "97300", "13001"),
    ("FR-DOM", "FR", "97400", "69001"),
    ("FR-DOM", "FR", "97600", "98000"),
    ("DK-Faroe", "DK", "100", "1000"),
    ("DK-Greenland", "DK", "3900", "3000"),
    ("GB-Channel", "GB", "JE2 3AB", "SW1A 1AA"),
    ("GB-Channel", "GB", "GY1 1AA", "M1 1AE"),
]


@pytest.mark.parametrize(("zone", "country", "inside", "outside"), TERRITORIES)
def test_each_territory_by_postcode_in_and_out(
    zone: str, country: str, inside: str, outside: str
) -> None:
    assert customs_zone(country, inside).key == zone
    assert customs_zone(country, outside).key != zone
    home = "GB" if country == "GB" else "EU"
    assert customs_zone(country, outside).key == home
    # from Berlin: the territory needs a declaration, the rest of its country as the EU does
    assert crossing("DE", "10115", country, inside).needs_declaration
    assert crossing("DE", "10115", country, outside).needs_declaration is (home != "EU")


def test_northern_ireland_takes_eu_goods_without_a_declaration() -> None:
    assert customs_zone("GB", "BT1 1AA").key == "EU"
    assert not crossing("DE", "10115", "GB", "BT1 1AA").needs_declaration
    assert crossing("DE", "10115", "GB", "SW1A 1AA").needs_declaration
    assert not crossing("DE", "10115", "XI", "BT1 1AA").needs_declaration


@pytest.mark.parametrize("country", ["CH", "LI", "NO", "IS", "GB", "US", "FO", "GL", "JE", "GG"])
def test_countries_outside_the_eu_need_a_declaration(country: str) -> None:
    assert crossing("DE", "10115", country, "").needs_declaration


@pytest.mark.parametrize("country", sorted(DATA.home_countries - {"XI"}))
def test_eu_countries_need_none(country: str) -> None:
    assert not crossing("DE", "10115", country, "").needs_declaration


def test_a_border_is_crossed_both_ways_and_not_inside_a_territory() -> None:
    assert crossing("DE", "27498", "DE", "10115").needs_declaration  # Helgoland to Berlin
    assert crossing("CH", "8001", "DE", "10115").needs_declaration
    assert not crossing("ES", "35001", "ES", "38001").needs_declaration  # Canaries to Canaries
    assert not crossing("CH", "8001", "CH", "3000").needs_declaration


# ------------------------------------------------------------------------- plans


def item(value: str = "24", **extra: Any) -> dict[str, Any]:
    return {
        "origin_country": "PT",
        "description": "Wool socks",
        "hs_tariff_number": "611595",
        "quantity": 2,
        "value_amount": value,
        "net_weight": 0.2,
        **extra,
    }


def declaration(
    total: float = 24, contents: str = "commercial_goods", **extra: Any
) -> dict[str, Any]:
    return {
        "contents_type": contents,
        "contents_explanation": "Socks",
        "currency": "EUR",
        "total_value_amount": total,
        "items": [item(f"{total:.2f}")],
        **extra,
    }


def shipment(
    carrier: str = "dhl",
    country: str = "CH",
    zip_code: str = "8001",
    customs: dict[str, Any] | None = None,
    **extra: Any,
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "carrier": carrier,
        "service": "standard",
        "from": sample_sender(),
        "to": {
            "first_name": "Heidi",
            "last_name": "Muster",
            "street": "Bahnhofstrasse",
            "street_no": "1",
            "zip_code": zip_code,
            "city": "Zürich",
            "country": country,
            "phone": "+41441234567",
        },
        "package": {"weight": 0.9, "length": 30, "width": 20, "height": 10},
        **extra,
    }
    if carrier == "dpag":
        body["package"]["type"] = "parcel_letter"
    if carrier == "ups":
        body["description"] = "Wool socks"
    if customs is not None:
        body["customs_declaration"] = customs
    return body


def eur(amount: float, currency: str) -> float:
    value = DATA.in_eur(amount, currency)
    assert value is not None
    return value


CN22_LIMIT = eur(DATA.cn22_limit.amount, DATA.cn22_limit.currency)
EXPORT_LIMIT = eur(DATA.export_declaration_above.amount, DATA.export_declaration_above.currency)


def test_cn22_up_to_300_sdr_and_cn23_above_on_warenpost() -> None:
    at = customs_plan(shipment("dpag", customs=declaration(round(CN22_LIMIT, 2))))
    above = customs_plan(shipment("dpag", customs=declaration(round(CN22_LIMIT + 0.01, 2))))
    assert (at.form, at.cn22_on_label) == (CN22, True)
    assert (above.form, above.cn22_on_label) == (CN23, False)
    assert CN22 not in at.documents  # printed on the label itself
    assert above.documents == (CN23, COMMERCIAL_INVOICE)
    assert DATA.cn22_limit.currency == "XDR" and DATA.cn22_limit.amount == 300


def test_mrn_above_1000_eur_of_commercial_goods_only() -> None:
    at = customs_plan(shipment(customs=declaration(EXPORT_LIMIT)))
    above = customs_plan(shipment(customs=declaration(EXPORT_LIMIT + 0.01)))
    gift = customs_plan(shipment(customs=declaration(EXPORT_LIMIT + 0.01, "gift")))
    assert (at.export_declaration, above.export_declaration, gift.export_declaration) == (
        False,
        True,
        False,
    )
    problems = validate(shipment(customs=declaration(EXPORT_LIMIT + 0.01)))
    assert [p.code for p in problems] == ["mrn_required"]
    assert problems[0].path == "customs_declaration.movement_reference_number"
    assert validate(shipment(customs=declaration(EXPORT_LIMIT))) == []
    with_mrn = declaration(EXPORT_LIMIT + 0.01, movement_reference_number="25DE123456789012A4")
    assert validate(shipment(customs=with_mrn)) == []
    bad = declaration(EXPORT_LIMIT + 0.01, movement_reference_number="AAA111")
    assert [p.code for p in validate(shipment(customs=bad))] == ["invalid_mrn"]


def gbp(amount: float) -> dict[str, Any]:
    return {**declaration(amount), "currency": "GBP", "items": [item(f"{amount:.2f}")]}


def test_gb_vat_number_up_to_135_gbp_and_not_above() -> None:
    at = shipment("ups", "GB", "SW1A 1AA", gbp(135))
    above = shipment("ups", "GB", "SW1A 1AA", gbp(135.01))
    assert [p.code for p in validate(at)] == ["destination_number_required"]
    assert validate(above) == []
    at["customs_declaration"]["exporter_reference"] = "GB123456789"
    assert validate(at) == []
    at["customs_declaration"]["exporter_reference"] = "DE123456789"
    assert [p.code for p in validate(at)] == ["invalid_destination_number"]
    # the Channel Islands are not the UK's VAT area
    assert validate(shipment("ups", "GB", "JE2 3AB", gbp(135))) == []


def nok(amount: float) -> dict[str, Any]:
    return {**declaration(amount), "currency": "NOK", "items": [item(f"{amount:.2f}")]}


def test_voec_number_recommended_up_to_3000_nok() -> None:
    at = shipment("ups", "NO", "0150", nok(3000))
    above = shipment("ups", "NO", "0150", nok(3000.01))
    assert validate(at) == [] and validate(above) == []
    assert [p.code for p in customs_notices(at)] == ["destination_number_recommended"]
    assert customs_notices(above) == []
    at["customs_declaration"]["exporter_reference"] = "VOEC1234567"
    assert customs_notices(at) == []


def test_swiss_vat_number_goes_on_the_invoice() -> None:
    plan = customs_plan(shipment("dpag", customs=declaration(20, "gift")))
    assert plan.commercial_invoice  # a gift with Warenpost: the Swiss invoice rule adds one
    assert [e.what for e in plan.extras] == ["Swiss VAT number"]


# (carrier, contents, documents of a parcel to Zürich worth 24 EUR)
CARRIER_DOCUMENTS = [
    ("dhl", "commercial_goods", (CN23, CN23, COMMERCIAL_INVOICE)),
    ("dhl", "gift", (CN23, CN23, COMMERCIAL_INVOICE)),
    ("dpag", "commercial_goods", (COMMERCIAL_INVOICE,)),
    ("ups", "commercial_goods", (COMMERCIAL_INVOICE,)),
    ("dpd", "commercial_goods", (COMMERCIAL_INVOICE,)),
    ("hermes", "commercial_goods", (COMMERCIAL_INVOICE,)),
]


@pytest.mark.parametrize(("carrier", "contents", "documents"), CARRIER_DOCUMENTS)
def test_each_carriers_documents(carrier: str, contents: str, documents: tuple[str, ...]) -> None:
    abroad = shipment(carrier, customs=declaration(24, contents))
    assert customs_plan(abroad).documents == documents
    assert validate(abroad) == []
    home = shipment(carrier, "AT", "1010", declaration(24, contents))
    assert customs_plan(home).documents == ()
    assert validate(home) == []


def test_warenpost_prints_the_cn22_on_the_label_and_sends_data() -> None:
    plan = customs_plan(shipment("dpag", customs=declaration(24)))
    assert plan.cn22_on_label and plan.carrier is not None and plan.carrier.electronic_data


# ------------------------------------------------------------------------- rules


def codes(body: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p.path, p.code) for p in validate(body)]


def test_a_parcel_to_zurich_without_customs_data_is_refused() -> None:
    assert validate(shipment()) == [
        Problem(
            "customs_declaration",
            "customs_required",
            "A parcel to or from CH crosses a customs border: declare its contents (customs "
            "declaration with its items).",
        )
    ]
    assert validate(shipment(country="AT", zip_code="1010")) == []


def test_clear_problems_of_the_declaration() -> None:
    zero = declaration(0)
    zero["items"] = [item("0")]
    assert codes(shipment(customs=zero)) == [
        ("customs_declaration.total_value_amount", "value_zero"),
        ("customs_declaration.items[0].value_amount", "value_zero"),
    ]
    no_hs = declaration(24)
    del no_hs["items"][0]["hs_tariff_number"]
    assert codes(shipment(customs=no_hs)) == [
        ("customs_declaration.items[0].hs_tariff_number", "hs_code_required")
    ]
    gift = declaration(24, "gift")
    del gift["items"][0]["hs_tariff_number"]
    assert codes(shipment(customs=gift)) == []
    vague = declaration(24)
    vague["items"][0]["description"] = "Gift"
    assert codes(shipment(customs=vague)) == [
        ("customs_declaration.items[0].description", "description_vague")
    ]
    long = declaration(24)
    long["items"][0]["description"] = "x" * 257
    assert codes(shipment(customs=long)) == [
        ("customs_declaration.items[0].description", "too_long")
    ]
    chf = {**declaration(24), "currency": "CHF"}
    assert codes(shipment(customs=chf)) == [
        ("customs_declaration.currency", "currency_not_offered")
    ]
    assert codes(shipment("ups", customs={**chf, "currency": "CHF"})) == []
    empty = {k: v for k, v in declaration(24).items() if k != "items"}
    assert codes(shipment(customs=empty)) == [("customs_declaration.items", "required")]
    unknown = {**declaration(24), "contents_type": "stuff"}
    assert codes(shipment(customs=unknown)) == [
        ("customs_declaration.contents_type", "unknown_contents_type")
    ]
    hs = declaration(24)
    hs["items"][0]["hs_tariff_number"] = "6115.95"
    assert codes(shipment(customs=hs)) == [
        ("customs_declaration.items[0].hs_tariff_number", "invalid_hs_code")
    ]


def test_items_per_package_count_as_the_declarations() -> None:
    customs = declaration(24)
    items = customs.pop("items")
    body = shipment(customs=customs)
    body["package"]["customs_declaration_items"] = items
    assert validate(body) == []
    body["package"]["customs_declaration_items"][0]["quantity"] = 0
    assert codes(body) == [("package.customs_declaration_items[0].quantity", "invalid_quantity")]


def test_ups_needs_a_description_abroad() -> None:
    body = shipment("ups", customs=declaration(24))
    del body["description"]
    assert codes(body) == [("description", "description_required_abroad")]


def test_a_total_that_differs_from_the_items_is_pointed_out_not_refused() -> None:
    body = shipment(customs={**declaration(24), "total_value_amount": 30})
    assert validate(body) == []
    totals = [p.params["items"] for p in customs_notices(body) if p.code == "total_differs"]
    assert totals == [24]
    fees = shipment(customs={**declaration(24), "total_value_amount": 25.5, "additional_fees": 1.5})
    assert [p.code for p in customs_notices(fees)] == ["destination_number_recommended"]


# ------------------------------------------------------------------------- data


def test_every_entry_names_a_source_of_the_file() -> None:
    raw = json.loads(resource_path("customs", "customs.json").read_text(encoding="utf-8"))
    for entry in [
        *raw["special_territories"],
        *raw["carriers"].values(),
        *raw["destination_extras"],
    ]:
        assert entry["source"] in raw["sources"]
    broken = copy.deepcopy(raw)
    broken["special_territories"][0]["source"] = "hearsay"
    with pytest.raises(CustomsDataError, match="hearsay"):
        parse_customs_data(broken)
    no_rate = copy.deepcopy(raw)
    del no_rate["rates"]["eur_per_unit"]["XDR"]
    with pytest.raises(CustomsDataError, match="XDR"):
        parse_customs_data(no_rate)
    assert raw["cn22_limit"]["checked"] and raw["rates"]["date"]


# ------------------------------------------------------------------------- the wire


@pytest.mark.parametrize(
    ("street", "split"),
    [
        ("Beispielstrasse 42", ("Beispielstrasse", "42")),
        ("Sender Str. 99", ("Sender Str.", "99")),
        ("Hauptstr. 12a", ("Hauptstr.", "12a")),
        ("Am Markt 3-5", ("Am Markt", "3-5")),
        ("Straße des 17. Juni 4", ("Straße des 17. Juni", "4")),
        ("Packstation", ("Packstation", None)),
        ("A1 Road", ("A1 Road", None)),
    ],
)
def test_house_number_inside_street_is_split_where_it_can_be(
    street: str, split: tuple[str, str | None]
) -> None:
    out = split_street({"street": street})
    assert (out["street"], out.get("street_no")) == split
    assert split_street({"street": street, "street_no": "7"})["street_no"] == "7"


def test_the_reference_examples_misspellings_are_read_as_meant() -> None:
    body = {"packages": [{"lenght": 30, "customs_declration_items": [item()]}]}
    read = read_reference_body(body)
    assert read["packages"][0] == {"length": 30, "customs_declaration_items": [item()]}
    assert body["packages"][0]["lenght"] == 30  # the given body is not changed
