"""Shop platforms' order exports (tests/orders/fixtures/platforms/, each with the document its
columns come from in a .source.txt beside it) read by the import engine: recognised by the
header, grouped into orders, addresses split, weights and prices from the product catalogue
where the file has none; and files that cannot be read say why."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from desktop_app.batch_runs.rows import Batch
from desktop_app.orders.cell_values import country_code, is_company_name, split_street
from desktop_app.orders.engine import read_orders
from desktop_app.orders.importer import TableError, read_table
from desktop_app.orders.products import import_products
from desktop_app.orders.service_orders import drafts_of
from desktop_app.orders.shipment_drafts import Defaults
from desktop_app.profiles.catalogue import Catalogue, Product
from tests.orders.helpers import SENDER, SHOPWARE_IDS

PLATFORMS = Path(__file__).parent / "fixtures" / "platforms"
PARCEL = {"length": 30, "width": 20, "height": 10}

#: file -> (platform key, order numbers)
EXPORTS = {
    "shopify_orders_export.csv": ("shopify", ["#1001", "#1002", "#1003", "#1004"]),
    "woocommerce_advanced_order_export.csv": (
        "woocommerce-advanced-order-export", ["1001", "1002", "1003", "1004"]),
    "woocommerce_customer_order_export.csv": (
        "woocommerce-customer-order-export", ["1001", "1002", "1003", "1004"]),
    "shopware6_orders.csv": ("shopware6", ["10001", "10002", "10003", "10004"]),
    "amazon_unshipped_orders.txt": (
        "amazon-unshipped", [f"302-1234567-100000{n}" for n in range(1, 5)]),
    "ebay_orders_report.csv": ("ebay-orders-report", [f"07-11111-0000{n}" for n in range(1, 5)]),
    "ebay_de_orders_report.csv": (
        "ebay-de-orders-report", [f"12-11111-0000{n}" for n in range(1, 5)]),
    "etsy_sold_order_items.csv": ("etsy-sold-order-items", ["3001001", "3001002", "3001003",
                                                            "3001004"]),
    "etsy_sold_orders.csv": ("etsy-sold-orders", ["3001001", "3001002", "3001003", "3001004"]),
    "kaufland_order_units.csv": ("kaufland-order-units", ["MJ7X2PQ", "MJ7X2PR", "MJ7X2PS",
                                                          "MJ7X2PT"]),
    "german_spreadsheet_cp1252.csv": (None, ["B-2026-001", "B-2026-002", "B-2026-003",
                                             "B-2026-004"]),
    "german_spreadsheet_utf8bom.csv": (None, ["B-2026-001", "B-2026-002", "B-2026-003",
                                              "B-2026-004"]),
}  # fmt: skip
#: every fixture holds the same four orders: (street, number, zip, country, company?)
ADDRESSES = [
    ("Musterstraße", "12a", "10115", "DE"),
    ("Industriestr.", "5", "80331", "DE"),
    ("rue de la Paix", "12", "75002", "FR"),
    ("Calle Mayor", "5", "28013", "ES"),
]
ITEMS = [
    {"TSHIRT-M": 2.0, "MUG-01": 1.0},
    {"POSTER-A2": 1.0},
    {"TSHIRT-M": 1.0, "POSTER-A2": 1.0},
    {"MUG-01": 3.0},
]
WEIGHTS = [0.81, 0.25, 0.43, 1.35]


@pytest.fixture
def catalogue(tmp_path: Path) -> Catalogue:
    catalogue = Catalogue.of_profile(tmp_path)
    report = import_products(PLATFORMS / "products.csv", catalogue)
    assert report.added == 3 and not report.skipped
    for kind, ids in SHOPWARE_IDS.items():  # said once for the shop
        catalogue.learn_shop_ids(kind, ids)
    return catalogue


def test_every_fixture_names_its_source() -> None:
    for name in EXPORTS:
        source = PLATFORMS / f"{name}.source.txt"
        assert source.is_file() and len(source.read_text(encoding="utf-8")) > 200, name


@pytest.mark.parametrize("name", sorted(EXPORTS))
def test_export_recognised_and_read_as_orders(name: str, catalogue: Catalogue) -> None:
    platform, numbers = EXPORTS[name]
    orders = read_orders(PLATFORMS / name, catalogue=catalogue)

    assert (orders.platform.key if orders.platform else None) == platform
    assert orders.mapping_origin == ("recognised" if platform else "guessed")
    assert [record.number for record in orders.records] == numbers
    assert (
        orders.rows_read > len(numbers)
        or platform == "etsy-sold-orders"
        or (platform == "shopware6")
    )  # line items on rows of their own
    batch = Batch.of_orders(
        orders, Defaults(sender=SENDER, carrier="dhl", service="standard", package=PARCEL),
        catalogue=catalogue,
    )  # fmt: skip
    for index, (row, record) in enumerate(zip(batch.rows, orders.records, strict=True)):
        street, number, zip_code, country = ADDRESSES[index]
        to = row.draft["to"]
        assert (to["street"], to["street_no"], to["zip_code"]) == (street, number, zip_code)
        assert to["country"] == country
        if index == 1:
            assert to["company"] == "Muster GmbH"
        else:
            assert to["first_name"] and to["last_name"] and "company" not in to
        if platform != "etsy-sold-orders":  # its file has no quantities per SKU
            assert {i.sku: i.quantity for i in record.items} == ITEMS[index]
            assert row.draft["package"]["weight"] == pytest.approx(WEIGHTS[index])
        # the fourth order has no price in the file: the catalogue's (12.50 a mug)
        assert [i.price for i in orders.records[3].items] == [12.5]
        assert row.valid, batch.problem_lines(row)
    assert not orders.unknown_ids
    for draft in drafts_of(orders):
        assert draft.valid, draft.problems


def test_grams_in_the_header_and_catalogue_weight_said_per_order(catalogue: Catalogue) -> None:
    orders = read_orders(PLATFORMS / "german_spreadsheet_cp1252.csv", catalogue=catalogue)
    assert orders.mapping["package.weight_unit"].value == "g"
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, sender_origin="sample sender"),
                            catalogue=catalogue)  # fmt: skip
    first, _second, third, _fourth = batch.rows
    assert first.draft["package"]["weight"] == pytest.approx(0.81)  # 2 x 180 g + 450 g
    # the catalogue knows every item: its weights win over the file's (the same here)
    assert first.weight.source == "catalogue" and third.weight.source == "catalogue"
    alone = Batch.of_orders(read_orders(PLATFORMS / "german_spreadsheet_cp1252.csv"),
                            Defaults(sender=SENDER))  # fmt: skip
    assert alone.rows[0].weight.kg == pytest.approx(0.81)  # the file's: one item's x quantity
    assert alone.rows[0].weight.source == "file"
    assert alone.rows[2].weight.kg is None  # B-2026-003 has no weights in the file
    assert first.filled["from"] == "sample sender"
    assert first.lines == [2, 3]  # the order's two line items


def test_shopware_ids_asked_once_for_the_file_then_remembered(tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    import_products(PLATFORMS / "products.csv", catalogue)
    orders = read_orders(PLATFORMS / "shopware6_orders.csv", catalogue=catalogue)
    countries = SHOPWARE_IDS["country"]
    # one question per id for the whole file, naming the orders it is for
    assert orders.unknown_ids["country"] == {
        ids: numbers for ids, numbers in zip(countries, [["10001", "10002"], ["10003"],
                                                        ["10004"]], strict=True)
    }  # fmt: skip
    assert set(orders.unknown_ids["product"]) == set(SHOPWARE_IDS["product"])
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, carrier="dhl", service="standard",
                                             package=PARCEL), catalogue=catalogue)  # fmt: skip
    row = batch.rows[0]
    assert not row.valid
    assert any(
        line.startswith("column 'shipping_address_country_id': ")
        for line in batch.problem_lines(row)
    )
    for kind, ids in SHOPWARE_IDS.items():
        catalogue.learn_shop_ids(kind, ids)
    again = read_orders(PLATFORMS / "shopware6_orders.csv", catalogue=catalogue)
    assert not again.unknown_ids
    assert [r.cells["shipping_address_country_id"] for r in again.records] == [
        "DE", "DE", "FR", "ES"]  # fmt: skip
    assert {i.sku: i.quantity for i in again.records[0].items} == ITEMS[0]


def test_shopware_profile_with_the_country_code_asks_nothing_about_countries() -> None:
    orders = read_orders(PLATFORMS / "shopware6_orders_with_iso.csv")
    assert orders.platform is not None and orders.platform.key == "shopware6"
    assert orders.mapping["to.country"].column == "shipping_address_country_iso"
    assert "country" not in orders.unknown_ids
    assert orders.unknown_ids["product"] == {"0191c12e4a2b7d1f9b3c5e7a9d0b1c03": ["10005"]}


def test_ebay_preamble_and_footer_left_out_and_said(catalogue: Catalogue) -> None:
    orders = read_orders(PLATFORMS / "ebay_orders_report.csv", catalogue=catalogue)
    assert len(orders.records) == 4
    assert any("4 record(s) downloaded" in note for note in orders.notes)
    assert any("Seller ID" in note for note in orders.notes)


def test_ebay_de_prices_with_decimal_comma_and_german_month_names(catalogue: Catalogue) -> None:
    orders = read_orders(PLATFORMS / "ebay_de_orders_report.csv", catalogue=catalogue)
    assert orders.table.delimiter == ";" and orders.table.skipped == ()
    assert [i.price for i in orders.records[0].items] == [19.9, 12.5]
    placed = [draft.draft["placed_at"][:10] for draft in drafts_of(orders)]
    assert placed == ["2026-11-20", "2026-11-20", "2026-11-21", "2026-12-10"]  # "10-Dez-26"


def test_etsy_sold_orders_take_quantities_from_the_order_items_file_beside(
    tmp_path: Path, catalogue: Catalogue
) -> None:
    alone = read_orders(PLATFORMS / "etsy_sold_orders.csv", catalogue=catalogue)
    assert {i.sku: i.quantity for i in alone.records[0].items} == {"TSHIRT-M": 1.0,
                                                                   "MUG-01": 1.0}  # fmt: skip
    # as Etsy names its downloads of the same month
    orders = tmp_path / "EtsySoldOrders2026-11.csv"
    orders.write_bytes((PLATFORMS / "etsy_sold_orders.csv").read_bytes())
    (tmp_path / "EtsySoldOrderItems2026-11.csv").write_bytes(
        (PLATFORMS / "etsy_sold_order_items.csv").read_bytes()
    )
    both = read_orders(orders, catalogue=catalogue)
    assert both.platform is not None and both.platform.key == "etsy-sold-orders"
    for index, record in enumerate(both.records):
        assert {i.sku: i.quantity for i in record.items} == ITEMS[index]
        assert record.total_weight_kg() == pytest.approx(WEIGHTS[index])
    assert [i.price for i in both.records[0].items] == [19.9, 12.5]  # the items file's
    # the items file alone gives the same orders
    items = read_orders(tmp_path / "EtsySoldOrderItems2026-11.csv", catalogue=catalogue)
    assert [[(i.sku, i.quantity) for i in r.items] for r in items.records] == [
        [(i.sku, i.quantity) for i in r.items] for r in both.records
    ]


def test_kaufland_units_keep_their_ean() -> None:
    orders = read_orders(PLATFORMS / "kaufland_order_units.csv")
    assert [i.gtin for i in orders.records[0].items] == ["4006381333931", "4260123456788"]


def test_amazon_company_in_the_first_address_line() -> None:
    orders = read_orders(PLATFORMS / "amazon_unshipped_orders.txt")
    assert orders.table.delimiter == "\t"
    batch = Batch.of_orders(orders, Defaults(sender=SENDER))
    to = batch.rows[1].draft["to"]
    assert (to["company"], to["street"], to["street_no"]) == ("Muster GmbH", "Industriestr.", "5")


@pytest.mark.parametrize(
    ("text", "street", "number"),
    [
        ("Musterstraße 12a", "Musterstraße", "12a"),
        ("Hauptstr. 5 b", "Hauptstr.", "5b"),
        ("12 rue de la Paix", "rue de la Paix", "12"),
        ("Calle Mayor, 5", "Calle Mayor", "5"),
        ("221B Baker Street", "Baker Street", "221B"),
        ("Straße des 17. Juni 135", "Straße des 17. Juni", "135"),
        ("Kerkstraat 3-5", "Kerkstraat", "3-5"),
        ("Packstation", "Packstation", None),
    ],
)
def test_street_and_number_split(text: str, street: str, number: str | None) -> None:
    assert split_street(text) == (street, number)


def test_countries_by_code_or_german_or_english_name() -> None:
    for text, code in [("Deutschland", "DE"), ("Germany", "DE"), ("Frankreich", "FR"),
                       ("Spain", "ES"), ("Vereinigtes Königreich", "GB"), ("United States", "US"),
                       ("österreich", "AT"), ("nl", "NL"), ("Schweiz", "CH")]:  # fmt: skip
        assert country_code(text) == code, text
    assert is_company_name("Muster GmbH") and is_company_name("Acme Ltd")
    assert not is_company_name("Erika Mustermann")


def test_products_from_shopify_and_woocommerce_exports(tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    shopify = import_products(PLATFORMS / "shopify_products_export.csv", catalogue)
    woo = import_products(PLATFORMS / "woocommerce_products_export.csv", catalogue)
    assert shopify.added == 4 and woo.added == 3 and woo.skipped == [(5, "no SKU")]
    large = catalogue.lookup("tshirt-l")  # SKUs are case-insensitive
    assert large is not None and large.name == "T-Shirt" and large.weight_kg == 0.2  # grams
    assert catalogue.by_gtin("04006381333948") == large  # a GTIN-14 of the EAN-13
    poster = catalogue.lookup("POSTER-A2")
    assert poster is not None and poster.dimensions == (60, 8, 8) and poster.weight_kg == 0.25


def test_catalogue_gives_customs_facts(catalogue: Catalogue) -> None:
    shirt = catalogue.lookup("TSHIRT-M")
    assert shirt == Product(sku="TSHIRT-M", name="T-Shirt M", gtin="4006381333931",
                            weight_kg=0.18, length_cm=30, width_cm=20, height_cm=3,
                            hs_code="61091000", origin_country="PT", value=19.9)  # fmt: skip
    assert catalogue.lookup("nope") is None and len(catalogue) == 3
    assert catalogue.delete("TSHIRT-M") and catalogue.lookup("TSHIRT-M") is None


# --- files that are not (quite) order tables -----------------------------------------------


def test_wrong_encoding_says_why(tmp_path: Path) -> None:
    path = tmp_path / "orders.csv"
    path.write_bytes(b"Bestellnummer\x00;Name\x00\n\x01\x02\x00\x00")
    with pytest.raises(TableError, match="encoding"):
        read_table(path)
    utf16 = tmp_path / "unicode.txt"
    utf16.write_text("Bestellnummer\tPLZ\nA-1\t10115\n", encoding="utf-16")
    assert read_table(utf16).rows == [{"Bestellnummer": "A-1", "PLZ": "10115"}]


def test_empty_and_header_only_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.csv"
    empty.write_bytes(b"")
    with pytest.raises(TableError, match="empty"):
        read_table(empty)
    header_only = tmp_path / "header.csv"
    header_only.write_text("Name,Lineitem quantity,Lineitem name,Shipping Name,Shipping Zip\n")
    orders = read_orders(header_only)
    assert orders.platform is not None and orders.records == []


def test_truncated_row_reported_for_its_order(tmp_path: Path) -> None:
    lines = (PLATFORMS / "shopify_orders_export.csv").read_text(encoding="utf-8").splitlines()
    cut = tmp_path / "cut.csv"
    cut.write_text("\n".join([*lines[:-1], lines[-1][:60]]) + "\n", encoding="utf-8")
    orders = read_orders(cut)
    last = orders.records[-1]
    assert last.number == "#1004"
    assert last.notes == [f"line {len(lines)} has fewer columns than the header (cut off?)"]
    batch = Batch.of_orders(orders, Defaults(sender=SENDER))
    assert batch.rows[-1].file_notes == last.notes and not batch.rows[-1].valid


def test_order_number_reused_for_another_receiver_is_not_merged(tmp_path: Path) -> None:
    path = tmp_path / "dup.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=";")
        writer.writerow(["Bestellnummer", "Name", "Straße", "PLZ", "Ort", "Land", "Artikelnummer"])
        writer.writerow(["A-1", "Erika Muster", "Weg 1", "10115", "Berlin", "DE", "X"])
        writer.writerow(["A-1", "Erika Muster", "Weg 1", "10115", "Berlin", "DE", "Y"])
        writer.writerow(["A-1", "Hans Huber", "Gasse 2", "80331", "München", "DE", "Z"])
    orders = read_orders(path)
    assert [(r.number, [i.sku for i in r.items]) for r in orders.records] == [
        ("A-1", ["X", "Y"]),
        ("A-1", ["Z"]),
    ]
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, package={"weight": 1, **PARCEL},
                                             carrier="dhl", service="standard"))  # fmt: skip
    assert batch.rows[0].valid
    assert [p.code for p in batch.rows[1].problems] == ["duplicate_reference"]


def test_many_orders_grouped_as_few(tmp_path: Path) -> None:
    """A big export (bench/import_20mb.py times 20 MB of it) groups every order's rows."""
    source = (PLATFORMS / "shopify_orders_export.csv").read_text(encoding="utf-8").splitlines()
    header, body = source[0], source[1:]
    path = tmp_path / "big.csv"
    with path.open("w", encoding="utf-8") as fh:
        fh.write(header + "\n")
        for n in range(250):
            for line in body:
                fh.write(line.replace("#100", f"#{n}-100", 1) + "\n")
    orders = read_orders(path)
    assert len(orders.records) == 1000 and orders.rows_read == 1500
    assert [i.sku for i in orders.records[-4].items] == ["TSHIRT-M", "MUG-01"]
