"""The customs data (`resources/customs/customs.json`) as typed, checked objects.

Which territories lie outside the EU's customs or VAT area, the CN22 limit, conversion rates,
carriers' customs documents and destination extras are data with their sources; the rules
in this package read them and decide nothing by country name in code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from desktop_app.resources import resource_path

DECLARATION_KINDS = ("cn23", "by_value", "none")
INVOICE_KINDS = ("always", "commercial", "never")


class CustomsDataError(ValueError):
    """The customs data file is inconsistent (an unknown source, a bad pattern ...)."""


@dataclass(frozen=True, slots=True)
class Amount:
    """A threshold: an amount in a currency (XDR is the IMF's special drawing right)."""

    amount: float
    currency: str


@dataclass(frozen=True, slots=True)
class Territory:
    """Part of a country that is its own customs zone, recognised by its postcode."""

    zone: str
    name: str
    country: str
    postcode: re.Pattern[str]
    source: str


@dataclass(frozen=True, slots=True)
class CarrierCustoms:
    """What one carrier needs for a parcel that crosses a customs border."""

    code: str
    name: str
    declaration: str  # cn23: always CN23; by_value: CN22 up to the limit, else CN23; none
    cn23_copies: int
    cn22_on_label: bool
    electronic_data: bool
    commercial_invoice: str  # always, commercial (commercial contents only), never
    shipment_description: bool
    currencies: tuple[str, ...] | None  # None: any currency
    source: str


@dataclass(frozen=True, slots=True)
class DestinationExtra:
    """A number the seller quotes for one destination zone (VOEC, UK VAT, Swiss VAT)."""

    zone: str
    field: str
    what: str
    pattern: re.Pattern[str]
    example: str
    up_to: Amount | None
    required: bool
    contents_types: tuple[str, ...] | None
    on_invoice: bool
    source: str


@dataclass(frozen=True, slots=True)
class CustomsData:
    """Everything in the customs data file."""

    checked: str
    sources: Mapping[str, str]
    home_zone: str
    home_countries: frozenset[str]
    territories: tuple[Territory, ...]
    rates_date: str
    eur_per_unit: Mapping[str, float]
    cn22_limit: Amount
    export_declaration_above: Amount
    export_declaration_contents: tuple[str, ...]
    contents_types: tuple[str, ...]
    hs_code_required_for: frozenset[str]
    explanation_required_for: frozenset[str]
    field_limits: Mapping[str, int]
    description_min_length: int
    vague_descriptions: frozenset[str]
    carriers: Mapping[str, CarrierCustoms]
    extras: tuple[DestinationExtra, ...]

    def in_eur(self, amount: float, currency: str) -> float | None:
        """`amount` of `currency` in EUR at the file's rates; None for an unknown currency."""
        rate = self.eur_per_unit.get(currency)
        return None if rate is None else amount * rate


def _amount(raw: Mapping[str, Any] | None) -> Amount | None:
    if raw is None:
        return None
    return Amount(float(raw["amount"]), str(raw["currency"]))


def _source(raw: Mapping[str, Any], sources: Mapping[str, str]) -> str:
    name = str(raw["source"])
    if name not in sources:
        raise CustomsDataError(f"unknown source {name!r}")
    return name


def parse_customs_data(raw: Mapping[str, Any]) -> CustomsData:
    """Check and type the data file's content; CustomsDataError when inconsistent."""
    try:
        sources = MappingProxyType(dict(raw["sources"]))
        territories = tuple(
            Territory(
                zone=t["zone"],
                name=t["name"],
                country=t["country"],
                postcode=re.compile(t["postcode"]),
                source=_source(t, sources),
            )
            for t in raw["special_territories"]
        )
        carriers = {}
        for code, c in raw["carriers"].items():
            if c["declaration"] not in DECLARATION_KINDS:
                raise CustomsDataError(f"{code}: declaration {c['declaration']!r}")
            if c["commercial_invoice"] not in INVOICE_KINDS:
                raise CustomsDataError(f"{code}: commercial_invoice {c['commercial_invoice']!r}")
            currencies = c.get("currencies")
            carriers[code] = CarrierCustoms(
                code=code,
                name=c["name"],
                declaration=c["declaration"],
                cn23_copies=int(c.get("cn23_copies", 1)),
                cn22_on_label=bool(c.get("cn22_on_label", False)),
                electronic_data=bool(c.get("electronic_data", False)),
                commercial_invoice=c["commercial_invoice"],
                shipment_description=bool(c.get("shipment_description", False)),
                currencies=None if currencies is None else tuple(currencies),
                source=_source(c, sources),
            )
        extras = tuple(
            DestinationExtra(
                zone=e["zone"],
                field=e["field"],
                what=e["what"],
                pattern=re.compile(e["pattern"]),
                example=e["example"],
                up_to=_amount(e.get("up_to")),
                required=bool(e["required"]),
                contents_types=tuple(e["contents_types"]) if e.get("contents_types") else None,
                on_invoice=bool(e.get("on_invoice", False)),
                source=_source(e, sources),
            )
            for e in raw["destination_extras"]
        )
        rates = raw["rates"]
        _source(rates, sources)
        limits = {k: int(v) for k, v in raw["field_limits"].items() if k != "source"}
        _source(raw["field_limits"], sources)
        cn22 = _amount(raw["cn22_limit"])
        export = raw["export_declaration"]
        above = _amount(export["above"])
        _source(raw["cn22_limit"], sources)
        _source(export, sources)
        _source(raw["vague_descriptions"], sources)
        home = raw["home_zone"]
        _source(home, sources)
        data = CustomsData(
            checked=str(raw["checked"]),
            sources=sources,
            home_zone=home["name"],
            home_countries=frozenset(home["countries"]),
            territories=territories,
            rates_date=str(rates["date"]),
            eur_per_unit=MappingProxyType({k: float(v) for k, v in rates["eur_per_unit"].items()}),
            cn22_limit=cn22 or Amount(0, "XDR"),
            export_declaration_above=above or Amount(0, "EUR"),
            export_declaration_contents=tuple(export["contents_types"]),
            contents_types=tuple(raw["contents_types"]),
            hs_code_required_for=frozenset(raw["hs_code_required_for"]),
            explanation_required_for=frozenset(raw["explanation_required_for"]),
            field_limits=MappingProxyType(limits),
            description_min_length=int(raw["description_min_length"]),
            vague_descriptions=frozenset(w.casefold() for w in raw["vague_descriptions"]["words"]),
            carriers=MappingProxyType(carriers),
            extras=extras,
        )
    except (KeyError, TypeError, ValueError, re.error) as exc:
        if isinstance(exc, CustomsDataError):
            raise
        raise CustomsDataError(f"customs data: {exc!r}") from exc
    for amount in (data.cn22_limit, data.export_declaration_above):
        if amount.currency not in data.eur_per_unit:
            raise CustomsDataError(f"no rate for the threshold currency {amount.currency}")
    return data


def read_customs_data(path: Path) -> CustomsData:
    """Read and check a customs data file."""
    return parse_customs_data(json.loads(path.read_text(encoding="utf-8")))


@cache
def load_customs_data() -> CustomsData:
    """The bundled customs data, read once per process."""
    return read_customs_data(resource_path("customs", "customs.json"))
