"""Reading order files: CSV (delimiter and encoding sniffed) and XLSX (openpyxl, read-only).

A file becomes a `Table`: its header names (made unique), one dict per non-empty data row
(column -> text), the layout fingerprint that keys the remembered column mapping, and the
file name that, with each row's content, makes the row's deterministic reference number.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

__all__ = [
    "TableError",
    "Table",
    "layout_fingerprint",
    "read_csv",
    "read_table",
    "read_xlsx",
]

DELIMITERS = ",;\t"
ENCODINGS = ("utf-8-sig", "cp1252")
XLSX_SUFFIXES = frozenset({".xlsx", ".xlsm"})


class TableError(ValueError):
    """The file cannot be read as an order table; the message says why, `reason` what kind
    of why (for a message in the UI language): "encoding", "empty", "no_header",
    "unreadable" (the file system or a damaged workbook) or "malformed" (a CSV error)."""

    def __init__(self, message: str, reason: str = "unreadable") -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Table:
    """The rows of an order file, in file order."""

    source: Path
    headers: tuple[str, ...]
    rows: list[dict[str, str]]
    #: 1-based line (CSV) or sheet row (XLSX) of each data row, for messages
    lines: list[int]
    encoding: str | None = None
    delimiter: str | None = None
    skipped: tuple[tuple[int, str], ...] = ()
    """Lines around the table that are not orders (a report's title, "12 record(s)
    downloaded"): (line, text), said on the page, never silently dropped."""
    short: frozenset[int] = frozenset()
    """Lines with fewer cells than the header has columns (a row cut off)."""

    @property
    def layout(self) -> str:
        """The fingerprint of the header names (keys the remembered mapping)."""
        return layout_fingerprint(self.headers)

    def row_key(self, index: int) -> str:
        """8 hex digits identifying row `index` by file name, layout, position and content.

        Re-running the same file (even after fixing other rows in it) gives each unchanged row
        the same key, which is what makes a re-run skip the rows already created.
        """
        payload = json.dumps(
            [self.source.name, self.layout, index, self.rows[index]],
            ensure_ascii=False,
            sort_keys=True,
        )
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:8]


def _normalize_header(name: str) -> str:
    return " ".join(name.split()).casefold()


def layout_fingerprint(headers: tuple[str, ...] | list[str]) -> str:
    """A stable hash of the header names (case and spacing do not matter)."""
    joined = "\x1f".join(_normalize_header(h) for h in headers)
    return hashlib.sha256(joined.encode("utf-8")).hexdigest()[:16]


def _unique_headers(raw: list[str]) -> tuple[str, ...]:
    """Trimmed names; empty ones become `Column N`, repeated ones get ` (2)`, ` (3)`..."""
    seen: dict[str, int] = {}
    out: list[str] = []
    for i, name in enumerate(raw, start=1):
        text = " ".join(str(name or "").split()) or f"Column {i}"
        key = text.casefold()
        seen[key] = seen.get(key, 0) + 1
        out.append(text if seen[key] == 1 else f"{text} ({seen[key]})")
    return tuple(out)


def _decode(data: bytes, name: str) -> tuple[str, str]:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16"), "utf-16"
        except UnicodeDecodeError:
            pass
    if b"\x00" in data[:4096]:
        raise TableError(
            f"{name} is not a text table in a known encoding (UTF-8, Windows-1252, UTF-16 "
            "with BOM): save it as CSV UTF-8, or as XLSX",
            "encoding",
        )
    for encoding in ENCODINGS:
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    # cp1252 leaves five bytes undefined; latin-1 reads anything
    return data.decode("latin-1"), "latin-1"


def _sniff_delimiter(text: str) -> str:
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        header = text.splitlines()[0] if text else ""
        counts = {d: header.count(d) for d in DELIMITERS}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ","


def read_csv(path: Path) -> Table:
    """A CSV file with a header row; delimiter `,` `;` or tab, UTF-8 (BOM or not) or cp1252."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise TableError(f"cannot read {path}: {exc.strerror or exc}") from None
    text, encoding = _decode(data, path.name)
    if not text.strip():
        raise TableError(f"{path.name} is empty", "empty")
    text = _without_separator_hint(text)
    delimiter = _sniff_delimiter(_after_preamble(text))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    header_row: list[str] | None = None
    rows: list[dict[str, str]] = []
    lines: list[int] = []
    skipped: list[tuple[int, str]] = []
    short: set[int] = set()
    headers: tuple[str, ...] = ()
    try:
        for record in reader:
            filled = [cell.strip() for cell in record if cell.strip()]
            if header_row is None:
                if not filled:
                    continue  # blank lines before the header
                if len(filled) == 1 and (len(record) <= 2 or _is_note(filled[0])):
                    skipped.append((reader.line_num, filled[0]))  # a report's title line
                    continue
                header_row = record
                headers = _unique_headers(record)
                continue
            if not filled:
                continue
            if len(headers) >= 4 and len(filled) <= 2 and _is_note(filled[0]):
                skipped.append((reader.line_num, filled[0]))  # "12 record(s) downloaded"
                continue
            if len(record) < len(headers):
                short.add(reader.line_num)
            rows.append(_row(headers, record))
            lines.append(reader.line_num)
    except csv.Error as exc:
        raise TableError(f"{path.name}, line {reader.line_num}: {exc}", "malformed") from None
    if header_row is None:
        raise TableError(f"{path.name} has no header row", "no_header")
    return Table(
        path, headers, rows, lines, encoding=encoding, delimiter=delimiter,
        skipped=tuple(skipped), short=frozenset(short),
    )  # fmt: skip


_NOTE = re.compile(
    r"record\(s\)|records? downloaded|seller id|datensätze|verkäufer|report|bericht|generated",
    re.IGNORECASE,
)


def _is_note(text: str) -> bool:
    """A report's title or footer line rather than an order ("3 record(s) downloaded")."""
    return bool(_NOTE.search(text))


def _without_separator_hint(text: str) -> str:
    """Excel's `sep=;` first line is a hint for Excel, not a header."""
    first, _, rest = text.partition("\n")
    if first.strip().lower().startswith("sep=") and len(first.strip()) <= 5:
        return rest
    return text


def _after_preamble(text: str) -> str:
    """The text from the first line that looks like a header (more than one field)."""
    lines = text.splitlines()
    for index, line in enumerate(lines[:20]):
        if sum(line.count(d) for d in DELIMITERS) >= 1 and not _is_note(line.split(",")[0]):
            return "\n".join(lines[index:])
    return text


def _row(headers: tuple[str, ...], record: list[str]) -> dict[str, str]:
    row = {h: (record[i].strip() if i < len(record) else "") for i, h in enumerate(headers)}
    # cells beyond the header are kept under generated names rather than lost silently
    for i in range(len(headers), len(record)):
        if record[i].strip():
            row[f"Column {i + 1}"] = record[i].strip()
    return row


def _cell_text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))  # a postcode typed as a number: 10115.0 -> "10115"
    if isinstance(value, datetime):
        return value.date().isoformat() if value.time() == datetime.min.time() else str(value)
    if isinstance(value, date):
        return value.isoformat()
    return str(value).strip()


def read_xlsx(path: Path, sheet: str | None = None) -> Table:
    """The first (or named) sheet of an XLSX workbook; its first non-empty row is the header."""
    import openpyxl  # imported lazily: CSV-only runs never pay for it

    try:
        workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    except Exception as exc:  # openpyxl raises many kinds for a damaged file
        raise TableError(f"cannot read {path.name} as an XLSX workbook: {exc}") from None
    try:
        if sheet is not None:
            if sheet not in workbook.sheetnames:
                raise TableError(f"{path.name} has no sheet {sheet!r}")
            ws = workbook[sheet]
        else:
            ws = workbook.worksheets[0]
        headers: tuple[str, ...] | None = None
        rows: list[dict[str, str]] = []
        lines: list[int] = []
        for number, values in enumerate(ws.iter_rows(values_only=True), start=1):
            cells = [_cell_text(v) for v in values]
            if not any(cells):
                continue
            if headers is None:
                headers = _unique_headers(cells)
                continue
            rows.append(_row(headers, cells))
            lines.append(number)
    finally:
        workbook.close()
    if headers is None:
        raise TableError(f"{path.name} has no header row", "no_header")
    return Table(path, headers, rows, lines)


def read_table(path: Path | str, *, sheet: str | None = None) -> Table:
    """Read an order file: XLSX by its suffix, anything else as CSV."""
    path = Path(path)
    if path.suffix.lower() in XLSX_SUFFIXES:
        return read_xlsx(path, sheet)
    return read_csv(path)
