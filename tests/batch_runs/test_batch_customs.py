"""An order file's customs columns per line item (HS code, country of origin, value, contents
type) fill the shipment's customs declaration, the product catalogue fills what the file
leaves out, and a missing HS code is a problem naming the column."""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest

from desktop_app.batch_runs.rows import Batch
from desktop_app.batch_runs.runner import BatchRunner
from desktop_app.client.journaled_creation import ShipmentCreator
from desktop_app.orders.engine import read_orders
from desktop_app.orders.shipment_drafts import Defaults
from desktop_app.profiles.catalogue import Catalogue, Product
from tests.orders.helpers import SENDER, Station

PARCEL = {"length": 30, "width": 20, "height": 10}

GERMAN = (
    "Bestellnummer;Vorname;Nachname;Straße;PLZ;Ort;Land;Telefon;E-Mail;Artikelnummer;Artikel;"
    "Menge;Einzelpreis;Zolltarifnummer;Ursprungsland;Warenwert\n"
    "CH-1;Heidi;Muster;Bahnhofstrasse 1;8001;Zürich;Schweiz;+41441234567;h@example.ch;"
    "MUG-01;Tasse;2;12,50;6912.00;PT;10,00\n"
    "CH-1;Heidi;Muster;Bahnhofstrasse 1;8001;Zürich;Schweiz;+41441234567;h@example.ch;"
    "POSTER-A2;Poster A2;1;9,00;;;\n"
    "NO-1;Ola;Nordmann;Karl Johans gate 1;0154;Oslo;Norwegen;+4722123456;o@example.no;"
    "TSHIRT-M;T-Shirt M;1;19,90;;;\n"
    "AT-1;Franz;Huber;Ringstraße 1;1010;Wien;Österreich;+4311234567;f@example.at;"
    "TSHIRT-M;T-Shirt M;1;19,90;;;\n"
)
ENGLISH = (
    "Order number,First name,Last name,Street,Zip,City,Country,Phone,Email,SKU,Title,Quantity,"
    "Price,Weight,HS code,Country of origin\n"
    "CH-9,Heidi,Muster,Bahnhofstrasse 1,8001,Zürich,CH,+41441234567,h@example.ch,X-1,Widget,1,"
    "5.00,0.2,,\n"
)


def fill_catalogue(catalogue: Catalogue) -> Catalogue:
    """The shop's products: weights, and HS code and origin where the file has none."""
    catalogue.put(Product("MUG-01", "Tasse", weight_kg=0.45))  # HS code and origin: the file
    catalogue.put(
        Product("TSHIRT-M", "T-Shirt M", weight_kg=0.18, hs_code="610910", origin_country="BD")
    )
    catalogue.put(
        Product("POSTER-A2", "Poster A2", weight_kg=0.25, hs_code="491199", origin_country="DE")
    )
    return catalogue


@pytest.fixture
def catalogue(tmp_path: Path) -> Catalogue:
    return fill_catalogue(Catalogue.of_profile(tmp_path))


def _batch(path: Path, text: str, catalogue: Catalogue) -> Batch:
    path.write_text(text, encoding="utf-8")
    orders = read_orders(path, catalogue=catalogue)
    defaults = Defaults(sender=SENDER, carrier="dhl", service="standard", package=PARCEL)
    return Batch.of_orders(orders, defaults, catalogue=catalogue)


def test_customs_columns_and_the_catalogue_fill_the_declaration(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    batch = _batch(tmp_path / "orders.csv", GERMAN, catalogue)
    swiss, norway, austria = batch.rows
    assert swiss.valid and norway.valid and austria.valid, [
        batch.problem_lines(r) for r in batch.rows
    ]
    declaration = swiss.draft["customs_declaration"]
    assert declaration["contents_type"] == "commercial_goods"
    assert declaration["invoice_number"] == "CH-1"
    mug, poster = declaration["items"]
    # the file's HS code, origin and value (Warenwert per unit) ...
    assert mug["hs_tariff_number"] == "691200" and mug["origin_country"] == "PT"
    assert mug["value_amount"] == "20.00" and mug["quantity"] == 2
    # ... and the catalogue's where the file leaves them empty
    assert poster["hs_tariff_number"] == "491199" and poster["origin_country"] == "DE"
    assert poster["value_amount"] == "9.00"
    (shirt,) = norway.draft["customs_declaration"]["items"]
    assert shirt["hs_tariff_number"] == "610910" and shirt["origin_country"] == "BD"
    assert "customs_declaration" not in austria.draft  # inside the EU: no customs


def test_a_missing_hs_code_names_the_column(tmp_path: Path, catalogue: Catalogue) -> None:
    batch = _batch(tmp_path / "orders.csv", ENGLISH, catalogue)
    (row,) = batch.rows
    assert not row.valid
    lines = batch.problem_lines(row)
    assert any(
        line.startswith("column 'HS code':") and "customs tariff number" in line for line in lines
    ), lines


async def test_a_swiss_and_a_norwegian_order_give_labels_and_customs_papers(
    station: Station, tmp_path: Path
) -> None:
    with station.manager.open_store(station.profile) as store:
        batch = _batch(
            tmp_path / "orders.csv", GERMAN, fill_catalogue(Catalogue.of_profile(tmp_path))
        )
        async with station.client() as client:
            await BatchRunner(batch, ShipmentCreator(client, store)).run()
            assert [r.status for r in batch.rows] == ["created"] * 3
            for row, has_papers in zip(batch.rows, (True, True, False), strict=True):
                assert row.label_path is not None and row.label_path.is_file()
                assert row.shipment_id is not None
                shipment = await client.shipments.get(row.shipment_id)
                papers = await client.shipment_documents.customs_documents(shipment)
                assert (papers is not None) == has_papers, row.reference
                if papers is not None:
                    text = "".join(
                        p.extract_text() for p in pypdf.PdfReader(io.BytesIO(papers)).pages
                    )
                    assert "CN 23" in text and "COMMERCIAL INVOICE" in text
