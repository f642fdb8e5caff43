"""Stored addresses as text: their fillable fields, a name, one line, an envelope."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop_app.gui.i18n import translate

#: the address fields shown and searched (wire names of spec 2.1 plus email)
FIELDS = (
    "company",
    "first_name",
    "last_name",
    "care_of",
    "street",
    "street_no",
    "zip_code",
    "city",
    "state",
    "country",
    "phone",
    "email",
    "partner_id",
)


def address_fields(address: Mapping[str, Any]) -> dict[str, Any]:
    """The fillable fields of an address (no id, no nulls or empty strings)."""
    return {k: address[k] for k in FIELDS if address.get(k) not in (None, "")}


def address_name(address: Mapping[str, Any]) -> str:
    """Company and/or person."""
    person = " ".join(str(address[k]) for k in ("first_name", "last_name") if address.get(k))
    return ", ".join(x for x in (str(address.get("company") or ""), person) if x) or translate(
        "Addresses", "(no name)"
    )


def address_line(address: Mapping[str, Any]) -> str:
    """One line: name, street, town, country."""
    street = " ".join(str(address[k]) for k in ("street", "street_no") if address.get(k))
    town = " ".join(str(address[k]) for k in ("zip_code", "city") if address.get(k))
    parts = [address_name(address), street, town, str(address.get("country") or "")]
    return ", ".join(p for p in parts if p)


def address_text(address: Mapping[str, Any]) -> str:
    """Several lines, as on an envelope."""
    lines = [address_name(address)]
    if address.get("care_of"):
        lines.append(f"c/o {address['care_of']}")
    lines.append(" ".join(str(address[k]) for k in ("street", "street_no") if address.get(k)))
    lines.append(" ".join(str(address[k]) for k in ("zip_code", "city") if address.get(k)))
    lines.append(str(address.get("country") or ""))
    return "\n".join(line for line in lines if line.strip())
