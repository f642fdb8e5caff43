"""Every order's weight from the best source, said where it came from (issue 35): the
platforms' order exports (tests/orders/fixtures/platforms/, each with its source document
beside it) carry no weights, so on a fresh profile every order says "No weight" (never
"Choose a carrier"); the platforms' own product exports fill the catalogue and the next
export weighs itself (items x quantity + the box); a weight column is one item's beside a
quantity unless its header says it is a total; typed weights, one weight for all, the
default weight, and the matching preset's box."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop_app.batch_runs.rows import Batch
from desktop_app.domain.presets import ShippingPreset, default_presets
from desktop_app.domain.weights import NO_WEIGHT
from desktop_app.orders.engine import read_orders
from desktop_app.orders.mapping import guess_mapping
from desktop_app.orders.products import import_products
from desktop_app.orders.shipment_drafts import Defaults
from desktop_app.profiles.catalogue import Catalogue, Product
from desktop_app.profiles.models import SAMPLE_PARCEL
from tests.orders.helpers import SENDER, SHOPWARE_IDS

PLATFORMS = Path(__file__).parent / "fixtures" / "platforms"

#: order export -> the same platform's product export (eBay, Etsy and Kaufland have none
#: with weights: their sellers keep a product list, products.csv)
PRODUCT_EXPORTS = {
    "shopify_orders_export.csv": "shopify_products_export.csv",
    "woocommerce_advanced_order_export.csv": "woocommerce_products_export.csv",
    "woocommerce_customer_order_export.csv": "woocommerce_products_export.csv",
    "shopware6_orders.csv": "shopware6_products_export.csv",
    "amazon_unshipped_orders.txt": "amazon_inventory_file.txt",
    "ebay_orders_report.csv": "products.csv",
    "ebay_de_orders_report.csv": "products.csv",
    "etsy_sold_order_items.csv": "products.csv",
    "kaufland_order_units.csv": "products.csv",
}
#: the fixtures' four orders: 2 T-shirts (180 g) + a mug (450 g); a poster (250 g);
#: a T-shirt + a poster; 3 mugs
GOODS = [0.81, 0.25, 0.43, 1.35]


def fresh_defaults(**more: object) -> Defaults:
    """A fresh Local sandbox profile's: the sample sender, the carton, the default presets."""
    given: dict = {
        "sender": SENDER,
        "sender_origin": "sample sender",
        "package": dict(SAMPLE_PARCEL),
        "presets": tuple(default_presets()),
        **more,
    }
    return Defaults(**given)  # fmt: skip


def learn_countries(catalogue: Catalogue) -> None:
    """Shopware's default orders export names countries by id: said once per shop."""
    catalogue.learn_shop_ids("country", SHOPWARE_IDS["country"])


@pytest.mark.parametrize("name", sorted(PRODUCT_EXPORTS))
def test_platform_export_weighs_itself_after_its_product_export(name: str, tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    learn_countries(catalogue)
    orders = read_orders(PLATFORMS / name, catalogue=catalogue)
    batch = Batch.of_orders(orders, fresh_defaults(), catalogue=catalogue)
    assert len(batch) == 4
    for row in batch.rows:
        # the cause, and only the cause: no carrier problem (a preset chooses it by weight)
        assert [p.code for p in row.problems] == ["no_weight"], batch.problem_lines(row)
        assert batch.problem_lines(row) == [NO_WEIGHT]
        assert row.weight.kg is None and row.weight.source is None
    assert [r.number for r in batch.without_weight()] == [1, 2, 3, 4]

    report = import_products(PLATFORMS / PRODUCT_EXPORTS[name], catalogue)
    assert report.added >= 3
    again = Batch.of_orders(
        read_orders(PLATFORMS / name, catalogue=catalogue), fresh_defaults(), catalogue=catalogue
    )
    assert not again.without_weight()
    for row, goods in zip(again.rows, GOODS, strict=True):
        assert row.valid, again.problem_lines(row)
        assert row.weight.source == "catalogue"
        assert row.weight.kg == pytest.approx(goods)
        assert row.draft["package"]["weight"] == pytest.approx(goods)
        assert row.draft["carrier"] == "dhl"  # the preset chose it with the weight


def test_shopware_product_export_teaches_the_product_ids(tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    report = import_products(PLATFORMS / "shopware6_products_export.csv", catalogue)
    assert report.shop_ids == 3 and report.added == 3 and not report.without_weight
    assert catalogue.shop_ids("product") == {
        shop_id.casefold(): sku for shop_id, sku in SHOPWARE_IDS["product"].items()
    }
    mug = catalogue.lookup("MUG-01")
    assert mug is not None and mug.weight_kg == 0.45 and mug.value == 12.5  # price_gross
    orders = read_orders(PLATFORMS / "shopware6_orders.csv", catalogue=catalogue)
    assert "product" not in orders.unknown_ids  # the orders' line items need no question


def test_amazon_inventory_file_units_and_products_without_weight(tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    catalogue.put(Product(sku="GIFT-CARD", name="Gutschein", weight_kg=0.02))
    report = import_products(PLATFORMS / "amazon_inventory_file.txt", catalogue)
    assert report.added == 4 and report.without_weight == ["GIFT-CARD"]
    shirt, mug = catalogue.lookup("TSHIRT-M"), catalogue.lookup("MUG-01")
    assert shirt is not None and shirt.weight_kg == 0.18  # 180 GR
    assert mug is not None and mug.weight_kg == 0.45  # 0.45 KG
    assert shirt.origin_country == "PT"
    gift = catalogue.lookup("GIFT-CARD")
    # a report without the weight never wipes the one the desk has
    assert gift is not None and gift.weight_kg == 0.02 and gift.name == "Geschenkkarte"


def test_shopify_grams_whatever_the_weight_unit_shown(tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    import_products(PLATFORMS / "shopify_products_export.csv", catalogue)
    shirt = catalogue.lookup("TSHIRT-M")  # Variant Grams 180, Variant Weight Unit "kg"
    assert shirt is not None and shirt.weight_kg == 0.18


def test_product_file_in_ounces_and_a_bad_weight(tmp_path: Path) -> None:
    path = tmp_path / "products.csv"
    path.write_text("SKU,Name,Weight (oz)\nCANDLE,Kerze,16\nSOAP,Seife,heavy\n", encoding="utf-8")
    catalogue = Catalogue.of_profile(tmp_path)
    report = import_products(path, catalogue)
    candle = catalogue.lookup("CANDLE")
    assert candle is not None and candle.weight_kg == pytest.approx(0.453592, abs=1e-6)
    assert report.skipped == [(3, "the weight 'heavy' is no number")]


def test_german_gewicht_beside_menge_is_one_items_weight() -> None:
    orders = read_orders(PLATFORMS / "german_spreadsheet_gewicht.csv")
    assert "item.weight" in orders.mapping and "package.weight" not in orders.mapping
    assert orders.mapping["item.weight"].column == "Gewicht"  # the mapping step shows it
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, package=dict(SAMPLE_PARCEL)))
    order = batch.rows[0]
    assert order.reference == "B-2026-0815"
    # 2 x 0,45 kg + 4 x 0,05 kg; a fresh profile's box weighs nothing (none is set)
    assert order.weight.kg == pytest.approx(1.1) and order.weight.source == "file"
    assert order.draft["package"]["weight"] == pytest.approx(1.1)
    assert batch.rows[1].weight.kg == pytest.approx(0.45)


def test_gesamtgewicht_is_the_lines_total() -> None:
    orders = read_orders(PLATFORMS / "german_spreadsheet_gesamtgewicht.csv")
    assert orders.mapping["package.weight"].column == "Gesamtgewicht"
    assert "item.weight" not in orders.mapping
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, package=dict(SAMPLE_PARCEL)))
    assert batch.rows[0].weight.kg == pytest.approx(1.1)  # 0,9 + 0,2: not times the quantity
    assert batch.rows[1].weight.kg == pytest.approx(0.45)


def test_box_weight_is_added_to_the_items_weight_profile_then_preset() -> None:
    orders = read_orders(PLATFORMS / "german_spreadsheet_gewicht.csv")
    profile_box = Batch.of_orders(orders, fresh_defaults(packaging_kg=0.3))
    row = profile_box.rows[0]
    assert row.weight.kg == pytest.approx(1.4)  # 1.1 kg goods + the profile's 0.3 kg box
    assert (row.weight.goods_kg, row.weight.box_kg) == (pytest.approx(1.1), 0.3)
    small = default_presets()[0].model_copy(deep=True)
    small.package.packaging_weight = 0.12
    own_box = Batch.of_orders(
        orders, fresh_defaults(packaging_kg=0.3, presets=(small, *default_presets()[1:]))
    )
    assert own_box.rows[0].weight.kg == pytest.approx(1.22)  # the preset's own box wins
    assert own_box.rows[0].filled["preset"] == small.name


def test_catalogue_weight_wins_over_the_files(tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    catalogue.put(Product(sku="MUG-01", name="Tasse", weight_kg=0.5))
    orders = read_orders(PLATFORMS / "german_spreadsheet_gewicht.csv", catalogue=catalogue)
    batch = Batch.of_orders(orders, Defaults(sender=SENDER), catalogue=catalogue)
    # mugs from the catalogue, coasters (not in it) from the file: both said
    assert batch.rows[0].weight.kg == pytest.approx(2 * 0.5 + 4 * 0.05)
    assert batch.rows[0].weight.source == "catalogue+file"
    assert batch.rows[1].weight.source == "catalogue"


def test_typed_weight_and_one_weight_for_all() -> None:
    orders = read_orders(PLATFORMS / "amazon_unshipped_orders.txt")
    batch = Batch.of_orders(orders, fresh_defaults())
    assert len(batch.without_weight()) == 4
    row = batch.set_weight(0, 2.5)
    assert row.valid and row.weight.kg == 2.5 and row.weight.source == "typed"
    assert row.draft["carrier"] == "dhl" and row.draft["package"]["length"] == 40  # medium box
    weighed = batch.set_weight(1, 0.734, "scale")
    assert weighed.valid and weighed.weight.source == "scale"
    changed = batch.set_weight_for_all(1.0)
    assert [r.number for r in changed] == [3, 4]
    assert all(r.valid for r in batch.rows)
    assert batch.rows[0].weight.kg == 2.5  # a typed weight is not overwritten by "all"
    batch.set_weight(0, None)
    assert batch.rows[0].problems[0].code == "no_weight"


def test_default_weight_when_nothing_else_gives_one() -> None:
    orders = read_orders(PLATFORMS / "amazon_unshipped_orders.txt")
    defaults = Defaults(sender=SENDER, package={**SAMPLE_PARCEL, "weight": 1.5},
                        presets=tuple(default_presets()))  # fmt: skip
    batch = Batch.of_orders(orders, defaults)
    row = batch.rows[0]
    assert row.valid and row.weight.kg == 1.5 and row.weight.source == "default"
    assert row.filled["package.weight"] == "default"


def test_preset_default_weight_before_the_profiles() -> None:
    everywhere = ShippingPreset.model_validate(
        {
            "name": "Everything DHL",
            "carrier": "dhl",
            "package": {
                "type": "parcel",
                "length": 35,
                "width": 25,
                "height": 10,
                "default_weight": 0.8,
            },
        }  # fmt: skip
    )
    orders = read_orders(PLATFORMS / "amazon_unshipped_orders.txt")
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, package={"weight": 1.5},
                                             presets=(everywhere,)))  # fmt: skip
    assert batch.rows[0].weight.kg == 0.8 and batch.rows[0].weight.source == "default"


def test_matching_presets_box_not_the_profiles_default_box(tmp_path: Path) -> None:
    catalogue = Catalogue.of_profile(tmp_path)
    import_products(PLATFORMS / "products.csv", catalogue)
    orders = read_orders(PLATFORMS / "shopify_orders_export.csv", catalogue=catalogue)
    batch = Batch.of_orders(orders, fresh_defaults(), catalogue=catalogue)
    first = batch.rows[0]  # to Germany, 0.81 kg: "Germany, small box (up to 2 kg)"
    package = first.draft["package"]
    assert (package["length"], package["width"], package["height"]) == (25, 17.5, 10)
    assert first.filled["preset"] == "Germany, small box (up to 2 kg)"
    # without presets the profile's carton
    plain = Batch.of_orders(orders, Defaults(sender=SENDER, carrier="dhl", service="standard",
                                             package=dict(SAMPLE_PARCEL)),
                            catalogue=catalogue)  # fmt: skip
    package = plain.rows[0].draft["package"]
    assert (package["length"], package["width"], package["height"]) == (30, 20, 15)


def test_weight_column_kind_from_its_header_and_the_quantity_column() -> None:
    assert "item.weight" in guess_mapping(["Bestellnummer", "Menge", "Gewicht"])
    assert "package.weight" in guess_mapping(["Bestellnummer", "Gewicht"])  # one per order
    assert "package.weight" in guess_mapping(["Order", "Qty", "Total weight"])
    assert "item.weight" in guess_mapping(["Order", "Item weight"])
    mapping = guess_mapping(["Bestellnummer", "Menge", "Gewicht (g)"])
    assert mapping["package.weight_unit"].value == "g"


def test_a_weight_that_is_no_number_is_said_not_defaulted(tmp_path: Path) -> None:
    path = tmp_path / "o.csv"
    path.write_text(
        "Bestellnummer;Name;Straße;PLZ;Ort;Land;Gewicht\n"
        "A-1;Eva Weber;Ringstr. 4;10115;Berlin;DE;viel\n",
        encoding="utf-8",
    )
    batch = Batch.of_orders(
        read_orders(path),
        Defaults(sender=SENDER, carrier="dhl", package={"weight": 1.0, **SAMPLE_PARCEL}),
    )
    row = batch.rows[0]
    assert [(p.path, p.code) for p in row.problems] == [("package.weight", "invalid_number")]
    assert batch.problem_lines(row) == ["column 'Gewicht': Enter the weight in kg as a number."]


def test_a_weight_column_remembered_before_is_read_as_one_items(tmp_path: Path) -> None:
    from desktop_app.orders.importer import read_table
    from desktop_app.orders.mapping import MappingBook

    table = read_table(PLATFORMS / "german_spreadsheet_gewicht.csv")
    book = MappingBook(tmp_path / "batch_mappings.json")
    old = {**guess_mapping(table.headers)}
    old["package.weight"] = old.pop("item.weight")  # as an earlier Packdesk remembered it
    book.put(table.layout, table.headers, old)
    data = book.path.read_text(encoding="utf-8").replace('"weights": 2,', "")
    book.path.write_text(data, encoding="utf-8")
    remembered = book.get(table.layout, table.headers)
    assert remembered is not None and remembered["item.weight"].column == "Gewicht"
    # a mapping the user applied now keeps what they chose
    book.put(table.layout, table.headers, old)
    again = book.get(table.layout, table.headers)
    assert again is not None and again["package.weight"].column == "Gewicht"


def test_preset_weights_are_checked_and_never_sent() -> None:
    from desktop_app.domain.presets import apply_preset, validate_preset

    data = {"name": "Box", "carrier": "dhl",
            "package": {"type": "parcel", "length": 30, "width": 20, "height": 10,
                        "packaging_weight": 0.2, "default_weight": 1.0}}  # fmt: skip
    assert validate_preset(data) == []
    bad = {**data, "package": {**data["package"], "packaging_weight": -1, "default_weight": 0}}
    assert [p.path for p in validate_preset(bad)] == [
        "package.packaging_weight", "package.default_weight"]  # fmt: skip
    draft = apply_preset({"package": {"weight": 1.0}}, ShippingPreset.model_validate(data))
    assert draft["package"] == {"weight": 1.0, "type": "parcel", "length": 30, "width": 20,
                                "height": 10}  # fmt: skip


def test_an_item_weight_that_is_no_number_names_its_column(tmp_path: Path) -> None:
    path = tmp_path / "o.csv"
    path.write_text(
        "Bestellnummer;Name;Straße;PLZ;Ort;Land;Artikelnummer;Menge;Gewicht\n"
        "A-1;Eva Weber;Ringstr. 4;10115;Berlin;DE;MUG-01;2;schwer\n",
        encoding="utf-8",
    )
    orders = read_orders(path)
    assert orders.mapping["item.weight"].column == "Gewicht"
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, carrier="dhl",
                                             package=dict(SAMPLE_PARCEL)))  # fmt: skip
    assert batch.problem_lines(batch.rows[0]) == [
        "column 'Gewicht': Enter the weight in kg as a number."
    ]


def test_rows_of_one_order_without_items_add_their_weights(tmp_path: Path) -> None:
    path = tmp_path / "o.csv"
    path.write_text(
        "Bestellnummer;Name;Straße;PLZ;Ort;Land;Gewicht\n"
        "A-1;Eva Weber;Ringstr. 4;10115;Berlin;DE;1,5\n"
        "A-1;Eva Weber;Ringstr. 4;10115;Berlin;DE;0,5\n",
        encoding="utf-8",
    )
    orders = read_orders(path)
    assert orders.mapping["package.weight"].column == "Gewicht"  # no quantity: the order's
    batch = Batch.of_orders(orders, Defaults(sender=SENDER, carrier="dhl",
                                             package=dict(SAMPLE_PARCEL)))  # fmt: skip
    assert batch.rows[0].weight.kg == 2.0 and batch.rows[0].weight.source == "file"
