"""Harmless spelling fixes applied to a valid request before it is stored or sent on.

Carriers take "de" as DE and "sw1a1aa" as "SW1A 1AA"; the rules accept both spellings, and
this gives the one the carriers print: country codes in upper case, postcodes in their
country's usual form, text in Unicode NFC (a letter typed as base letter plus combining
accent becomes the one letter the label fonts have). Pure: returns new dicts.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from desktop_app.domain.postcodes import canonical_postcode

_ADDRESS_PATHS = (("from",), ("to",), ("pickup", "pickup_address"), ("pickup_address",))


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
