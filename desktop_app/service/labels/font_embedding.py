"""Embedding the label fonts in PDFs: an fpdf2 output producer that keeps font subsets.

fpdf2 subsets and saves every embedded TrueType font again for every document it writes
(fontTools: ~4 ms a font, two fonts a label, 70 % of a label's time). Label documents use the
same few glyph sets over and over, so `LabelFontOutput` (passed to `FPDF.output` as its
`output_producer_class`) embeds each of the label fonts (added by `pdf.use_label_fonts`)
from a process-wide cache of compressed subsets instead. The embedded subset holds the glyphs
the document uses plus those of printable ASCII, so that most labels share one subset;
the PDF objects written are the ones fpdf2 writes (composite font, CID font with the widths
of the characters used, ToUnicode map, CIDToGIDMap, descriptor, FontFile2), and any other font
in a document makes the whole document go through fpdf2's own code.
"""

from __future__ import annotations

import copy
import io
import logging
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from fontTools import subset as ftsubset
from fontTools import ttLib
from fpdf.fonts import TTFFont
from fpdf.output import (
    CIDSystemInfo,
    OutputProducer,
    PDFFont,
    PDFFontStream,
    _build_cmap_blocks,
    _tt_font_widths,
)
from fpdf.syntax import Name, PDFArray, PDFContentStream

if TYPE_CHECKING:
    from fpdf.output import PDFExtGState, PDFType3Font, PDFXObject
    from fpdf.pattern import Pattern

# Glyphs every embedded label subset holds besides the document's own: printable ASCII.
# With them most labels' glyph sets are the same few, so the cache below hits; a label PDF
# grows by the unused ASCII glyphs (a few kB).
_ALWAYS_EMBEDDED = range(0x20, 0x7F)
# Tables fpdf2 drops from every embedded subset (fpdf.output.OutputProducer._add_fonts).
_DROPPED_TABLES = (
    "FFTM",
    "GDEF",
    "GPOS",
    "GSUB",
    "MATH",
    "hdmx",
    "meta",
    "sbix",
    "CBDT",
    "CBLC",
    "EBDT",
    "EBLC",
    "EBSC",
    "SVG ",
    "CPAL",
    "COLR",
)
_SUBSETS_KEPT = 128  # distinct glyph sets per process (~20 kB each)

# fpdf2's own logger, so a missing glyph is reported where fpdf2 reports it.
fpdf_log = logging.getLogger("fpdf.output")

# Font files (path as fpdf2 holds it in TTFFont.ttffile) whose fonts this producer embeds.
_label_font_files: dict[str, bytes] = {}


def register_label_font(path: Path, data: bytes) -> None:
    """Let `LabelFontOutput` embed the font parsed from `path` (whose bytes are `data`)."""
    _label_font_files[str(path)] = data


@dataclass(frozen=True)
class _Subset:
    """One font subset as embedded: its file's length, the file compressed, new glyph ids."""

    length: int
    compressed: bytes
    glyph_ids: dict[str, int]


@lru_cache(maxsize=_SUBSETS_KEPT)
def _subset(path: str, glyph_names: frozenset[str]) -> _Subset:
    """The subset of `path`'s font holding `glyph_names`, made as fpdf2 makes it."""
    font = ttLib.TTFont(
        io.BytesIO(_label_font_files[path]),
        recalcTimestamp=False,
        recalcBBoxes=False,  # the font file's own glyph boxes (see pdf._add_font)
        lazy=True,
    )
    options = ftsubset.Options(notdef_outline=True, recommended_glyphs=True)
    options.drop_tables += list(_DROPPED_TABLES)
    subsetter = ftsubset.Subsetter(options)
    subsetter.populate(glyphs=sorted(glyph_names))
    subsetter.subset(font)
    output = io.BytesIO()
    font.save(output)
    data = output.getvalue()
    glyph_ids = {name: font.getGlyphID(name) for name in glyph_names}
    font.close()
    compressed = zlib.compress(data, level=PDFContentStream._COMPRESSION_LEVEL)
    return _Subset(len(data), compressed, glyph_ids)


def clear_subsets() -> None:
    """Forget the kept subsets (tests)."""
    _subset.cache_clear()


class _FontFile(PDFFontStream):
    """A FontFile2 stream from an already compressed subset (what PDFFontStream writes)."""

    def __init__(self, subset: _Subset) -> None:
        PDFContentStream.__init__(self, b"")
        self._contents = subset.compressed
        self.filter = Name("FlateDecode")
        self.length = len(subset.compressed)
        self.length1 = subset.length


def _unicode_hex(code: int) -> str:
    """A code point as UTF-16BE hex digits (a surrogate pair beyond the BMP)."""
    if code > 0xFFFF:
        return f"{0xD800 | (code - 0x10000) >> 10:04X}{0xDC00 | (code & 0x3FF):04X}"
    return f"{code:04X}"


def _to_unicode(font: TTFFont) -> PDFContentStream:
    """The ToUnicode CMap of the characters `font` showed in the document (as fpdf2's)."""
    entries = [
        f"<{code:04X}> <{''.join(_unicode_hex(c) for c in glyph.unicode)}>\n"
        for glyph, code in font.subset.items()
        if glyph is not None and isinstance(glyph.unicode, tuple) and glyph.unicode
    ]
    return PDFContentStream(
        (
            "/CIDInit /ProcSet findresource begin\n"
            "12 dict begin\n"
            "begincmap\n"
            "/CIDSystemInfo\n"
            "<</Registry (Adobe)\n"
            "/Ordering (UCS)\n"
            "/Supplement 0\n"
            ">> def\n"
            "/CMapName /Adobe-Identity-UCS def\n"
            "/CMapType 2 def\n"
            "1 begincodespacerange\n"
            "<0000> <FFFF>\n"
            "endcodespacerange\n"
            f"{_build_cmap_blocks(entries, 'bfchar')}"
            "endcmap\n"
            "CMapName currentdict /CMap defineresource pop\n"
            "end\n"
            "end"
        ).encode("latin-1")
    )


def _is_label_font(font: object) -> bool:
    """A plain TrueType label font this producer can embed (not colour, not CFF)."""
    return (
        isinstance(font, TTFFont)
        and str(font.ttffile) in _label_font_files
        and not font.color_font
        and not font.is_cff
    )


class LabelFontOutput(OutputProducer):
    """fpdf2's output producer, embedding the label fonts from the kept subsets."""

    def _add_fonts(
        self,
        image_objects_per_index: dict[int, PDFXObject],
        gfxstate_objs_per_name: dict[str, PDFExtGState],
        pattern_objs_per_name: dict[str, Pattern],
    ) -> dict[int, PDFFont | PDFType3Font]:
        fonts = sorted(self.fpdf.fonts.values(), key=lambda f: f.i)
        compliance = self.fpdf._compliance
        pdfa_1 = compliance and compliance.profile == "PDFA" and compliance.part == 1  # CIDSet
        if pdfa_1 or not all(_is_label_font(font) for font in fonts):
            # fpdf2's own way (each label font has its own fontTools object to subset)
            return super()._add_fonts(
                image_objects_per_index, gfxstate_objs_per_name, pattern_objs_per_name
            )
        objects: dict[int, PDFFont | PDFType3Font] = {}
        for font in fonts:
            assert isinstance(font, TTFFont)
            objects[font.i] = self._add_label_font(font)
        return objects

    def _add_label_font(self, font: TTFFont) -> PDFFont:
        """The PDF objects of one label font, as fpdf2 writes a TrueType font."""
        fontname = f"MPDFAA+{font.name}"
        if font.missing_glyphs:
            missing = ", ".join(f"{chr(c)!r} (U+{c:04X})" for c in font.missing_glyphs[:10])
            more = len(font.missing_glyphs) - 10
            fpdf_log.warning(
                "Font %s is missing the following glyphs: %s%s",
                fontname,
                missing,
                f", ... (and {more} others)" if more > 0 else "",
            )
        names = {glyph.glyph_name for glyph, _ in font.subset.items() if glyph is not None}
        names.update(font.cmap[c] for c in _ALWAYS_EMBEDDED if c in font.cmap)
        subset = _subset(str(font.ttffile), frozenset(names))

        composite = PDFFont(subtype="Type0", base_font=fontname, encoding="Identity-H")
        self._add_pdf_obj(composite, "fonts")
        cid_font = PDFFont(
            subtype="CIDFontType2",
            base_font=fontname,
            d_w=font.desc.missing_width,
            w=_tt_font_widths(font),
        )
        self._add_pdf_obj(cid_font, "fonts")
        composite.descendant_fonts = PDFArray([cid_font])

        to_unicode = _to_unicode(font)
        self._add_pdf_obj(to_unicode, "fonts")
        composite.to_unicode = to_unicode

        system_info = CIDSystemInfo()
        self._add_pdf_obj(system_info, "fonts")
        cid_font.c_i_d_system_info = system_info

        descriptor = copy.copy(font.desc)  # fpdf2 numbers the shared one; a copy per document
        descriptor.font_name = Name(fontname)
        self._add_pdf_obj(descriptor, "fonts")
        cid_font.font_descriptor = descriptor

        cid_to_gid = bytearray(256 * 256 * 2)
        for glyph, code in font.subset.items():
            if glyph is not None:
                gid = subset.glyph_ids[glyph.glyph_name]
                cid_to_gid[code * 2] = gid >> 8
                cid_to_gid[code * 2 + 1] = gid & 0xFF
        cid_to_gid_map = PDFContentStream(contents=bytes(cid_to_gid), compress=True)
        self._add_pdf_obj(cid_to_gid_map, "fonts")
        cid_font.c_i_d_to_g_i_d_map = cid_to_gid_map

        font_file = _FontFile(subset)
        self._add_pdf_obj(font_file, "fonts")
        descriptor.font_file2 = font_file  # type: ignore[attr-defined]

        font.subset.pick.cache_clear()
        font.subset.get_glyph.cache_clear()
        font.close()
        return composite
