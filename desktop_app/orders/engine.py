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

`OrderRecord` (records.py) is platform-neutral (cells by column plus items): a shop
connector makes the same records field by field (`OrderRecord.of_receiver`) and passes them
to `orders_from_records`. Rows are read by
row_reader.py; a shop's internal ids are replaced by shop_ids.py.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.orders.importer import Table, TableError, read_table
from desktop_app.orders.mapping import ColumnMapping, FieldSource, MappingBook, guess_mapping
from desktop_app.orders.platforms import Platform, detect_platform
from desktop_app.orders.records import RECEIVER_TARGETS, OrderFile, OrderRecord
from desktop_app.orders.row_reader import RowReader, guess_item_columns
from desktop_app.orders.shop_ids import resolve_shop_ids
from desktop_app.orders.targets import WEIGHT_TARGETS

if TYPE_CHECKING:
    from desktop_app.profiles.catalogue import Catalogue

__all__ = [
    "choose_mapping",
    "orders_from_records",
    "orders_of",
    "platform_mapping",
    "read_orders",
    "reference_for",
]


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
        chosen = platform_mapping(platform, table.headers)
        if "weight" in items and not any(t in chosen for t in WEIGHT_TARGETS):
            chosen["item.weight"] = FieldSource(column=items["weight"])
        return chosen, "recognised", platform, items
    return guess_mapping(table.headers), "guessed", None, items


def platform_mapping(platform: Platform, headers: Sequence[str]) -> ColumnMapping:
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
    reader = RowReader(chosen, item_columns, platform, products, table.headers)
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
    unknown_ids = resolve_shop_ids(
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


def orders_from_records(
    records: Sequence[OrderRecord],
    *,
    source: str,
    catalogue: Catalogue | None = None,
) -> OrderFile:
    """Orders that came field by field (`OrderRecord.of_receiver`: a shop's API): the same
    model the files give, each cell read as the target it is named by."""
    headers: list[str] = []
    for record in records:
        for column in record.cells:
            if column not in headers:
                headers.append(column)
    mapping: ColumnMapping = {
        target: FieldSource(column=target) for target in RECEIVER_TARGETS if target in headers
    }
    reader = RowReader(mapping, {}, None, catalogue.snapshot() if catalogue else None)
    for record in records:
        reader.complete(record)
    table = Table(Path(source), tuple(headers), [], [])
    return OrderFile(
        source=Path(source),
        table=_order_table(table, list(records)),
        records=list(records),
        mapping=mapping,
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
