"""The Scan page's actions as the presenter queues them: what the packer scanned, typed or
pressed, and the scale's settled weight; each a value of its own kind (a weight a number)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "RefreshOrders",
    "Reprint",
    "Scan",
    "ScanAction",
    "Ship",
    "TypedWeight",
    "Weighed",
]


@dataclass(frozen=True)
class Scan:
    """A scanned code (an order number, a GTIN, or the number of an order to choose)."""

    code: str


@dataclass(frozen=True)
class TypedWeight:
    """A weight the packer typed, in kg: the current order ships with it."""

    kg: float


@dataclass(frozen=True)
class Weighed:
    """The scale settled: an order waiting for a stable weight ships now."""


@dataclass(frozen=True)
class Ship:
    """F2 (the weight shown counts), or F6 with `override`: ship although items are missing."""

    override: str | None = None


@dataclass(frozen=True)
class Reprint:
    """F4: label and slip of the last shipped order again."""


@dataclass(frozen=True)
class RefreshOrders:
    """F5: read the orders from the service now."""


ScanAction = Scan | TypedWeight | Weighed | Ship | Reprint | RefreshOrders
