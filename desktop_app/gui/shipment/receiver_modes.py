"""What the receiver's delivery mode changes in the form's decisions, without a window.

A workplace parcel point takes only the partner id: the rest of the address comes from the
partner system, so an empty id is one problem (not the missing street, city and name), a
carrier without parcel points is named, and only a typed id counts as a shipment being typed.
The fields each mode shows are `widgets.address_form`'s (shared with the address book).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop_app.domain.catalog import CarrierSpec
from desktop_app.domain.rules import Problem
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.address_form import PARTNER


def mode_problems(problems: list[Problem], mode: str, to: Any) -> list[Problem]:
    """The rules' problems as the receiver's mode asks them: with a partner id only that id
    is asked for; every other mode keeps them as they are."""
    if mode != PARTNER:
        return problems
    partner_id = to.get("partner_id") if isinstance(to, dict) else None
    if partner_id:
        return problems
    kept = [p for p in problems if not p.path.startswith("to.") and p.path != "to"]
    kept.append(
        Problem("to.partner_id", "required", translate("Shipment", "Enter the partner id."))
    )
    return kept


def mode_not_offered(mode: str, spec: CarrierSpec | None) -> list[Problem]:
    """A workplace parcel point with a carrier that delivers to none (else nothing)."""
    if mode != PARTNER or spec is None or spec.partner:
        return []
    text = translate("Shipment", "{display_name} does not deliver to workplace parcel points.")
    return [
        Problem(
            "to.partner_id",
            "partner_not_offered",
            text.format(display_name=spec.display_name),
        )
    ]


def receiver_has_input(address: Mapping[str, Any], mode: str) -> bool:
    """Whether a receiver is being typed (the country alone, filled in, is not)."""
    typed = {k: v for k, v in address.items() if k != "country"}
    if mode == PARTNER:
        typed = {k: v for k, v in typed.items() if v}
    return bool(typed)
