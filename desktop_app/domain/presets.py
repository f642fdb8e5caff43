"""Shipping presets: per-profile rules that decide how an order ships.

A preset names a carrier and service, the package type and dimensions, an optional label
format and add-ons (additional services). Its conditions test facts of the order: the
destination (`to.country`, `to.zip_code`), the weight (`package.weight`), the goods' value
(`order.value`) and the number of items (`order.item_count`), with the routing engine's
operators (`desktop_app.domain.routing.value_holds`). The first preset whose conditions all
hold is chosen; a preset without conditions holds for every order.

Applying a preset fills only what the order (or file) leaves out: a carrier already given
keeps its own service, a package keeps its own sizes. The batch import, `packdesk batch`
and the Scan page use the same presets, so every order ships the same way at every station.
Shipping presets:

`desktop_app/domain/presets.py`: per-profile rules (`Profile.shipping_presets`, the defaults of
`default_presets()` until a profile has its own) deciding carrier, service, package type and
dimensions, label format and add-ons from the order's destination, weight, value and item
count, with the routing engine's operators (`routing.value_holds`). The first preset that
fits fills what a draft leaves out (its box before the profile's default size; its box weight
and default weight: see Order weights). `packdesk batch`, the batch page ("By shipping preset")
and the Scan page use them; the Local sandbox falls back to a sample sender
(`Profile.draft_sender()`), so a shop export without carrier, sender or sizes prints at once.
An order-number column maps to the shipment's `reference_number`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal, get_args

from pydantic import Field, TypeAdapter

from desktop_app.domain.models.base import RequestModel
from desktop_app.domain.models.terms import RuleOp, RuleValue
from desktop_app.domain.rules.checks import check_text
from desktop_app.domain.rules.problems import Problem, Problems
from desktop_app.domain.samples import sample_receiver, sample_sender

__all__ = [
    "OrderFacts",
    "PresetCondition",
    "ShippingPreset",
    "apply_preset",
    "choose_preset",
    "default_presets",
    "facts_of_draft",
    "presets_from_json",
    "presets_to_json",
    "validate_preset",
]

#: What a preset condition can test.
PresetField = Literal[
    "to.country", "to.zip_code", "package.weight", "order.value", "order.item_count"
]


class PresetCondition(RequestModel):
    """One test of the order, e.g. `to.country in ["AT", "CH"]` or `package.weight lte 2`."""

    field: PresetField
    op: RuleOp
    value: RuleValue


class PresetPackage(RequestModel):
    """The package a preset fills in: type and outer dimensions in cm; the box's own weight
    (added to the goods' weight of an order weighed by its items) and a default weight (for
    an order with no weight at all), both in kg."""

    type: str | None = None
    length: float | None = Field(default=None, gt=0)
    width: float | None = Field(default=None, gt=0)
    height: float | None = Field(default=None, gt=0)
    packaging_weight: float | None = Field(default=None, ge=0, le=100)
    default_weight: float | None = Field(default=None, gt=0, le=1000)

    def sizes(self) -> dict[str, Any]:
        """What the preset puts into a shipment's package (type and dimensions)."""
        return self.model_dump(exclude_none=True, exclude=set(WEIGHT_FIELDS))


#: a preset package's fields that are weights of the order, not fields of the wire package
WEIGHT_FIELDS = ("packaging_weight", "default_weight")


class ShippingPreset(RequestModel):
    """A named way to ship: when it applies, and what it sets."""

    name: str = Field(min_length=1, max_length=60)
    when: list[PresetCondition] = Field(default_factory=list)
    carrier: str = Field(min_length=1)
    service: str = "standard"
    package: PresetPackage = Field(default_factory=PresetPackage)
    label_format: str | None = None
    additional_services: dict[str, Any] | None = None


_PRESET_LIST = TypeAdapter(list[ShippingPreset])
PRESET_FIELDS: tuple[str, ...] = get_args(PresetField)
NUMERIC_PRESET_FIELDS = frozenset({"package.weight", "order.value", "order.item_count"})

#: The facts of an order a preset tests (field -> value; a missing fact is None).
OrderFacts = Mapping[str, str | float | None]


def presets_from_json(data: Any) -> list[ShippingPreset]:
    """Presets from their JSON form (a list); pydantic's ValidationError when invalid."""
    return _PRESET_LIST.validate_python(data)


def presets_to_json(presets: Iterable[ShippingPreset]) -> list[dict[str, Any]]:
    """The JSON form of `presets` (what a profile stores)."""
    return [p.model_dump(mode="json", by_alias=True, exclude_none=True) for p in presets]


def _box(length: float, width: float, height: float) -> PresetPackage:
    return PresetPackage(type="parcel", length=length, width=width, height=height)


def _cond(field: str, op: str, value: Any) -> PresetCondition:
    return PresetCondition.model_validate({"field": field, "op": op, "value": value})


def default_presets() -> list[ShippingPreset]:
    """The presets every profile starts with: DHL parcels in three box sizes inside Germany,
    DHL abroad, UPS above DHL's 31.5 kg. All are accepted by the Local sandbox."""
    de = _cond("to.country", "eq", "DE")
    return [
        ShippingPreset(
            name="Germany, small box (up to 2 kg)",
            when=[de, _cond("package.weight", "lte", 2)],
            carrier="dhl",
            package=_box(25, 17.5, 10),
        ),
        ShippingPreset(
            name="Germany, medium box (up to 10 kg)",
            when=[de, _cond("package.weight", "lte", 10)],
            carrier="dhl",
            package=_box(40, 30, 20),
        ),
        ShippingPreset(
            name="Germany, large box (up to 31.5 kg)",
            when=[de, _cond("package.weight", "lte", 31.5)],
            carrier="dhl",
            package=_box(60, 40, 40),
        ),
        ShippingPreset(
            name="Abroad (up to 31.5 kg)",
            when=[_cond("to.country", "ne", "DE"), _cond("package.weight", "lte", 31.5)],
            carrier="dhl",
            package=_box(40, 30, 20),
        ),
        ShippingPreset(
            name="Heavy parcel (UPS, up to 70 kg)",
            when=[_cond("package.weight", "lte", 70)],
            carrier="ups",
            package=_box(80, 60, 60),
        ),
    ]


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def facts_of_draft(
    draft: Mapping[str, Any], *, value: float | None = None, item_count: float | None = None
) -> dict[str, str | float | None]:
    """The facts of a shipment draft (its receiver and packages) plus an order's value and
    item count when known. The weight is the heaviest package's, as routing reads it."""
    to = draft.get("to") if isinstance(draft.get("to"), Mapping) else {}
    assert isinstance(to, Mapping)
    packages = draft.get("packages")
    if not isinstance(packages, list):
        packages = [draft["package"]] if isinstance(draft.get("package"), Mapping) else []
    weights = [_number(p.get("weight")) for p in packages if isinstance(p, Mapping)]
    known = [w for w in weights if w is not None]
    country, zip_code = to.get("country"), to.get("zip_code")
    return {
        "to.country": country if isinstance(country, str) and country else None,
        "to.zip_code": zip_code if isinstance(zip_code, str) and zip_code else None,
        "package.weight": max(known) if known else None,
        "order.value": value,
        "order.item_count": item_count,
    }


def preset_holds(preset: ShippingPreset, facts: OrderFacts) -> bool:
    """Whether every condition of `preset` holds for `facts`."""
    # here, not at the top: the routing models it imports are not needed to read a profile
    from desktop_app.domain.routing import value_holds

    return all(value_holds(c.op, facts.get(c.field), c.value) for c in preset.when)


def choose_preset(presets: Sequence[ShippingPreset], facts: OrderFacts) -> ShippingPreset | None:
    """The first preset whose conditions hold, or None."""
    return next((p for p in presets if preset_holds(p, facts)), None)


def apply_preset(draft: Mapping[str, Any], preset: ShippingPreset) -> dict[str, Any]:
    """A copy of `draft` with what `preset` sets wherever the draft leaves it out."""
    out = copy.deepcopy(dict(draft))
    if not out.get("carrier"):
        out["carrier"] = preset.carrier
        out["service"] = preset.service
    elif out["carrier"] == preset.carrier and not out.get("service"):
        out["service"] = preset.service
    sizes = preset.package.sizes()
    if isinstance(out.get("packages"), list):
        targets = [p for p in out["packages"] if isinstance(p, dict)]
    else:
        package = out.get("package")
        if not isinstance(package, dict):
            package = out["package"] = {}
        targets = [package]
    for package in targets:
        for key, value in sizes.items():
            if package.get(key) in (None, ""):
                package[key] = value
    if preset.label_format and not (out.get("label") or {}).get("format"):
        out["label"] = {**(out.get("label") or {}), "format": preset.label_format}
    services = out.setdefault("additional_services", [])
    if isinstance(services, list):
        given = {item.get("name") for item in services if isinstance(item, Mapping)}
        for item in add_on_items(preset.additional_services):
            if item["name"] not in given:
                services.append(item)
    if not out["additional_services"]:
        del out["additional_services"]
    return out


def add_on_items(add_ons: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """A preset's add-ons (name -> its details) as the request's list items
    (`{"name": ..., "properties": {...}}`)."""
    items: list[dict[str, Any]] = []
    for name, options in (add_ons or {}).items():
        item: dict[str, Any] = {"name": name}
        if isinstance(options, Mapping) and options:
            item["properties"] = copy.deepcopy(dict(options))
        items.append(item)
    return items


def _check_weights(out: Problems, package: dict[str, Any]) -> None:
    """The box's own weight and the default weight: kilograms, when given."""
    for name, low, high in (("packaging_weight", 0.0, 100.0), ("default_weight", 0.001, 1000.0)):
        value = package.get(name)
        if value is None:
            continue
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if not number or not low <= value <= high:
            out.add(f"package.{name}", "invalid_weight",
                    f"Enter a weight in kg between {low:g} and {high:g}.")  # fmt: skip


def validate_preset(data: Any) -> list[Problem]:
    """Problems of one preset in its JSON form, each with its path (`when[0].value`,
    `service`, `package.length`, `label_format`, `additional_services...`): the conditions
    as the routing engine checks a rule's conditions, and what the preset sets as the rules
    check a shipment made with it (a sample receiver and sender, 1 kg)."""
    from desktop_app.domain.rules import validate
    from desktop_app.domain.rules.routing_rules import check_rule_condition

    out = Problems()
    if not isinstance(data, dict):
        out.add("", "not_an_object", "A shipping preset must be a JSON object.")
        return out
    check_text(out, data.get("name"), "name", required=True, max_len=60, what="a name")
    when = data.get("when") or []
    if isinstance(when, list):
        for i, condition in enumerate(when):
            check_rule_condition(out, condition, f"when[{i}]", PRESET_FIELDS, NUMERIC_PRESET_FIELDS)
    else:
        out.add("when", "invalid_type", "Enter the conditions as a list.")
    package = data.get("package") or {}
    if isinstance(package, dict):
        package = {k: v for k, v in package.items() if k not in WEIGHT_FIELDS}
        _check_weights(out, data.get("package") or {})
    draft: dict[str, Any] = {
        "carrier": data.get("carrier"),
        "service": data.get("service") or "standard",
        "from": sample_sender(),
        "to": sample_receiver(),
        "package": {"weight": 1.0, **(package if isinstance(package, dict) else {})},
    }
    if data.get("label_format"):
        draft["label"] = {"format": data["label_format"]}
    add_ons = data.get("additional_services")
    if isinstance(add_ons, dict) and add_ons:
        draft["additional_services"] = add_on_items(add_ons)
    elif add_ons:
        out.add("additional_services", "invalid_type", "Enter the add-ons as an object.")
    for problem in validate(draft):
        path = problem.path
        if path.split(".")[0].split("[")[0] in ("from", "to"):
            continue  # the sample addresses: an order brings its own
        if path.startswith("label.format"):
            path = "label_format" + path.removeprefix("label.format")
        out.append(Problem(path, problem.code, problem.message, problem.params))
    return out
