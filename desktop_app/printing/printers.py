"""Printer definitions, saved per machine in `config_dir()/printers.json`; profiles name them."""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any, Literal

from desktop_app.domain.labels import MM_PER_INCH, mm_to_dots

log = logging.getLogger(__name__)

PrinterKind = Literal["zpl", "pdf"]
DPIS = (203, 300)

# Label stocks for thermal printers and paper sizes for PDF printers, (width, height) in mm.
STOCKS: dict[str, tuple[float, float]] = {
    "4x6in": (4 * MM_PER_INCH, 6 * MM_PER_INCH),
    "4x8in": (4 * MM_PER_INCH, 8 * MM_PER_INCH),
    "100x70mm": (100.0, 70.0),
    "100x150mm": (100.0, 150.0),
    "103x199mm": (103.0, 199.0),
    "A6": (105.0, 148.0),
}
PAPERS: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "A5": (148.0, 210.0),
    "A6": (105.0, 148.0),
    "Letter": (8.5 * MM_PER_INCH, 11 * MM_PER_INCH),
    "4x6in": (4 * MM_PER_INCH, 6 * MM_PER_INCH),
    "100x150mm": (100.0, 150.0),
}
_CUSTOM_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(mm|in)\s*$", re.I)


def parse_size(
    name: str, table: dict[str, tuple[float, float]] | None = None
) -> tuple[float, float]:
    """A named stock/paper (`4x6in`, `A4`) or a custom `WxHmm` / `WxHin` as (width, height) mm."""
    for key, size in (table or {**STOCKS, **PAPERS}).items():
        if key.lower() == name.strip().lower():
            return size
    m = _CUSTOM_SIZE.match(name)
    if not m:
        raise ValueError(f"unknown size {name!r}: use one of {', '.join(table or STOCKS)} or WxHmm")
    w, h, unit = float(m[1]), float(m[2]), m[3].lower()
    factor = MM_PER_INCH if unit == "in" else 1.0
    if w <= 0 or h <= 0:
        raise ValueError(f"size {name!r} must be positive")
    return (w * factor, h * factor)


class PrinterError(ValueError):
    """A printer definition is invalid or unknown; the message says which field and why."""


@dataclass(frozen=True)
class PrinterDefinition:
    """One printer: what it prints (kind, dpi, stock or paper) and how it is reached (transport).

    `transport` is a URI: `tcp://HOST[:PORT]`, `cups:QUEUE`, `usb:VID:PID`,
    `serial:/dev/ttyUSB0[?baudrate=9600]`, `win32:PRINTER`, `file:DIR`, `qt:PRINTER`, `qt-pdf:DIR`.
    """

    name: str
    kind: PrinterKind
    transport: str
    dpi: int = 203
    stock: str = "4x6in"
    """ZPL printers: label stock, a name of STOCKS or `WxHmm`."""
    paper: str = "A4"
    """PDF printers: paper size, a name of PAPERS or `WxHmm`."""
    offset_mm: tuple[float, float] = (0.0, 0.0)
    """PDF printers: where the label's top-left corner goes on the paper."""
    placement: Literal["top-left", "center"] = "top-left"
    darkness: int | None = None
    """ZPL printers: darkness 0-30 sent as `~SD` with each job (kept until the printer is
    switched off, never saved); None leaves the printer's own setting."""
    label_offset_dots: tuple[int, int] = (0, 0)
    """ZPL printers: label home shift (x, y) in dots, applied with `^LH`."""
    label_top: int | None = None
    """ZPL printers: vertical shift -120..120 dot rows, applied with `^LT`."""
    preferred_format: str | None = None
    """Label format to prefer when the carrier offers several that fit (e.g. `pdf_a6`)."""

    def __post_init__(self) -> None:
        problems = self.problems()
        if problems:
            raise PrinterError(f"printer {self.name!r}: " + "; ".join(problems))

    def problems(self) -> list[str]:
        """What is wrong with this definition, as `field: message` strings."""
        out: list[str] = []
        if not self.name.strip():
            out.append("name: must not be empty")
        if self.kind not in ("zpl", "pdf"):
            out.append(f"kind: must be zpl or pdf, not {self.kind!r}")
        if ":" not in self.transport:
            out.append(f"transport: {self.transport!r} is not a URI like tcp://host:9100")
        if self.kind == "zpl" and self.dpi not in DPIS:
            out.append(f"dpi: a ZPL printer prints at 203 or 300 dpi, not {self.dpi}")
        if self.kind == "pdf" and not 72 <= self.dpi <= 1200:
            out.append(f"dpi: {self.dpi} is outside 72..1200")
        try:
            parse_size(self.stock)
        except ValueError as exc:
            out.append(f"stock: {exc}")
        try:
            parse_size(self.paper, PAPERS)
        except ValueError as exc:
            out.append(f"paper: {exc}")
        if self.darkness is not None and not 0 <= self.darkness <= 30:
            out.append(f"darkness: must be 0..30, not {self.darkness}")
        if any(v < 0 for v in self.label_offset_dots):
            out.append("label_offset_dots: label home cannot be negative (use label_top)")
        if self.label_top is not None and not -120 <= self.label_top <= 120:
            out.append(f"label_top: must be -120..120, not {self.label_top}")
        if self.placement not in ("top-left", "center"):
            out.append(f"placement: must be top-left or center, not {self.placement!r}")
        return out

    @property
    def stock_mm(self) -> tuple[float, float]:
        """Label stock (width, height) in mm."""
        return parse_size(self.stock)

    @property
    def stock_dots(self) -> tuple[int, int]:
        """Label stock (width, height) in dots at this printer's dpi (4x6 in = 812x1218 at 203)."""
        w, h = self.stock_mm
        return (mm_to_dots(w, self.dpi), mm_to_dots(h, self.dpi))

    @property
    def paper_mm(self) -> tuple[float, float]:
        """Paper (width, height) in mm."""
        return parse_size(self.paper, PAPERS)

    @property
    def media_mm(self) -> tuple[float, float]:
        """What this printer prints on: the stock for ZPL, the paper for PDF."""
        return self.stock_mm if self.kind == "zpl" else self.paper_mm

    @property
    def scheme(self) -> str:
        """The transport's scheme: tcp, cups, usb, serial, win32, file, qt, qt-pdf."""
        return self.transport.split(":", 1)[0].lower()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (tuples as lists)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PrinterDefinition:
        """Build from a dict as written by `to_json`; keys of newer versions are ignored."""
        known = set(cls.__dataclass_fields__)
        unknown = set(data) - known
        if unknown:
            log.warning("printer %r: ignoring unknown fields %s", data.get("name"), sorted(unknown))
        values = {k: v for k, v in data.items() if k in known}
        for key in ("offset_mm", "label_offset_dots"):
            if key in values and values[key] is not None:
                values[key] = tuple(values[key])
        try:
            return cls(**values)
        except TypeError as exc:
            raise PrinterError(str(exc)) from None

    def with_changes(self, **changes: Any) -> PrinterDefinition:
        """A copy with some fields changed (validated again)."""
        return replace(self, **changes)


class PrinterBook:
    """The machine's printer definitions, kept in a JSON file (written atomically)."""

    def __init__(self, path: Path | None = None) -> None:
        if path is None:
            from desktop_app.paths import config_dir

            path = config_dir() / "printers.json"
        self.path = path
        self._printers: dict[str, PrinterDefinition] = {}
        self.reload()

    def reload(self) -> None:
        """Read the file again (missing file = no printers)."""
        self._printers = {}
        if not self.path.exists():
            return
        try:
            raw = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise PrinterError(f"cannot read {self.path}: {exc}") from None
        for item in raw.get("printers", []):
            printer = PrinterDefinition.from_json(item)
            self._printers[printer.name] = printer

    def save(self) -> None:
        """Write all definitions (to a temp file, then rename, so a crash never truncates it)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        payload = {"version": 1, "printers": [p.to_json() for p in self._printers.values()]}
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=".printers-", suffix=".json")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(payload, fh, indent=2)
            fh.write("\n")
        os.replace(tmp, self.path)

    def __iter__(self) -> Iterator[PrinterDefinition]:
        return iter(list(self._printers.values()))

    def __len__(self) -> int:
        return len(self._printers)

    def __contains__(self, name: object) -> bool:
        return name in self._printers

    def get(self, name: str) -> PrinterDefinition | None:
        """The printer called `name`, or None."""
        return self._printers.get(name)

    def __getitem__(self, name: str) -> PrinterDefinition:
        try:
            return self._printers[name]
        except KeyError:
            known = ", ".join(self._printers) or "none defined"
            raise PrinterError(f"unknown printer {name!r} (known: {known})") from None

    def put(self, printer: PrinterDefinition, *, save: bool = True) -> None:
        """Add or replace a definition by name."""
        self._printers[printer.name] = printer
        if save:
            self.save()

    def remove(self, name: str, *, save: bool = True) -> None:
        """Delete a definition (KeyError-free: unknown names raise PrinterError)."""
        self[name]
        del self._printers[name]
        if save:
            self.save()
