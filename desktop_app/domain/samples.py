"""Realistic sample addresses (valid for every carrier in the catalog) for tests and benches.

Each call returns a fresh dict in wire shape, so a caller may change it freely.
"""

from __future__ import annotations

from typing import Any


def sample_sender() -> dict[str, Any]:
    """A complete German sender: a company with a contact person, phone and e-mail."""
    return {
        "company": "Beispiel GmbH",
        "first_name": "Max",
        "last_name": "Muster",
        "street": "Hauptstraße",
        "street_no": "1",
        "zip_code": "10115",
        "city": "Berlin",
        "country": "DE",
        "phone": "+49 30 1234567",
        "email": "versand@example.com",
    }


def sample_receiver() -> dict[str, Any]:
    """A complete German receiver: a person, without phone or e-mail."""
    return {
        "first_name": "Erika",
        "last_name": "Mustermann",
        "street": "Nebenweg",
        "street_no": "12a",
        "zip_code": "80331",
        "city": "München",
        "country": "DE",
    }
