"""The one import engine: a file of orders (or an API's orders) becomes orders, not rows.

Every door uses it - the Batch page, the Scan page's watched folder and orders inbox,
`packdesk batch`, `packdesk orders import/watch` - so the same file gives the same orders,
the same problems and the same labels whichever door it comes through::

    orders = read_orders(path, book=MappingBook(), catalogue=catalogue)
    orders.platform         # Platform recognised by the header, or None
    orders.mapping          # recognised, remembered, or guessed (mapping_origin says which)
    orders.records          # OrderRecord per order: number, merged cells, items, file lines
    orders.table            # one row per order (what the Batch model and page show)
    orders.notes            # what the file holds besides orders, and rows that were cut off

An order's rows are grouped by its order number (a Shopify export writes the order's fields
on its first row only: the first non-empty cell of each column is the order's); a number
reused for another address is not merged but reported. Items keep SKU, quantity, price and
weight; a weight or price missing in the file comes from the profile's product catalogue.

`OrderRecord` is platform-neutral (cells by column plus items): a shop API connector makes
the same records and passes them to `orders_from_records`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.orders.importer import Table, TableError, read_table
from desktop_app.orders.mapping import (
    WEIGHT_TARGETS,
    ColumnMapping,
    FieldSource,
    MappingBook,
    guess_mapping,
    parse_number,
    weight_in_kg,
)
from desktop_app.orders.mapping import _normalize as normalize_header
from desktop_app.orders.platforms import Platform, detect_platform, fold_header, shopware_items

if TYPE_CHECKING:
    from desktop_app.domain.weights import WeightSource
    from desktop_app.profiles.catalogue import Catalogue, CatalogueSnapshot

__all__ = [
    "ITEM_ALIASES",
    "OrderFile",
    "OrderItem",
    "OrderRecord",
    "guess_item_columns",
    "is_shop_id",
    "unknown_id_lines",
    "orders_from_records",
    "orders_of",
    "read_orders",
    "reference_for",
]

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


@dataclass(slots=True)
class OrderItem:
    """One line item of an order."""

    sku: str = ""
    title: str = ""
    quantity: float | str = 1.0
    """A number, or the file's text when it is none (the order rules then say so)."""
    price: float | None = None
    """The price of one unit; None when neither the file nor the catalogue has one."""
    gtin: str | None = None
    weight_kg: float | None = None
    """The weight of one unit in kg."""
    vat: float | None = None
    currency: str | None = None
    weight_from: str | None = None
    """"catalogue" or "file" (None when unknown): the catalogue's wins over the file's."""
    price_from: str | None = None
    hs_code: str | None = None
    """The customs tariff number (file, else product catalogue)."""
    origin_country: str | None = None
    customs_value: float | None = None
    """The declared value of one unit when the file gives one apart from the price."""
    contents_type: str | None = None


@dataclass(slots=True)
class OrderRecord:
    """One order, platform-neutral: its cells by column (the first non-empty of its rows),
    its items and the file lines it came from."""

    number: str
    cells: dict[str, str]
    items: list[OrderItem] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Problems of the order found while reading (a row cut off, a reused number)."""
    file_total_kg: float | None = None
    """A total weight the file gives for the order apart from its items (a summary row's,
    or an order of no known items), in kg."""

    def total_weight_kg(self) -> float | None:
        """The items' weight (unit weight x quantity) when every item's is known."""
        if not self.items or any(item.weight_kg is None for item in self.items):
            return None
        return round(sum((item.weight_kg or 0.0) * _count(item) for item in self.items), 6)

    def goods_weight(self) -> tuple[float, WeightSource] | None:
        """The goods' weight and where it came from: every item's weight (catalogue, else
        file) x its quantity, else the file's total for the order; None when unknown."""
        total = self.total_weight_kg()
        if total is not None and total > 0:
            sources = {item.weight_from for item in self.items}
            source: WeightSource = (
                "catalogue" if sources == {"catalogue"}
                else "file" if "catalogue" not in sources
                else "catalogue+file"
            )  # fmt: skip
            return total, source
        if self.file_total_kg is not None and self.file_total_kg > 0:
            return round(self.file_total_kg, 6), "file"
        return None

    def value(self) -> float | None:
        """The items' value when every price is known."""
        if not self.items or any(item.price is None for item in self.items):
            return None
        return round(sum((item.price or 0.0) * _count(item) for item in self.items), 4)

    def item_count(self) -> float:
        """How many units the order holds."""
        return sum(_count(item) for item in self.items)

    def customs_declaration(self, currency: str) -> dict[str, Any]:
        """The shipment's `customs_declaration` from the items (commercial goods unless the
        file names another contents type); what neither file nor catalogue gives is left out
        so that the rules name it."""
        lines = []
        for item in self.items:
            count = _count(item) or 1.0
            line: dict[str, Any] = {"description": item.title or item.sku, "quantity": int(count)}
            unit_value = item.customs_value if item.customs_value is not None else item.price
            if unit_value is not None:
                line["value_amount"] = f"{unit_value * count:.2f}"
            if item.weight_kg is not None:
                line["net_weight"] = round(item.weight_kg * count, 3)
            if item.hs_code:
                line["hs_tariff_number"] = item.hs_code
            if item.origin_country:
                line["origin_country"] = item.origin_country
            lines.append(line)
        kind = next((i.contents_type for i in self.items if i.contents_type), None)
        declaration: dict[str, Any] = {
            "contents_type": kind or "commercial_goods",
            "currency": next((i.currency for i in self.items if i.currency), None) or currency,
            "total_value_amount": round(sum(float(ln.get("value_amount") or 0) for ln in lines), 2),
            "items": lines,
        }
        explanation = ", ".join(ln["description"] for ln in lines if ln["description"])
        if explanation:
            declaration["contents_explanation"] = explanation[:256]
        if self.number:
            declaration["invoice_number"] = self.number
        return declaration

    def fallback(self, catalogue: Catalogue | CatalogueSnapshot | None = None) -> dict[str, Any]:
        """Shipment fields the items give when the file leaves them out: for one unit of one
        product, its parcel's dimensions (the weight: `goods_weight`)."""
        out: dict[str, Any] = {}
        parcel = (
            catalogue.parcel_for((item.sku, _count(item)) for item in self.items)
            if catalogue is not None
            else None
        )
        out.update({f"package.{key}": value for key, value in (parcel or {}).items()})
        return out


@dataclass
class OrderFile:
    """What the engine read: the orders of one file (or one API fetch)."""

    source: Path
    table: Table
    """One row per order (its merged cells), in file order."""
    records: list[OrderRecord]
    mapping: ColumnMapping
    mapping_origin: str
    """"recognised", "remembered", "guessed" or "given"."""
    item_columns: dict[str, str]
    platform: Platform | None = None
    notes: list[str] = field(default_factory=list)
    """The file's lines that are not orders (a report's title or footer), in words."""
    rows_read: int = 0
    unknown_ids: dict[str, dict[str, list[str]]] = field(default_factory=dict)
    """The shop's ids the profile has not learned: kind ("country", "product") -> id ->
    the numbers of the orders naming it (asked once for the file, not per order)."""

    def __len__(self) -> int:
        return len(self.records)


def read_orders(
    path: Path | str,
    *,
    book: MappingBook | None = None,
    mapping: ColumnMapping | None = None,
    catalogue: Catalogue | None = None,
    sheet: str | None = None,
) -> OrderFile:
    """Read a CSV/TSV/XLSX of orders (TableError says why a file cannot be read)."""
    return orders_of(read_table(path, sheet=sheet), book=book, mapping=mapping,
                     catalogue=catalogue)  # fmt: skip


def choose_mapping(
    table: Table, book: MappingBook | None, mapping: ColumnMapping | None
) -> tuple[ColumnMapping, str, Platform | None, dict[str, str]]:
    """The mapping of a file: given, else remembered for its layout, else its platform's,
    else guessed; with the platform and the line-item columns."""
    platform = detect_platform(table.headers)
    items = platform.columns_of(platform.items, table.headers) if platform else {}
    if not items:
        items = guess_item_columns(table.headers)
    if mapping is not None:
        return dict(mapping), "given", platform, items
    remembered = book.get(table.layout, table.headers) if book is not None else None
    if remembered is not None:
        return remembered, "remembered", platform, items
    if platform is not None:
        chosen = _platform_mapping(platform, table.headers)
        if "weight" in items and not any(t in chosen for t in WEIGHT_TARGETS):
            chosen["item.weight"] = FieldSource(column=items["weight"])
        return chosen, "recognised", platform, items
    return guess_mapping(table.headers), "guessed", None, items


def _platform_mapping(platform: Platform, headers: Sequence[str]) -> ColumnMapping:
    mapping: ColumnMapping = {
        target: FieldSource(column=column)
        for target, column in platform.columns_of(platform.mapping, headers).items()
    }
    if platform.weight_unit and ("package.weight" in mapping or "item.weight" in mapping):
        mapping["package.weight_unit"] = FieldSource(value=platform.weight_unit)
    return mapping


def orders_of(
    table: Table,
    *,
    book: MappingBook | None = None,
    mapping: ColumnMapping | None = None,
    catalogue: Catalogue | None = None,
) -> OrderFile:
    """The orders of a table read from a file."""
    chosen, origin, platform, item_columns = choose_mapping(table, book, mapping)
    products = catalogue.snapshot() if catalogue is not None else None
    reader = _RowReader(chosen, item_columns, platform, products, table.headers)
    records: list[OrderRecord] = []
    by_number: dict[str, OrderRecord] = {}
    # one string per distinct cell text: an export repeats most of its cells (a billing
    # address that is the delivery address, a status, a currency, a product's name); the
    # pool itself is dropped when the file is read
    pool: dict[str, str] = {}
    for index, row in enumerate(table.rows):
        line = table.lines[index] if index < len(table.lines) else index + 2
        number = reader.order_number(row)
        record = by_number.get(number.casefold()) if number else None
        if record is not None and reader.other_address(record.cells, row):
            record = None  # the same number for another receiver: reported, not merged
        if record is None:
            # empty cells are left out (a shop's export is mostly empty cells): the same as ""
            record = OrderRecord(
                number=number, cells={k: pool.setdefault(v, v) for k, v in row.items() if v}
            )
            records.append(record)
            if number and number.casefold() not in by_number:
                by_number[number.casefold()] = record
        else:
            for column, text in row.items():
                if text and not record.cells.get(column):
                    record.cells[column] = pool.setdefault(text, text)
        record.lines.append(line)
        if line in table.short:
            record.notes.append(f"line {line} has fewer columns than the header (cut off?)")
        items = reader.items(row, first=len(record.lines) == 1)
        record.items.extend(items)
        if not any(item.weight_from == "file" for item in items):
            total = reader.total_weight(row)  # a summary row's, or an order's of no items
            if total is not None:
                _add_total(record, total)
    if platform is not None and platform.items_beside is not None:
        _items_from_beside(records, table.source, platform.items_beside)
    country_source = chosen.get("to.country")
    unknown_ids = _resolve_shop_ids(
        records, platform, country_source.column if country_source else None, products
    )
    for record in records:
        reader.complete(record)
    notes = [f"line {line}: {text!r} is not an order and was left out"
             for line, text in table.skipped]  # fmt: skip
    return OrderFile(
        source=table.source,
        table=_order_table(table, records),
        records=records,
        mapping=chosen,
        mapping_origin=origin,
        item_columns=item_columns,
        platform=platform,
        notes=notes,
        rows_read=len(table.rows),
        unknown_ids=unknown_ids,
    )


def _add_total(record: OrderRecord, total: float) -> None:
    """A row's total weight that is no item's: an order of no items (one row per parcel)
    adds it to its one weight, else it is the order's total apart from its items."""
    blank = next((i for i in record.items if not (i.sku or i.title or i.gtin)), None)
    if blank is not None and blank.weight_kg is not None and len(record.items) == 1:
        blank.weight_kg = round(blank.weight_kg + total, 6)
    else:
        record.file_total_kg = (record.file_total_kg or 0.0) + total


def _items_from_beside(
    records: Sequence[OrderRecord], source: Path, prefixes: tuple[str, str]
) -> None:
    """Take the orders' items (SKUs with their quantities and prices) from the file of items
    beside the file (Etsy's sold orders list an order's SKUs without their quantities; the
    sold order items file of the same month has them)."""
    mine, theirs = prefixes
    if not source.name.casefold().startswith(mine.casefold()):
        return
    beside = source.with_name(theirs + source.name[len(mine) :])
    if not beside.is_file():
        return
    try:
        items = orders_of(read_table(beside))
    except TableError:
        return  # the orders stand without it: quantities of one each, as the file says
    by_number = {record.number.casefold(): record for record in items.records if record.number}
    for record in records:
        found = by_number.get(record.number.casefold())
        if found is not None and found.items:
            record.items = found.items


_SHOP_ID = re.compile(r"[0-9a-f]{32}", re.IGNORECASE)
_SHOP_ID_ANSWER = {"country": "DE", "product": "SKU"}


def unknown_id_lines(unknown: Mapping[str, Mapping[str, list[str]]]) -> list[str]:
    """The shop's ids a file names that the profile has not learned, one line each, with
    how to say once what each is (the CLIs' and the watched folder's words)."""
    lines = []
    for kind, ids in unknown.items():
        for shop_id, numbers in ids.items():
            shown = ", ".join(numbers[:3]) + (f" and {len(numbers) - 3} more"
                                              if len(numbers) > 3 else "")  # fmt: skip
            lines.append(
                f"the shop's {kind} id {shop_id} (order(s) {shown}) is not known to this "
                f"profile: say once what it is on the Batch page or with "
                f"`packdesk batch --shop-id {kind}:{shop_id}={_SHOP_ID_ANSWER.get(kind, '...')}`"
            )
    return lines


def is_shop_id(text: str) -> bool:
    """True for a shop's internal id (Shopware's: 32 hex digits) rather than a code or SKU."""
    return bool(_SHOP_ID.fullmatch(text.strip()))


def _resolve_shop_ids(
    records: Sequence[OrderRecord],
    platform: Platform | None,
    country: str | None,
    products: CatalogueSnapshot | None,
) -> dict[str, dict[str, list[str]]]:
    """Replace the shop's ids the profile has learned (a country's id in the `country`
    column by its code, a product's id by its SKU); the ids it has not: kind -> id -> the
    orders naming it."""
    unknown: dict[str, dict[str, list[str]]] = {}
    if platform is None or not platform.shop_ids:
        return unknown

    def known(kind: str, value: str, number: str) -> str | None:
        found = products.shop_id(kind, value) if products is not None else None
        if found is None:
            unknown.setdefault(kind, {}).setdefault(value.casefold(), []).append(number)
        return found

    if "country" not in platform.shop_ids:
        country = None
    for record in records:
        value = record.cells.get(country, "") if country else ""
        if country and value and is_shop_id(value):
            code = known("country", value, record.number)
            if code:
                record.cells[country] = code
        if "product" in platform.shop_ids:
            for item in record.items:
                if is_shop_id(item.sku):
                    item.sku = known("product", item.sku, record.number) or item.sku
    return unknown


def orders_from_records(
    records: Sequence[OrderRecord],
    *,
    source: str,
    mapping: ColumnMapping,
    catalogue: Catalogue | None = None,
) -> OrderFile:
    """Orders that came as records (a shop API): the same model the files give."""
    headers: list[str] = []
    for record in records:
        for column in record.cells:
            if column not in headers:
                headers.append(column)
    reader = _RowReader(mapping, {}, None, catalogue.snapshot() if catalogue else None)
    for record in records:
        reader.complete(record)
    table = Table(Path(source), tuple(headers), [], [])
    return OrderFile(
        source=Path(source),
        table=_order_table(table, list(records)),
        records=list(records),
        mapping=dict(mapping),
        mapping_origin="given",
        item_columns={},
        rows_read=len(records),
    )


def _order_table(table: Table, records: list[OrderRecord]) -> Table:
    return Table(
        table.source,
        table.headers,
        [record.cells for record in records],  # a missing cell reads as ""
        [record.lines[0] if record.lines else 0 for record in records],
        encoding=table.encoding,
        delimiter=table.delimiter,
        skipped=table.skipped,
        short=table.short,
    )


class _RowReader:
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
            total, count = self._weight(self.total_column, row), _count(item)
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
            if platform is not None and platform.price_is_line_total and _count(item):
                price = price / _count(item)
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
            if same is not None and same.price == item.price and _count(same) and _count(item):
                same.quantity = _count(same) + _count(item)
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


def _count(item: OrderItem) -> float:
    """The item's quantity as a number (0 when the file's text is none)."""
    return item.quantity if isinstance(item.quantity, float) else 0.0


def _money(text: str) -> float | None:
    """ "$12.99", "EUR 12,99", "12,99 €" -> 12.99; None when empty or not a number."""
    cleaned = "".join(ch for ch in text if ch.isdigit() or ch in ",.-")
    if not cleaned:
        return None
    value = parse_number(cleaned)
    return value if isinstance(value, float) else None


def reference_for(
    table: Table, index: int, draft: Mapping[str, Any], key: str | None = None
) -> str:
    """The row's reference: its mapped reference or order number, else `B<key>-<row>`
    (`key`: the row's `Table.row_key` when known)."""
    for value in (
        draft.get("reference_number"),
        (draft.get("metadata") or {}).get("partner", {}).get("order_number")
        if isinstance(draft.get("metadata"), dict)
        and isinstance(draft["metadata"].get("partner"), dict)
        else None,
    ):
        if isinstance(value, str) and value.strip():
            return value.strip()
    return f"B{key or table.row_key(index)}-{index + 1}"
