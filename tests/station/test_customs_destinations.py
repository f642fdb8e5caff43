"""Destinations that need customs papers, scanned to ship on two virtual printers (thermal
label printer, A4 printer for documents), each with the documents its carrier and
destination ask for, read back from the jobs the printers received (pypdf for the A4 papers,
the ZPL text of the label):

- the UK (DHL): CN 23 twice and the commercial invoice; an order up to 135 GBP needs the
  seller's UK VAT number or EORI (the scan stops without it, ships with the profile's);
- the Canary Islands (Spain, postcode 35xxx, Warenpost International): CN 22 on the label,
  the commercial invoice on the A4 printer;
- Helgoland (Germany, 27498, UPS): the commercial invoice alone;
- Austria (DHL): inside the EU, the label alone.
"""

from __future__ import annotations

import io
from typing import Any

import pypdf

from desktop_app.domain.presets import PresetCondition, PresetPackage, ShippingPreset
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.station.conftest import Desk
from tests.station.test_customs_a4_printer import abroad_order, put_mug, ship

UK_VAT = "GB123456789"


def preset(name: str, carrier: str, field: str, value: str, **package: Any) -> ShippingPreset:
    condition = PresetCondition.model_validate({"field": field, "op": "eq", "value": value})
    return ShippingPreset(
        name=name,
        when=[condition],
        carrier=carrier,
        package=PresetPackage(**package)
        if package
        else PresetPackage(length=40, width=30, height=20),
    )


PRESETS = [
    preset("Canary Islands by Warenpost", "dpag", "to.country", "ES",
           type="books", length=20, width=15, height=5),
    preset("Helgoland by UPS", "ups", "to.zip_code", "27498"),
    preset("Abroad by DHL", "dhl", "package.weight", "0.8"),
]  # fmt: skip


def pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF."""
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def papers_kinds(pages: list[str]) -> list[str]:
    """Each page's document: cn23, cn22 or commercial_invoice (what its text says)."""
    kinds = []
    for text in pages:
        if "COMMERCIAL INVOICE" in text:
            kinds.append("commercial_invoice")
        elif "CN 23" in text:
            kinds.append("cn23")
        elif "CN 22" in text:
            kinds.append("cn22")
        else:
            kinds.append("?")
    return kinds


async def test_uk_canary_islands_helgoland_and_austria_on_two_printers(
    desk: Desk, vprinter: VirtualPrinter, a4printer: VirtualPrinter
) -> None:
    desk.station.papers_printer = PrinterDefinition(
        name="Office A4", kind="pdf", transport=a4printer.uri
    )
    desk.station.print_slip = False
    desk.station.profile = desk.station.profile.model_copy(update={"shipping_presets": PRESETS})
    put_mug(desk.store)
    await desk.add_orders(
        abroad_order("SO-UK", "GB", "SW1A 1AA", "London"),
        abroad_order("SO-LP", "ES", "35001", "Las Palmas de Gran Canaria"),
        abroad_order("SO-HL", "DE", "27498", "Helgoland"),
        abroad_order("SO-WI", "AT", "1010", "Wien"),
    )

    # the UK up to 135 GBP: the seller's UK VAT number or EORI, else no label
    stopped = await desk.station.scan("SO-UK")
    if stopped.kind == "packing":
        stopped = await desk.station.ship(override="test")
    assert stopped.kind == "error" and stopped.code == "invalid", stopped
    assert "UK VAT number or EORI" in stopped.detail
    assert not vprinter.jobs and not a4printer.jobs
    desk.station.cancel()
    preferences = desk.station.profile.preferences.model_copy(
        update={"customs_numbers": {"GB": UK_VAT}}
    )
    desk.station.profile = desk.station.profile.model_copy(update={"preferences": preferences})

    expected = {
        "SO-UK": ("dhl", ["cn23", "cn23", "commercial_invoice"]),
        "SO-LP": ("dpag", ["commercial_invoice"]),
        "SO-HL": ("ups", ["commercial_invoice"]),
    }
    for count, (number, (carrier, kinds)) in enumerate(expected.items(), start=1):
        shipped = await ship(desk, number)
        assert shipped.shipment is not None and shipped.shipment.carrier == carrier, number
        assert shipped.papers_printer == "Office A4" and len(shipped.jobs) == 2, number
        label = (await vprinter.wait_for_jobs(count))[-1].data
        papers = (await a4printer.wait_for_jobs(count))[-1].data
        pages = pdf_pages(papers)
        assert papers_kinds(pages) == kinds, number
        assert "Artikel 3931" in pages[0] and "691200" in pages[0], number
        cn22_on_label = b"CN 22 CUSTOMS DECLARATION" in label
        assert cn22_on_label == (carrier == "dpag"), number
    assert UK_VAT in pdf_pages(a4printer.jobs[0].data)[0]  # the CN 23's sender reference

    austria = await ship(desk, "SO-WI")
    assert len(austria.jobs) == 1 and austria.papers_path is None and not austria.papers_printer
    assert len(await vprinter.wait_for_jobs(4)) == 4
    assert len(a4printer.jobs) == 3  # nothing more on the A4 printer
