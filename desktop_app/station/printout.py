"""What the station prints for a shipment: the label and the packing slip on the label printer
(one PDF job when both print there as PDF pages; the slip on its own printer when it has one),
then the customs papers on the A4 printer (`customs_papers.print_customs_papers`: saved beside
the label without one)."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.client.account_addresses import address_fields
from desktop_app.profiles.store import StoredOrder, StoredShipment
from desktop_app.station.customs_papers import print_customs_papers
from desktop_app.station.outcomes import Printed
from desktop_app.station.packing import item_title
from desktop_app.station.slip import PackingSlip, SlipLine, merge_pdfs, slip_document

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.printing.printers import PrinterDefinition
    from desktop_app.printing.queue import PrintQueue

__all__ = ["StationPrinters", "packing_slip", "print_shipment"]


def packing_slip(order: StoredOrder, sender: Mapping[str, Any], language: str) -> PackingSlip:
    """The packing slip of an order, from `sender`, in `language`."""
    data = order.data
    lines = [
        SlipLine(
            item_title(item),
            float(item.get("quantity") or 0),
            str(item.get("sku") or ""),
            str(item.get("gtin") or ""),
        )
        for item in data.get("order_line_items") or []
    ]
    placed = str(data.get("placed_at") or "")[:10]
    return PackingSlip(
        order_number=order.number,
        sender=dict(sender),
        delivery=address_fields(data.get("delivery_address")),
        lines=lines,
        order_date=placed or date.today().isoformat(),
        language=language,
    )


@dataclass(frozen=True)
class StationPrinters:
    """Where a station's shipment goes: the queue, the label printer, the slip's (None: the
    label printer's) and the A4 printer for documents (None: see `customs_papers`)."""

    queue: PrintQueue | None
    label: PrinterDefinition | None
    slip: PrinterDefinition | None = None
    papers: PrinterDefinition | None = None


async def print_shipment(
    client: ShippingClient,
    printers: StationPrinters,
    shipment: StoredShipment,
    slip: PackingSlip | None,
    *,
    reference: str,
    papers_folder: Path,
) -> Printed:
    """Label and slip (no slip: None), then the customs papers on the A4 printer (saved in
    `papers_folder` without one)."""
    jobs = await _print_label(printers, shipment, slip, reference)
    papers = await print_customs_papers(
        client,
        printers.queue,
        shipment,
        (printers.papers, printers.slip, printers.label),
        reference=reference,
        folder=papers_folder,
    )
    if papers is None:
        return Printed(jobs)
    return Printed(
        jobs if papers.job is None else (*jobs, papers.job),
        papers_path=papers.path,
        papers_printer=papers.printer,
        papers_documents=papers.documents,
    )


async def _print_label(
    printers: StationPrinters, shipment: StoredShipment, slip: PackingSlip | None, reference: str
) -> tuple[int, ...]:
    queue, printer = printers.queue, printers.label
    if queue is None or printer is None or shipment.label_path is None:
        return ()
    label = await asyncio.to_thread(shipment.label_path.read_bytes)
    slip_printer = printers.slip or printer
    slip_bytes = b""
    if slip is not None:
        slip_bytes, _kind = await asyncio.to_thread(slip_document, slip, slip_printer)
    jobs: list[int] = []
    if slip_bytes and slip_printer.name == printer.name and printer.kind == "pdf":
        if shipment.label_kind == "pdf":  # one job: label page, then the slip's pages
            merged = await asyncio.to_thread(merge_pdfs, [label, slip_bytes])
            job = await queue.enqueue_async(
                printer, merged, title="label+slip", reference=reference
            )
            return (job.id,)
    job = await queue.enqueue_async(
        printer,
        label,
        title="label",
        source_format=shipment.label_format,
        reference=reference,
    )
    jobs.append(job.id)
    if slip_bytes:
        job = await queue.enqueue_async(
            slip_printer, slip_bytes, title="packing slip", reference=reference
        )
        jobs.append(job.id)
    return tuple(jobs)
