"""Reading order files: CSV (delimiter and encoding sniffed) and XLSX (openpyxl, read-only).

A file becomes a `Table`: its header names (made unique), one dict per non-empty data row
(column -> text), the layout fingerprint that keys the remembered column mapping, and the
file name that, with each row's content, makes the row's deterministic reference number.
"""

from __future__ import annotations

import csv
import hashlib
import itertools
import json
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import cached_property
from pathlib import Path
from typing import Any, TextIO, overload

__all__ = [
    "CsvRows",
    "TableError",
    "Table",
    "fold_header",
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
    rows: Sequence[dict[str, str]]
    """One dict per data row (a CSV file's are read from the file as they are iterated)."""
    #: 1-based line (CSV) or sheet row (XLSX) of each data row, for messages
    lines: list[int]
    encoding: str | None = None
    delimiter: str | None = None
    skipped: tuple[tuple[int, str], ...] = ()
    """Lines around the table that are not orders (a report's title, "12 record(s)
    downloaded"): (line, text), said on the page, never silently dropped."""
    short: frozenset[int] = frozenset()
    """Lines with fewer cells than the header has columns (a row cut off)."""

    @cached_property
    def layout(self) -> str:
        """The fingerprint of the header names (keys the remembered mapping)."""
        return layout_fingerprint(self.headers)

    def row_key(self, index: int) -> str:
        """8 hex digits identifying row `index` by file name, layout, position and content.

        Re-running the same file (even after fixing other rows in it) gives each unchanged row
        the same key, which is what makes a re-run skip the rows already created.
        """
        return self.key_of(index, self.rows[index])

    def key_of(self, index: int, row: dict[str, str]) -> str:
        """`row_key` of row `index` when the row is at hand (no reading the file to it)."""
        payload = json.dumps(
            [self.source.name, self.layout, index, row],
            ensure_ascii=False,
            sort_keys=True,
        )
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()[:8]


def fold_header(name: str) -> str:
    """A header name as compared: spacing and case do not matter."""
    return " ".join(name.split()).casefold()


def layout_fingerprint(headers: tuple[str, ...] | list[str]) -> str:
    """A stable hash of the header names (case and spacing do not matter)."""
    joined = "\x1f".join(fold_header(h) for h in headers)
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


def _encodings(path: Path) -> tuple[str, ...]:
    """The encodings to try for a file, most likely first (UTF-16 only with its BOM)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4096)
    except OSError as exc:
        raise TableError(f"cannot read {path}: {exc.strerror or exc}") from None
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return ("utf-16", *ENCODINGS, "latin-1")
    if b"\x00" in head:
        raise TableError(
            f"{path.name} is not a text table in a known encoding (UTF-8, Windows-1252, UTF-16 "
            "with BOM): save it as CSV UTF-8, or as XLSX",
            "encoding",
        )
    # cp1252 leaves five bytes undefined; latin-1 reads anything
    return (*ENCODINGS, "latin-1")


def _sniff_delimiter(text: str) -> str:
    sample = "\n".join(text.splitlines()[:20])
    try:
        return csv.Sniffer().sniff(sample, delimiters=DELIMITERS).delimiter
    except csv.Error:
        header = text.splitlines()[0] if text else ""
        counts = {d: header.count(d) for d in DELIMITERS}
        best = max(counts, key=lambda d: counts[d])
        return best if counts[best] else ","


#: the text read to sniff the delimiter (the first lines of the file)
SNIFF_CHARS = 65536


@dataclass(frozen=True)
class _CsvLayout:
    """How a CSV file reads: found by one pass over it, then read again row by row."""

    path: Path
    encoding: str
    delimiter: str
    hint_line: bool
    """The first line is Excel's `sep=;` hint (not part of the table)."""


class CsvRows(Sequence[dict[str, str]]):
    """The data rows of a CSV file, read from the file each time they are iterated (a 20 MB
    export is never held as rows: the import engine keeps orders, not rows).

    Indexing reads the file up to the row; iterate instead where every row is wanted."""

    def __init__(self, layout: _CsvLayout, headers: tuple[str, ...], count: int) -> None:
        self._layout = layout
        self._headers = headers
        self._count = count

    def __len__(self) -> int:
        return self._count

    def __iter__(self) -> Iterator[dict[str, str]]:
        for _line, record in _scan(self._layout, self._headers):
            yield _row(self._headers, record)

    @overload
    def __getitem__(self, index: int) -> dict[str, str]: ...
    @overload
    def __getitem__(self, index: slice) -> list[dict[str, str]]: ...
    def __getitem__(self, index: int | slice) -> dict[str, str] | list[dict[str, str]]:
        if isinstance(index, slice):
            return list(self)[index]
        position = index + self._count if index < 0 else index
        if not 0 <= position < self._count:
            raise IndexError(index)
        return next(itertools.islice(iter(self), position, None))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return len(other) == self._count and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{self._count} rows of {self._layout.path.name}>"


def _open(layout: _CsvLayout) -> TextIO:
    fh = layout.path.open(encoding=layout.encoding, newline="")
    if layout.hint_line:
        fh.readline()
    return fh


def _scan(layout: _CsvLayout, headers: tuple[str, ...]) -> Iterator[tuple[int, list[str]]]:
    """(line, cells) of each data row, as `_first_pass` found them (TableError when the
    file is gone or no longer reads since)."""
    try:
        fh = _open(layout)
    except OSError as exc:
        raise TableError(f"cannot read {layout.path.name} again: {exc.strerror or exc}") from None
    with fh:
        reader = csv.reader(fh, delimiter=layout.delimiter)
        seen_header = False
        for record in reader:
            kind = _kind(record, seen_header, len(headers))
            if kind == "header":
                seen_header = True
            elif kind == "row":
                yield reader.line_num, record


def _kind(record: list[str], seen_header: bool, columns: int) -> str:
    """What a CSV record is: "blank", "note" (a report's title or footer), "header", "row"."""
    filled, first = 0, ""
    for cell in record:  # up to three filled cells tell it (a data row has many)
        if cell and not cell.isspace():
            filled, first = filled + 1, first or cell
            if filled > 2:
                break
    if not filled:
        return "blank"
    if not seen_header:
        if filled == 1 and (len(record) <= 2 or _is_note(first.strip())):
            return "note"  # a report's title line
        return "header"
    if columns >= 4 and filled <= 2 and _is_note(first.strip()):
        return "note"  # "12 record(s) downloaded"
    return "row"


def read_csv(path: Path) -> Table:
    """A CSV file with a header row; delimiter `,` `;` or tab, UTF-8 (BOM or not) or cp1252.

    One pass checks the file (encoding, header, cut-off rows, a report's notes) without
    holding its rows; the rows are read again, one at a time, when they are iterated."""
    last: UnicodeDecodeError | None = None
    for encoding in _encodings(path):
        try:
            return _first_pass(path, encoding)
        except UnicodeDecodeError as exc:
            last = exc
    raise TableError(f"{path.name} cannot be decoded: {last}", "encoding")


def _first_pass(path: Path, encoding: str) -> Table:
    try:
        with path.open(encoding=encoding, newline="") as fh:
            sample = fh.read(SNIFF_CHARS)
    except OSError as exc:
        raise TableError(f"cannot read {path}: {exc.strerror or exc}") from None
    if not sample.strip():
        raise TableError(f"{path.name} is empty", "empty")
    hinted = _without_separator_hint(sample)
    layout = _CsvLayout(path, encoding, _sniff_delimiter(_after_preamble(hinted)),
                        hinted is not sample)  # fmt: skip
    headers: tuple[str, ...] | None = None
    lines: list[int] = []
    skipped: list[tuple[int, str]] = []
    short: set[int] = set()
    with _open(layout) as fh:
        reader = csv.reader(fh, delimiter=layout.delimiter)
        try:
            for record in reader:
                kind = _kind(record, headers is not None, len(headers or ()))
                if kind == "note":
                    skipped.append((reader.line_num, next(c for c in record if c.strip()).strip()))
                elif kind == "header":
                    headers = _unique_headers(record)
                elif kind == "row":
                    if len(record) < len(headers or ()):
                        short.add(reader.line_num)
                    lines.append(reader.line_num)
        except csv.Error as exc:
            raise TableError(f"{path.name}, line {reader.line_num}: {exc}", "malformed") from None
    if headers is None:
        raise TableError(f"{path.name} has no header row", "no_header")
    return Table(
        path, headers, CsvRows(layout, headers, len(lines)), lines, encoding=encoding,
        delimiter=layout.delimiter, skipped=tuple(skipped), short=frozenset(short),
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
    row = dict(zip(headers, map(str.strip, record), strict=False))
    if len(record) < len(headers):  # a row cut off: its missing cells are empty
        row.update(dict.fromkeys(headers[len(record) :], ""))
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
