"""Offline ZPL preview through the optional `zplkit` extra; without it, a clear "not available"."""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from desktop_app.printing.zpl import tokenize

if TYPE_CHECKING:
    from PIL import Image

NOT_AVAILABLE = "preview not available: install the 'preview' extra (zplkit) to render ZPL"


class PreviewUnavailable(RuntimeError):
    """zplkit is not installed."""


@dataclass(slots=True)
class ZplPreview:
    """Rendered labels as PNG bytes, or `available` False with the reason in `message`."""

    available: bool
    pngs: list[bytes] = field(default_factory=list)
    message: str = ""
    warnings: list[str] = field(default_factory=list)


def preview_available() -> bool:
    """Whether zplkit is installed."""
    return importlib.util.find_spec("zplkit") is not None


_UNSUPPORTED = re.compile(r"unsupported (control )?command (\w\w)")
# printer-setup commands (darkness, media, speed...) do not change how a label looks, but
# zplkit refuses some; the preview drops each one it refuses and says so in its warnings
_MAX_DROPPED = 20


def _render(
    data: bytes, dpi: int, width: int | None, height: int | None, ignored: list[str]
) -> Any:
    try:
        import zplkit
        from zplkit.rendering import Limits, RenderError
    except ImportError:
        raise PreviewUnavailable(NOT_AVAILABLE) from None
    options = zplkit.Options(profile="specification", dpi=dpi, width=width, height=height)
    # converted labels carry a whole page as ^GF graphics: far above zplkit's 25 KB default
    limits = Limits(graphic_bytes=16_000_000, input_bytes=32_000_000)
    for _ in range(_MAX_DROPPED):
        try:
            return zplkit.render(data, options, limits=limits)
        except RenderError as exc:
            m = _UNSUPPORTED.search(str(exc))
            if not m:
                raise
            prefix = "~" if m[1] else "^"
            name = m[2].upper()
            stripped = _without(data, name, prefix)
            if stripped == data:
                raise
            ignored.append(prefix + name)
            data = stripped
    return zplkit.render(data, options, limits=limits)


def _without(data: bytes, name: str, prefix: str) -> bytes:
    commands = tokenize(data)
    out = bytearray(data[: commands[0].start] if commands else data)
    for cmd in commands:
        if not (cmd.prefix == prefix and cmd.name == name):
            out += data[cmd.start : cmd.end]
    return bytes(out)


def render_zpl_images(
    data: bytes, *, dpi: int = 203, width_dots: int | None = None, height_dots: int | None = None
) -> list[Image.Image]:
    """Each label of `data` as a grayscale image; raises PreviewUnavailable without zplkit."""
    from PIL import Image

    doc = _render(data, dpi, width_dots, height_dots, [])
    images = []
    for scene in doc.labels:
        raster = scene.rasterize()
        images.append(Image.frombytes("L", (raster.width, raster.height), raster.pixels))
    return images


def render_zpl_preview(
    data: bytes, *, dpi: int = 203, width_dots: int | None = None, height_dots: int | None = None
) -> ZplPreview:
    """Render each label of `data` to PNG at `dpi`; never raises for a missing zplkit."""
    ignored: list[str] = []
    try:
        doc = _render(data, dpi, width_dots, height_dots, ignored)
    except PreviewUnavailable as exc:
        return ZplPreview(False, message=str(exc))
    except ValueError as exc:  # zplkit's RenderError/ParseError
        return ZplPreview(False, message=f"cannot render this ZPL: {exc}")
    warnings = list(doc.warnings)
    if ignored:
        warnings.append("ignored for the preview: " + ", ".join(ignored))
    return ZplPreview(True, [scene.png() for scene in doc.labels], warnings=warnings)
