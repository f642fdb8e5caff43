"""A shipment's wire draft from one order's cells: the profile's defaults, then the mapped
columns (a full name split, a street's number taken out, a country's name as its code), the
items' parcel for what the file leaves out, the weight decided from the best source
(domain/weights.py) and the first matching shipping preset."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from desktop_app.domain.presets import ShippingPreset, apply_preset, facts_of_draft
from desktop_app.domain.weights import OrderWeight, WeightChoice, WeightSource, decide_weight
from desktop_app.orders.cell_values import (
    country_code,
    is_company_name,
    parse_number,
    split_street,
    weight_in_kg,
)
from desktop_app.orders.mapping import FieldSource
from desktop_app.orders.targets import FILE_TARGETS, NUMBER_TARGETS, WEIGHT_TARGETS

__all__ = [
    "FROM_ROW",
    "Defaults",
    "DraftOrigins",
    "build_draft",
    "path_parent",
    "row_goods_weight",
]


@dataclass(frozen=True)
class Defaults:
    """What every row gets unless its columns say otherwise (from the profile and the CLI)."""

    sender: dict[str, Any] | None = None
    carrier: str | None = None
    service: str | None = None
    package: dict[str, Any] | None = None
    label_format: str | None = None
    """A label format forced for every row (`--label-format`); else the printer's choice."""
    presets: tuple[ShippingPreset, ...] = ()
    """The profile's shipping presets: the first that fits a row fills what it leaves out."""
    sender_origin: str = "default sender"
    """Where `sender` comes from: "default sender" or "sample sender" (a fresh sandbox)."""
    packaging_kg: float | None = None
    """The box's own weight (the profile's), added to a weight made of the items."""


def path_parent(draft: dict[str, Any], path: str) -> tuple[dict[str, Any], str]:
    """The dict holding the last part of a dotted `path` (made on the way) and that key."""
    node = draft
    # interned: every draft of a batch names its fields with the same strings
    parts = [sys.intern(part) for part in path.split(".")]
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = {}
            node[part] = child
        node = child
    return node, parts[-1]


def _copied(value: Any) -> Any:
    """A copy of JSON-like data: new dicts and lists (each draft edits its own), the same
    strings and numbers (immutable: a copy of each per order only costs memory)."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_copied(item) for item in value]
    return value


def _put(draft: dict[str, Any], path: str, value: Any) -> None:
    node, key = path_parent(draft, path)
    node[key] = value


def _split_name(full: str) -> tuple[str, str]:
    parts = full.split()
    if len(parts) == 1:
        return "", parts[0]
    return " ".join(parts[:-1]), parts[-1]


@dataclass
class DraftOrigins:
    """Where a draft's fields came from besides the file's columns (said before the run)."""

    filled: dict[str, str] = field(default_factory=dict)
    """Field -> where from: "default sender", "preset: Small parcels", "product catalogue"."""
    weight: OrderWeight = field(default_factory=OrderWeight)
    """The order's weight and its source."""


class _FromRow:
    """`build_draft(goods_weight=FROM_ROW)`: the goods' weight is the row's weight column."""


FROM_ROW = _FromRow()


def _unreadable_weight(row: Mapping[str, str], mapping: Mapping[str, FieldSource]) -> str | None:
    """A weight cell of the row that is no number ("viel"), else None."""
    for target in WEIGHT_TARGETS:
        source = mapping.get(target)
        text = source.read(row) if source is not None else ""
        if text and not isinstance(parse_number(text), float):
            return text
    return None


def row_goods_weight(
    row: Mapping[str, str], mapping: Mapping[str, FieldSource]
) -> tuple[float, WeightSource] | None:
    """The weight a row's own columns give (a total, else one item's), in kg."""
    unit_source = mapping.get("package.weight_unit")
    unit = unit_source.read(row) if unit_source is not None else None
    for target in ("package.weight", "item.weight"):
        source = mapping.get(target)
        value = parse_number(source.read(row)) if source is not None else ""
        if isinstance(value, float) and value > 0:
            return weight_in_kg(value, unit), "file"
    return None


def build_draft(
    row: Mapping[str, str],
    mapping: Mapping[str, FieldSource],
    defaults: Defaults,
    *,
    fallback: Mapping[str, Any] | None = None,
    order_facts: Mapping[str, float | None] | None = None,
    origins: DraftOrigins | None = None,
    given_weight: tuple[float, WeightSource] | None = None,
    goods_weight: tuple[float, WeightSource] | None | _FromRow = FROM_ROW,
) -> dict[str, Any]:
    """The wire draft of one row (not sanitised, not validated): defaults, then the columns.

    Empty cells leave their field out, so the rules report what is missing; numbers that do
    not parse stay text, so the rules report them at their path. `fallback` holds values the
    order's items give (the parcel's dimensions from the product catalogue) for fields the
    row leaves empty; `order_facts` the order's value and item count the presets may test.
    The weight is decided by `batch.weights.decide_weight` from `given_weight` (scale or
    typed), `goods_weight` (the items', from the catalogue or the file; by default the row's
    weight column) and the defaults; `origins.weight` says which.
    """
    origins = origins if origins is not None else DraftOrigins()
    draft: dict[str, Any] = {}
    if defaults.carrier:
        draft["carrier"] = defaults.carrier
        origins.filled["carrier"] = "profile"
    if defaults.service:
        draft["service"] = defaults.service
        origins.filled["service"] = "profile"
    if defaults.sender:
        draft["from"] = _copied(defaults.sender)
        origins.filled["from"] = defaults.sender_origin
    package = dict(defaults.package or {})
    default_kg = package.pop("weight", None)
    # the profile's box fills only what a matching preset leaves out (after the preset)
    box = {key: package.pop(key) for key in ("length", "width", "height") if key in package}
    if package:
        draft["package"] = _copied(package)
        origins.filled["package"] = "profile"
    if draft.get("from") and any(
        target.startswith("from.") and source.read(row) for target, source in mapping.items()
    ):
        del draft["from"]  # the row names its own sender: the default sender is not mixed in
        origins.filled.pop("from", None)
    unit_source = mapping.get("package.weight_unit")
    unit = unit_source.read(row) if unit_source is not None else None
    for target, source in mapping.items():
        text = source.read(row)
        if not text or target in FILE_TARGETS:
            continue
        if target == "to.name":
            to = draft.setdefault("to", {})
            company = mapping.get("to.company")
            if is_company_name(text) and not (company is not None and company.read(row)):
                to.setdefault("company", text)
                continue
            first, last = _split_name(text)
            if first and "first_name" not in to:
                to["first_name"] = first
            to.setdefault("last_name", last)
            continue
        value: Any = text
        if target in NUMBER_TARGETS:
            value = parse_number(text)
            if target == "package.weight" and isinstance(value, float):
                value = weight_in_kg(value, unit)
        elif target in ("to.country", "from.country"):
            value = country_code(text)
        elif target in ("carrier", "service", "package.type"):
            value = text.casefold()
        elif target in ("to.street", "from.street") and not _given(mapping, f"{target}_no", row):
            street, number = split_street(text)
            if number is not None:
                _put(draft, f"{target}_no", number)
                value = street
        _put(draft, target, value)
    _street_from_second_line(draft.get("to"))
    # the items' parcel wins over the preset's and the profile's box, a column over all
    for path, value in (fallback or {}).items():
        if not _given(mapping, path, row):
            node, key = path_parent(draft, path)
            node[key] = value
            origins.filled[path] = "product catalogue"
    facts = order_facts or {}
    goods = row_goods_weight(row, mapping) if isinstance(goods_weight, _FromRow) else goods_weight
    choice = decide_weight(
        given=given_weight,
        goods=goods,
        presets=defaults.presets,
        facts=facts_of_draft(draft, value=facts.get("value"), item_count=facts.get("item_count")),
        packaging_kg=defaults.packaging_kg,
        default_kg=default_kg if isinstance(default_kg, int | float) else None,
    )
    unreadable = _unreadable_weight(row, mapping)
    if unreadable is not None and choice.weight.source in (None, "default"):
        # the file's weight is no number: said at its field, never replaced by a default
        node, key = path_parent(draft, "package.weight")
        node[key] = unreadable
        choice = WeightChoice(OrderWeight(), choice.preset)
    origins.weight = choice.weight
    if choice.weight.kg is not None:
        node, key = path_parent(draft, "package.weight")
        node[key] = choice.weight.kg
        origins.filled["package.weight"] = choice.weight.source or ""
    if choice.preset is not None:
        before = json.dumps(draft, sort_keys=True, default=str)
        draft = apply_preset(draft, choice.preset)
        if json.dumps(draft, sort_keys=True, default=str) != before:
            origins.filled["preset"] = choice.preset.name
    if box:
        package_now = draft.setdefault("package", {})
        if isinstance(package_now, dict) and any(package_now.get(k) in (None, "") for k in box):
            for key, value in box.items():
                if package_now.get(key) in (None, ""):
                    package_now[key] = value
            origins.filled.setdefault("package", "profile")
    draft["create_shipping_label"] = True
    return draft


def _street_from_second_line(to: Any) -> None:
    """ "Muster GmbH" / "Industriestr. 5" in the two address lines (as Amazon writes them): the
    street is the line with the number; a company's name in the first line is the company."""
    if not isinstance(to, dict) or to.get("street_no") or not to.get("street"):
        return
    care_of = to.get("care_of")
    if not isinstance(care_of, str) or not care_of:
        return
    street, number = split_street(care_of)
    if number is None:
        return
    first_line = str(to["street"])
    to["street"], to["street_no"] = street, number
    if is_company_name(first_line) and not to.get("company"):
        to["company"] = first_line
        del to["care_of"]
    else:
        to["care_of"] = first_line


def _given(mapping: Mapping[str, FieldSource], target: str, row: Mapping[str, str]) -> bool:
    source = mapping.get(target)
    return source is not None and bool(source.read(row))
