"""Reading one mapped row of an order file: its order number, whether it names another
receiver, its line items (by the platform's item columns or guessed ones) and their weights;
then an order completed from the profile's product catalogue (titles, weights, prices)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from desktop_app.orders.cell_values import parse_number, weight_in_kg
from desktop_app.orders.mapping import ColumnMapping
from desktop_app.orders.platforms import Platform, fold_header, shopware_items
from desktop_app.orders.records import OrderItem, OrderRecord, quantity_of
from desktop_app.orders.targets import normalize_header

if TYPE_CHECKING:
    from desktop_app.profiles.catalogue import CatalogueSnapshot

__all__ = ["ITEM_ALIASES", "RowReader", "guess_item_columns"]

#: line-item field -> normalised header names that mean it (German and English)
ITEM_ALIASES: dict[str, tuple[str, ...]] = {
    "sku": ("sku", "artikelnummer", "artikelnr", "artnr", "itemnumber", "itemno", "productid"),
    "title": ("artikel", "artikelname", "bezeichnung", "title", "itemname", "productname", "item"),
    "quantity": ("menge", "anzahl", "stueck", "stueckzahl", "quantity", "qty", "count"),
    "price": ("preis", "einzelpreis", "price", "unitprice", "itemprice"),
    "hs_code": (
        "zolltarifnummer",
        "warentarifnummer",
        "hscode",
        "hstariffnumber",
        "tariffnumber",
        "customstariffnumber",
    ),
    "origin_country": (
        "ursprungsland",
        "herkunftsland",
        "countryoforigin",
        "origincountry",
        "herkunft",
    ),
    "customs_value": ("warenwert", "zollwert", "customsvalue", "declaredvalue"),
    "contents_type": ("zollinhalt", "inhaltsart", "contentstype", "customscontentstype"),
    "vat": ("mwst", "ust", "steuer", "vat", "tax", "unitvat"),
    "gtin": ("gtin", "ean", "ean13", "barcode"),
    "weight": ("artikelgewicht", "itemweight", "unitweight"),
    "currency": ("waehrung", "currency"),
    "external_customer_id": ("kundennummer", "kundennr", "customerid", "customernumber"),
}
_ITEM_INDEX = {alias: name for name, aliases in ITEM_ALIASES.items() for alias in aliases}
_ADDRESS_KEYS = ("to.name", "to.last_name", "to.company", "to.street", "to.zip_code")


def guess_item_columns(headers: Iterable[str]) -> dict[str, str]:
    """Line-item field -> column, from common header names."""
    found: dict[str, str] = {}
    for header in headers:
        name = _ITEM_INDEX.get(normalize_header(header))
        if name is not None and name not in found:
            found[name] = header
    return found


class RowReader:
    """Reads the order number, address identity and items of rows with one mapping."""

    def __init__(
        self,
        mapping: ColumnMapping,
        item_columns: Mapping[str, str],
        platform: Platform | None,
        catalogue: CatalogueSnapshot | None,
        headers: Sequence[str] = (),
    ) -> None:
        self.headers = {fold_header(h): h for h in headers}
        self.mapping = mapping
        self.columns = dict(item_columns)
        self.platform = platform
        self.catalogue = catalogue
        item_weight = mapping.get("item.weight")
        self.item_weight = item_weight.column if item_weight is not None else None
        if self.item_weight is None and "package.weight" not in mapping:
            self.item_weight = self.columns.get("weight")  # an item weight column by its name
        total = mapping.get("package.weight")
        self.total_column = total.column if total is not None else None

    def _read(self, target: str, row: Mapping[str, str]) -> str:
        source = self.mapping.get(target)
        return source.read(row) if source is not None else ""

    def order_number(self, row: Mapping[str, str]) -> str:
        """The row's order number ("" when the file has none)."""
        return self._read("reference_number", row) or self._read(
            "metadata.partner.order_number", row
        )

    def other_address(self, cells: Mapping[str, str], row: Mapping[str, str]) -> bool:
        """True when the row names a receiver other than the order's."""
        for target in _ADDRESS_KEYS:
            mine, theirs = self._read(target, cells), self._read(target, row)
            if mine and theirs and mine.casefold() != theirs.casefold():
                return True
        return False

    def _weight(self, column: str | None, row: Mapping[str, str]) -> float | None:
        """A weight cell in kg (the mapping's unit), None when empty or no number."""
        text = row.get(column, "").strip() if column else ""
        value = parse_number(text) if text else None
        if not isinstance(value, float) or value <= 0:
            return None
        return weight_in_kg(value, self._read("package.weight_unit", row) or None)

    def total_weight(self, row: Mapping[str, str]) -> float | None:
        """The row's total weight column (the line's or the order's) in kg."""
        return self._weight(self.total_column, row)

    def _item_weight(self, item: OrderItem, row: Mapping[str, str]) -> None:
        """One unit's weight: the item weight column, else the line's total / its quantity."""
        weight = self._weight(self.item_weight, row)
        if weight is None:
            total, count = self._weight(self.total_column, row), quantity_of(item)
            weight = round(total / count, 6) if total is not None and count > 0 else None
        if weight is not None:
            item.weight_kg, item.weight_from = weight, "file"

    def _cell(self, name: str, row: Mapping[str, str]) -> str:
        column = self.columns.get(name)
        return row.get(column, "").strip() if column else ""

    def items(self, row: Mapping[str, str], *, first: bool) -> list[OrderItem]:
        """The line items of one row (none for an order-summary row without item cells)."""
        platform = self.platform
        if platform is not None and platform.items_in_one_cell:
            cell = row.get(self._column(platform.items_in_one_cell), "")
            return [OrderItem(sku=sku, quantity=qty) for qty, sku in shopware_items(cell)]
        if platform is not None and platform.sku_list:
            if not first:
                return []
            skus = [s.strip() for s in row.get(self._column(platform.sku_list), "").split(",")]
            skus = [s for s in skus if s]
            count = parse_number(row.get(self._column(platform.item_count or ""), "") or "1")
            if len(skus) == 1 and isinstance(count, float) and count >= 1:
                return [OrderItem(sku=skus[0], quantity=count)]
            return [OrderItem(sku=sku) for sku in skus] or [
                OrderItem(quantity=count if isinstance(count, float) and count >= 1 else 1.0)
            ]
        if not any(self._cell(name, row) for name in ("sku", "title", "gtin")):
            if self.columns or not first:
                return []
            blank = OrderItem()  # a file of orders without items: the order's weight
            self._item_weight(blank, row)
            return [blank]
        item = OrderItem(
            sku=self._cell("sku", row),
            title=self._cell("title", row),
            gtin=self._cell("gtin", row) or None,
            currency=self._cell("currency", row).upper() or None,
        )
        item.quantity = parse_number(self._cell("quantity", row) or "1")
        price = _money(self._cell("price", row))
        if price is not None:
            if platform is not None and platform.price_in_cents:
                price = price / 100
            if platform is not None and platform.price_is_line_total and quantity_of(item):
                price = price / quantity_of(item)
            item.price, item.price_from = round(price, 4), "file"
        vat = _money(self._cell("vat", row))
        item.vat = vat
        item.hs_code = "".join(self._cell("hs_code", row).split()).replace(".", "") or None
        item.origin_country = self._cell("origin_country", row).upper() or None
        item.customs_value = _money(self._cell("customs_value", row))
        item.contents_type = self._cell("contents_type", row).casefold() or None
        self._item_weight(item, row)
        return [item]

    def _column(self, name: str) -> str:
        return self.headers.get(fold_header(name), name)

    def complete(self, record: OrderRecord) -> None:
        """Merge repeated SKUs, fill titles, weights and prices from the catalogue."""
        merged: dict[str, OrderItem] = {}
        items: list[OrderItem] = []
        for item in record.items:
            key = (item.sku or item.gtin or "").casefold()
            same = merged.get(key) if key else None
            if (
                same is not None
                and same.price == item.price
                and quantity_of(same)
                and quantity_of(item)
            ):
                same.quantity = quantity_of(same) + quantity_of(item)
                continue
            if key:
                merged[key] = item
            items.append(item)
        record.items = items
        for item in record.items:
            product = None
            if self.catalogue is not None:
                product = self.catalogue.lookup(item.sku) if item.sku else None
                if product is None and item.gtin:
                    product = self.catalogue.by_gtin(item.gtin)
            if product is None:
                continue
            if not item.sku:
                item.sku = product.sku
            if not item.title:
                item.title = product.name
            if not item.gtin and product.gtin:
                item.gtin = product.gtin
            if product.weight_kg is not None and product.weight_kg > 0:
                # the catalogue's weight is the product's as the desk keeps it: it wins
                item.weight_kg, item.weight_from = product.weight_kg, "catalogue"
            if item.price is None and product.value is not None:
                item.price, item.price_from = product.value, "product catalogue"
                item.currency = item.currency or product.currency
            item.hs_code = item.hs_code or product.hs_code
            item.origin_country = item.origin_country or product.origin_country


def _money(text: str) -> float | None:
    """ "$12.99", "EUR 12,99", "12,99 €" -> 12.99; None when empty or not a number."""
    cleaned = "".join(ch for ch in text if ch.isdigit() or ch in ",.-")
    if not cleaned:
        return None
    value = parse_number(cleaned)
    return value if isinstance(value, float) else None
