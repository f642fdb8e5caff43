"""The carrier catalog: the bundled data, the typed loader and its checks."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from desktop_app.domain.catalog import (
    Catalog,
    CatalogError,
    FieldLimit,
    load_catalog,
    parse_catalog,
    read_catalog,
)
from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.resources import resource_path

# API-CONTRACT.md "Carriers": the label formats each carrier offers.
CONTRACT_FORMATS = {
    "dhl": {
        "pdf_a5",
        "pdf_a6",
        "pdf_a7",
        "pdf_100x70mm",
        "pdf_103x199mm",
        "zpl2_100x70mm_203dpi",
        "zpl2_103x199mm_203dpi",
    },
    "ups": {
        "pdf_a5",
        "pdf_a6",
        "zpl2_4x6in_203dpi",
        "zpl2_4x6in_300dpi",
        "zpl2_4x8in_203dpi",
    },
    "dpag": {"pdf_a5", "pdf_a6", "zpl2_4x6in_203dpi"},
    "dpd": {"pdf_a5", "pdf_a6"},
    "hermes": {"pdf_a5", "pdf_a6"},
}


@pytest.fixture
def raw() -> dict[str, Any]:
    """The bundled catalog file as plain JSON, to be broken by a test."""
    with resource_path("carriers.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return copy.deepcopy(data)


def test_load_catalog_is_cached() -> None:
    assert load_catalog() is load_catalog()


#: the spec's carriers, whose rules the tests below check (a carrier added as data comes after
#: them and brings its own rules; tests/domain/test_carrier_data.py checks every carrier's data)
SPEC_CARRIERS = ("dhl", "dpd", "dpag", "ups", "hermes")


def _spec_carriers(cat: Any) -> list[Any]:
    """The catalog's carrier specs of the spec's carriers."""
    return [spec for code, spec in cat.carriers.items() if code in SPEC_CARRIERS]


def _of_spec(codes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(code for code in codes if code in SPEC_CARRIERS)


def test_the_five_carriers() -> None:
    cat = load_catalog()
    assert list(cat.carriers)[: len(SPEC_CARRIERS)] == list(SPEC_CARRIERS)
    assert cat.carrier("dpag").display_name == "Deutsche Post"
    with pytest.raises(KeyError, match="known: dhl"):
        cat.carrier("gls")


@pytest.mark.parametrize("code", sorted(CONTRACT_FORMATS))
def test_label_formats_as_the_contract_lists_them(code: str) -> None:
    cat = load_catalog()
    spec = cat.carrier(code)
    for service in spec.services:
        formats = cat.label_formats_for(code, service)
        assert set(formats) == CONTRACT_FORMATS[code]
        assert all(f in LABEL_FORMATS for f in formats)


def test_label_formats_for_unknown_is_empty() -> None:
    cat = load_catalog()
    assert cat.label_formats_for("gls", "standard") == ()
    assert cat.label_formats_for("dhl", "one_day") == ()


def test_spec_rules_on_services_and_package_types() -> None:
    cat = load_catalog()
    returns = {c.code for c in _spec_carriers(cat) if "returns" in c.services}
    assert returns == {"dhl", "ups", "hermes", "dpd"}  # spec 4.1.3
    assert {c.code for c in _spec_carriers(cat) if "bulk" in c.package_types} == {"dhl"}
    letter = {c.code for c in _spec_carriers(cat) if "parcel_letter" in c.package_types}
    assert letter == {"dpd", "dpag"}  # spec 2.2.2
    for t in ("books", "letter"):
        assert {c.code for c in _spec_carriers(cat) if t in c.package_types} == {"dpag"}
    assert {"one_day", "one_day_early"} <= set(cat.carrier("dpd").services)


def test_flags() -> None:
    cat = load_catalog()
    flags = {
        code: {
            name
            for name in ("multiple_packages", "locker_station", "post_branch", "partner")
            if getattr(spec, name)
        }
        for code, spec in cat.carriers.items()
        if code in SPEC_CARRIERS
    }
    assert flags["ups"] == {"multiple_packages"}
    assert flags["dhl"] == {"locker_station", "post_branch", "partner"}
    assert [s.code for s in _spec_carriers(cat) if s.declared_value] == ["dhl"]
    assert all(spec.returns == ("returns" in spec.services) for spec in cat.carriers.values())
    assert {s.code for s in _spec_carriers(cat) if s.pickup_requests} == {"dpd", "ups", "hermes"}


def test_additional_service_conditions() -> None:
    cat = load_catalog()
    a = cat.additional_services
    assert _of_spec(a["advance_notice"].carriers) == ("dhl", "dpd")
    assert a["advance_notice"].channels["sms"] == ("dpd",)
    assert _of_spec(a["cash_on_delivery"].carriers) == ("dhl",)
    assert _of_spec(a["drop_authorization"].carriers) == ("dpd",)
    sat = a["saturday_delivery"]
    assert _of_spec(sat.carriers) == ("dpd",)
    assert sat.services == ("one_day", "one_day_early")
    assert sat.own_contract


def test_field_limits_from_the_reference() -> None:
    cat = load_catalog()
    assert cat.field_limit("dhl", "company") == FieldLimit(max=50, min=2)
    assert cat.field_limit("dpd", "street_no") == FieldLimit(max=8)
    assert cat.field_limit("hermes", "street") == FieldLimit(max=27)
    assert cat.field_limit("ups", "state") == FieldLimit(max=2, min=2)
    assert cat.field_limit("ups", "reference_number") == FieldLimit(max=35)
    assert cat.field_limit("ups", "company", "pickup_requests") == FieldLimit(max=27)
    # Fields the carrier leaves open fall back to the defaults, so does an unknown carrier.
    assert cat.field_limit("dpag", "city") == cat.default_field_limits["city"]
    assert cat.field_limit(None, "city") == cat.default_field_limits["city"]
    combined = cat.carrier("ups").combined_limits
    assert [(c.fields, c.max) for c in combined] == [
        (("first_name", "last_name"), 35),
        (("street", "street_no"), 35),
    ]


def test_package_limits_cover_every_package_type() -> None:
    for spec in load_catalog().carriers.values():
        assert set(spec.package_limits) == set(spec.package_types)
    assert load_catalog().carrier("ups").package_limits["parcel"].max_weight == 70
    assert load_catalog().carrier("dhl").package_limits["parcel"].max_weight == 31.5


def test_carrier_descriptions_payload() -> None:
    cat = load_catalog()
    payload = cat.to_carrier_descriptions()
    assert [d["name"] for d in payload] == list(cat.carriers)
    dpd = next(d for d in payload if d["name"] == "dpd")
    assert set(dpd) == {
        "name",
        "display_name",
        "services",
        "package_types",
        "additional_services",
        "label_formats",
    }
    assert dpd["label_formats"]["one_day"] == ["pdf_a5", "pdf_a6"]
    assert "saturday_delivery" in dpd["additional_services"]
    json.dumps(payload)  # plain JSON, no tuples or proxies left


def test_combinations() -> None:
    combos = load_catalog().combinations()
    assert ("dpd", "one_day_early") in combos
    assert ("dpag", "returns") not in combos
    assert len(combos) == len(set(combos))


def test_read_catalog_from_a_file(tmp_path: Path, raw: dict[str, Any]) -> None:
    path = tmp_path / "carriers.json"
    path.write_text(json.dumps(raw), encoding="utf-8")
    assert isinstance(read_catalog(path), Catalog)


def _break(raw: dict[str, Any], where: str, value: Any) -> dict[str, Any]:
    node = raw
    keys = where.split("/")
    for k in keys[:-1]:
        node = node[k]
    node[keys[-1]] = value
    return raw


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        ("carriers/dhl/label_formats/*", ["pdf_a5", "pdf_a4"], "unknown label format 'pdf_a4'"),
        ("carriers/dpd/label_formats/express", ["pdf_a5"], "'express' is not a service"),
        ("carriers/dpd/label_formats/*", [], "non-empty list"),
        ("carriers/ups/package_types", {"crate": "Crate"}, "unknown package type"),
        ("carriers/hermes/flags/returns", False, "disagrees"),
        ("carriers/hermes/flags/partner", "yes", "true or false"),
        ("carriers/dhl/additional_services", ["teleport"], "not defined"),
        ("carriers/dhl/package_limits/bulk", {"max_weight": 0, "max_dimension": 1}, "positive"),
        ("carriers/dhl/field_limits/shipments/city", {"max": 0}, "positive integer"),
        ("carriers/dhl/field_limits/shipments/city", {"max": 5, "min": 9}, "bad min"),
        ("additional_services/saturday_delivery/services", ["ups_expedited"], "no offering"),
        ("additional_services/saturday_delivery/services", ["returns"], "returns cannot"),
        ("additional_services/advance_notice/channels/sms", ["ups"], "does not offer"),
        ("partner/id_pattern", "([", "bad pattern"),
        ("max_packages", 0, "positive integer"),
    ],
)
def test_bad_data_is_refused(raw: dict[str, Any], where: str, value: Any, message: str) -> None:
    with pytest.raises(CatalogError, match=message.replace("(", r"\(").replace("*", r"\*")):
        parse_catalog(_break(raw, where, value))


def test_missing_section_is_refused(raw: dict[str, Any]) -> None:
    del raw["carriers"]["dpd"]["flags"]
    with pytest.raises(CatalogError, match="missing 'flags'"):
        parse_catalog(raw)
