"""Rules of a manifest request (`POST /v1/manifests`)."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import Catalog, load_catalog
from desktop_app.domain.rules.address import check_address
from desktop_app.domain.rules.checks import check_text
from desktop_app.domain.rules.problems import Problem, Problems, as_draft, guard

MAX_MANIFEST_SHIPMENTS = 1000


def validate_manifest(draft: Any) -> list[Problem]:
    """All problems of a manifest request; empty when valid."""
    return guard("", lambda: _manifest(as_draft(draft), load_catalog()))


def _manifest(d: Any, cat: Catalog) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The manifest request must be a JSON object.")
        return out
    carrier = d.get("carrier")
    if check_text(out, carrier, "carrier", required=True, what="the carrier"):
        if carrier not in cat.carriers:
            known = ", ".join(cat.carriers)
            out.add("carrier", "unknown_carrier", f"Choose one of the carriers: {known}.")
    check_text(out, d.get("reference_number"), "reference_number", max_len=255)
    if d.get("posting_hub_address") is not None:
        check_address(out, d["posting_hub_address"], "posting_hub_address", cat, None)
    shipments = d.get("shipments")
    if shipments is None:
        return out
    if not isinstance(shipments, list) or not shipments:
        out.add("shipments", "invalid_type", "List the shipment ids, or leave it out for today's.")
        return out
    if len(shipments) > MAX_MANIFEST_SHIPMENTS:
        out.add("shipments", "too_many", f"At most {MAX_MANIFEST_SHIPMENTS} shipments a manifest.")
    seen: set[str] = set()
    for index, item in enumerate(shipments):
        ident = item.get("id") if isinstance(item, dict) else item
        path = f"shipments[{index}]"
        if not isinstance(ident, str) or not ident.strip():
            out.add(path, "invalid_type", 'Give a shipment id (or {"id": ...}).')
        elif ident in seen:
            out.add(path, "duplicate", "This shipment is listed twice.")
        else:
            seen.add(ident)
    return out
