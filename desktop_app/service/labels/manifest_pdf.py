"""The manifest PDF: one carrier's shipments handed over at the end of the day.

A4 portrait, DejaVu Sans (names as written): a header (carrier, manifest and carrier reference,
shipper, date), one row per shipment (tracking number with its Code 128 barcode, receiver,
reference, packages, weight), the totals and the signature lines of shipper and driver. In the
language the desk asked for when it made the manifest (its Accept-Language: English or
German), the date in that language's way in the service's local time, since the packer and
the driver read it at the same desk.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from fpdf import FPDF

from desktop_app.service.labels.font_embedding import LabelFontOutput
from desktop_app.service.labels.layout import QUIET_MODULES, code128_modules
from desktop_app.service.labels.pdf import use_label_fonts
from desktop_app.service.texts import MANIFEST_TEXTS

PAGE_W, PAGE_H = 210.0, 297.0
MARGIN = 12.0
ROW_H = 21.0
BARCODE_W, BARCODE_H = 62.0, 11.0
MIN_MODULE_MM = 0.19  # narrower bars do not scan reliably from paper


def _number(value: float, language: str) -> str:
    """Two decimals with the language's decimal mark (4,50 in German)."""
    text = f"{value:.2f}"
    return text.replace(".", ",") if language == "de" else text


def _line(address: Mapping[str, Any] | None) -> str:
    if not address:
        return ""
    person = " ".join(str(address.get(k) or "") for k in ("first_name", "last_name")).strip()
    name = address.get("company") or person
    street = " ".join(str(address.get(k) or "") for k in ("street", "street_no")).strip()
    place = " ".join(str(address.get(k) or "") for k in ("zip_code", "city")).strip()
    parts = [str(name or ""), street, f"{address.get('country') or ''}-{place}".strip("-")]
    return ", ".join(p for p in parts if p)


def _weight(shipment: Mapping[str, Any]) -> float:
    return sum(float(p.get("weight") or 0) for p in shipment.get("packages") or [])


class _Manifest(FPDF):
    def __init__(self, title: str, texts: Iterable[str], page_word: str = "page") -> None:
        super().__init__(orientation="P", unit="mm", format="A4")
        self.text_family = use_label_fonts(self, texts)
        self.set_auto_page_break(auto=False)
        self.set_margins(MARGIN, MARGIN, MARGIN)
        self.title_text = title
        self.page_word = page_word
        self.set_title(title)
        self.set_creator("Packdesk local Shipping Service")

    def footer(self) -> None:
        self.set_y(-10)
        self.set_font(self.text_family, "", 7)
        self.cell(0, 4, f"{self.title_text} - {self.page_word} {self.page_no()}/{{nb}}", align="R")

    def barcode(self, data: str, x: float, y: float) -> None:
        """Code 128 of `data` as vector bars within BARCODE_W (quiet zones included)."""
        modules = code128_modules(data)
        module = max(MIN_MODULE_MM, BARCODE_W / (len(modules) + 2 * QUIET_MODULES))
        x0 = x + QUIET_MODULES * module
        i = 0
        while i < len(modules):
            if modules[i] == "1":
                j = i
                while j < len(modules) and modules[j] == "1":
                    j += 1
                self.rect(x0 + i * module, y, (j - i) * module, BARCODE_H, style="F")
                i = j
            else:
                i += 1


def render_manifest_pdf(
    manifest: Mapping[str, Any],
    shipments: Sequence[Mapping[str, Any]],
    carrier_name: str,
    sandbox: bool,
    language: str = "en",
) -> bytes:
    """The manifest document of `manifest` (its wire body) listing `shipments` (wire bodies),
    worded in `language` (en or de; another falls back to en)."""
    words = MANIFEST_TEXTS.get(language) or MANIFEST_TEXTS["en"]
    language = language if language in MANIFEST_TEXTS else "en"
    title = f"{words['title']} {manifest['carrier_reference_number']}"
    texts = [json.dumps(manifest, ensure_ascii=False), carrier_name, *words.values()]
    texts += [json.dumps(s, ensure_ascii=False) for s in shipments]
    pdf = _Manifest(title, texts, words["page"])
    pdf.alias_nb_pages()
    # the service's local time: the warehouse server stands where its stations do
    created = dt.datetime.fromisoformat(manifest["created_at"]).astimezone()

    def header() -> None:
        pdf.add_page()
        pdf.set_font(pdf.text_family, "B", 16)
        pdf.cell(0, 8, f"{carrier_name} - Manifest / Übergabeliste", new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(pdf.text_family, "", 9)
        lines = [
            f"{words['carrier_reference']}: {manifest['carrier_reference_number']}",
            f"{words['manifest']}: {manifest['id']}",
            f"{words['created']}: {created.strftime(words['date_format'])} {created.tzname()}",
            f"{words['shipper']}: {_line(manifest.get('posting_hub_address'))}",
        ]
        if manifest.get("reference_number"):
            lines.append(f"{words['reference']}: {manifest['reference_number']}")
        if sandbox:
            lines.append(words["sandbox"])
        for text in lines:
            pdf.cell(0, 5, text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        pdf.set_font(pdf.text_family, "B", 8)
        y = pdf.get_y()
        columns = ((MARGIN, "#"), (MARGIN + 8, words["tracking"]), (MARGIN + 74, words["receiver"]),
                   (MARGIN + 150, words["packages"]), (MARGIN + 164, words["weight"]))  # fmt: skip
        for x, text in columns:
            pdf.set_xy(x, y)
            pdf.cell(0, 5, text)
        pdf.line(MARGIN, y + 5.5, PAGE_W - MARGIN, y + 5.5)
        pdf.set_y(y + 7)

    header()
    for index, shipment in enumerate(shipments, start=1):
        if pdf.get_y() + ROW_H > PAGE_H - 60:
            header()
        y = pdf.get_y()
        tracking = str(shipment.get("carrier_tracking_no") or "")
        pdf.set_font(pdf.text_family, "", 8)
        pdf.set_xy(MARGIN, y)
        pdf.cell(8, 4, str(index))
        pdf.set_xy(MARGIN + 8, y)
        pdf.set_font(pdf.text_family, "B", 9)
        pdf.cell(64, 4, tracking)
        if tracking:
            pdf.barcode(tracking, MARGIN + 2, y + 5)
        pdf.set_font(pdf.text_family, "", 8)
        pdf.set_xy(MARGIN + 74, y)
        pdf.multi_cell(74, 4, _line(shipment.get("to")), new_x="LEFT", new_y="NEXT")
        reference = shipment.get("reference_number")
        pdf.set_x(MARGIN + 74)
        pdf.cell(
            74,
            4,
            f"{words['ref']} {reference}"
            if reference
            else f"{words['shipment']} {shipment['id'][:12]}",
        )
        pdf.set_xy(MARGIN + 150, y)
        pdf.cell(14, 4, str(len(shipment.get("packages") or [])))
        pdf.set_xy(MARGIN + 164, y)
        pdf.cell(20, 4, _number(_weight(shipment), language))
        pdf.line(MARGIN, y + ROW_H - 2, PAGE_W - MARGIN, y + ROW_H - 2)
        pdf.set_y(y + ROW_H)

    packages = sum(len(s.get("packages") or []) for s in shipments)
    weight = sum(_weight(s) for s in shipments)
    pdf.ln(2)
    pdf.set_font(pdf.text_family, "B", 10)
    pdf.cell(
        0,
        6,
        words["total"].format(
            shipments=len(shipments), packages=packages, weight=_number(weight, language)
        ),
        new_x="LMARGIN",
        new_y="NEXT",
    )
    pdf.ln(14)
    pdf.set_font(pdf.text_family, "", 9)
    y = pdf.get_y()
    for x, who in ((MARGIN, words["shipper_signs"]), (PAGE_W / 2 + 4, words["driver_signs"])):
        width = PAGE_W / 2 - MARGIN - 8
        pdf.line(x, y, x + width, y)
        pdf.set_xy(x, y + 1)
        pdf.cell(width, 4, f"{who}: {words['signature']}")
    return bytes(pdf.output(output_producer_class=LabelFontOutput))
