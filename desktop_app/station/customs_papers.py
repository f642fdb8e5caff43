"""The customs papers of a shipment (CN 23 copies, CN 22, commercial invoice) printed in the
same action as its label: the label goes to the label printer, the papers to the profile's A4
printer. Where no printer can take an A4 page the papers are saved as a PDF beside the label
and the caller says where, so that none are silently skipped.

One decision for every desk action that prints a label: the Scan page's station and the
shipment form's Create and print both call `print_customs_papers`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.domain.customs import customs_plan
from desktop_app.domain.models import Shipment

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.printing.printers import PrinterDefinition
    from desktop_app.printing.queue import PrintQueue
    from desktop_app.profiles.store import StoredShipment

__all__ = ["PapersOutcome", "documents_printer", "print_customs_papers", "papers_documents"]

PAPERS_TITLE = "customs documents"


@dataclass(frozen=True)
class PapersOutcome:
    """Where a shipment's customs papers went: a print job on `printer`, or a saved file."""

    documents: tuple[str, ...]
    """The papers, one entry per copy (`customs_plan(...).documents`: cn23, cn22, invoice)."""
    job: int | None = None
    printer: str = ""
    path: Path | None = None
    """Where they were saved because no A4 printer is set (None: printed)."""


def documents_printer(*candidates: PrinterDefinition | None) -> PrinterDefinition | None:
    """The first of `candidates` that prints A4 pages (a PDF printer): the profile's A4
    printer first, then the label printers in the caller's order; None when none can (a
    thermal printer cannot print an A4 form)."""
    for candidate in candidates:
        if candidate is not None and candidate.kind == "pdf":
            return candidate
    return None


def papers_documents(shipment: Mapping[str, Any]) -> tuple[str, ...]:
    """The customs papers a shipment (as on the wire) has to carry besides its label."""
    return customs_plan(dict(shipment)).documents


def _papers_url(shipment: Mapping[str, Any]) -> str | None:
    declaration = shipment.get("customs_declaration")
    if not isinstance(declaration, Mapping):
        return None
    url = declaration.get("carrier_declaration_document_url")
    return url if isinstance(url, str) and url else None


def save_papers(shipment: StoredShipment, reference: str, papers: bytes, folder: Path) -> Path:
    """The papers as a PDF beside the label (else in `folder`); the file's path."""
    target = shipment.label_path.parent if shipment.label_path is not None else folder
    target.mkdir(parents=True, exist_ok=True)
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in reference) or "shipment"
    path = target / f"customs-{safe}-{shipment.id}.pdf"
    path.write_bytes(papers)
    return path


async def print_customs_papers(
    client: ShippingClient,
    queue: PrintQueue | None,
    shipment: StoredShipment,
    printers: Iterable[PrinterDefinition | None],
    *,
    reference: str,
    folder: Path,
) -> PapersOutcome | None:
    """Fetch the shipment's customs PDF and queue it on the first A4-capable printer of
    `printers` (see `documents_printer`); without one (or without a queue) save it (see
    `save_papers`). None when the shipment has no customs papers."""
    if _papers_url(shipment.data) is None:
        return None
    papers = await client.shipment_documents.customs_documents(
        Shipment.model_validate(shipment.data)
    )
    if papers is None:
        return None
    documents = papers_documents(shipment.data)
    printer = documents_printer(*printers)
    if queue is not None and printer is not None:
        job = await queue.enqueue_async(printer, papers, title=PAPERS_TITLE, reference=reference)
        return PapersOutcome(documents, job=job.id, printer=printer.name)
    path = await asyncio.to_thread(save_papers, shipment, reference, papers, folder)
    return PapersOutcome(documents, path=path)
