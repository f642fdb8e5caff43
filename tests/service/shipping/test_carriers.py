"""Simulated carriers: number formats, latency and failures, price table, partner directory."""

from __future__ import annotations

import asyncio
import copy
import json
import re
from types import SimpleNamespace
from typing import Any

import pytest

from desktop_app.domain.catalog import TRACKING_FORMATS, load_catalog, parse_catalog
from desktop_app.resources import resource_path
from desktop_app.service.labels.layout import code128_modules
from desktop_app.service.shipping import carriers as carriers_module
from desktop_app.service.shipping.carriers import (
    TRACKING_NUMBER_MAKERS,
    CarrierConfig,
    CarrierError,
    CarrierSimulator,
    CarrierTimeout,
    gs1_check_digit,
    load_partners,
    lookup_partner,
    new_tracking_number,
    parse_partner_care_of,
    price,
    s10_check_digit,
    tracking_url,
    ups_check_digit,
)

NUMBER_FORMATS = {
    "dhl": r"00340434\d{12}",
    "dpd": r"\d{14}",
    "dpag": r"(RR|LX)\d{9}DE",
    "ups": r"1Z[0-9A-Z]{6}\d{10}",
    "hermes": r"H100\d{16}",
}


def shipment(carrier: str = "dhl", **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "carrier": carrier,
        "service": "standard",
        "to": {"company": "Receiver Inc.", "last_name": "Doe", "city": "Berlin"},
        "package": {"weight": 2.0, "length": 20, "width": 20, "height": 20},
        "reference_number": "ORDER-1",
    }
    body.update(extra)
    return body


# ----------------------------------------------------------------------------- numbers


@pytest.mark.parametrize("carrier", sorted(NUMBER_FORMATS))
def test_tracking_numbers_have_the_carrier_format_and_are_unique(carrier: str) -> None:
    adapter = CarrierSimulator().adapter(carrier)
    numbers = [adapter.tracking_number() for _ in range(1000)]
    assert len(set(numbers)) == 1000
    pattern = re.compile(NUMBER_FORMATS[carrier])
    for number in numbers:
        assert pattern.fullmatch(number), number
    # Every number is a Code 128 payload and has a tracking page.
    code128_modules(numbers[0])
    url = tracking_url(carrier, numbers[0])
    assert url.startswith("https://") and url.endswith(numbers[0])


def test_check_digits_of_published_examples() -> None:
    assert ups_check_digit("V306W0689610222") == "3"  # 1ZV306W06896102223
    assert s10_check_digit("12345678") == "5"  # RR123456785DE
    assert gs1_check_digit("37610425002123456") == "9"  # SSCC 376104250021234569


@pytest.mark.parametrize("carrier", ["dhl", "dpag", "ups"])
def test_generated_numbers_carry_valid_check_digits(carrier: str) -> None:
    for _ in range(50):
        n = new_tracking_number(carrier)
        if carrier == "dhl":
            assert gs1_check_digit(n[2:-1]) == n[-1]
        elif carrier == "dpag":
            assert s10_check_digit(n[2:10]) == n[10]
        else:
            assert ups_check_digit(n[2:-1]) == n[-1]


def test_ups_numbers_encode_the_service_and_one_shipper() -> None:
    adapter = CarrierSimulator().adapter("ups")
    standard = adapter.tracking_number("standard")
    express = adapter.tracking_number("one_day")
    assert standard[8:10] == "68" and express[8:10] == "01"
    assert standard[2:8] == express[2:8]


def test_every_catalog_format_has_one_number_maker() -> None:
    assert set(TRACKING_NUMBER_MAKERS) == set(TRACKING_FORMATS)


def test_a_carrier_defined_only_in_data_gets_numbers_and_a_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    with resource_path("carriers.json").open(encoding="utf-8") as fh:
        raw = json.load(fh)
    acme = copy.deepcopy(raw["carriers"]["dpd"])
    acme["display_name"] = "Acme Post"
    acme["tracking"] = {
        "format": "upu_s10",
        "service_indicator": "CC",
        "service_indicators": {"one_day": "EE"},
        "country": "NL",
        "url": "https://acme.example/track/{}?lang=en",
    }
    raw["carriers"]["acme"] = acme
    catalog = parse_catalog(raw)
    monkeypatch.setattr(carriers_module, "load_catalog", lambda: catalog)

    adapter = CarrierSimulator().adapter("acme")
    standard, express = adapter.tracking_number("standard"), adapter.tracking_number("one_day")
    assert re.fullmatch(r"CC\d{9}NL", standard) and re.fullmatch(r"EE\d{9}NL", express)
    assert s10_check_digit(standard[2:10]) == standard[10]
    assert tracking_url("acme", standard) == f"https://acme.example/track/{standard}?lang=en"


def test_a_carrier_without_tracking_data_gets_neutral_numbers() -> None:
    number = new_tracking_number("acme")
    assert re.fullmatch(r"\d{16}", number)
    assert tracking_url("acme", number) == f"https://track.packdesk.invalid/acme/{number}"


def test_numbers_already_taken_are_skipped() -> None:
    seen: set[str] = set()
    first = CarrierSimulator(CarrierConfig(seed=7)).adapter("dpd").tracking_number()
    seen.add(first)
    again = CarrierSimulator(CarrierConfig(seed=7), is_taken=seen.__contains__)
    assert again.adapter("dpd").tracking_number() != first


# ----------------------------------------------------------------------------- create


async def test_create_returns_one_number_per_package() -> None:
    body = shipment("ups", packages=[{"weight": 1}, {"weight": 2}, {"weight": 3}])
    del body["package"]
    result = await CarrierSimulator().create(body, production=True)
    assert len(result.tracking_numbers) == 3 == len(set(result.tracking_numbers))
    assert result.carrier_tracking_no == result.tracking_numbers[0]
    assert result.tracking_url == tracking_url("ups", result.tracking_numbers[0])
    assert result.price == price("ups", "standard", body["packages"], True)
    assert result.price > 0


async def test_sandbox_create_costs_nothing() -> None:
    result = await CarrierSimulator().create(shipment("dhl"), production=False)
    assert result.price == 0.0


async def test_latency_is_awaited_and_cancellable() -> None:
    sim = CarrierSimulator(CarrierConfig(latency_ms=60_000))
    task = asyncio.create_task(sim.create(shipment(), production=False))
    for _ in range(5):
        await asyncio.sleep(0)
    assert not task.done()  # still waiting for the "carrier"
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task


async def test_short_latency_completes() -> None:
    sim = CarrierSimulator(CarrierConfig(latency_ms=1))
    result = await sim.create(shipment("hermes"), production=False)
    assert result.carrier == "hermes"


async def test_latency_above_timeout_is_a_gateway_timeout() -> None:
    sim = CarrierSimulator(CarrierConfig(latency_ms=60_000, timeout_seconds=0.001))
    with pytest.raises(CarrierTimeout) as info:
        await sim.create(shipment("dpd"), production=False)
    assert info.value.status_code == 504
    assert info.value.message.startswith("The carrier dpd ")


async def test_error_trigger_in_company_gives_carrier_error() -> None:
    body = shipment("dhl")
    body["to"]["company"] = "Test carrier-error GmbH"
    with pytest.raises(CarrierError) as info:
        await CarrierSimulator().create(body, production=False)
    assert info.value.status_code == 502
    assert info.value.message.startswith("The carrier dhl returned the following error: ")


async def test_timeout_trigger_in_reference_gives_timeout() -> None:
    body = shipment("ups", reference_number="X CARRIER-TIMEOUT")
    with pytest.raises(CarrierTimeout):
        await CarrierSimulator().create(body, production=False)


async def test_random_failures_follow_the_rate_and_the_seed() -> None:
    always = CarrierSimulator(CarrierConfig(failure_rate=1.0))
    with pytest.raises(CarrierError) as info:
        await always.create(shipment("dpd"), production=False)
    assert info.value.message.startswith("The carrier dpd returned the following error: ")

    async def outcomes(seed: int) -> list[bool]:
        sim = CarrierSimulator(CarrierConfig(failure_rate=0.5, seed=seed))
        out = []
        for _ in range(40):
            try:
                await sim.create(shipment("dhl"), production=False)
                out.append(True)
            except CarrierError:
                out.append(False)
        return out

    first, second = await outcomes(3), await outcomes(3)
    assert first == second
    assert True in first and False in first


def test_simulator_from_service_settings() -> None:
    settings = SimpleNamespace(
        carrier_latency_ms=250,
        carrier_failure_rate=0.1,
        carrier_timeout_seconds=5.0,
        extra={"carrier_seed": 9},
    )
    sim = CarrierSimulator.from_settings(settings)
    assert sim.config == CarrierConfig(
        latency_ms=250, failure_rate=0.1, timeout_seconds=5.0, seed=9
    )


# ----------------------------------------------------------------------------- prices


def test_every_catalog_carrier_and_service_has_a_production_price() -> None:
    catalog = load_catalog()
    for carrier, service in catalog.combinations():
        amount = price(carrier, service, [{"weight": 1.0}], production=True)
        assert amount > 0, (carrier, service)
        assert price(carrier, service, [{"weight": 1.0}], production=False) == 0.0


@pytest.mark.parametrize("carrier", ["dhl", "dpd", "ups", "hermes"])
def test_heavier_costs_more_and_packages_add_up(carrier: str) -> None:
    light = price(carrier, "standard", [{"weight": 0.5}], production=True)
    heavy = price(carrier, "standard", [{"weight": 25.0}], production=True)
    beyond = price(carrier, "standard", [{"weight": 80.0}], production=True)
    assert light < heavy < beyond
    both = price(carrier, "standard", [{"weight": 0.5}, {"weight": 25.0}], production=True)
    assert both == pytest.approx(light + heavy)


def test_surcharges_for_additional_services_and_declared_value() -> None:
    base = price("dhl", "standard", [{"weight": 3}], production=True)
    cod = price(
        "dhl", "standard", [{"weight": 3}], True, [{"name": "cash_on_delivery", "properties": {}}]
    )
    insured = price(
        "dhl",
        "standard",
        [{"weight": 3, "declared_value": {"amount": 800, "currency": "EUR"}}],
        True,
    )
    assert cod > base and insured > base
    with pytest.raises(KeyError):
        price("nope", "standard", [{"weight": 1}], True)


# ----------------------------------------------------------------------------- partners


def test_partner_directory_lookup() -> None:
    found = lookup_partner("1A2B3C4")
    assert found is not None
    assert found["partner_id"] == "1A2B3C4"
    assert {"company", "street", "street_no", "zip_code", "city", "country"} <= set(found)
    found["city"] = "changed"  # callers get copies
    assert lookup_partner("1a2b3c4") == {**found, "city": load_partners()["1A2B3C4"]["city"]}
    assert lookup_partner("ZZZZZZZ") is None


def test_partner_ids_and_countries_follow_the_catalog() -> None:
    catalog = load_catalog()
    partners = load_partners()
    assert len(partners) >= 5
    for pid, addr in partners.items():
        assert catalog.partner.id_pattern.fullmatch(pid)
        assert re.fullmatch(r"[A-Z]{2}", addr["country"])


@pytest.mark.parametrize(
    ("care_of", "expected"),
    [
        ("PAK 1A2B3C4", "1A2B3C4"),
        ("  PAK 1A2B3C4  ", "1A2B3C4"),
        ("PAK 1A2B3C", None),  # six characters
        ("PAK 1a2b3c4", None),  # lower case is not an id
        ("PAX 1A2B3C4", None),  # wrong prefix
        ("PAK1A2B3C4", None),  # no space
        ("c/o Empfang", None),
        ("", None),
        (None, None),
    ],
)
def test_parse_partner_care_of(care_of: str | None, expected: str | None) -> None:
    assert parse_partner_care_of(care_of) == expected
