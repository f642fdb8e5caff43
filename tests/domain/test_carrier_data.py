"""Carrier differences are catalog data: the rules, the desk's add-ons and the label read them.

A carrier added to `resources/carriers.json` gets its own names and required fields without
a line of code; the modules that used to name carriers in `if`s name none.
"""

from __future__ import annotations

import ast
import copy
import json
from pathlib import Path
from typing import Any

import pytest

import desktop_app
from desktop_app.domain import catalog as catalog_module
from desktop_app.domain import rules
from desktop_app.domain.catalog import CatalogError, load_catalog, parse_catalog
from desktop_app.resources import resource_path
from desktop_app.service.labels import shipment_labels as labels
from tests.domain.rules.drafts import draft

PACKAGE = Path(desktop_app.__file__).parent
# the modules that apply carrier differences: they read them from the catalog
CARRIER_NEUTRAL = [
    *sorted((PACKAGE / "domain").glob("rules*.py")),
    *sorted((PACKAGE / "domain").glob("rules/*.py")),
    PACKAGE / "gui" / "shipment" / "partials" / "services.py",
    PACKAGE / "service" / "labels" / "shipment_labels.py",
    PACKAGE / "service" / "shipping" / "carriers.py",
]


def raw_catalog() -> dict[str, Any]:
    with resource_path("carriers.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def with_acme(raw: dict[str, Any]) -> dict[str, Any]:
    """The catalog plus "acme", a carrier like DPD with its own advance-notice name that, like
    UPS, needs the contents described on a return."""
    raw = copy.deepcopy(raw)
    acme = copy.deepcopy(raw["carriers"]["dpd"])
    acme["display_name"] = "Acme"
    acme["required_package_fields"] = {"returns": ["description"]}
    raw["carriers"]["acme"] = acme
    raw["additional_services"]["advance_notice"]["carrier_names"]["acme"] = "Acme Alert"
    return raw


def test_no_carrier_is_named_in_a_condition() -> None:
    codes = set(load_catalog().carriers)
    found = []
    for path in CARRIER_NEUTRAL:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                for operand in [node.left, *node.comparators]:
                    values = operand.elts if isinstance(operand, ast.Tuple | ast.Set) else [operand]
                    found += [
                        f"{path.relative_to(PACKAGE)}:{node.lineno} {v.value!r}"
                        for v in values
                        if isinstance(v, ast.Constant) and v.value in codes
                    ]
    assert found == []


def test_a_carrier_added_as_data_gets_its_names_and_required_fields(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    catalog = parse_catalog(with_acme(raw_catalog()))
    for module in (catalog_module, rules.shipment, labels):
        monkeypatch.setattr(module, "load_catalog", lambda: catalog)
    shipment = draft("dpd", "returns")
    shipment["carrier"] = "acme"
    problems = [p for p in rules.validate(shipment) if p.path == "package.description"]
    assert [(p.code, p.message) for p in problems] == [
        ("required", "Enter a description of the contents (Acme returns need it).")
    ]
    shipment["package"]["description"] = "Shoes"
    assert rules.validate(shipment) == []

    notice = {"name": "advance_notice", "properties": {"email": "erika@example.com"}}
    marks = labels._extras({"carrier": "acme", "additional_services": [notice]}, {})
    assert marks == ("ACME ALERT",)
    marks = labels._extras({"carrier": "dhl", "additional_services": [notice]}, {})
    assert marks == ("NOTICE",)


def test_the_bundled_carriers_differences_are_in_the_data() -> None:
    catalog = load_catalog()
    assert catalog.carriers["ups"].required_package_fields == {"returns": ("description",)}
    assert catalog.carriers["dhl"].required_package_fields == {}
    assert catalog.additional_services["advance_notice"].carrier_names == {"dpd": "Predict"}
    notice = {"name": "advance_notice"}
    assert labels._extras({"carrier": "dpd", "additional_services": [notice]}, {}) == ("PREDICT",)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda raw: raw["additional_services"]["advance_notice"]["carrier_names"].update(
                ups="Alert"
            ),
            "carrier_names: 'ups' does not offer it",
        ),
        (
            lambda raw: raw["carriers"]["ups"].update(
                required_package_fields={"express": ["description"]}
            ),
            "'express' is not a service of this carrier",
        ),
        (
            lambda raw: raw["carriers"]["ups"].update(
                required_package_fields={"returns": ["colour"]}
            ),
            "required_package_fields.returns: a list of description",
        ),
    ],
)
def test_bad_carrier_data_is_refused_on_load(change: Any, message: str) -> None:
    raw = raw_catalog()
    change(raw)
    with pytest.raises(CatalogError, match=message):
        parse_catalog(raw)


@pytest.mark.parametrize(
    ("tracking", "message"),
    [
        ({"format": "morse"}, "unknown format 'morse'"),
        ({"format": "gs1_sscc"}, "tracking: missing 'prefix'"),
        ({"format": "digits", "length": 16, "url": "https://t.example/"}, "url: a text with {}"),
        ({"format": "digits", "prefix": "H100", "length": 4}, "length: a whole number longer"),
        ({"format": "depot_parcel", "depots": [], "length": 14}, "depots: name at least one"),
        (
            {"format": "ups_1z", "service_indicator": "68", "service_indicators": {"next": "01"}},
            "service_indicators: 'next' is not a service",
        ),
    ],
)
def test_bad_tracking_data_is_refused_on_load(tracking: dict[str, Any], message: str) -> None:
    raw = raw_catalog()
    raw["carriers"]["ups"]["tracking"] = tracking
    with pytest.raises(CatalogError, match=message.replace("{}", r"\{\}")):
        parse_catalog(raw)
