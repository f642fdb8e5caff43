"""A shipment draft as plain JSON, read and written without a window.

`ShipmentSnapshot` is what the draft of the shipment form keeps: the receiver's and the
sender's raw texts with the delivery mode, carrier and service, the packages, the ticked
additional services with their details (`addon_choices`), the reference, a label format
chosen by hand, the order details and the customs section's texts (`CustomsSnapshot`).
`from_json` reads what a store gave back as far as it makes sense (a draft of another version
is not read at all; a malformed part is left out), so a damaged or old draft never breaks the
form.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SNAPSHOT_VERSION = 1


def _texts(data: Any) -> dict[str, str]:
    """Name -> text pairs of `data` (anything else left out)."""
    if not isinstance(data, Mapping):
        return {}
    return {str(k): v for k, v in data.items() if isinstance(v, str)}


def _text(data: Any) -> str | None:
    return data if isinstance(data, str) and data else None


@dataclass
class AddressSnapshot:
    """An address as typed: its delivery mode and the fields that have text."""

    mode: str | None = None
    fields: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """`{mode, fields}` with the empty fields left out."""
        return {"mode": self.mode, "fields": {k: v for k, v in self.fields.items() if v}}

    @classmethod
    def from_json(cls, data: Any) -> AddressSnapshot | None:
        """The address of a draft (None when the draft has none)."""
        if not isinstance(data, Mapping):
            return None
        return cls(_text(data.get("mode")), _texts(data.get("fields")))


@dataclass
class CustomsSnapshot:
    """The customs section as typed: contents type, currency, its texts and item rows."""

    contents: str | None = None
    currency: str | None = None
    texts: dict[str, str] = field(default_factory=dict)
    rows: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The section's texts, empty ones left out (empty rows at the end too)."""
        rows = [{k: v for k, v in row.items() if v} for row in self.rows]
        while rows and not rows[-1]:
            rows.pop()
        texts = {k: v for k, v in self.texts.items() if v}
        return {"contents": self.contents, "currency": self.currency, "texts": texts, "rows": rows}

    @classmethod
    def from_json(cls, data: Any) -> CustomsSnapshot | None:
        """The customs part of a draft (None when the draft has none)."""
        if not isinstance(data, Mapping):
            return None
        rows = data.get("rows")
        return cls(
            _text(data.get("contents")),
            _text(data.get("currency")),
            _texts(data.get("texts")),
            [_texts(row) for row in rows] if isinstance(rows, list) else [],
        )


@dataclass
class ShipmentSnapshot:
    """Everything the shipment form keeps in a draft."""

    receiver: AddressSnapshot | None = None
    sender: AddressSnapshot | None = None
    carrier: str | None = None
    service: str | None = None
    packages: list[dict[str, Any]] = field(default_factory=list)
    add_ons: list[dict[str, Any]] = field(default_factory=list)  # `addon_choices.snapshot`
    reference: str = ""
    label_format: str | None = None
    order: dict[str, str] | None = None  # the order details' texts, None when not added
    customs: CustomsSnapshot | None = None

    def to_json(self) -> dict[str, Any]:
        """The draft as the profile's store keeps it."""
        return {
            "version": SNAPSHOT_VERSION,
            "receiver": self.receiver.to_json() if self.receiver else None,
            "sender": self.sender.to_json() if self.sender else None,
            "carrier": self.carrier,
            "service": self.service,
            "packages": self.packages,
            "add_ons": self.add_ons,
            "reference": self.reference,
            "label_format": self.label_format,
            "order": self.order,
            "customs": self.customs.to_json() if self.customs else None,
        }

    @classmethod
    def from_json(cls, data: Any) -> ShipmentSnapshot | None:
        """Read a stored draft; None when it is not one this version reads."""
        if not isinstance(data, Mapping) or data.get("version") != SNAPSHOT_VERSION:
            return None
        packages = data.get("packages")
        add_ons = data.get("add_ons")  # (a draft from before add-ons were kept: none)
        order = data.get("order")
        return cls(
            receiver=AddressSnapshot.from_json(data.get("receiver")),
            sender=AddressSnapshot.from_json(data.get("sender")),
            carrier=_text(data.get("carrier")),
            service=_text(data.get("service")),
            packages=[dict(p) for p in packages if isinstance(p, Mapping)]
            if isinstance(packages, list)
            else [],
            add_ons=[dict(a) for a in add_ons if isinstance(a, Mapping)]
            if isinstance(add_ons, list)
            else [],
            reference=str(data.get("reference") or ""),
            label_format=_text(data.get("label_format")),
            order=_texts(order) if isinstance(order, Mapping) else None,
            customs=CustomsSnapshot.from_json(data.get("customs")),
        )
