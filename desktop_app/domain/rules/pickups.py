"""Rules of a pickup request (`POST /v1/pickup_requests`)."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import Catalog, load_catalog
from desktop_app.domain.rules.address import check_address
from desktop_app.domain.rules.checks import check_pickup_time, check_text, is_blank
from desktop_app.domain.rules.problems import Problem, Problems, as_draft, guard, join


def validate_pickup_request(draft: Any) -> list[Problem]:
    """Problems of a `POST /v1/pickup_requests` body."""
    return guard("", lambda: _pickup_request(as_draft(draft), load_catalog()))


def _pickup_request(d: Any, cat: Catalog) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The pickup request must be a JSON object.")
        return out
    carrier = d.get("carrier")
    spec = None
    if is_blank(carrier):
        out.add("carrier", "required", "Choose a carrier.")
    elif not isinstance(carrier, str) or carrier not in cat.carriers:
        out.add(
            "carrier", "unknown_carrier", f"Choose one of the carriers: {', '.join(cat.carriers)}."
        )
    else:
        spec = cat.carriers[carrier]
        if not spec.pickup_requests:
            offering = ", ".join(c.code for c in cat.carriers.values() if c.pickup_requests)
            out.add(
                "carrier",
                "pickup_not_offered",
                f"{spec.display_name} takes no pickup requests; these carriers do: {offering}.",
                carrier=spec.code,
            )
    check_pickup_time(out, d.get("pickup_time"), "pickup_time")
    if d.get("pickup_address") is not None:
        check_address(
            out, d["pickup_address"], "pickup_address", cat, spec, context="pickup_requests"
        )
    shipments = d.get("shipments")
    if shipments is not None:
        if not isinstance(shipments, list):
            out.add("shipments", "invalid_type", "Enter the shipments as a list of ids.")
        else:
            seen: set[str] = set()
            for i, ref in enumerate(shipments):
                path = f"shipments[{i}]"
                if not isinstance(ref, dict):
                    out.add(path, "invalid_type", 'Enter the shipment as {"id": ...}.')
                    continue
                sid = check_text(out, ref.get("id"), join(path, "id"), required=True,
                                 what="the shipment id")  # fmt: skip
                if sid is not None:
                    if sid in seen:
                        out.add(
                            join(path, "id"), "duplicate_shipment", "This shipment is listed twice."
                        )
                    seen.add(sid)
    return out
