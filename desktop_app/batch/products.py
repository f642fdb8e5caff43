"""Product files into a profile's catalogue: a Shopify products CSV, a WooCommerce products
CSV (its built-in exporter), or a generic table (SKU, EAN, name, weight, dimensions, HS
code, origin, price; German or English headers, the weight's unit from its header).

    report = import_products(path, catalogue)   # ProductImport: added, skipped (with why)

Qt-free: the Products page and tests use it. The catalogue itself is
`desktop_app.profiles.catalogue` (read by every layer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from desktop_app.batch.importer import Table, read_table
from desktop_app.batch.mapping import (
    _normalize,
    country_code,
    parse_number,
    weight_in_kg,
    weight_unit_of_header,
)
from desktop_app.profiles.catalogue import Catalogue, Product

__all__ = ["PRODUCT_COLUMNS", "ProductImport", "import_products", "products_of_table"]

#: product field -> normalised header names (Shopify, WooCommerce, German and English)
PRODUCT_COLUMNS: dict[str, tuple[str, ...]] = {
    "sku": ("variantsku", "sku", "artikelnummer", "artikelnr", "artnr", "productnumber"),
    "gtin": ("variantbarcode", "gtinupceanorisbn", "gtin", "ean", "ean13", "barcode", "upc"),
    "name": ("title", "name", "produktname", "artikelname", "bezeichnung", "artikel", "product"),
    "weight": ("variantgrams", "weight", "gewicht", "gewichting", "weightg", "gewichtkg"),
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
    "value": ("variantprice", "regularprice", "price", "preis", "wert", "value", "unitprice"),
    "currency": ("currency", "waehrung"),
}  # fmt: skip


@dataclass
class ProductImport:
    """What importing a product file did."""

    added: int = 0
    skipped: list[tuple[int, str]] = field(default_factory=list)
    """(line, why) of rows that were not taken (no SKU, a weight that is no number)."""


def _columns(headers: tuple[str, ...]) -> dict[str, str]:
    found: dict[str, str] = {}
    for header in headers:
        key = _normalize(header)
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
    unit = "g" if _normalize(weight_column) == "variantgrams" else None
    unit = unit or weight_unit_of_header(weight_column) or "kg"
    products: list[Product] = []
    skipped: list[tuple[int, str]] = []
    last_name = ""
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
        origin = cell("origin_country")
        products.append(
            Product(
                sku=sku,
                name=name,
                gtin=cell("gtin").lstrip("'") or None,
                weight_kg=weight_in_kg(weight, unit) if weight is not None else None,
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


def import_products(path: Path | str, catalogue: Catalogue) -> ProductImport:
    """Add (or replace by SKU) the products of a file (TableError when it cannot be read)."""
    products, skipped = products_of_table(read_table(path))
    return ProductImport(added=catalogue.put_many(products), skipped=skipped)
