"""PDF back end of the label layout: fpdf2, vector barcode bars, one page per package."""

from __future__ import annotations

import copy
import io
import logging
import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import segno
from fontTools import ttLib
from fpdf import FPDF
from fpdf.fonts import SubsetMap, TTFFont

from desktop_app.domain.labels import LabelFormat
from desktop_app.label_fonts import FONT_FILES, font_file
from desktop_app.paths import cache_dir
from desktop_app.service.labels.font_embedding import LabelFontOutput, register_label_font
from desktop_app.service.labels.layout import (
    PT,
    QUIET_MODULES,
    Barcode,
    Box,
    LabelPage,
    Measure,
    Primitive,
    QrCode,
    Text,
    layout,
    page_texts,
)

log = logging.getLogger(__name__)

# The module never gets wider than this: wider bars gain nothing for scanners.
MAX_MODULE_MM = 0.5

# Every PDF label is set in the shipped DejaVu Sans (label_fonts), embedded (subset) in the file,
# so a label reads the same on every machine, viewer and printer whatever fonts they have.
_FAMILY = "labelsans"
# fpdf2 subsets the embedded font again for every document: ~40 ms a label for the whole
# 6,000-glyph font, so labels use a copy reduced once to the Latin scripts of European names and
# addresses (~500 glyphs). Text outside it (Greek, Cyrillic, ...) takes the full font.
_LABEL_RANGES = (
    (0x0020, 0x007E),
    (0x00A0, 0x017F),  # Latin-1, Latin Extended-A
    (0x0218, 0x021B),  # Romanian S and T with comma below
    (0x2010, 0x2044),  # dashes, quotes, bullet, ellipsis, per mille, fraction slash
    (0x20AC, 0x20AC),  # euro sign
    (0x2116, 0x2116),  # numero sign
    (0x2122, 0x2122),  # trade mark sign
)


@lru_cache(maxsize=2)
def _reduced_font(style: str) -> Path | None:
    """The label copy of `style`'s font in the cache folder, made on first use (~0.3 s)."""
    from fontTools import subset

    source = font_file(style)
    stat = source.stat()
    name = f"{source.stem}-labels-{stat.st_size}-{stat.st_mtime_ns}.ttf"
    try:
        target = cache_dir() / "fonts" / name
        if target.is_file():
            return target
        font = ttLib.TTFont(source, recalcTimestamp=False)
        options = subset.Options(notdef_outline=True, recommended_glyphs=True, name_IDs=["*"])
        options.layout_features = []  # fpdf2 drops GSUB/GPOS anyway
        options.drop_tables += ["FFTM"]  # FontForge's time stamp
        options.glyph_names = True  # fpdf2 would otherwise derive every name from the cmap
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=[c for lo, hi in _LABEL_RANGES for c in range(lo, hi + 1)])
        subsetter.subset(font)
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(f"{target.name}.{os.getpid()}.part")
        font.save(partial)
        os.replace(partial, target)  # another process may write the same file: both are whole
    except OSError as exc:  # an unwritable cache folder: labels take the full font
        log.warning("cannot keep the label font %s in the cache folder: %s", name, exc)
        return None
    return target


@lru_cache(maxsize=1)
def _reduced_coverage() -> frozenset[str]:
    """Characters the reduced label font has (the same in both styles)."""
    path = _reduced_font("")
    if path is None:
        return frozenset()
    with ttLib.TTFont(path, lazy=True) as font:
        return frozenset(chr(c) for c in font.getBestCmap())


@lru_cache(maxsize=4)
def _parsed_font(path: Path, style: str) -> tuple[TTFFont, bytes]:
    """fpdf2's parsed font (metrics, cmap) for `path`, and the file's bytes, once per process."""
    pdf = FPDF()
    pdf.add_font(_FAMILY, style, str(path))
    font = pdf.fonts[f"{_FAMILY}{style}"]
    assert isinstance(font, TTFFont)
    font.close()  # parsed; each document gets its own fontTools object (_add_font)
    data = path.read_bytes()
    register_label_font(Path(font.ttffile), data)
    return font, data


def _add_font(pdf: FPDF, style: str, path: Path) -> None:
    """`pdf.add_font(_FAMILY, style, path)` without parsing the font again (~30 ms saved).

    The document gets a copy of the parsed font with its own glyph subset and its own fontTools
    object (fpdf2 subsets that one in place when it writes the file). That object keeps the
    glyphs' bounding boxes as the font file has them (recalcBBoxes=False): recalculating them made
    fontTools decode and re-encode the outline of every glyph used, ~40 % of a label's time, for
    the same boxes; the embedded glyphs are now the file's own bytes.
    """
    parsed, data = _parsed_font(path, style)
    font = copy.copy(parsed)
    font.i = len(pdf.fonts) + 1
    font.ttfont = ttLib.TTFont(
        io.BytesIO(data), recalcTimestamp=False, recalcBBoxes=False, lazy=True
    )
    font.missing_glyphs = []
    font.biggest_size_pt = 0
    font.subset = SubsetMap(font)
    pdf.fonts[font.fontkey] = font


def reset_label_fonts() -> None:
    """Forget the label font copies of this process (tests: after changing the cache folder)."""
    _reduced_font.cache_clear()
    _reduced_coverage.cache_clear()


def _label_fonts(texts: Iterable[str]) -> dict[str, Path]:
    """Font files for a document showing `texts`: the reduced copy when it covers them all."""
    coverage = _reduced_coverage()
    if coverage and all(ch in coverage or ch.isspace() for t in texts for ch in t):
        reduced = {style: _reduced_font(style) for style in FONT_FILES}
        if all(reduced.values()):
            return {style: path for style, path in reduced.items() if path is not None}
    return {style: font_file(style) for style in FONT_FILES}


def use_label_fonts(pdf: FPDF, texts: Iterable[str]) -> str:
    """Add the label fonts to another document (a manifest): the reduced copy when it covers
    `texts`, parsed once per process; returns the font family name to select."""
    for style, path in _label_fonts(texts).items():
        _add_font(pdf, style, path)
    return _FAMILY


class _Doc:
    """An FPDF document with the font choice and measurement that go with it."""

    def __init__(self, fmt: LabelFormat, pages: list[LabelPage]) -> None:
        self.pdf = FPDF(orientation="P", unit="mm", format=(fmt.width_mm, fmt.height_mm))
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margins(0, 0, 0)
        self.pdf.set_creator("Packdesk")
        self.pdf.set_title(f"Shipping label {pages[0].tracking_number}" if pages else "Label")
        self.family = _FAMILY
        for style, path in _label_fonts(t for p in pages for t in page_texts(p)).items():
            _add_font(self.pdf, style, path)
        self._font: tuple[str, float] | None = None

    def set_font(self, size: float, bold: bool) -> None:
        """Select the label font, skipping redundant operators."""
        key = ("B" if bold else "", size)
        if key != self._font:
            self.pdf.set_font(self.family, key[0], size)
            self._font = key

    def measure(self, text: str, size: float, bold: bool) -> float:
        """Width of `text` in mm in the document's font."""
        self.set_font(size, bold)
        return float(self.pdf.get_string_width(text))

    def draw(self, items: list[Primitive]) -> None:
        """Add a page holding `items`."""
        pdf = self.pdf
        pdf.add_page()
        self._font = None
        pdf.set_fill_color(0)
        white = False
        for item in items:
            if isinstance(item, Box):
                pdf.rect(item.x, item.y, item.w, item.h, style="F")
            elif isinstance(item, Text):
                if item.white != white:
                    pdf.set_text_color(255 if item.white else 0)
                    white = item.white
                text = item.text
                x = item.x
                if item.align != "L":
                    w = self.measure(text, item.size, item.bold)
                    x -= w if item.align == "R" else w / 2
                self.set_font(item.size, item.bold)
                pdf.text(x, item.y, text)
            elif isinstance(item, Barcode):
                self._barcode(item)
            elif isinstance(item, QrCode):
                self._qr(item)
        if white:
            pdf.set_text_color(0)

    def _fill(self, rects: list[tuple[float, float, float, float]]) -> None:
        """Fill many rectangles (mm, top-left origin) as one path in the current colour.

        fpdf2's rect() costs ~10 us per call; a QR code has hundreds of runs, so the
        operators go out in one piece instead.
        """
        if not rects:
            return
        k, page_h = self.pdf.k, self.pdf.h
        ops = " ".join(
            f"{x * k:.3f} {(page_h - y) * k:.3f} {w * k:.3f} {-h * k:.3f} re"
            for x, y, w, h in rects
        )
        self.pdf._out(ops + " f")  # fpdf2 has no public call for raw operators

    def _barcode(self, item: Barcode) -> None:
        """Vector bars, centred, with the module width that keeps both quiet zones."""
        n = len(item.modules)
        module = min(MAX_MODULE_MM, item.w / (n + 2 * QUIET_MODULES))
        x0 = item.x + (item.w - n * module) / 2
        rects: list[tuple[float, float, float, float]] = []
        i = 0
        while i < n:
            if item.modules[i] == "1":
                j = i
                while j < n and item.modules[j] == "1":
                    j += 1
                rects.append((x0 + i * module, item.y, (j - i) * module, item.h))
                i = j
            else:
                i += 1
        self._fill(rects)

    def _qr(self, item: QrCode) -> None:
        """QR code as runs of dark modules (vector, crisp at any zoom)."""
        qr = segno.make(item.data, error="m", micro=False, mask=0)
        matrix = qr.matrix
        cell = item.size / (len(matrix) + 2)  # two-module quiet zone inside the given size
        x0 = item.x + cell
        y0 = item.y + cell
        rects: list[tuple[float, float, float, float]] = []
        for r, row in enumerate(matrix):
            c = 0
            n = len(row)
            while c < n:
                if row[c]:
                    d = c
                    while d < n and row[d]:
                        d += 1
                    rects.append((x0 + c * cell, y0 + r * cell, (d - c) * cell, cell))
                    c = d
                else:
                    c += 1
        self._fill(rects)


def render_pdf(pages: list[LabelPage], fmt: LabelFormat) -> bytes:
    """A PDF of `fmt`'s exact page size with one page per label page."""
    doc = _Doc(fmt, pages)
    measure: Measure = doc.measure
    for page in pages:
        doc.draw(layout(page, fmt.width_mm, fmt.height_mm, measure))
    return bytes(doc.pdf.output(output_producer_class=LabelFontOutput))


__all__ = ["PT", "render_pdf"]
