"""Harmless spelling fixes applied to a valid request before it is stored or sent on.

Carriers take "de" as DE and "sw1a1aa" as "SW1A 1AA"; the rules accept both spellings, and
this gives the one the carriers print: country codes in upper case, postcodes in their
country's usual form, text in Unicode NFC (a letter typed as base letter plus combining
accent becomes the one letter the label fonts have). Pure: returns new dicts.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from desktop_app.domain.postcodes import canonical_postcode

_ADDRESS_PATHS = (
    ("from",),
    ("to",),
    ("cover_address",),
    ("pickup", "pickup_address"),
    ("pickup_address",),
)
# "Beispielstrasse 42", "Sender Str. 99", "Hauptstr. 12a", "Am Markt 3-5", "Weg 7 / 2"
_TRAILING_NUMBER = re.compile(
    r"^(?P<street>.*?[^\d\s][^\d]*?)\s+(?P<no>\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$"
)
#: Misspellings in the reference OpenAPI's own request examples, read as the keys they mean
#: (the real service ignores what it does not know; these would otherwise lose data).
REFERENCE_MISSPELLINGS = {
    "lenght": "length",
    "customs_declration_items": "customs_declaration_items",
}


def _nfc(value: Any) -> Any:
    return unicodedata.normalize("NFC", value) if isinstance(value, str) else value


def normalize_address(address: dict[str, Any]) -> dict[str, Any]:
    """`address` with its country code upper case, its postcode spelt as carriers do, NFC."""
    out = {k: _nfc(v) for k, v in address.items()}
    country = out.get("country")
    if isinstance(country, str) and country.strip():
        out["country"] = country = country.strip().upper()
        zip_code = out.get("zip_code")
        if isinstance(zip_code, str) and zip_code.strip():
            out["zip_code"] = canonical_postcode(country, zip_code.strip()) or zip_code
    return out


def normalize_request(body: dict[str, Any]) -> dict[str, Any]:
    """A shipment, quote or pickup request with each of its addresses normalised."""
    out = dict(body)
    for path in _ADDRESS_PATHS:
        holder = out
        for key in path[:-1]:
            inner = holder.get(key)
            if not isinstance(inner, dict):
                break
            holder[key] = inner = dict(inner)
            holder = inner
        else:
            address = holder.get(path[-1])
            if isinstance(address, dict):
                holder[path[-1]] = normalize_address(address)
    for key in ("reference_number", "description"):
        if isinstance(out.get(key), str):
            out[key] = _nfc(out[key])
    return out


def split_street(address: dict[str, Any]) -> dict[str, Any]:
    """`address` with a house number at the end of `street` moved to an empty `street_no`
    ("Beispielstrasse 42" -> "Beispielstrasse", "42"); kept as given when none is found."""
    street, number = address.get("street"), address.get("street_no")
    if not isinstance(street, str) or (isinstance(number, str) and number.strip()):
        return address
    if number is not None and not isinstance(number, str):
        return address
    found = _TRAILING_NUMBER.match(street.strip())
    if found is None:
        return address
    return {**address, "street": found["street"].strip(), "street_no": found["no"].strip()}


def read_reference_body(body: dict[str, Any]) -> dict[str, Any]:
    """A shipment body as the real service reads it: the house number inside `street` split
    off where it can be, the reference examples' misspelt package keys read as meant."""
    out = dict(body)
    for role in ("from", "to", "cover_address"):
        address = out.get(role)
        if isinstance(address, dict) and "id" not in address:
            out[role] = split_street(address)
    packages = out.get("packages")
    if isinstance(packages, list):
        out["packages"] = [_respelt(p) for p in packages]
    if isinstance(out.get("package"), dict):
        out["package"] = _respelt(out["package"])
    return out


def _respelt(package: Any) -> Any:
    if not isinstance(package, dict):
        return package
    out = dict(package)
    for wrong, right in REFERENCE_MISSPELLINGS.items():
        if wrong in out and right not in out:
            out[right] = out.pop(wrong)
    return out
