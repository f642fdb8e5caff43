"""Column mapping: which column (or constant) fills which wire field of a shipment draft.

A mapping is `{target path: FieldSource}`. Targets are wire paths (`to.last_name`,
`package.weight`, `metadata.partner.order_number` ...) plus two conveniences: `to.name`
(a full name, split into first and last name) and a `to.street` holding the house number
too when no column is mapped to `to.street_no` ("Hauptstr. 5a" -> street + number).

Mappings are remembered per file layout (the fingerprint of the header names) in
`config_dir()/batch_mappings.json`; a mapping file (`--mapping FILE`) is JSON of
`{"to.last_name": "Nachname", "carrier": {"value": "dhl"}}` (a string names a column,
`{"value": ...}` or a string starting with `=` is a constant).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from desktop_app.orders.cell_values import weight_unit_of_header
from desktop_app.orders.targets import (
    ALIAS_INDEX,
    ITEM_WEIGHT_HEADERS,
    QUANTITY_HEADERS,
    TARGETS,
    TOTAL_WEIGHT_HEADERS,
    normalize_header,
)

__all__ = [
    "ColumnMapping",
    "FieldSource",
    "MappingBook",
    "MappingError",
    "guess_mapping",
    "load_mapping_file",
    "mapping_from_json",
    "mapping_to_json",
    "weight_target",
]

MAPPINGS_FILE = "batch_mappings.json"


class MappingError(ValueError):
    """A mapping names an unknown target or a column the file does not have."""


@dataclass(frozen=True)
class FieldSource:
    """A column of the file, or a constant for every row."""

    column: str | None = None
    value: str | None = None

    def __post_init__(self) -> None:
        if (self.column is None) == (self.value is None):
            raise MappingError("a field comes from a column or a constant, not both or neither")

    def read(self, row: Mapping[str, str]) -> str:
        """The text for `row` (empty when the column is empty or missing)."""
        if self.column is not None:
            return row.get(self.column, "").strip()
        return str(self.value).strip()


ColumnMapping = dict[str, FieldSource]


def guess_mapping(headers: Iterable[str]) -> ColumnMapping:
    """A first mapping from common German and English header names; the user corrects it."""
    headers = list(headers)
    mapping: ColumnMapping = {}
    normalized = {h: normalize_header(h) for h in headers}
    for header, key in normalized.items():
        target = ALIAS_INDEX.get(key)
        if target is None:
            # "Gewicht in kg", "PLZ Empfänger": try the first word too
            first = normalize_header(header.split()[0]) if header.split() else ""
            target = ALIAS_INDEX.get(first)
        if target is not None and target not in mapping:
            mapping[target] = FieldSource(column=header)
    # a bare "Name" is the last name next to a first-name column, else the full name
    for header, key in normalized.items():
        if key == "name":
            target = "to.last_name" if "to.first_name" in mapping else "to.name"
            if target not in mapping and "to.name" not in mapping:
                mapping[target] = FieldSource(column=header)
            break
    if "to.name" in mapping and {"to.first_name", "to.last_name"} <= set(mapping):
        del mapping["to.name"]
    weight = mapping.pop("package.weight", None)
    if weight is not None and weight.column is not None:
        mapping[weight_target(weight.column, headers)] = weight
        unit = weight_unit_of_header(weight.column)
        if unit is not None and unit != "kg":
            mapping["package.weight_unit"] = FieldSource(value=unit)
    return mapping


def weight_target(header: str, headers: Iterable[str]) -> str:
    """What a weight column holds: one item's weight (`item.weight`: beside a quantity
    column, or named so) or a total (`package.weight`: the line's or the order's, when the
    header says so - `Gesamtgewicht`, `Total weight` - or when there is no quantity)."""
    key = normalize_header(header)
    first = normalize_header(header.split()[0]) if header.split() else key
    if key in ITEM_WEIGHT_HEADERS or first in ITEM_WEIGHT_HEADERS:
        return "item.weight"
    if key in TOTAL_WEIGHT_HEADERS or first in TOTAL_WEIGHT_HEADERS:
        return "package.weight"
    if any(normalize_header(h) in QUANTITY_HEADERS for h in headers):
        return "item.weight"
    return "package.weight"


def mapping_to_json(mapping: Mapping[str, FieldSource]) -> dict[str, Any]:
    """The JSON form: a column name, or `{"value": constant}`."""
    return {
        target: source.column if source.column is not None else {"value": source.value}
        for target, source in mapping.items()
    }


def mapping_from_json(data: Any, headers: Iterable[str] | None = None) -> ColumnMapping:
    """Parse the JSON form; with `headers`, columns must exist (MappingError says which not)."""
    if not isinstance(data, dict):
        raise MappingError("a mapping is a JSON object of target field -> column or constant")
    known = list(headers) if headers is not None else None
    by_fold = {h.casefold(): h for h in known} if known is not None else {}
    mapping: ColumnMapping = {}
    for target, spec in data.items():
        if target not in TARGETS:
            raise MappingError(f"unknown target field {target!r}; known: {', '.join(TARGETS)}")
        if isinstance(spec, dict) and set(spec) == {"value"}:
            mapping[target] = FieldSource(value=str(spec["value"]))
        elif isinstance(spec, dict) and set(spec) == {"column"}:
            spec = str(spec["column"])
            mapping[target] = FieldSource(column=spec)
        elif isinstance(spec, str) and spec.startswith("="):
            mapping[target] = FieldSource(value=spec[1:])
        elif isinstance(spec, str):
            mapping[target] = FieldSource(column=spec)
        elif spec is None:
            continue
        else:
            raise MappingError(f'{target}: use a column name or {{"value": ...}}, not {spec!r}')
        column = mapping[target].column
        if known is not None and column is not None:
            actual = by_fold.get(column.casefold())
            if actual is None:
                raise MappingError(
                    f"{target}: the file has no column {column!r} (columns: {', '.join(known)})"
                )
            mapping[target] = FieldSource(column=actual)
    return mapping


def load_mapping_file(path: Path, headers: Iterable[str]) -> ColumnMapping:
    """A `--mapping FILE` (JSON), checked against the file's columns."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise MappingError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise MappingError(f"{path} is not valid JSON: {exc}") from None
    if isinstance(data, dict) and isinstance(data.get("mapping"), dict):
        data = data["mapping"]  # also accept an entry copied from batch_mappings.json
    return mapping_from_json(data, headers)


class MappingBook:
    """Remembered mappings per file layout, in `config_dir()/batch_mappings.json`."""

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from desktop_app.paths import config_dir

            path = config_dir() / MAPPINGS_FILE
        self.path = Path(path)

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {"version": 1, "layouts": {}}
        if not isinstance(data, dict) or not isinstance(data.get("layouts"), dict):
            return {"version": 1, "layouts": {}}
        return data

    def get(self, layout: str, headers: Iterable[str] | None = None) -> ColumnMapping | None:
        """The mapping remembered for this layout, or None (also when it no longer fits)."""
        entry = self._read()["layouts"].get(layout)
        if not isinstance(entry, dict):
            return None
        try:
            mapping = mapping_from_json(entry.get("mapping"), headers)
        except MappingError:
            return None
        weight = mapping.get("package.weight")
        if entry.get("weights") != 2 and weight is not None and weight.column is not None:
            # remembered before a weight column beside a quantity was one item's: read anew
            target = weight_target(weight.column, entry.get("headers") or headers or ())
            mapping[target] = mapping.pop("package.weight")
        return mapping

    def put(self, layout: str, headers: Iterable[str], mapping: Mapping[str, FieldSource]) -> None:
        """Remember `mapping` for this layout (atomic write: a crash never truncates the file)."""
        data = self._read()
        data["layouts"][layout] = {
            "headers": list(headers),
            "mapping": mapping_to_json(mapping),
            "weights": 2,  # package.weight is a total, item.weight one item's
            "updated_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".batch-mappings-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2, ensure_ascii=False)
            fh.write("\n")
        os.replace(tmp, self.path)
