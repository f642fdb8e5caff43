"""The open profile's shipping presets as Settings › Shipping presets edits them, without a
widget: the list (in the order they are tried), add, change, delete, move, back to the
defaults. Every preset is checked by the domain (`validate_preset`: conditions as the routing
engine checks them, what it sets as the shipment rules do) before it is kept, and every change
is saved into the profile at once (`Profile.shipping_presets` in profiles.json), so the Scan
page, the Batch page and `packdesk batch` use it from their next order on. Each change's outcome
("Saved." or its problems) is said through the presenter base's `message_shown`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import QObject

from desktop_app.domain.presets import (
    NUMERIC_PRESET_FIELDS,
    default_presets,
    presets_from_json,
    presets_to_json,
    validate_preset,
)
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.problems import problem_message
from desktop_app.gui.i18n.profile_errors import profile_error_text
from desktop_app.gui.i18n.words import carrier_name, number, preset_name, service_name
from desktop_app.profiles.errors import ProfileError

if TYPE_CHECKING:
    from desktop_app.domain.rules.problems import Problem
    from desktop_app.gui.core.context import AppContext

PresetData = dict[str, Any]
LIST_OPS = ("in", "not_in")
OP_SIGNS = {
    "eq": "=", "ne": "≠", "lt": "<", "lte": "≤", "gt": ">", "gte": "≥",
    "in": "∈", "not_in": "∉", "prefix": "…",
}  # fmt: skip


def field_name(field: str) -> str:
    """A condition's field in words."""
    names = {
        "to.country": translate("Presets", "Country"),
        "to.zip_code": translate("Presets", "Postcode"),
        "package.weight": translate("Presets", "Weight (kg)"),
        "order.value": translate("Presets", "Order value"),
        "order.item_count": translate("Presets", "Items"),
    }
    return names.get(field, field)


def _where(path: str) -> str:
    """The part of a preset a problem's path points at, in words."""
    head = path.split(".")[0]
    if head.startswith("when["):
        index = int(head[5:].split("]")[0])
        return translate("Presets", "Condition %1").replace("%1", str(index + 1))
    words = {
        "name": translate("Presets", "Name"),
        "carrier": translate("Presets", "Carrier"),
        "service": translate("Presets", "Service"),
        "package": translate("Presets", "Package"),
        "label_format": translate("Presets", "Label format"),
    }
    return words.get(head, translate("Presets", "Add-ons"))


def problem_text(problem: Problem) -> str:
    """`Condition 2: Compare this field with a number.` in the UI language."""
    return f"{_where(problem.path)}: {problem_message(problem)}"


def condition_value(field: str, op: str, text: str) -> str | float | list[str | float]:
    """The value a condition compares with, from what was typed (a list: comma-separated;
    numbers for weight, value and item count; text that is no number stays text, which the
    check then names)."""

    def one(part: str) -> str | float:
        part = part.strip()
        if field in NUMERIC_PRESET_FIELDS:
            try:
                return float(part.replace(",", "."))
            except ValueError:
                return part
        return part.upper() if field == "to.country" else part

    if op in LIST_OPS:
        return [one(part) for part in text.split(",") if part.strip()]
    return one(text)


def value_text(value: Any) -> str:
    """A condition's value as typed back into the form."""
    values = value if isinstance(value, list) else [value]
    return ", ".join(number(v) if isinstance(v, int | float) else str(v) for v in values)


def summary(preset: Mapping[str, Any]) -> str:
    """One line for the list: name, carrier and service, box, and when it applies."""
    carrier = str(preset.get("carrier") or "")
    brand, service = carrier_name(carrier), service_name(carrier, preset.get("service"))
    what = service if service.startswith(brand) else f"{brand} {service}".strip()
    package = preset.get("package") or {}
    sizes = [package.get(k) for k in ("length", "width", "height")]
    measured = [s for s in sizes if isinstance(s, int | float)]
    if len(measured) == len(sizes):
        what += ", " + " × ".join(number(s) for s in measured) + " cm"
    when = [
        f"{field_name(c['field'])} {OP_SIGNS.get(c['op'], c['op'])} {value_text(c['value'])}"
        for c in preset.get("when") or []
    ]
    condition = " · ".join(when) if when else translate("Presets", "every order")
    return f"{preset_name(preset.get('name'))} — {what} — {condition}"


class PresetsPresenter(Presenter):
    """The presets of the context's open profile, changed and saved one step at a time."""

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.presets: list[PresetData] = []
        self.load()

    def load(self) -> None:
        """Read the open profile's presets (its own, or the defaults until it has some)."""
        profile = self.ctx.profile
        self.presets = presets_to_json(profile.presets()) if profile is not None else []

    @property
    def uses_defaults(self) -> bool:
        """True while the profile has no presets of its own."""
        profile = self.ctx.profile
        return profile is None or profile.shipping_presets is None

    def summaries(self) -> list[str]:
        """The list's lines, in the order the presets are tried."""
        return [summary(p) for p in self.presets]

    def problems(self, preset: PresetData) -> list[str]:
        """What is wrong with `preset`, in words (empty: it can be kept)."""
        return [problem_text(p) for p in validate_preset(preset)]

    def add(self, preset: PresetData) -> list[str]:
        """Append `preset` (tried last) and save; its problems instead when it has some."""
        return self._said(self._change([*self.presets, preset], preset))

    def replace(self, index: int, preset: PresetData) -> list[str]:
        """Put `preset` in place of the one at `index` and save."""
        presets = list(self.presets)
        presets[index] = preset
        return self._said(self._change(presets, preset))

    def delete(self, index: int) -> list[str]:
        """Remove the preset at `index` and save."""
        changed = self._change([p for i, p in enumerate(self.presets) if i != index])
        return self._said(changed, translate("Presets", "Deleted."))

    def move(self, index: int, step: int) -> int:
        """Move the preset at `index` up (-1) or down (+1) and save; its new index."""
        target = index + step
        if not (0 <= index < len(self.presets) and 0 <= target < len(self.presets)):
            return index
        presets = list(self.presets)
        presets[index], presets[target] = presets[target], presets[index]
        return target if not self._said(self._change(presets)) else index

    def reset_to_defaults(self) -> list[str]:
        """Forget the profile's own presets: the defaults apply again."""
        return self._said(self._save(None), translate("Presets", "Default presets again."))

    def _said(self, problems: list[str], done: str = "") -> list[str]:
        """Say the problems (an error) or what was done ("Saved." unless told); the problems."""
        if problems:
            self.show_message("\n".join(problems), error=True)
        else:
            self.show_message(done or translate("Presets", "Saved."))
        return problems

    def _change(self, presets: list[PresetData], changed: PresetData | None = None) -> list[str]:
        if changed is not None:
            problems = self.problems(changed)
            if problems:
                return problems
        return self._save(presets)

    def _save(self, presets: list[PresetData] | None) -> list[str]:
        profile = self.ctx.profile
        if profile is None:
            return [translate("Presets", "No profile is open")]
        try:
            stored = presets_from_json(presets) if presets is not None else None
            self.ctx.manager.update(profile.model_copy(update={"shipping_presets": stored}))
        except (ValidationError, ProfileError) as exc:
            reason = profile_error_text(exc) if isinstance(exc, ProfileError) else None
            return [translate("Presets", "Not saved: %1").replace("%1", reason or str(exc))]
        self.ctx.reload_profile()
        self.presets = presets_to_json(stored if stored is not None else default_presets())
        return []
