"""The packing slip (Lieferschein) that goes into the parcel with the goods.

It shows the shop's sender address, the delivery address, the order number and date, the
line items with their quantities and a Code 128 barcode of the order number (a return or a
question about the parcel is found by scanning it). Two renderings:

- ZPL for thermal label stock (A6, 4x6 in ...) at the printer's dpi: text in resident font 0,
  names outside ASCII in the shipped DejaVu Sans downloaded with the job (`label_fonts`),
  the barcode as the printer's own `^BC` (Code 128, Zebra picks the code set);
- PDF for office paper (A4, A5) with fpdf2, set in the shipped DejaVu Sans, the barcode as
  vector bars from python-barcode's Code 128 modules.

`slip_document` picks the rendering for a printer; `merge_pdfs` joins several PDF documents
for one printer into one job (pypdf).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from desktop_app.label_fonts import FONT_FILES, ZplText, font_file, zpl_field_data
from desktop_app.printing.printers import MM_PER_INCH, PrinterDefinition

__all__ = [
    "PackingSlip",
    "SlipLine",
    "merge_pdfs",
    "slip_document",
    "slip_pdf",
    "slip_zpl",
]

#: The slip's headings per language (the customer reads them, not the packer).
HEADINGS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Packing slip",
        "order": "Order",
        "date": "Order date",
        "ship_to": "Delivery address",
        "qty": "Qty",
        "item": "Item",
        "sku": "SKU",
        "more": "and {n} more items (see the PDF slip)",
        "page": "Page {n} of {total}",
    },
    "de": {
        "title": "Lieferschein",
        "order": "Bestellung",
        "date": "Bestelldatum",
        "ship_to": "Lieferadresse",
        "qty": "Menge",
        "item": "Artikel",
        "sku": "Art.-Nr.",
        "more": "und {n} weitere Artikel (siehe PDF-Lieferschein)",
        "page": "Seite {n} von {total}",
    },
}

_MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

QUIET_MODULES = 10  # Code 128 needs ten modules of white on each side


@dataclass(frozen=True)
class SlipLine:
    """One line item: how many of what."""

    title: str
    quantity: float
    sku: str = ""
    gtin: str = ""


@dataclass(frozen=True)
class PackingSlip:
    """What a packing slip shows."""

    order_number: str
    sender: Mapping[str, Any]
    delivery: Mapping[str, Any]
    lines: Sequence[SlipLine] = field(default_factory=tuple)
    order_date: str = ""
    """An ISO date ("2026-11-24"), printed in the language's format (`date_text`)."""
    language: str = "en"

    def date_text(self) -> str:
        """The order date as the slip's language writes it: 24.11.2026, 24 Nov 2026; text
        that is not an ISO date is printed as it came."""
        try:
            day = date.fromisoformat(self.order_date[:10])
        except ValueError:
            return self.order_date
        if self.language == "de":
            return f"{day.day:02d}.{day.month:02d}.{day.year}"
        return f"{day.day} {_MONTHS_EN[day.month - 1]} {day.year}"

    def heading(self, key: str, **values: Any) -> str:
        """A heading in the slip's language (English for an unknown one)."""
        return HEADINGS.get(self.language, HEADINGS["en"])[key].format(**values)


def address_lines(address: Mapping[str, Any]) -> list[str]:
    """An address as the lines of an envelope: company, name, c/o, street, town, country."""

    def get(key: str) -> str:
        value = address.get(key)
        return str(value).strip() if value not in (None, "") else ""

    name = " ".join(p for p in (get("first_name"), get("last_name")) if p)
    street = " ".join(p for p in (get("street"), get("street_no")) if p)
    town = " ".join(p for p in (get("zip_code"), get("city")) if p)
    lines = [get("company"), name, get("care_of"), street, town, get("country")]
    return [line for line in lines if line]


def quantity_text(quantity: float) -> str:
    """3.0 -> "3", 1.5 -> "1.5"."""
    return f"{quantity:g}"


# --- ZPL ---------------------------------------------------------------------------------------


def slip_zpl(
    slip: PackingSlip, *, dpi: int = 203, size_mm: tuple[float, float] = (101.6, 152.4)
) -> bytes:
    """The slip as one ZPL label of `size_mm` at `dpi` (line items that do not fit are counted
    in a last line)."""
    dots = dpi / MM_PER_INCH
    width, height = round(size_mm[0] * dots), round(size_mm[1] * dots)
    margin = round(3 * dots)

    def pt(points: float) -> int:
        return max(10, round(points / 72 * dpi))

    sender = address_lines(slip.sender)
    delivery = address_lines(slip.delivery)
    item_texts = [f"{quantity_text(line.quantity)} x {line.title}" for line in slip.lines]
    sender_line = " · ".join(sender)
    texts = [sender_line, *delivery, *item_texts, slip.order_number, slip.order_date]
    texts += [slip.heading(k) for k in ("title", "order", "date", "ship_to")]
    texts.append(slip.heading("more", n=len(item_texts)))
    fields = ZplText.in_label_font(texts)
    # the font download inside the format, after ^CI28, as the service's ZPL labels carry it
    out: list[str] = ["^XA^CI28", fields.download(), f"^PW{width}^LL{height}^LH0,0"]
    y = margin

    def text(x: int, size: int, value: str) -> None:
        nonlocal y
        out.append(f"^FO{x},{y}" + fields.field(size, value))
        y += round(size * 1.2)

    small, body, big = pt(7), pt(9), pt(16)
    text(margin, small, sender_line)
    y += round(small * 0.5)
    text(margin, big, slip.heading("title"))
    text(margin, body, f"{slip.heading('order')}: {slip.order_number}")
    if slip.order_date:
        text(margin, body, f"{slip.heading('date')}: {slip.date_text()}")
    y += round(body * 0.5)
    text(margin, small, slip.heading("ship_to"))
    for line in delivery:
        text(margin, body, line)
    y += round(body * 0.5)
    out.append(f"^FO{margin},{y}^GB{width - 2 * margin},2,2^FS")
    y += round(body * 0.5)
    barcode_height = round(12 * dots)
    bottom = height - margin - barcode_height - pt(9) - margin
    fit = max(0, (bottom - y) // round(body * 1.2))
    shown = item_texts if len(item_texts) <= fit else item_texts[: max(0, fit - 1)]
    for item in shown:
        text(margin, body, item)
    if len(shown) < len(item_texts):
        text(margin, small, slip.heading("more", n=len(item_texts) - len(shown)))
    module = max(2, round(0.25 * dots))  # 0.25 mm bars at least two dots wide
    out.append(
        f"^FO{margin},{height - margin - barcode_height - pt(9)}^BY{module}"
        f"^BCN,{barcode_height},Y,N,N^FH_^FD{_zpl_barcode_data(slip.order_number)}^FS"
    )
    out.append("^PQ1^XZ")
    return "".join(out).encode("utf-8")


def _zpl_barcode_data(data: str) -> str:
    # ^BC reads ">" as the start of an invocation code; ">0" stands for ">" itself
    return zpl_field_data(data).replace(">", ">0")


# --- PDF ---------------------------------------------------------------------------------------

_PDF_FAMILY = "slipsans"


def code128_modules(data: str) -> str:
    """The bar pattern of `data` as Code 128 (start, data, check and stop symbols)."""
    from barcode.codex import Code128

    return str(Code128(data).build()[0])


def slip_pdf(slip: PackingSlip, *, paper_mm: tuple[float, float] = (210.0, 297.0)) -> bytes:
    """The slip as a PDF on `paper_mm` (A4, A5 ...); long orders continue on further pages."""
    from fpdf import FPDF

    width, height = paper_mm
    small = width < 180  # A5 and smaller: smaller type and margins
    margin = 12.0 if small else 18.0
    size = 9.0 if small else 10.5
    pdf = FPDF(orientation="P", unit="mm", format=(width, height))
    pdf.set_creator("Packdesk")
    pdf.set_title(f"{slip.heading('title')} {slip.order_number}")
    for style in FONT_FILES:
        pdf.add_font(_PDF_FAMILY, style, str(font_file(style)))
    pdf.set_margins(margin, margin, margin)
    pdf.set_auto_page_break(True, margin + 8)
    pdf.add_page()
    usable = width - 2 * margin

    pdf.set_font(_PDF_FAMILY, "", size * 0.8)
    pdf.cell(
        usable, size * 0.5, " · ".join(address_lines(slip.sender)), new_x="LMARGIN", new_y="NEXT"
    )
    pdf.ln(size * 0.6)
    pdf.set_font(_PDF_FAMILY, "B", size * 1.8)
    pdf.cell(usable * 0.6, size * 0.9, slip.heading("title"))
    _pdf_barcode(pdf, slip.order_number, margin + usable * 0.6, pdf.get_y(), usable * 0.4, 14)
    pdf.ln(size * 0.9)
    pdf.set_font(_PDF_FAMILY, "", size)
    pdf.cell(
        usable * 0.6,
        size * 0.6,
        f"{slip.heading('order')}: {slip.order_number}",
        new_x="LMARGIN",
        new_y="NEXT",
    )
    if slip.order_date:
        pdf.cell(
            usable * 0.6,
            size * 0.6,
            f"{slip.heading('date')}: {slip.date_text()}",
            new_x="LMARGIN",
            new_y="NEXT",
        )
    pdf.set_y(max(pdf.get_y(), margin + size * 0.5 + size * 0.6 + 18) + size * 0.4)
    pdf.set_font(_PDF_FAMILY, "B", size * 0.8)
    pdf.cell(usable, size * 0.55, slip.heading("ship_to"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(_PDF_FAMILY, "", size)
    for line in address_lines(slip.delivery):
        pdf.cell(usable, size * 0.55, line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(size * 0.8)

    qty_w, sku_w = usable * 0.12, usable * 0.25
    item_w = usable - qty_w - sku_w
    row_h = size * 0.65
    pdf.set_font(_PDF_FAMILY, "B", size)
    pdf.cell(qty_w, row_h, slip.heading("qty"), border="B", align="R")
    pdf.cell(4, row_h, "", border="B")
    pdf.cell(item_w - 4, row_h, slip.heading("item"), border="B")
    pdf.cell(sku_w, row_h, slip.heading("sku"), border="B", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(_PDF_FAMILY, "", size)
    for item in slip.lines:
        pdf.cell(qty_w, row_h, quantity_text(item.quantity), align="R")
        pdf.cell(4, row_h, "")
        pdf.cell(item_w - 4, row_h, _fit(pdf, item.title, item_w - 6))
        pdf.cell(sku_w, row_h, _fit(pdf, item.sku, sku_w), new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


def _fit(pdf: Any, text: str, width: float) -> str:
    """`text` shortened with an ellipsis until it fits `width` mm in the current font."""
    if pdf.get_string_width(text) <= width:
        return text
    while text and pdf.get_string_width(text + "…") > width:
        text = text[:-1]
    return text + "…"


def _pdf_barcode(pdf: Any, data: str, x: float, y: float, w: float, h: float) -> None:
    """Code 128 of `data` as vector bars, right-aligned in the box, with quiet zones."""
    modules = code128_modules(data)
    n = len(modules)
    module = min(0.4, w / (n + 2 * QUIET_MODULES))
    x0 = x + w - (n + QUIET_MODULES) * module
    pdf.set_fill_color(0)
    i = 0
    while i < n:
        if modules[i] == "1":
            j = i
            while j < n and modules[j] == "1":
                j += 1
            pdf.rect(x0 + i * module, y, (j - i) * module, h, style="F")
            i = j
        else:
            i += 1


def merge_pdfs(documents: Iterable[bytes]) -> bytes:
    """Several PDF documents as one (pages in order): one print job for an office printer."""
    from pypdf import PdfWriter

    writer = PdfWriter()
    for document in documents:
        writer.append(io.BytesIO(document))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


# --- choice per printer ------------------------------------------------------------------------


def slip_document(slip: PackingSlip, printer: PrinterDefinition) -> tuple[bytes, str]:
    """The slip for `printer`: ZPL at its dpi on its stock, or a PDF on its paper; with the
    document's kind ("zpl" or "pdf")."""
    if printer.kind == "zpl":
        return slip_zpl(slip, dpi=printer.dpi, size_mm=printer.stock_mm), "zpl"
    return slip_pdf(slip, paper_mm=printer.paper_mm), "pdf"
