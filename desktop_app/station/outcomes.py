"""What the station's flow answers (`ScanOutcome`, with a `kind` and for errors a `code` the
GUI turns into words) and what printing a shipment queued (`Printed`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from desktop_app.domain.presets import ShippingPreset
from desktop_app.profiles.store import StoredOrder, StoredShipment
from desktop_app.station.packing import PackLine

__all__ = ["ErrorCode", "OutcomeKind", "Printed", "ScanOutcome"]

OutcomeKind = Literal[
    "shipped",  # label and slip queued, order marked shipped
    "already_shipped",  # the order shipped earlier: its shipment, reprint offered
    "packing",  # an order is open: scan its items (or ship)
    "weighing",  # the order is complete: waiting for the scale's stable weight
    "ticked",  # one unit packed
    "choose",  # several orders fit the scan
    "reprinted",
    "error",  # refused: `code` says why; the packer must confirm it
]
ErrorCode = Literal[
    "not_found",
    "wrong_item",
    "surplus_item",
    "incomplete",
    "no_weight",
    "no_preset",
    "invalid",
    "service",
    "pending",
    "no_order",
    "print",
]


@dataclass(frozen=True)
class ScanOutcome:
    """What the station shows after a scan or an action."""

    kind: OutcomeKind
    code: str = ""
    """For errors: one of ErrorCode; the GUI says what happened and what to do."""
    order: StoredOrder | None = None
    shipment: StoredShipment | None = None
    choices: tuple[StoredOrder, ...] = ()
    line: PackLine | None = None
    detail: str = ""
    """The service's or the rules' own words, or the scanned code."""
    weight_kg: float | None = None
    preset: ShippingPreset | None = None
    jobs: tuple[int, ...] = ()
    """Print-queue job ids: the label (first), the packing slip and the customs papers."""
    papers_path: Path | None = None
    """Where the customs papers were saved because no A4 printer is set (None: printed or
    the shipment has none)."""
    papers_printer: str = ""
    """The printer the customs papers print on ("" when saved or the shipment has none)."""
    papers_documents: tuple[str, ...] = ()
    """The customs papers (cn23 per copy, cn22, commercial_invoice); () when none."""

    @property
    def ok(self) -> bool:
        """False for an error."""
        return self.kind != "error"


@dataclass(frozen=True)
class Printed:
    """What printing a shipment queued, and where its customs papers went."""

    jobs: tuple[int, ...]
    papers_path: Path | None = None
    papers_printer: str = ""
    papers_documents: tuple[str, ...] = ()
