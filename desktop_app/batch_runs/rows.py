"""The batch as a table of rows: each row's source cells, wire draft, problems and outcome.

`Batch` is the model the GUI table and `packdesk batch` share: it builds every row's draft
from the table, the mapping and the defaults, validates it with the domain rules, and
re-validates one row when one of its cells (or draft fields) is edited.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from desktop_app.domain.customs import customs_plan
from desktop_app.domain.rules import Problem, validate
from desktop_app.domain.sanitize import sanitize
from desktop_app.domain.weights import OrderWeight, WeightSource, no_weight_problems
from desktop_app.orders.engine import reference_for
from desktop_app.orders.importer import Table
from desktop_app.orders.mapping import ColumnMapping
from desktop_app.orders.shipment_drafts import (
    FROM_ROW,
    Defaults,
    DraftOrigins,
    build_draft,
    path_parent,
)
from desktop_app.printing.formats import FormatChooser, printer_format_chooser

if TYPE_CHECKING:
    from desktop_app.orders.records import OrderFile, OrderRecord
    from desktop_app.profiles.catalogue import Catalogue, CatalogueSnapshot

__all__ = [
    "Batch",
    "BatchRow",
    "FormatChooser",
    "RowStatus",
    "printer_format_chooser",
]

RowStatus = Literal[
    "invalid",  # the rules found problems: not sent
    "ready",  # valid, waiting to be created
    "creating",  # being created right now
    "created",  # created (now, or by an earlier run of the same file)
    "failed",  # the service refused it or could not be reached; retry is possible
    "canceled",  # the batch was canceled before this row was sent
]
#: rows that will not change any more in this run (the print sequencer may pass them)
SETTLED: frozenset[str] = frozenset({"invalid", "created", "failed", "canceled"})


@dataclass(slots=True)
class BatchRow:
    """One order of the file and what became of it."""

    index: int
    """0-based position among the data rows, in file order."""
    source: dict[str, str]
    kept_draft: dict[str, Any] | None
    """The wire draft when kept; a batch keeps none (`draft` builds it again from the cells
    when asked: a file of 50,000 orders does not hold 50,000 drafts besides its orders)."""
    problems: list[Problem]
    status: RowStatus
    reference: str
    line: int = 0
    """The line (CSV) or sheet row (XLSX) in the file, for messages."""
    key: str = ""
    shipment_id: str | None = None
    tracking_no: str | None = None
    label_path: Path | None = None
    error: str | None = None
    failure: Exception | None = field(default=None, repr=False, compare=False)
    """The client error behind `error`, so a GUI can word it in its own language."""
    note: str | None = None
    """E.g. "created by an earlier run" or "label queued, not printed yet"."""
    resumed: bool = False
    """True when this run found the shipment made by an earlier run (its label may be queued)."""
    print_job_id: int | None = None
    print_state: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    """Draft fields edited by hand (path -> value); they win over the mapped columns."""
    own_problems: list[Problem] = field(default_factory=list, repr=False)
    """The rules' problems of this row alone (`problems` adds a repeated reference)."""
    filled: dict[str, str] = field(default_factory=dict)
    """What the profile or the catalogue filled in: field -> where from (said before the run)."""
    file_notes: list[str] = field(default_factory=list)
    """What reading the file noticed about this order (a row cut off)."""
    lines: list[int] = field(default_factory=list)
    """Every file line of this order (one per line item)."""
    given_weight: tuple[float, WeightSource] | None = None
    """A weight typed for this order or weighed on the scale (kg, "typed" or "scale")."""
    weight: OrderWeight = field(default_factory=OrderWeight)
    """The order's weight and where it came from (domain/weights.py)."""

    rebuild: Callable[[BatchRow], dict[str, Any]] | None = field(
        default=None, repr=False, compare=False
    )
    """How the batch builds the row's draft again (None: only `kept_draft`)."""

    @property
    def draft(self) -> dict[str, Any]:
        """The row's checked wire draft."""
        if self.kept_draft is None and self.rebuild is not None:
            return self.rebuild(self)
        return self.kept_draft if self.kept_draft is not None else {}

    @draft.setter
    def draft(self, value: dict[str, Any]) -> None:
        self.kept_draft = value

    @property
    def number(self) -> int:
        """1-based row number, as the report shows it."""
        return self.index + 1

    @property
    def valid(self) -> bool:
        """True when the rules found no problem."""
        return not self.problems

    def problems_at(self, path: str) -> list[Problem]:
        """The problems of one field (or of anything below it, e.g. `to`)."""
        return [
            p
            for p in self.problems
            if p.path == path or p.path.startswith((path + ".", path + "["))
        ]

    def problem_text(self) -> str:
        """All problems as `path: message`, separated by `; `."""
        return "; ".join(str(p) for p in self.problems)


#: a customs declaration item's field -> the line-item field of the order file
_CUSTOMS_ITEM_FIELDS = {
    "hs_tariff_number": "hs_code",
    "origin_country": "origin_country",
    "value_amount": "customs_value",
}
#: the header named when the file lacks the column
_CUSTOMS_HEADERS = {
    "hs_code": "HS code",
    "origin_country": "Country of origin",
    "customs_value": "Customs value",
}


#: a draft's sections and fields in words (the CLI's and the watched folder's messages)
_PATH_WORDS = {
    "to": "receiver", "from": "sender", "package": "parcel", "packages": "parcel",
    "customs_declaration": "customs declaration", "label": "label",
    "additional_services": "add-on", "items": "item", "net_weight": "net weight",
    "hs_tariff_number": "HS code", "origin_country": "country of origin",
    "value_amount": "value", "zip_code": "postcode", "street_no": "house number",
    "first_name": "first name", "last_name": "last name", "care_of": "care of",
    "reference_number": "reference", "contents_type": "contents type",
    "contents_explanation": "contents", "total_value_amount": "total value",
    "exporter_reference": "seller's customs number",
}  # fmt: skip


def path_words(path: str, record: OrderRecord | None = None) -> str:
    """A field's path in words: `customs_declaration.items[0].net_weight` -> "customs
    declaration, item 1 (Tasse), net weight"; `to.zip_code` -> "receiver, postcode"."""
    parts = []
    for part in path.split("."):
        name, _, index = part.partition("[")
        words = _PATH_WORDS.get(name, name.replace("_", " "))
        if index:
            number = int(index.rstrip("]")) if index.rstrip("]").isdigit() else 0
            items = record.items if record is not None else []
            item = items[number] if number < len(items) else None
            title = (item.title or item.sku) if item is not None else ""
            words = f"{words} {number + 1}" + (f" ({title})" if title else "")
        parts.append(words)
    return ", ".join(parts)


def _set_path(draft: dict[str, Any], path: str, value: Any) -> None:
    node, key = path_parent(draft, path)
    if value is None or value == "":
        node.pop(key, None)
    else:
        node[key] = value


class Batch:
    """Rows of one order file with their drafts and problems (Qt-free model of the batch)."""

    def __init__(
        self,
        table: Table,
        mapping: ColumnMapping,
        defaults: Defaults,
        *,
        choose_format: FormatChooser | None = None,
        records: list[OrderRecord] | None = None,
        catalogue: Catalogue | CatalogueSnapshot | None = None,
        item_columns: Mapping[str, str] | None = None,
    ) -> None:
        self.table = table
        self.item_columns = dict(item_columns or {})
        """Line-item field (sku, hs_code, origin_country...) -> the file's column."""
        self.mapping = dict(mapping)
        self.defaults = defaults
        self.choose_format = choose_format
        self.records = records
        self.catalogue = catalogue.snapshot() if catalogue is not None else None
        self._filled: dict[tuple[tuple[str, str], ...], dict[str, str]] = {}
        self._weights: dict[OrderWeight, OrderWeight] = {}
        self.rows: list[BatchRow] = []
        for index, source in enumerate(table.rows):
            row = BatchRow(
                index=index,
                source=source,  # the order's cells; an edit copies them first (edit_cell)
                kept_draft=None,
                problems=[],
                status="ready",
                reference="",
                line=table.lines[index] if index < len(table.lines) else 0,
                key=table.key_of(index, source),
            )
            if records is not None and index < len(records):
                row.file_notes = list(records[index].notes)
                row.lines = records[index].lines  # read only: the order's file lines
            self.rows.append(row)
            self._build(row)
        self._check_references()

    @classmethod
    def of_orders(
        cls,
        orders: OrderFile,
        defaults: Defaults,
        *,
        choose_format: FormatChooser | None = None,
        catalogue: Catalogue | CatalogueSnapshot | None = None,
    ) -> Batch:
        """One row per order of what the import engine read (every door builds it so)."""
        return cls(
            orders.table,
            orders.mapping,
            defaults,
            choose_format=choose_format,
            records=orders.records,
            catalogue=catalogue,
            item_columns=orders.item_columns,
        )

    def __len__(self) -> int:
        return len(self.rows)

    def record(self, row: BatchRow) -> OrderRecord | None:
        """The order (items, file lines) behind a row, when the engine read the file."""
        if self.records is None or row.index >= len(self.records):
            return None
        return self.records[row.index]

    def _build(self, row: BatchRow) -> None:
        draft, extra, filled, reference = self._compose(row)
        # most orders are filled alike: one dict for all of them, not one each
        row.filled = self._filled.setdefault(tuple(filled.items()), filled)
        row.reference = reference
        problems = validate(draft)
        if row.weight.kg is None and "package.weight" not in row.overrides:
            problems = no_weight_problems(problems, carrier_from_preset=self._preset_carrier(row))
        row.own_problems = [*problems, *extra]
        row.kept_draft, row.rebuild = None, self._draft_of
        self._set_problems(row, row.own_problems)

    def _draft_of(self, row: BatchRow) -> dict[str, Any]:
        return self._compose(row)[0]

    def _preset_carrier(self, row: BatchRow) -> bool:
        """True when a shipping preset is to choose the row's carrier (none from the file,
        the defaults or an edit): without a weight, none could be chosen yet."""
        if self.defaults.carrier or not self.defaults.presets or "carrier" in row.overrides:
            return False
        source = self.mapping.get("carrier")
        return source is None or not source.read(row.source)

    def set_weight(self, index: int, kg: float | None, source: WeightSource = "typed") -> BatchRow:
        """Give an order its weight (typed or weighed; None takes it back); the row is
        built and checked again."""
        row = self._editable(index)
        row.given_weight = (round(kg, 3), source) if kg is not None and kg > 0 else None
        if row.status in ("failed", "canceled"):
            row.status = "ready"
        self._build(row)
        self._check_references()
        return row

    def set_weight_for_all(self, kg: float) -> list[BatchRow]:
        """One typed weight for every order not yet sent that has no weight."""
        changed = self.without_weight()
        for row in changed:
            row.given_weight = (round(kg, 3), "typed")
            if row.status in ("failed", "canceled"):
                row.status = "ready"
            self._build(row)
        self._check_references()
        return changed

    def without_weight(self) -> list[BatchRow]:
        """The orders not yet sent that have no weight, in file order."""
        return [row for row in self.rows
                if row.weight.kg is None and row.status not in ("creating", "created")]  # fmt: skip

    def _compose(self, row: BatchRow) -> tuple[dict[str, Any], list[Problem], dict[str, str], str]:
        """The row's sanitised draft, the problems besides the rules', what the profile
        filled in and the reference (the same every time for the same cells)."""
        record = self.record(row)
        origins = DraftOrigins()
        raw = build_draft(
            row.source,
            self.mapping,
            self.defaults,
            fallback=record.fallback(self.catalogue) if record is not None else None,
            order_facts=(
                {"value": record.value(), "item_count": record.item_count()}
                if record is not None
                else None
            ),
            origins=origins,
            given_weight=row.given_weight,
            goods_weight=record.goods_weight() if record is not None else FROM_ROW,
        )
        # most orders weigh alike (a default, a typed weight for all): one object for them
        row.weight = self._weights.setdefault(origins.weight, origins.weight)
        if record is not None and record.items and "customs_declaration" not in raw:
            if customs_plan(raw).needs_declaration:
                raw["customs_declaration"] = record.customs_declaration(
                    str(raw.get("currency") or "EUR")
                )
        for path, value in row.overrides.items():
            _set_path(raw, path, value)
        reference = reference_for(self.table, row.index, raw, row.key)
        raw["reference_number"] = reference
        extra: list[Problem] = []
        fmt = self.defaults.label_format or (raw.get("label") or {}).get("format")
        if not fmt and self.choose_format is not None:
            fmt, reason = self.choose_format(raw.get("carrier"), raw.get("service"))
            if fmt is None and raw.get("carrier"):
                extra.append(Problem("label.format", "no_printable_format", reason))
        if fmt and "label" not in row.overrides:
            raw["label"] = {**(raw.get("label") or {}), "format": fmt}
        draft = sanitize(raw)
        return (draft if isinstance(draft, dict) else {}), extra, origins.filled, reference

    @staticmethod
    def _set_problems(row: BatchRow, problems: list[Problem]) -> None:
        row.problems = problems
        if row.status in ("ready", "invalid"):
            row.status = "invalid" if row.problems else "ready"

    def _check_references(self) -> None:
        """A reference used by an earlier row makes the later rows invalid: a re-run knows
        a row is done by its reference, so two rows must never share one."""
        first: dict[str, BatchRow] = {}
        for row in self.rows:
            key = row.reference.casefold()
            earlier = first.setdefault(key, row)
            problems = row.own_problems
            if earlier is not row:
                message = (
                    f"Row {earlier.number} has the same reference {row.reference!r}; "
                    "give each row its own (a re-run recognises rows by it)."
                )
                problems = [*problems, Problem("reference_number", "duplicate_reference", message)]
            if problems != row.problems:
                self._set_problems(row, problems)

    def _editable(self, index: int) -> BatchRow:
        row = self.rows[index]
        if row.status in ("creating", "created"):
            raise ValueError(f"row {row.number} is already {row.status}: it cannot be edited")
        return row

    def edit_cell(self, index: int, column: str, value: str) -> BatchRow:
        """Change one source cell of a row; the row is built and validated again."""
        row = self._editable(index)
        row.source = {**row.source, column: value.strip()}
        if row.status in ("failed", "canceled"):
            row.status = "ready"
        self._build(row)
        self._check_references()
        return row

    def edit_field(self, index: int, path: str, value: Any) -> BatchRow:
        """Set one draft field by hand (wins over the mapping); `None`/"" removes it."""
        row = self._editable(index)
        row.overrides[path] = value
        if row.status in ("failed", "canceled"):
            row.status = "ready"
        self._build(row)
        self._check_references()
        return row

    def set_mapping(self, mapping: ColumnMapping) -> None:
        """Use another mapping: every row not yet sent is built and validated again."""
        self.mapping = dict(mapping)
        for row in self.rows:
            if row.status not in ("creating", "created"):
                self._build(row)
        self._check_references()

    def column_for(self, path: str) -> str | None:
        """The file column that fills a draft field (for marking a problem's cell), if any."""
        candidates = [path]
        if path in ("to.first_name", "to.last_name"):
            candidates.append("to.name")
        if path == "to.street_no":
            candidates.append("to.street")
        if path == "reference_number":
            candidates.append("metadata.partner.order_number")
        if path == "package.weight":
            candidates.append("item.weight")
        for target in candidates:
            source = self.mapping.get(target)
            if source is not None and source.column is not None:
                return source.column
        return None

    def problem_lines(self, row: BatchRow) -> list[str]:
        """A row's problems naming the file's column that holds the value ("Shipping Zip:
        Enter a postcode"), or the field when no column fills it."""
        out = []
        for problem in row.problems:
            if problem.code == "no_weight":
                out.append(problem.message)  # its cause, in words: no field or column
                continue
            column = self.column_for(problem.path) or self._item_column(problem.path)
            if column:
                out.append(f"column {column!r}: {problem.message}")
            else:
                out.append(f"{path_words(problem.path, self.record(row))}: {problem.message}")
        return out

    def _item_column(self, path: str) -> str | None:
        """The line-item column a customs declaration's field comes from (or would: the
        usual header when the file has no such column)."""
        if not path.startswith("customs_declaration.items"):
            return None
        field_name = path.rsplit(".", 1)[-1]
        item_field = _CUSTOMS_ITEM_FIELDS.get(field_name)
        if item_field is None:
            return None
        return self.item_columns.get(item_field) or _CUSTOMS_HEADERS[item_field]

    def request(self, row: BatchRow) -> dict[str, Any]:
        """The body to send for a row (a copy of its validated draft)."""
        return copy.deepcopy(row.draft)

    def counts(self) -> dict[str, int]:
        """Rows per status."""
        out: dict[str, int] = {}
        for row in self.rows:
            out[row.status] = out.get(row.status, 0) + 1
        return out
