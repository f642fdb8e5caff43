"""The label format table: the ten formats of spec 2.4 with their page size and dpi."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

MM_PER_INCH = 25.4


@dataclass(frozen=True, slots=True)
class LabelFormat:
    """One label format: `kind` pdf or zpl, page size in mm, dpi for ZPL."""

    name: str
    kind: Literal["pdf", "zpl"]
    width_mm: float
    height_mm: float
    dpi: int | None = None

    @property
    def size_key(self) -> tuple[float, float]:
        """Page size rounded to 0.1 mm, to compare stocks of PDF and ZPL formats."""
        return (round(self.width_mm, 1), round(self.height_mm, 1))

    def dots(self, dpi: int | None = None) -> tuple[int, int]:
        """Width and height in printer dots at `dpi` (default: the format's own)."""
        d = dpi or self.dpi
        if d is None:
            raise ValueError(f"{self.name} has no dpi; pass one")
        return (mm_to_dots(self.width_mm, d), mm_to_dots(self.height_mm, d))


def mm_to_dots(mm: float, dpi: int) -> int:
    """Millimetres to printer dots (a 4 in label is 812 dots at 203 dpi)."""
    return int(round(mm / MM_PER_INCH * dpi))


_IN4 = 4 * MM_PER_INCH
_IN6 = 6 * MM_PER_INCH
_IN8 = 8 * MM_PER_INCH

LABEL_FORMATS: dict[str, LabelFormat] = {
    f.name: f
    for f in (
        LabelFormat("pdf_a5", "pdf", 148.0, 210.0),
        LabelFormat("pdf_a6", "pdf", 105.0, 148.0),
        LabelFormat("pdf_a7", "pdf", 74.0, 105.0),
        LabelFormat("pdf_100x70mm", "pdf", 100.0, 70.0),
        LabelFormat("pdf_103x199mm", "pdf", 103.0, 199.0),
        LabelFormat("zpl2_4x6in_203dpi", "zpl", _IN4, _IN6, 203),
        LabelFormat("zpl2_4x6in_300dpi", "zpl", _IN4, _IN6, 300),
        LabelFormat("zpl2_100x70mm_203dpi", "zpl", 100.0, 70.0, 203),
        LabelFormat("zpl2_103x199mm_203dpi", "zpl", 103.0, 199.0, 203),
        LabelFormat("zpl2_4x8in_203dpi", "zpl", _IN4, _IN8, 203),
    )
}


def label_format(name: str) -> LabelFormat:
    """The format called `name`; KeyError names the known ones."""
    try:
        return LABEL_FORMATS[name]
    except KeyError:
        raise KeyError(
            f"unknown label format {name!r}; known: {', '.join(LABEL_FORMATS)}"
        ) from None
