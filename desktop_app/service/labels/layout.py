"""Page layout of a shipping label as device-neutral primitives in millimetres.

One layout serves both back ends (`pdf`, `zpl`), so a PDF and a ZPL label
of the same shipment look alike. Text is fitted with Helvetica metrics: the ZPL back end
scales its font to the same widths.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import lru_cache
from typing import Literal

PT = 25.4 / 72  # millimetres per point
SANDBOX_MARK = "SANDBOX - NOT FOR SHIPPING"
_DEFAULT_WIDTH = 600  # characters outside Latin-1 count as an average glyph


@lru_cache(maxsize=1)
def _widths() -> dict[bool, dict[str, int]]:
    """Helvetica advance widths (1/1000 em), regular and bold.

    Imported on first use: fpdf2 takes most of a second to import, and the service
    should start (and answer non-label requests) without waiting for it.
    """
    from fpdf.fonts import CORE_FONTS_CHARWIDTHS

    return {
        False: CORE_FONTS_CHARWIDTHS["helvetica"],
        True: CORE_FONTS_CHARWIDTHS["helveticaB"],
    }


@dataclass(frozen=True, slots=True)
class LabelPage:
    """Everything printed on one page (one package) of a shipping label."""

    sender: tuple[str, ...]
    receiver: tuple[str, ...]
    carrier: str
    carrier_name: str
    service: str
    package_index: int
    package_count: int
    weight_kg: float
    tracking_number: str
    created: date
    sandbox: bool
    reference_number: str | None = None
    dimensions_cm: tuple[float, float, float] | None = None
    extras: tuple[str, ...] = ()
    tracking_url: str | None = None
    description: str | None = None
    # the CN 22 part printed on the label (Warenpost International): its lines
    customs: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Text:
    """A line of text; `x` is the left, right or centre anchor per `align`, `y` the baseline."""

    x: float
    y: float
    size: float
    text: str
    bold: bool = False
    align: Literal["L", "R", "C"] = "L"
    white: bool = False


@dataclass(frozen=True, slots=True)
class Box:
    """A filled rectangle (rules, banners, chips)."""

    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True, slots=True)
class Barcode:
    """A Code 128 symbol centred in the box; `modules` is its bar pattern ('1' = bar)."""

    x: float
    y: float
    w: float
    h: float
    data: str
    modules: str


@dataclass(frozen=True, slots=True)
class QrCode:
    """A QR code with its top-left corner at x, y and the given outer size."""

    x: float
    y: float
    size: float
    data: str


Primitive = Text | Box | Barcode | QrCode


def page_texts(page: LabelPage) -> Iterable[str]:
    """Every user-supplied string printed on `page` (what decides the fonts a label needs)."""
    yield from page.sender
    yield from page.receiver
    yield from page.extras
    yield page.carrier_name
    yield page.service
    yield page.reference_number or ""
    yield page.description or ""


Measure = Callable[[str, float, bool], float]


def helvetica_width(text: str, size: float, bold: bool) -> float:
    """Width in mm of `text` in Helvetica (bold or regular) at `size` points."""
    widths = _widths()[bold]
    units = sum(widths.get(c, _DEFAULT_WIDTH) for c in text)
    return units * size / 1000 * PT


QUIET_MODULES = 10  # Code 128 needs a quiet zone of at least ten modules on each side


def code128_modules(data: str) -> str:
    """The bar pattern of `data` as Code 128 (start, data, check and stop symbols)."""
    from barcode.codex import Code128

    return str(Code128(data).build()[0])


@dataclass
class _Canvas:
    """Collects primitives and fits text into widths."""

    measure: Measure
    items: list[Primitive] = field(default_factory=list)

    def fit(self, text: str, width: float, size: float, bold: bool, min_size: float) -> float:
        """The largest size from `size` down to `min_size` at which `text` fits `width`."""
        w = self.measure(text, size, bold)
        if w <= width:
            return size
        return max(min_size, size * width / w)

    def clip(self, text: str, width: float, size: float, bold: bool) -> str:
        """`text` shortened with '...' so that it fits `width`."""
        if self.measure(text, size, bold) <= width:
            return text
        while text and self.measure(text + "...", size, bold) > width:
            text = text[:-1]
        return text.rstrip() + "..."

    def wrap(self, text: str, width: float, size: float, bold: bool) -> list[str]:
        """`text` broken at spaces into lines that fit `width` at `size` (words never split)."""
        if self.measure(text, size, bold) <= width:
            return [text]
        out: list[str] = []
        current = ""
        for word in text.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and self.measure(candidate, size, bold) > width:
                out.append(current)
                current = word
            else:
                current = candidate
        out.append(current)
        return out

    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        width: float,
        *,
        bold: bool = False,
        align: Literal["L", "R", "C"] = "L",
        white: bool = False,
        min_scale: float = 0.7,
    ) -> float:
        """Place `text` with its baseline at y, shrunk or clipped to `width`; returns the size."""
        size = self.fit(text, width, size, bold, size * min_scale)
        text = self.clip(text, width, size, bold)
        if text:
            self.items.append(Text(x, y, size, text, bold, align, white))
        return size

    def box(self, x: float, y: float, w: float, h: float) -> None:
        """A filled rectangle."""
        self.items.append(Box(x, y, w, h))


def _ascent(size: float) -> float:
    """Distance from the top of a line to its baseline (Helvetica with accents)."""
    return size * PT * 0.80


def _leading(size: float) -> float:
    """Line advance for `size` points."""
    return size * PT * 1.18


def _fmt_num(value: float) -> str:
    """A number without a useless trailing '.0'."""
    return f"{value:g}" if value == int(value) else f"{value:.2f}".rstrip("0")


def info_lines(page: LabelPage) -> list[str]:
    """The small facts block: weight, dimensions, reference, date and package n of m."""
    lines = [f"Weight: {_fmt_num(page.weight_kg)} kg"]
    lines[-1] += f"   Package {page.package_index} of {page.package_count}"
    if page.reference_number:
        lines.append(f"Ref: {page.reference_number}")
    lines.append(f"Date: {page.created.isoformat()}")
    if page.dimensions_cm:
        lines[-1] += "   Dims: " + " x ".join(_fmt_num(d) for d in page.dimensions_cm) + " cm"
    if page.description:
        lines.append(f"Content: {page.description}")
    lines.extend(page.customs)
    return lines


def _chips(
    c: _Canvas, extras: Sequence[str], x: float, y: float, width: float, size: float
) -> float:
    """Additional-service markers as white-on-black chips, wrapping; returns the bottom y."""
    if not extras:
        return y
    pad = size * PT * 0.35
    h = size * PT * 1.25
    cx, cy = x, y
    for extra in extras:
        w = min(width, c.measure(extra, size, True) + 2 * pad)
        if cx > x and cx + w > x + width:
            cx, cy = x, cy + h + pad
        c.box(cx, cy, w, h)
        c.text(cx + pad, cy + h * 0.76, extra, size, w - 2 * pad, bold=True, white=True)
        cx += w + pad
    return cy + h


def _header(
    c: _Canvas, page: LabelPage, x: float, y: float, w: float, s: float, big: float
) -> float:
    """Carrier name on the left, package n/m and service on the right; returns the bottom."""
    right_w = w * 0.42
    pkg_size = big * 0.62
    c.text(
        x + w,
        y + _ascent(pkg_size),
        f"{page.package_index}/{page.package_count}",
        pkg_size,
        right_w,
        bold=True,
        align="R",
    )
    svc_size = big * 0.38
    svc_y = y + _leading(pkg_size) + _ascent(svc_size)
    c.text(x + w, svc_y, page.service, svc_size, right_w, bold=True, align="R")
    name_w = w - right_w - 2 * s
    name_size = c.text(
        x, y + _ascent(big), page.carrier_name, big, name_w, bold=True, min_scale=0.45
    )
    bottom = max(y + _leading(name_size), svc_y + svc_size * PT * 0.35)
    c.box(x, bottom + 0.6 * s, w, 0.7 * s)
    return bottom + 1.3 * s


def _sandbox_banner(c: _Canvas, x: float, y: float, w: float, h: float) -> float:
    """The black sandbox banner with white text; returns its bottom."""
    c.box(x, y, w, h)
    size = min(h / PT * 0.72, 30.0)
    size = c.fit(SANDBOX_MARK, w * 0.94, size, True, 4.0)
    baseline = y + h / 2 + size * PT * 0.36
    c.text(x + w / 2, baseline, SANDBOX_MARK, size, w, bold=True, align="C", white=True)
    return y + h


MIN_BLOCK_SCALE = 0.55


def _fit_block(
    c: _Canvas,
    lines: list[str],
    width: float,
    room: float,
    size: float,
    max_size: float,
    bold: bool,
    wrap: bool,
) -> tuple[list[str], float] | None:
    """Lines and size for a text block: the largest size (up to `max_size`) at which the lines
    fit unbroken, else (with `wrap`) broken at spaces at `size` or smaller; None if nothing fits.
    """

    def fits(block: list[str], trial: float) -> bool:
        return len(block) * _leading(trial) <= room + 0.01

    trial = max(size, max_size)
    while trial >= size:
        if fits(lines, trial) and all(c.measure(ln, trial, bold) <= width for ln in lines):
            return lines, trial
        trial -= 0.5
    trial = size
    while trial >= size * MIN_BLOCK_SCALE:
        block = [p for ln in lines for p in c.wrap(ln, width, trial, bold)] if wrap else lines
        if fits(block, trial):
            return block, trial
        trial -= 0.5
    return None


def _address(
    c: _Canvas,
    title: str,
    lines: Sequence[str],
    x: float,
    y: float,
    w: float,
    title_size: float,
    size: float,
    bold: bool,
    max_h: float,
    max_size: float | None = None,
    wrap: bool = True,
) -> float:
    """A titled address block fitted into `max_h` (grown up to `max_size`); returns its bottom.

    With `wrap`, long lines break at spaces; else they shrink a little, then get clipped.
    """
    c.text(x, y + _ascent(title_size), title, title_size, w, bold=True)
    y += _leading(title_size)
    room = max_h - _leading(title_size)
    lines = list(lines)
    fitted = _fit_block(c, lines, w - 1.0, room, size, max_size or size, bold, wrap)
    if fitted is None:  # even the smallest size cannot hold every line: show what fits
        size = size * MIN_BLOCK_SCALE
    else:
        lines, size = fitted
    for line in lines:
        if _leading(size) > room + 0.01:
            break
        c.text(x + 1.0, y + _ascent(size), line, size, w - 1.0, bold=bold)
        y += _leading(size)
        room -= _leading(size)
    return y


def _barcode(
    c: _Canvas, page: LabelPage, x: float, bottom: float, w: float, bar_h: float, hr: float
) -> float:
    """Code 128 of the tracking number with its human-readable line; returns its top."""
    text_y = bottom - hr * PT * 0.25
    spaced = " ".join(
        page.tracking_number[i : i + 4] for i in range(0, len(page.tracking_number), 4)
    )
    c.text(x + w / 2, text_y, spaced, hr, w, bold=True, align="C")
    top = text_y - _ascent(hr) - 0.8 - bar_h
    c.items.append(
        Barcode(x, top, w, bar_h, page.tracking_number, code128_modules(page.tracking_number))
    )
    return top


def layout(page: LabelPage, width: float, height: float, measure: Measure) -> list[Primitive]:
    """The primitives of one label page of `width` x `height` mm."""
    if width > height:
        return _layout_landscape(page, width, height, measure)
    return _layout_portrait(page, width, height, measure)


def _layout_portrait(page: LabelPage, W: float, H: float, measure: Measure) -> list[Primitive]:
    """Tall labels (A5, A6, A7, 4x6 in, 4x8 in, 103x199 mm): one column."""
    c = _Canvas(measure)
    s = min(W / 105, H / 148)
    m = 3.0 * s
    x, iw = m, W - 2 * m
    y = _header(c, page, x, m, iw, s, 24 * s)
    if page.sandbox:
        y = _sandbox_banner(c, 0, y + 0.5 * s, W, 8.5 * s) + 1.5 * s

    # From the bottom up: barcode, then the facts block with chips and an optional QR code.
    tall = H / W > 1.6  # 103 x 199 mm, 4 x 8 in: the extra length goes to receiver and bars
    bar_h = min(max(H * 0.16, 12.0), 38.0 if tall else 32.0)
    top = _barcode(c, page, x, H - m, iw, bar_h, 11 * s)
    qr = page.tracking_url is not None and W >= 100
    qr_size = 24 * s if qr else 0.0
    info_size = 8.0 * s
    lines = info_lines(page)
    chip_rows = 1 if page.extras else 0
    info_h = _leading(info_size) * len(lines) + chip_rows * (info_size * PT * 1.7)
    info_h = max(info_h, qr_size) + 2.0 * s
    info_top = top - 2.0 * s - info_h
    c.box(x, info_top - 1.0 * s, iw, 0.35 * s)
    text_w = iw - (qr_size + 2 * s if qr else 0)
    iy = info_top + 0.5 * s
    for line in lines:
        c.text(x, iy + _ascent(info_size), line, info_size, text_w)
        iy += _leading(info_size)
    _chips(c, page.extras, x, iy + 0.5 * s, text_w, info_size)
    if qr and page.tracking_url:
        c.items.append(QrCode(x + iw - qr_size, info_top, qr_size, page.tracking_url))
    c.box(x, top - 1.6 * s, iw, 0.35 * s)

    # Sender small, receiver big in the remaining middle.
    avail = info_top - 1.5 * s - y
    sender_h = min(avail * 0.3, _leading(6 * s) + _leading(8 * s) * len(page.sender))
    y = _address(c, "FROM", page.sender, x, y, iw, 6 * s, 8 * s, False, sender_h, wrap=False)
    c.box(x, y + 0.8 * s, iw, 0.35 * s)
    y += 2.0 * s
    grow = (20 if tall else 16) * s
    _address(c, "TO", page.receiver, x, y, iw, 7 * s, 13 * s, True, info_top - 2.0 * s - y, grow)
    return c.items


def _layout_landscape(page: LabelPage, W: float, H: float, measure: Measure) -> list[Primitive]:
    """Wide labels (100 x 70 mm): sender and facts left, receiver right, barcode below."""
    c = _Canvas(measure)
    s = H / 70
    m = 2.5 * s
    x, iw = m, W - 2 * m
    y = _header(c, page, x, m, iw, s, 17 * s)
    if page.sandbox:
        y = _sandbox_banner(c, 0, y, W, 6 * s) + 1.0 * s
    top = _barcode(c, page, x, H - m, iw, 13.5 * s, 8.5 * s)
    c.box(x, top - 1.2 * s, iw, 0.3 * s)
    bottom = top - 1.8 * s

    left_w = iw * 0.40
    right_x = x + left_w + 2.0 * s
    right_w = iw - left_w - 2.0 * s
    c.box(x + left_w + 0.8 * s, y, 0.3 * s, bottom - y)
    _address(c, "TO", page.receiver, right_x, y, right_w, 5.5 * s, 10 * s, True, bottom - y)

    info_size = 5.5 * s
    lines = [ln for part in info_lines(page) for ln in part.split("   ")]
    chip_h = info_size * PT * 1.7 if page.extras else 0.0
    sender_h = min(bottom - y, _leading(5 * s) + _leading(6 * s) * len(page.sender))
    ly = _address(c, "FROM", page.sender, x, y, left_w, 5 * s, 6 * s, False, sender_h, wrap=False)
    c.box(x, ly + 0.3 * s, left_w, 0.25 * s)
    ly += 1.0 * s
    # Facts in order of importance; additional-service chips always keep their room.
    fits = int((bottom - ly - chip_h) / _leading(info_size) + 0.01)
    for line in lines[: max(0, fits)]:
        c.text(x, ly + _ascent(info_size), line, info_size, left_w)
        ly += _leading(info_size)
    _chips(c, page.extras, x, ly + 0.3 * s, left_w, info_size)
    return c.items
