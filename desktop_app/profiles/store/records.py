"""What the profile store hands out: shipments, orders, journal entries, and its errors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from desktop_app.domain.labels import LABEL_FORMATS

JournalStatus = Literal["pending", "done", "failed", "needs_decision", "discarded"]
JOURNAL_STATUSES: tuple[JournalStatus, ...] = (
    "pending",
    "done",
    "failed",
    "needs_decision",
    "discarded",
)


class StoreError(Exception):
    """A store operation that cannot be done."""


@dataclass(frozen=True, slots=True)
class OrderOrigin:
    """Which order a shipment is made for: a connected shop's order (the connection's name and
    the shop's own id of it), or an order of an imported file (the file's name and the order
    number); `order_id` is the service's id when it came from the orders inbox.

    Two origins are one order when their `key`s are equal; the write-back of a shop order
    takes the shipments of its key only, never those that merely share its number."""

    number: str = ""
    shop: str | None = None
    shop_order_id: str | None = None
    file: str | None = None
    order_id: str | None = None

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes the order itself: shop + its id, else file + number, else the
        service's order id."""
        if self.shop and self.shop_order_id:
            return ("shop", self.shop.casefold(), self.shop_order_id)
        if self.file:
            return ("file", self.file, self.number.casefold())
        return ("order", self.order_id or "", self.number.casefold())

    def to_json(self) -> dict[str, str]:
        """The fields that are set (what the journal keeps)."""
        return {name: value for name in _ORIGIN_FIELDS if (value := getattr(self, name))}

    @classmethod
    def from_json(cls, data: Any) -> OrderOrigin | None:
        """The origin `to_json` gave (None for anything else)."""
        if not isinstance(data, Mapping):
            return None
        return cls(**{name: str(data[name]) for name in _ORIGIN_FIELDS if data.get(name)})


_ORIGIN_FIELDS = ("number", "shop", "shop_order_id", "file", "order_id")


@dataclass(frozen=True, slots=True)
class StoredOrder:
    """An order of the inbox: the service's JSON, and whether (and by what) it shipped."""

    id: str
    external_order_id: str | None
    data: dict[str, Any]
    shipment_id: str | None
    shipped_at: str | None
    pack_override: str | None

    @property
    def number(self) -> str:
        """The order number a packer reads and scans (the service's id when it has none)."""
        return self.external_order_id or self.id

    @property
    def shipped(self) -> bool:
        """True once a shipment was made for it."""
        return self.shipment_id is not None


class StoreMismatchError(StoreError):
    """The store on disk belongs to another profile or environment."""


class JournalStateError(StoreError):
    """A journal entry is not in a state that allows the operation."""


class ShipmentNotFoundError(StoreError, LookupError):
    """No stored shipment with that id."""


def label_extension(label_format: str | None) -> str:
    """`pdf` or `zpl` for a label format name."""
    if label_format is None:
        return "pdf"
    known = LABEL_FORMATS.get(label_format)
    if known is not None:
        return known.kind
    return "zpl" if label_format.startswith("zpl") else "pdf"


@dataclass(frozen=True, slots=True)
class StoredShipment:
    """A shipment as kept by the desk: the service's JSON plus where its label is."""

    id: str
    carrier: str
    service: str | None
    reference_number: str | None
    carrier_tracking_no: str | None
    to_name: str | None
    to_company: str | None
    created_at: str
    label_format: str | None
    label_path: Path | None
    price: float | None
    tracking_status: str | None
    deleted: bool
    data: dict[str, Any]
    order: OrderOrigin | None = None
    """The order it was made for (None: typed by hand, or made before orders were kept)."""

    @property
    def label_kind(self) -> str | None:
        """`pdf`, `zpl`, or None without a label."""
        return label_extension(self.label_format) if self.label_path is not None else None

    @property
    def printable(self) -> bool:
        """True when its label file is on disk."""
        return self.label_path is not None and self.label_path.is_file()

    @property
    def recipient(self) -> str:
        """The name shown in the history: company and/or person."""
        return ", ".join(x for x in (self.to_company, self.to_name) if x)


#: the longest reference the service takes
MAX_REFERENCE = 50


def return_reference(shipment: StoredShipment) -> str:
    """The reference of a return made for `shipment`: `R-` and its reference (or id)."""
    return f"R-{shipment.reference_number or shipment.id[:12]}"[:MAX_REFERENCE]


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One creation attempt."""

    id: int
    created_at: str
    attempted_at: str
    reference_number: str
    request: dict[str, Any]
    status: JournalStatus
    shipment_id: str | None
    error: str | None
    outcome_known: bool | None
    attempts: int
    updated_at: str
    order: OrderOrigin | None = None
    """The order the shipment is made for; it goes onto the shipment when it is stored."""
