"""The customs documents of a shipment as one A4 PDF: CN 23 (as many copies as the carrier
asks), a CN 22 where it is not printed on the label, and a commercial invoice made from the
declaration when the shop uploaded none.

DejaVu Sans (the label fonts), so names and descriptions print as written. The texts are
the forms' bilingual captions (English / German), as Deutsche Post's forms carry them.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Mapping, Sequence
from typing import Any

from desktop_app.domain.customs import CN22, CN23, COMMERCIAL_INVOICE, parse_amount
from desktop_app.service.labels.font_embedding import LabelFontOutput
from desktop_app.service.labels.manifest_pdf import _Manifest

PAGE_W = 210.0
MARGIN = 14.0
WIDTH = PAGE_W - 2 * MARGIN
CONTENTS_CAPTIONS = (
    ("gift", "Gift / Geschenk"),
    ("documents", "Documents / Dokumente"),
    ("commercial_sample", "Commercial sample / Warenmuster"),
    ("returned_goods", "Returned goods / Rücksendung"),
    ("commercial_goods", "Sale of goods / Verkauf von Waren"),
)
ITEM_COLUMNS = (  # caption, width in mm, alignment
    ("Description / Inhalt", 64.0, "L"),
    ("Qty", 12.0, "R"),
    ("Net kg", 18.0, "R"),
    ("Value", 24.0, "R"),
    ("HS code", 26.0, "L"),
    ("Origin", 16.0, "L"),
)
INVOICE_COLUMNS = (
    ("Description", 70.0, "L"),
    ("HS code", 24.0, "L"),
    ("Origin", 14.0, "L"),
    ("Qty", 12.0, "R"),
    ("Unit price", 22.0, "R"),
    ("Amount", 20.0, "R"),
)


def _person(address: Mapping[str, Any] | None) -> list[str]:
    if not address:
        return []
    name = " ".join(str(address.get(k) or "") for k in ("first_name", "last_name")).strip()
    street = " ".join(str(address.get(k) or "") for k in ("street", "street_no")).strip()
    place = " ".join(str(address.get(k) or "") for k in ("zip_code", "city")).strip()
    lines = [str(address.get("company") or ""), name, str(address.get("care_of") or ""), street]
    lines += [place, str(address.get("country") or "")]
    if address.get("phone"):
        lines.append(f"Tel. {address['phone']}")
    return [line for line in lines if line]


def shipment_items(shipment: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The declaration's items, then each package's, as stored."""
    declaration = shipment.get("customs_declaration") or {}
    items = [i for i in declaration.get("items") or [] if isinstance(i, Mapping)]
    for package in shipment.get("packages") or []:
        items += [
            i for i in package.get("customs_declaration_items") or [] if isinstance(i, Mapping)
        ]
    return items


def _money(value: Any) -> str:
    amount = parse_amount(value)
    return "" if amount is None else f"{amount:,.2f}"


def _gross_kg(shipment: Mapping[str, Any]) -> float:
    return sum(float(p.get("weight") or 0) for p in shipment.get("packages") or [])


class _Sheet(_Manifest):
    """An A4 page set in the label fonts with the small helpers the forms need."""

    def caption(self, x: float, y: float, w: float, text: str) -> None:
        self.set_xy(x, y)
        self.set_font(self.text_family, "", 6.5)
        self.cell(w, 3.2, text)

    def value(self, x: float, y: float, w: float, text: str, size: float = 9) -> None:
        self.set_xy(x, y)
        self.set_font(self.text_family, "", size)
        self.multi_cell(w, size * 0.45, text, new_x="LEFT", new_y="NEXT")

    def boxed(
        self, x: float, y: float, w: float, h: float, caption: str, lines: Sequence[str]
    ) -> None:
        self.rect(x, y, w, h)
        self.caption(x + 1.5, y + 0.8, w - 3, caption)
        self.value(x + 1.5, y + 4.5, w - 3, "\n".join(lines))

    def grid(
        self,
        columns: Sequence[tuple[str, float, str]],
        rows: Sequence[Sequence[str]],
        y: float,
    ) -> float:
        x = MARGIN
        self.set_font(self.text_family, "B", 7.5)
        for caption, width, align in columns:
            self.set_xy(x, y)
            self.cell(width, 5, caption, border=1, align=align)
            x += width
        y += 5
        self.set_font(self.text_family, "", 8)
        for row in rows:
            x = MARGIN
            for (_caption, width, align), text in zip(columns, row, strict=True):
                self.set_xy(x, y)
                self.cell(width, 5.5, self._fit(text, width - 1.5), border=1, align=align)
                x += width
            y += 5.5
        return y

    def _fit(self, text: str, width: float) -> str:
        while text and self.get_string_width(text) > width:
            text = text[:-2] + "…" if len(text) > 2 else ""
        return text


def _form(
    pdf: _Sheet,
    shipment: Mapping[str, Any],
    form: str,
    copy: int,
    copies: int,
    sandbox: bool,
) -> None:
    declaration = shipment.get("customs_declaration") or {}
    currency = str(declaration.get("currency") or "")
    pdf.add_page()
    pdf.set_font(pdf.text_family, "B", 15)
    number = "CN 23" if form == CN23 else "CN 22"
    pdf.set_xy(MARGIN, MARGIN)
    pdf.cell(WIDTH, 7, f"CUSTOMS DECLARATION {number}")
    pdf.set_font(pdf.text_family, "", 9)
    pdf.set_xy(MARGIN, MARGIN + 7)
    pdf.cell(WIDTH, 5, f"Zollinhaltserklärung {number}   -   copy {copy} of {copies}")
    tracking = str(shipment.get("carrier_tracking_no") or "")
    if tracking:
        pdf.set_xy(PAGE_W - MARGIN - 70, MARGIN)
        pdf.set_font(pdf.text_family, "B", 9)
        pdf.cell(70, 5, tracking, align="R")
        pdf.barcode(tracking, PAGE_W - MARGIN - 64, MARGIN + 6)
    if sandbox:
        pdf.set_xy(MARGIN, MARGIN + 12)
        pdf.set_font(pdf.text_family, "B", 8)
        pdf.cell(WIDTH, 4, "SANDBOX - NOT FOR SHIPPING")
    y = MARGIN + 20
    half = WIDTH / 2
    exporter = str(declaration.get("exporter_reference") or "")
    importer = str(declaration.get("importer_reference") or "")
    sender = _person(shipment.get("cover_address") or shipment.get("from"))
    pdf.boxed(MARGIN, y, half, 38, "From / Absender", sender)
    pdf.boxed(MARGIN + half, y, half, 38, "To / Empfänger", _person(shipment.get("to")))
    y += 38
    pdf.boxed(MARGIN, y, half, 10, "Sender's customs reference (VAT, EORI, VOEC)", [exporter])
    pdf.boxed(MARGIN + half, y, half, 10, "Importer's reference (tax code, VAT)", [importer])
    y += 12
    items = shipment_items(shipment)
    rows = [
        [
            str(item.get("description") or ""),
            str(item.get("quantity") or ""),
            f"{float(item.get('net_weight') or 0):.3f}",
            f"{_money(item.get('value_amount'))} {currency}".strip(),
            str(item.get("hs_tariff_number") or ""),
            str(item.get("origin_country") or ""),
        ]
        for item in items
    ]
    y = pdf.grid(ITEM_COLUMNS, rows, y) + 2
    net = sum(float(i.get("net_weight") or 0) for i in items)
    total = declaration.get("total_value_amount")
    fees = declaration.get("additional_fees")
    summary = [
        f"Total net weight / Gesamtnettogewicht: {net:.3f} kg",
        f"Total gross weight / Gesamtbruttogewicht: {_gross_kg(shipment):.3f} kg",
        f"Total value / Gesamtwert: {_money(total)} {currency}",
    ]
    if fees is not None:
        summary.append(f"Postal charges, fees / Gebühren: {_money(fees)} {currency}")
    pdf.value(MARGIN, y, WIDTH, "\n".join(summary))
    y = pdf.get_y() + 3
    contents = declaration.get("contents_type")
    pdf.set_font(pdf.text_family, "", 8.5)
    x = MARGIN
    for key, caption in CONTENTS_CAPTIONS:
        pdf.rect(x, y + 0.6, 3.2, 3.2)
        if key == contents:
            pdf.set_xy(x, y)
            pdf.cell(3.2, 4.4, "X", align="C")
        pdf.set_xy(x + 4.2, y)
        width = pdf.get_string_width(caption) + 8
        pdf.cell(width, 4.4, caption)
        x += width + 4.2
        if x > PAGE_W - MARGIN - 40:
            x, y = MARGIN, y + 5.5
    y += 7
    facts = [
        ("Explanation / Erläuterung", declaration.get("contents_explanation")),
        ("Invoice no. / Rechnungsnummer", declaration.get("invoice_number")),
        ("Export declaration (MRN)", declaration.get("movement_reference_number")),
        ("Office of posting / Einlieferungsstelle", declaration.get("drop_off_location")),
        ("Date of posting / Einlieferungsdatum", declaration.get("posting_date")),
        ("Incoterm", str(shipment.get("incoterm") or "").upper() or None),
    ]
    lines = [f"{caption}: {value}" for caption, value in facts if value]
    pdf.value(MARGIN, y, WIDTH, "\n".join(lines))
    y = pdf.get_y() + 6
    pdf.set_font(pdf.text_family, "", 7.5)
    pdf.set_xy(MARGIN, y)
    pdf.multi_cell(
        WIDTH,
        3.6,
        "I certify that the particulars given in this customs declaration are correct and that "
        "this item does not contain any dangerous article prohibited by legislation or by postal "
        "or customs regulations. / Ich bestätige, dass die Angaben richtig sind.",
    )
    y = pdf.get_y() + 12
    pdf.line(MARGIN, y, MARGIN + 90, y)
    pdf.caption(MARGIN, y + 1, 90, "Date and sender's signature / Datum und Unterschrift")


def _invoice(pdf: _Sheet, shipment: Mapping[str, Any], notes: Sequence[str], sandbox: bool) -> None:
    declaration = shipment.get("customs_declaration") or {}
    currency = str(declaration.get("currency") or "")
    pdf.add_page()
    pdf.set_font(pdf.text_family, "B", 15)
    pdf.set_xy(MARGIN, MARGIN)
    pdf.cell(WIDTH, 7, "COMMERCIAL INVOICE / HANDELSRECHNUNG")
    number = declaration.get("invoice_number") or shipment.get("reference_number")
    number = number or str(shipment.get("id") or "")[:12]
    created = str(shipment.get("created_at") or dt.date.today().isoformat())[:10]
    tracking = shipment.get("carrier_tracking_no") or "-"
    pdf.value(
        MARGIN,
        MARGIN + 9,
        WIDTH,
        f"Invoice no.: {number}    Date: {created}    Tracking: {tracking}",
    )
    if sandbox:
        pdf.value(MARGIN, MARGIN + 14, WIDTH, "SANDBOX - NOT FOR SHIPPING", 8)
    y = MARGIN + 20
    half = WIDTH / 2
    seller = _person(shipment.get("from"))
    pdf.boxed(MARGIN, y, half, 38, "Seller / Exporter", seller)
    pdf.boxed(MARGIN + half, y, half, 38, "Buyer / Consignee", _person(shipment.get("to")))
    y += 40
    rows = []
    subtotal = 0.0
    for item in shipment_items(shipment):
        amount = parse_amount(item.get("value_amount")) or 0.0
        quantity = int(item.get("quantity") or 1)
        subtotal += amount
        rows.append(
            [
                str(item.get("description") or ""),
                str(item.get("hs_tariff_number") or ""),
                str(item.get("origin_country") or ""),
                str(quantity),
                f"{amount / max(quantity, 1):,.2f}",
                f"{amount:,.2f}",
            ]
        )
    y = pdf.grid(INVOICE_COLUMNS, rows, y) + 2
    fees = parse_amount(declaration.get("additional_fees")) or 0.0
    lines = [f"Subtotal: {subtotal:,.2f} {currency}"]
    if fees:
        lines.append(f"Shipping and fees: {fees:,.2f} {currency}")
    lines.append(f"Total: {_money(declaration.get('total_value_amount'))} {currency}")
    pdf.value(MARGIN, y, WIDTH, "\n".join(lines), 10)
    y = pdf.get_y() + 4
    contents = dict(CONTENTS_CAPTIONS).get(str(declaration.get("contents_type")), "")
    facts = [f"Reason for export: {contents}"] if contents else []
    if shipment.get("incoterm"):
        facts.append(f"Terms of delivery (Incoterm): {str(shipment['incoterm']).upper()}")
    if declaration.get("movement_reference_number"):
        facts.append(f"Export declaration MRN: {declaration['movement_reference_number']}")
    facts += list(notes)
    pdf.value(MARGIN, y, WIDTH, "\n".join(facts))
    y = pdf.get_y() + 14
    pdf.line(MARGIN, y, MARGIN + 90, y)
    pdf.caption(MARGIN, y + 1, 90, "Date and signature of the seller")


def render_customs_documents(
    shipment: Mapping[str, Any],
    documents: Sequence[str],
    invoice_notes: Sequence[str],
    sandbox: bool,
) -> bytes:
    """The customs PDF of `shipment` (its stored wire body): one page per entry of
    `documents` (cn23 per copy, cn22, commercial_invoice), in that order."""
    texts = [json.dumps(shipment, ensure_ascii=False), *invoice_notes, "Zollinhaltserklärung"]
    texts += [caption for _key, caption in CONTENTS_CAPTIONS]
    pdf = _Sheet(f"Customs documents {str(shipment.get('id') or '')[:12]}", texts)
    pdf.alias_nb_pages()
    cn23_copies = sum(1 for d in documents if d == CN23)
    copy = 0
    for document in documents:
        if document == CN23:
            copy += 1
            _form(pdf, shipment, CN23, copy, cn23_copies, sandbox)
        elif document == CN22:
            _form(pdf, shipment, CN22, 1, 1, sandbox)
        elif document == COMMERCIAL_INVOICE:
            _invoice(pdf, shipment, invoice_notes, sandbox)
    return bytes(pdf.output(output_producer_class=LabelFontOutput))
