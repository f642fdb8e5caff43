"""Which label format to ask the service for, given a printer and what the carrier offers."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.labels import LABEL_FORMATS, LabelFormat
from desktop_app.printing.printers import PrinterDefinition

# Two sizes within this many mm on each side are the same stock (103 mm vs 4 in = 101.6 mm is not).
SIZE_TOLERANCE_MM = 1.0
# A PDF page may overhang the paper this much and still "fit": carrier labels keep a blank
# margin of several mm, so an A6 label (105 mm wide) prints whole on 100x150 mm stock.
PAPER_OVERHANG_MM = 5.0


class FormatRefused(ValueError):
    """No offered format can be printed on this printer; the message says why and what would."""


@dataclass(frozen=True, slots=True)
class FormatChoice:
    """The format to request and what happens to the label before printing."""

    request_format: str
    convert: bool
    """True when a PDF label is converted to ZPL at `target_dpi` before printing."""
    target_dpi: int | None
    reason: str

    @property
    def label_format(self) -> LabelFormat:
        """The requested format's table entry."""
        return LABEL_FORMATS[self.request_format]


def same_size(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two (width, height) sizes in mm are the same stock."""
    return abs(a[0] - b[0]) <= SIZE_TOLERANCE_MM and abs(a[1] - b[1]) <= SIZE_TOLERANCE_MM


def size_distance(page: tuple[float, float], media: tuple[float, float]) -> float:
    """How far a page is from filling the media at 100 % (0 = same size), orientation-free.

    Pages larger than the media cost more than smaller ones, since they must be shrunk.
    """
    pw, ph = sorted(page)
    mw, mh = sorted(media)
    scale = min(mw / pw, mh / ph)
    cost = abs(math.log(scale)) * (2.0 if scale < 1 else 1.0)
    # aspect mismatch: the part of the media left blank after fitting
    cost += 1.0 - (pw * scale * ph * scale) / (mw * mh)
    return cost


def _known(offered: list[str]) -> list[LabelFormat]:
    return [LABEL_FORMATS[name] for name in offered if name in LABEL_FORMATS]


def choose_format(printer: PrinterDefinition, offered: list[str]) -> FormatChoice:
    """Pick the request format for `printer` from the carrier's `offered` formats.

    ZPL printer: native ZPL at the printer's dpi and stock if offered; else the PDF closest to
    the stock, converted to ZPL at the printer's dpi; ZPL made for another dpi is never used.
    PDF printer: the preferred PDF if offered, else the PDF closest to the paper that fits it.
    """
    formats = _known(offered)
    if not formats:
        raise FormatRefused(
            f"the carrier offers no known label format for this service ({', '.join(offered)})"
        )
    pdfs = [f for f in formats if f.kind == "pdf"]
    media = printer.media_mm
    if printer.kind == "zpl":
        native = [
            f
            for f in formats
            if f.kind == "zpl" and f.dpi == printer.dpi and same_size(f.size_key, media)
        ]
        if native:
            f = native[0]
            return FormatChoice(f.name, False, printer.dpi, f"native ZPL for {printer.stock}")
        if pdfs:
            preferred = [f for f in pdfs if f.name == printer.preferred_format]
            closest = min(pdfs, key=lambda f: size_distance(f.size_key, media))
            best = preferred[0] if preferred else closest
            other = [f.name for f in formats if f.kind == "zpl"]
            why = (
                f"no ZPL at {printer.dpi} dpi for {printer.stock} offered"
                + (f" (only {', '.join(other)})" if other else "")
                + f"; {best.name} converted to ZPL at {printer.dpi} dpi"
            )
            return FormatChoice(best.name, True, printer.dpi, why)
        # No PDF to convert from: ZPL at the right dpi that fits on the stock is the last resort.
        fitting = [
            f
            for f in formats
            if f.kind == "zpl"
            and f.dpi == printer.dpi
            and f.width_mm <= media[0] + SIZE_TOLERANCE_MM
            and f.height_mm <= media[1] + SIZE_TOLERANCE_MM
        ]
        if fitting:
            f = max(fitting, key=lambda f: f.width_mm * f.height_mm)
            return FormatChoice(f.name, False, printer.dpi, f"{f.name} fits on {printer.stock}")
        raise FormatRefused(
            f"printer {printer.name!r} prints ZPL at {printer.dpi} dpi on {printer.stock}, but the "
            f"carrier offers only {', '.join(f.name for f in formats)} and no PDF to convert; "
            f"ZPL made for another dpi or a larger stock would print at the wrong size"
        )
    # PDF printer
    if not pdfs:
        raise FormatRefused(
            f"printer {printer.name!r} prints PDF, but the carrier offers only ZPL "
            f"({', '.join(f.name for f in formats)})"
        )
    preferred = [f for f in pdfs if f.name == printer.preferred_format]
    if preferred:
        return FormatChoice(preferred[0].name, False, None, "the printer's preferred format")
    fits = [
        f
        for f in pdfs
        if min(f.size_key) <= min(media) + PAPER_OVERHANG_MM
        and max(f.size_key) <= max(media) + PAPER_OVERHANG_MM
    ]
    best = min(fits or pdfs, key=lambda f: size_distance(f.size_key, media))
    why = f"closest PDF to {printer.paper}" + ("" if fits else " (larger than the paper)")
    return FormatChoice(best.name, False, None, why)


#: (carrier, service) -> (label format to request, or None with the reason)
FormatChooser = Callable[[str | None, str | None], tuple[str | None, str]]

DEFAULT_FORMAT = "pdf_a6"  # the GUI's default when no printer is assigned


def printer_format_chooser(
    printer: PrinterDefinition | None, override: str | None = None
) -> FormatChooser:
    """The label format per carrier/service, as the desk's form chooses it: the profile's
    override if offered, else the printer's choice (`choose_format`), else pdf_a6."""
    cache: dict[tuple[str | None, str | None], tuple[str | None, str]] = {}

    def choose(carrier: str | None, service: str | None) -> tuple[str | None, str]:
        key = (carrier, service)
        if key not in cache:
            cache[key] = _choose(carrier, service)
        return cache[key]

    def _choose(carrier: str | None, service: str | None) -> tuple[str | None, str]:
        offered = list(load_catalog().label_formats_for(carrier or "", service or "standard"))
        if not offered:
            return None, "the carrier offers no label format for this service"
        if override is not None and override in offered:
            return override, "the profile's preferred format"
        if printer is None:
            return (DEFAULT_FORMAT if DEFAULT_FORMAT in offered else offered[0]), "no printer"
        try:
            choice = choose_format(printer, offered)
        except FormatRefused as exc:
            return None, str(exc)
        return choice.request_format, f"{printer.name}: {choice.reason}"

    return choose
