"""Fonts for labels: where a Unicode font is, and ZPL text printed as it is written.

ZPL labels declare UTF-8 (`^CI28`) and carry names as they are written ("Köln", "Łukasz
Żółć"), never transliterated. Resident font 0 (CG Triumvirate Bold Condensed) prints ASCII
on every Zebra printer, but which accented letters it has depends on the firmware (Latin-1,
on x.14 and later also the code page 1250 letters; no Baltic ā ē ī ū ģ ķ ļ ņ), and offline
previews draw only ASCII with it. So a field holding any other letter is printed in a
TrueType font downloaded with the label: `~DY` stores it in printer RAM (`R:`, lost at power
off, no flash wear), subset to the letters used (a few KB), and `^A@` selects it. ASCII
fields keep font 0. Used by the service's labels and the printers' test label; importable
from any layer (no Qt, no service code).
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from desktop_app.resources import resource_path

# The Unicode font of every label: DejaVu Sans, shipped in resources/fonts with its licence, so
# labels never depend on the fonts of the machine ("" regular, "B" bold).
FONT_FILES = {"": "DejaVuSans.ttf", "B": "DejaVuSans-Bold.ttf"}

#: Where the downloaded font lives on the printer (RAM) and how `^A@` names it.
ZPL_FONT_NAME = "R:PDLABEL.TTF"
#: Horizontal scale of the downloaded font: DejaVu Sans Bold at 80 % width is about as wide
#: as font 0, a condensed face, so both kinds of field look alike and fit the same boxes.
ZPL_FONT_CONDENSE = 0.8

_ESCAPES = {"_": "_5F", "^": "_5E", "~": "_7E"}


def font_file(style: str) -> Path:
    """The shipped font file of `style` ("" or "B")."""
    return resource_path("fonts", FONT_FILES[style])


def unicode_font() -> tuple[str, str]:
    """Regular and bold TTF files of the labels' Unicode font (the shipped DejaVu Sans)."""
    return str(font_file("")), str(font_file("B"))


def zpl_field_data(text: str) -> str:
    """`text` for `^FH_^FD`: the ZPL prefixes and `_` as hex escapes, control characters
    dropped, every other character kept as it is (the label's `^CI28` makes it UTF-8)."""
    return "".join(_ESCAPES.get(ch, ch) for ch in text if ch >= " " and ch != "\x7f")


@dataclass(frozen=True, slots=True)
class _Face:
    """A loaded TrueType font: its raw bytes, advance widths per character, units per em."""

    data: bytes
    advances: dict[str, int]
    units_per_em: int
    missing_advance: int


@lru_cache(maxsize=2)
def _load_face(path: str) -> _Face:
    from fontTools.ttLib import TTFont

    data = Path(path).read_bytes()
    font = TTFont(io.BytesIO(data), lazy=True)
    cmap = font.getBestCmap()
    hmtx = font["hmtx"]
    advances = {chr(code): hmtx[name][0] for code, name in cmap.items()}
    return _Face(data, advances, font["head"].unitsPerEm, hmtx[".notdef"][0])


@lru_cache(maxsize=64)
def _subset(path: str, chars: str) -> bytes:
    """The font reduced to `chars` (plus .notdef), without hinting or layout tables."""
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.name_IDs = [1, 2]  # family and style: some firmware lists fonts by name
    options.notdef_outline = True
    options.drop_tables += ["FFTM", "GDEF", "GPOS", "GSUB", "kern"]
    # no fresh head.modified stamp: the same label is the same bytes (reprints, worker vs thread)
    font = TTFont(io.BytesIO(_load_face(path).data), recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


class ZplText:
    """The text fields of one ZPL job: which font each uses, and the font download.

    Built from every text the job will print; `download` goes once at the start of the first
    label format, `field` writes one field, `width_em` measures one for the layout.
    """

    def __init__(self, texts: Iterable[str], font_path: str | None) -> None:
        wide = sorted({ch for t in texts if not t.isascii() for ch in t if ch >= " "})
        self._path: str | None = font_path if wide else None
        self._face = _load_face(self._path) if self._path else None
        # the downloaded font holds every character of the fields printed with it: ASCII too
        self._chars = "".join(sorted(set(wide) | {chr(c) for c in range(0x20, 0x7F)}))

    @classmethod
    def in_label_font(cls, texts: Iterable[str]) -> ZplText:
        """Fields of `texts` with the shipped bold Unicode font."""
        return cls(texts, unicode_font()[1])

    @property
    def downloads_font(self) -> bool:
        """Whether the job carries its own font (some field is not plain ASCII)."""
        return self._face is not None

    def uses_font(self, text: str) -> bool:
        """Whether `text` is printed in the downloaded font (else in resident font 0)."""
        return self._face is not None and not text.isascii()

    def download(self) -> str:
        """`~DY` storing the subset font in printer RAM, or "" when no field needs it."""
        if self._path is None:
            return ""
        data = _subset(self._path, self._chars)
        return f"~DY{ZPL_FONT_NAME},A,T,{len(data)},,{data.hex().upper()}"

    def field(self, height: int, text: str) -> str:
        """Font selection, `^FH_` and `^FD...^FS` of one field `height` dots high."""
        data = zpl_field_data(text)
        if self.uses_font(text):
            width = max(10, round(height * ZPL_FONT_CONDENSE))
            return f"^A@N,{height},{width},{ZPL_FONT_NAME}^FH_^FD{data}^FS"
        return f"^A0N,{height},{height}^FH_^FD{data}^FS"

    def width_em(self, text: str) -> float | None:
        """Width of `text` in ems as printed in the downloaded font; None for font 0 fields."""
        face = self._face
        if face is None or text.isascii():
            return None
        units = sum(face.advances.get(ch, face.missing_advance) for ch in text)
        return units / face.units_per_em * ZPL_FONT_CONDENSE
