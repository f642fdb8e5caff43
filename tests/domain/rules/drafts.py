"""Shipment drafts for the rule tests: a valid draft per carrier and a path-based editor.

Shared by the table-driven tests in this folder (and tests elsewhere that need a valid draft)."""

from __future__ import annotations

import copy
import re
from typing import Any

from desktop_app.domain.rules import Problem, validate
from desktop_app.domain.samples import sample_receiver, sample_sender
from tests.payloads import GIFT_DECLARATION

DELETE = object()  # a table value meaning "remove this key"

_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


#: A parcel leaving the EU: a customs declaration (and the description UPS needs abroad)
ABROAD: dict[str, Any] = {
    "description": "Books",
    "customs_declaration": copy.deepcopy(GIFT_DECLARATION),
}


def sender() -> dict[str, Any]:
    """A complete German sender."""
    return sample_sender()


def receiver() -> dict[str, Any]:
    """A complete German receiver (a person)."""
    return sample_receiver()


def parcel(weight: float = 2.5) -> dict[str, Any]:
    """A 30x20x10 cm parcel."""
    return {"weight": weight, "length": 30, "width": 20, "height": 10, "type": "parcel"}


def draft(carrier: str = "dhl", service: str = "standard") -> dict[str, Any]:
    """A valid, realistic shipment draft for `carrier` and `service`."""
    d: dict[str, Any] = {
        "carrier": carrier,
        "service": service,
        "from": sender(),
        "to": receiver(),
        "package": parcel(),
        "create_shipping_label": True,
        "label": {"format": "pdf_a6"},
        "reference_number": "ORDER-1001",
        "notification_email": "erika@example.com",
    }
    if carrier == "dpag":
        d["package"] = {"weight": 0.5, "length": 25, "width": 17, "height": 2, "type": "letter"}
    if carrier == "ups":
        del d["package"]
        d["packages"] = [
            {**parcel(), "description": "Shoes"},
            {**parcel(1.2), "description": "Socks"},
        ]
    if carrier == "hermes":
        d["from"]["company"] = "Beispiel GmbH"
    return d


def full_dhl_draft() -> dict[str, Any]:
    """A DHL draft using most features: insurance, notice, COD, partner metadata."""
    d = draft("dhl")
    d["package"]["declared_value"] = {"amount": 750, "currency": "EUR"}
    d["additional_services"] = [
        {"name": "advance_notice", "properties": {"email": "erika@example.com", "language": "de"}},
        {
            "name": "cash_on_delivery",
            "properties": {
                "amount": 49.9,
                "currency": "EUR",
                "bank_account_holder": "Beispiel GmbH",
                "bank_name": "Commerzbank",
                "bank_account_number": "DE89 3704 0044 0532 0130 00",
                "bank_code": "COBADEFFXXX",
                "reference1": "Order 1001",
            },
        },
    ]
    d["metadata"] = {
        "partner": {
            "shop_name": "Beispiel Shop",
            "order_number": "1001",
            "order_date": "2024-05-03",
            "e_mail_shop": "shop@example.com",
            "order_total": {"amount": 49.9, "currency": "EUR"},
        },
        "channel": "web",
    }
    return d


def set_path(d: dict[str, Any], path: str, value: Any) -> None:
    """Set (or with DELETE remove) `packages[1].weight`-style paths, creating dicts."""
    steps: list[str | int] = [
        m.group(1) if m.group(1) is not None else int(m.group(2)) for m in _STEP.finditer(path)
    ]
    node: Any = d
    for step in steps[:-1]:
        if isinstance(step, str) and step not in node:
            node[step] = {}
        node = node[step]
    last = steps[-1]
    if value is DELETE:
        del node[last]
    else:
        node[last] = copy.deepcopy(value)


def changed(base: dict[str, Any], changes: dict[str, Any]) -> dict[str, Any]:
    """A copy of `base` with the changes applied in order."""
    d = copy.deepcopy(base)
    for path, value in changes.items():
        set_path(d, path, value)
    return d


def failing_base(carrier: str, service: str) -> dict[str, Any]:
    """The valid draft a failing row edits."""
    # The COD and metadata rows edit the full DHL draft; every other row a plain one.
    return (
        full_dhl_draft() if carrier == "dhl" and service == "standard" else draft(carrier, service)
    )


def assert_passes(carrier: str, service: str, changes: dict[str, Any]) -> None:
    """The draft for `carrier`/`service` with `changes` gives no problem at all."""
    problems = validate(changed(draft(carrier, service), changes))
    assert problems == []


def assert_fails(carrier: str, service: str, changes: dict[str, Any], path: str, code: str) -> None:
    """The change alone gives (at least) `code` at `path`, with a proper message."""
    base = failing_base(carrier, service)
    assert validate(base) == []  # the row's base is valid: the change alone causes the problem
    problems = validate(changed(base, changes))
    assert (path, code) in [(p.path, p.code) for p in problems], problems
    for p in problems:
        assert p.message and p.message[0].isupper() and p.message.endswith(".")
        assert p.code != "internal_error"


def pairs(problems: list[Problem]) -> list[tuple[str, str]]:
    """(path, code) of each problem; none of them an internal error."""
    assert all(p.code != "internal_error" for p in problems), problems
    return [(p.path, p.code) for p in problems]
