"""The import engine's model of orders: an order (`OrderRecord`: number, cells by column,
items, file lines), its line items (`OrderItem`) and what one file or fetch gave (`OrderFile`).

`OrderRecord` is platform-neutral: a file's rows grouped by order number, read by the file's
mapping, and a shop connector's orders, made field by field with `OrderRecord.of_receiver`
(a `Receiver`, the order date, the items), are the same records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.orders.importer import Table
from desktop_app.orders.mapping import ColumnMapping
from desktop_app.orders.platforms import Platform

if TYPE_CHECKING:
    from desktop_app.domain.weights import WeightSource
    from desktop_app.profiles.catalogue import Catalogue, CatalogueSnapshot

__all__ = ["RECEIVER_TARGETS", "OrderFile", "OrderItem", "OrderRecord", "Receiver", "quantity_of"]


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


@dataclass(frozen=True, slots=True)
class Receiver:
    """Who an order goes to, field by field, as a shop's API holds it; each field is the
    mapping target `to.<field>` of the same name."""

    name: str = ""
    """The full name when the shop keeps it in one field (split into first and last name)."""
    first_name: str = ""
    last_name: str = ""
    company: str = ""
    street: str = ""
    """The street, with the house number unless `street_no` holds it."""
    street_no: str = ""
    care_of: str = ""
    """The address's second line (department, c/o, flat)."""
    zip_code: str = ""
    city: str = ""
    state: str = ""
    """The state or province code."""
    country: str = ""
    """The country's ISO code (or its name)."""
    email: str = ""
    phone: str = ""


#: the mapping targets of a record made field by field: what each cell of it holds
RECEIVER_TARGETS: tuple[str, ...] = (
    "reference_number",
    "order_date",
    *(f"to.{f.name}" for f in fields(Receiver)),
)


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

    @classmethod
    def of_receiver(
        cls, number: str, receiver: Receiver, items: list[OrderItem], *, placed_at: str = ""
    ) -> OrderRecord:
        """An order given field by field (a shop's API): its cells are named by the mapping
        targets they fill (`RECEIVER_TARGETS`), so `orders_from_records` reads them with no
        column mapping of any platform's."""
        cells = {"reference_number": number.strip(), "order_date": placed_at.strip()}
        cells.update({f"to.{f.name}": str(getattr(receiver, f.name)).strip()
                      for f in fields(Receiver)})  # fmt: skip
        return cls(number=number.strip(), cells={k: v for k, v in cells.items() if v},
                   items=list(items))  # fmt: skip

    def receiver(self) -> Receiver:
        """The receiver of a record made with `of_receiver`, field by field."""
        return Receiver(**{f.name: self.cells.get(f"to.{f.name}", "") for f in fields(Receiver)})

    def total_weight_kg(self) -> float | None:
        """The items' weight (unit weight x quantity) when every item's is known."""
        if not self.items or any(item.weight_kg is None for item in self.items):
            return None
        return round(sum((item.weight_kg or 0.0) * quantity_of(item) for item in self.items), 6)

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
        return round(sum((item.price or 0.0) * quantity_of(item) for item in self.items), 4)

    def item_count(self) -> float:
        """How many units the order holds."""
        return sum(quantity_of(item) for item in self.items)

    def customs_declaration(self, currency: str) -> dict[str, Any]:
        """The shipment's `customs_declaration` from the items (commercial goods unless the
        file names another contents type); what neither file nor catalogue gives is left out
        so that the rules name it."""
        lines = []
        for item in self.items:
            count = quantity_of(item) or 1.0
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
            catalogue.parcel_for((item.sku, quantity_of(item)) for item in self.items)
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


def quantity_of(item: OrderItem) -> float:
    """The item's quantity as a number (0 when the file's text is none)."""
    return item.quantity if isinstance(item.quantity, float) else 0.0
