"""Turn a label document into the bytes a given printer gets: convert, check dpi, clean ZPL."""

from __future__ import annotations

from dataclasses import dataclass, field

from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.printing.convert import ConversionError, pdf_to_zpl
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports import DataKind
from desktop_app.printing.zpl import apply_settings, clean_zpl, infer_dpi, is_pdf, is_zpl


class PayloadRefused(ValueError):
    """This document cannot be printed on this printer; the message says why and what to do."""


@dataclass(slots=True)
class Payload:
    """Bytes ready for the printer's transport, and what was done to get them."""

    data: bytes
    kind: DataKind
    converted: bool = False
    notes: list[str] = field(default_factory=list)


def detect_kind(data: bytes) -> DataKind:
    """`pdf` or `zpl` from the content; PayloadRefused for anything else."""
    if is_pdf(data):
        return "pdf"
    if is_zpl(data):
        return "zpl"
    raise PayloadRefused("the label is neither a PDF nor ZPL (no %PDF- header, no ^XA)")


def source_dpi(data: bytes, source_format: str | None, stock_mm: tuple[float, float]) -> int | None:
    """The dpi a ZPL label was made for: from its format name if known, else from its `^PW`."""
    if source_format:
        fmt = LABEL_FORMATS.get(source_format)
        if fmt is not None and fmt.kind == "zpl":
            return fmt.dpi
    return infer_dpi(data, stock_mm)


def prepare_payload(
    printer: PrinterDefinition, data: bytes, *, source_format: str | None = None
) -> Payload:
    """What `printer` should receive for the label `data` (blocking: run it in an executor).

    ZPL printer: PDF is converted at the printer's dpi and stock; ZPL made for the other dpi is
    refused (never sent); ZPL is cleaned of setup-changing commands and gets the printer's
    darkness and offsets. PDF printer: PDF as is; ZPL is refused.
    """
    kind = detect_kind(data)
    notes: list[str] = []
    if printer.kind == "pdf":
        if kind == "zpl":
            raise PayloadRefused(
                f"printer {printer.name!r} prints PDF and this label is ZPL; "
                "request the label as PDF (or print it on a ZPL printer)"
            )
        return Payload(data, "pdf")
    converted = False
    if kind == "pdf":
        try:
            zpl = pdf_to_zpl(data, dpi=printer.dpi, stock_mm=printer.stock_mm)
        except ConversionError as exc:
            raise PayloadRefused(f"cannot convert the PDF label: {exc}") from None
        converted = True
        notes.append(f"PDF converted to ZPL at {printer.dpi} dpi for {printer.stock}")
    else:
        made_for = source_dpi(data, source_format, printer.stock_mm)
        if made_for is not None and made_for != printer.dpi:
            raise PayloadRefused(
                f"this ZPL label was made for {made_for} dpi but printer {printer.name!r} prints "
                f"at {printer.dpi} dpi; it would print at the wrong size. Request the label as PDF "
                f"(it is then converted at {printer.dpi} dpi) or as ZPL for {printer.dpi} dpi"
            )
        if made_for is None:
            notes.append("the ZPL's dpi could not be checked (no ^PW matching a known stock)")
        cleaned = clean_zpl(data)
        zpl = cleaned.data
        if cleaned.removed:
            notes.append("removed setup commands: " + ", ".join(cleaned.removed))
    zpl = apply_settings(
        zpl,
        darkness=printer.darkness,
        label_home=printer.label_offset_dots,
        label_top=printer.label_top,
    )
    return Payload(zpl, "zpl", converted=converted, notes=notes)
