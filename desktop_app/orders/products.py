"""Product files into a profile's catalogue, so that the next order export weighs itself:

- Shopify's products CSV: `Variant SKU`, `Variant Grams` (grams, whatever `Variant Weight
  Unit` - the unit the admin shows - says), `Variant Barcode`, `Variant Price`;
- WooCommerce's products CSV: `SKU`, `Weight (kg)` (the store's unit in the header: `Weight
  (lbs)`, `Weight (g)`, `Weight (oz)`), `Length (cm)` ...;
- Shopware 6's product export ("Default product" profile: `id`, `product_number`, `name`,
  `price_gross`; a `weight` column (kg) where the profile adds the product's weight): the
  product ids are learned too, so the default orders export's `line_items` need no question;
- Amazon's listings reports (`seller-sku`, `item-name`, `price`; weights only where the
  report has them: `item_weight` / `website_shipping_weight` with their unit columns);
- a generic table (SKU, EAN, name, weight, dimensions, HS code, origin, price; German or
  English headers, the weight's unit from its header or a unit column).

    report = import_products(path, catalogue)   # ProductImport: added, skipped, without weight

What a file leaves out (an Amazon report's weight) keeps the catalogue's value.

Qt-free: the Products page and tests use it. The catalogue itself is
`desktop_app.profiles.catalogue` (read by every layer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from desktop_app.orders.cell_values import (
    _UNIT_WORDS,
    country_code,
    parse_number,
    weight_in_kg,
    weight_unit_of_header,
)
from desktop_app.orders.importer import Table, read_table
from desktop_app.orders.shop_ids import is_shop_id
from desktop_app.orders.targets import normalize_header
from desktop_app.profiles.catalogue import Catalogue, Product

__all__ = ["PRODUCT_COLUMNS", "ProductImport", "import_products", "products_of_table"]

#: product field -> normalised header names (Shopify, WooCommerce, German and English)
PRODUCT_COLUMNS: dict[str, tuple[str, ...]] = {
    "sku": ("variantsku", "sku", "sellersku", "artikelnummer", "artikelnr", "artnr",
            "productnumber", "itemsku"),
    "gtin": ("variantbarcode", "gtinupceanorisbn", "gtin", "ean", "ean13", "barcode", "upc"),
    "name": ("title", "name", "itemname", "produktname", "artikelname", "bezeichnung",
             "artikel", "product", "productname"),
    "weight": ("variantgrams", "weight", "gewicht", "gewichting", "weightg", "gewichtkg",
               "itemweight", "websiteshippingweight", "packageweight", "shippingweight",
               "artikelgewicht", "produktgewicht"),
    "weight_unit": ("itemweightunitofmeasure", "websiteshippingweightunitofmeasure",
                    "packageweightunitofmeasure", "shippingweightunitofmeasure", "weightunit",
                    "gewichtseinheit"),
    "length": ("length", "laenge"),
    "width": ("width", "breite"),
    "height": ("height", "hoehe"),
    "hs_code": (
        "varianthscode", "hscode", "hstariffnumber", "hstariffcode", "tariffnumber",
        "zolltarifnummer", "warentarifnummer", "harmonizedsystemcode", "customstariffnumber",
    ),
    "origin_country": (
        "variantcountryoforigin", "countryoforigin", "origincountry", "origin",
        "ursprungsland", "herkunftsland", "ursprung",
    ),
    "value": ("variantprice", "regularprice", "price", "pricegross", "preis", "wert", "value",
              "unitprice", "standardprice"),
    "currency": ("currency", "waehrung"),
}  # fmt: skip


@dataclass
class ProductImport:
    """What importing a product file did."""

    added: int = 0
    skipped: list[tuple[int, str]] = field(default_factory=list)
    """(line, why) of rows that were not taken (no SKU, a weight that is no number)."""
    without_weight: list[str] = field(default_factory=list)
    """The SKUs the file gives no weight for (the catalogue keeps any it had)."""
    shop_ids: int = 0
    """How many of a shop's internal product ids were learned (Shopware's `id`)."""


def _columns(headers: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for header in headers:
        key = normalize_header(header)
        for name, aliases in PRODUCT_COLUMNS.items():
            if name not in found and key in aliases:
                found[name] = header
                break
    return found


def products_of_table(table: Table) -> tuple[list[Product], list[tuple[int, str]]]:
    """The products of a table and the rows left out (line, why)."""
    columns = _columns(table.headers)
    weight_column = columns.get("weight", "")
    # Shopify's "Variant Grams" is in grams whatever its "Variant Weight Unit" says
    unit = "g" if normalize_header(weight_column) == "variantgrams" else None
    unit = unit or weight_unit_of_header(weight_column) or "kg"
    products: list[Product] = []
    skipped: list[tuple[int, str]] = []
    last_name = ""
    unit_column = columns.get("weight_unit")
    for line, row in zip(table.lines, table.rows, strict=False):

        def cell(name: str, row: dict[str, str] = row) -> str:
            column = columns.get(name)
            return row.get(column, "").strip() if column else ""

        name = cell("name") or last_name  # a Shopify variant row leaves the title empty
        last_name = name
        sku = cell("sku")
        if not sku:
            skipped.append((line, "no SKU"))
            continue
        numbers: dict[str, float | None] = {}
        for field_name in ("weight", "length", "width", "height", "value"):
            text = cell(field_name)
            if field_name == "value":
                text = "".join(ch for ch in text if ch.isdigit() or ch in ",.-")
            value = parse_number(text) if text else None
            numbers[field_name] = value if isinstance(value, float) else None
        weight = numbers["weight"]
        if cell("weight") and weight is None:
            skipped.append((line, f"the weight {cell('weight')!r} is no number"))
            continue
        row_unit = unit if unit_column is None else (_unit_word(cell("weight_unit")) or unit)
        origin = cell("origin_country")
        products.append(
            Product(
                sku=sku,
                name=name,
                gtin=cell("gtin").lstrip("'") or None,
                weight_kg=weight_in_kg(weight, row_unit) if weight else None,
                length_cm=numbers["length"],
                width_cm=numbers["width"],
                height_cm=numbers["height"],
                hs_code="".join(ch for ch in cell("hs_code") if ch.isdigit()) or None,
                origin_country=country_code(origin) if origin else None,
                value=numbers["value"],
                currency=cell("currency").upper() or None,
            )
        )
    return products, skipped


def _unit_word(text: str) -> str | None:
    """A unit column's word ("KG", "pounds", "GR") as g, kg, lb or oz."""
    return _UNIT_WORDS.get(text.strip().casefold().rstrip("."))


def shopware_product_ids(table: Table) -> dict[str, str]:
    """Shopware's product id -> product number, from its product export (`id` and
    `product_number` columns); empty for any other file."""
    headers = {normalize_header(h): h for h in table.headers}
    id_column, number_column = headers.get("id"), headers.get("productnumber")
    if id_column is None or number_column is None:
        return {}
    out = {}
    for row in table.rows:
        shop_id, number = row.get(id_column, "").strip(), row.get(number_column, "").strip()
        if number and is_shop_id(shop_id):
            out[shop_id] = number
    return out


def import_products(path: Path | str, catalogue: Catalogue) -> ProductImport:
    """Add (or complete by SKU) the products of a file (TableError when it cannot be read)."""
    table = read_table(path)
    products, skipped = products_of_table(table)
    ids = shopware_product_ids(table)
    if ids:
        catalogue.learn_shop_ids("product", ids)
    return ProductImport(
        added=catalogue.merge_many(products),
        skipped=skipped,
        without_weight=[p.sku for p in products if p.weight_kg is None],
        shop_ids=len(ids),
    )
