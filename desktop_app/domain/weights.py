"""An order's weight from the best source, and where it came from.

The sources, best first:

1. the scale (the Scan page, or the Batch page's "weigh on the scale") - the parcel as it is;
2. a weight typed for the order (the Batch page's list, or one weight for all) - as typed;
3. the product catalogue: each item's weight x its quantity;
4. the order's file or shop: a weight per item x its quantity, or a line's or the order's
   total weight (a header that says so: `Gesamtgewicht`, `Total weight`);
5. the default weight: the matching shipping preset's, else the profile's.

A weight made of the items (3 and 4) is the goods' weight: the box's own weight is added -
the matching preset's `packaging_weight`, else the profile's (Settings › Preferences), else
nothing. The preset is chosen with the goods' weight plus the profile's box weight. A scale's,
a typed or a default weight is the parcel's and is taken as it is.
Order weights:

`desktop_app/domain/weights.py` decides every order's weight, in every door (the Batch page,
`packdesk batch`, the watched folder, the Scan page), from the best source, and says which:

1. the scale (the Scan page; the Batch page's *Weigh on the scale*, in file order, the next
   order waiting until the scale was emptied: `batch_runs/weighing.py`);
2. a weight typed for the order (the Batch page's *Weight* column, one weight for all, or
   `packdesk batch --weight`);
3. the product catalogue: each item's weight x its quantity;
4. the order's file or shop: an item weight (`item.weight`: a weight column beside a quantity,
   or named so) x its quantity, or a total (`package.weight`: a header that says so,
   `Gesamtgewicht` / `Total weight`: the line's, the lines adding up);
5. the default weight: the matching preset's `package.default_weight`, else the profile's
   `default_package.weight` (not at the Scan page: the packer is there to weigh it).

A weight made of the items (3, 4) is the goods': the box's own weight is added, the matching
preset's `package.packaging_weight`, else the profile's `Preferences.packaging_weight`, else
nothing; the preset is chosen with the goods' weight plus the profile's box. A scale's, a typed
or a default weight is the parcel's and is taken as it is. The matching preset's box (its
dimensions) is used before the profile's default size, which fills only what no preset gives.
An order without a weight has one problem, `no_weight` ("No weight: weigh it, type it, or give
the product a weight"): the carrier a preset would choose by weight and the customs items' net
weights are not reported besides it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from desktop_app.domain.presets import ShippingPreset, choose_preset
from desktop_app.domain.rules import Problem

__all__ = [
    "NO_WEIGHT",
    "GIVEN_SOURCES",
    "OrderWeight",
    "WeightSource",
    "decide_weight",
    "no_weight_problems",
]

WeightSource = Literal["scale", "typed", "catalogue", "file", "catalogue+file", "default"]
#: the sources of a weight given for the whole parcel (by a person or the scale)
GIVEN_SOURCES = frozenset({"scale", "typed"})

NO_WEIGHT = "No weight: weigh it, type it, or give the product a weight."


@dataclass(frozen=True, slots=True)
class OrderWeight:
    """An order's parcel weight in kg and its source (both None: no weight)."""

    kg: float | None = None
    source: WeightSource | None = None
    goods_kg: float | None = None
    """The items' weight before the box (catalogue or file)."""
    box_kg: float = 0.0
    """The box's own weight added to the goods' weight."""


@dataclass(frozen=True, slots=True)
class WeightChoice:
    """The weight decided for an order and the shipping preset chosen with it."""

    weight: OrderWeight
    preset: ShippingPreset | None


def decide_weight(
    *,
    given: tuple[float, WeightSource] | None,
    goods: tuple[float, WeightSource] | None,
    presets: Sequence[ShippingPreset],
    facts: dict[str, str | float | None],
    packaging_kg: float | None,
    default_kg: float | None,
) -> WeightChoice:
    """The order's weight from the best source (module docstring), and its preset.

    `facts` are the order's preset facts without a weight (country, postcode, value, count).
    """
    profile_box = packaging_kg or 0.0

    def preset_for(kg: float | None) -> ShippingPreset | None:
        return choose_preset(presets, {**facts, "package.weight": kg}) if presets else None

    if given is not None:
        kg, source = given
        return WeightChoice(OrderWeight(round(kg, 3), source), preset_for(kg))
    if goods is not None:
        goods_kg, source = goods
        preset = preset_for(goods_kg + profile_box)
        own = preset.package.packaging_weight if preset is not None else None
        box = own if own is not None else profile_box
        # the items' weights as converted (2 lb = 0.90718474 kg), not rounded to the gram
        weight = OrderWeight(round(goods_kg + box, 6), source, goods_kg, box)
        return WeightChoice(weight, preset)
    preset = preset_for(None)  # a preset that holds whatever the weight (its default weight)
    default = preset.package.default_weight if preset is not None else None
    default = default if default is not None else default_kg
    if default is None or default <= 0:
        return WeightChoice(OrderWeight(), preset)
    return WeightChoice(OrderWeight(round(default, 3), "default"), preset or preset_for(default))


def no_weight_problems(problems: Sequence[Problem], *, carrier_from_preset: bool) -> list[Problem]:
    """The rules' problems of a draft without a weight, named by their cause: one "No weight"
    instead of the weight's; the carrier's and service's left out when a shipping preset would
    choose them once the order has a weight (`carrier_from_preset`), and the customs items'
    net weights (the items' weights are what is missing)."""
    if not any(_missing_weight(problem) for problem in problems):
        return list(problems)  # a weight there is, but wrong ("viel"): said as the rules say
    out: list[Problem] = [Problem("package.weight", "no_weight", NO_WEIGHT)]
    for problem in problems:
        path = problem.path
        if _missing_weight(problem):
            continue
        if carrier_from_preset and path in ("carrier", "service") and problem.code == "required":
            continue
        if path.startswith("customs_declaration.items[") and path.endswith(".net_weight"):
            continue
        out.append(problem)
    return out


def _missing_weight(problem: Problem) -> bool:
    """True for the rules' "enter the weight" (or "enter the package") problem."""
    if problem.path == "package" and problem.code == "no_package":
        return True
    return problem.code == "required" and (
        problem.path == "package.weight"
        or (problem.path.startswith("packages[") and problem.path.endswith("].weight"))
    )
