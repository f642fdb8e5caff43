"""Offline ZPL preview through the optional `zplkit` extra; without it, a clear "not available"."""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

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


def _render(data: bytes, dpi: int, width: int | None, height: int | None) -> Any:
    try:
        import zplkit
        from zplkit.rendering import Limits
    except ImportError:
        raise PreviewUnavailable(NOT_AVAILABLE) from None
    options = zplkit.Options(profile="specification", dpi=dpi, width=width, height=height)
    # converted labels carry a whole page as ^GF graphics: far above zplkit's 25 KB default
    limits = Limits(graphic_bytes=16_000_000, input_bytes=32_000_000)
    return zplkit.render(data, options, limits=limits)


def render_zpl_images(
    data: bytes, *, dpi: int = 203, width_dots: int | None = None, height_dots: int | None = None
) -> list[Image.Image]:
    """Each label of `data` as a grayscale image; raises PreviewUnavailable without zplkit."""
    from PIL import Image

    doc = _render(data, dpi, width_dots, height_dots)
    images = []
    for scene in doc.labels:
        raster = scene.rasterize()
        images.append(Image.frombytes("L", (raster.width, raster.height), raster.pixels))
    return images


def render_zpl_preview(
    data: bytes, *, dpi: int = 203, width_dots: int | None = None, height_dots: int | None = None
) -> ZplPreview:
    """Render each label of `data` to PNG at `dpi`; never raises for a missing zplkit."""
    try:
        doc = _render(data, dpi, width_dots, height_dots)
    except PreviewUnavailable as exc:
        return ZplPreview(False, message=str(exc))
    except ValueError as exc:  # zplkit's RenderError/ParseError
        return ZplPreview(False, message=f"cannot render this ZPL: {exc}")
    return ZplPreview(True, [scene.png() for scene in doc.labels], warnings=list(doc.warnings))
