"""Render resources/icons/packdesk.svg to the PNG sizes and the Windows .ico beside it.

Run after editing the SVG (the PNGs and the .ico are committed so that neither the app nor a
build needs an SVG renderer):  .venv/bin/python packaging/render_icons.py
Qt's own SVG renderer (QtSvg ships in pyside6-essentials) draws the PNGs; Pillow writes the .ico.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)  # the .ico format stops at 256


def render_png(svg: Path, size: int) -> bytes:
    """The SVG drawn at `size` x `size` pixels, as PNG bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(svg))
    if not renderer.isValid():
        raise SystemExit(f"{svg}: not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PIL import Image
    from PySide6.QtGui import QGuiApplication

    sys.path.insert(0, str(ROOT))
    from desktop_app.gui.app import ICON_SIZES as SIZES

    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    svg = ICONS / "packdesk.svg"
    images = {}
    for size in SIZES:
        png = render_png(svg, size)
        (ICONS / f"packdesk-{size}.png").write_bytes(png)
        images[size] = Image.open(io.BytesIO(png)).convert("RGBA")
    # each .ico entry from its own rendering (sharper at 16 px than one image scaled down)
    largest = images[max(ICO_SIZES)]
    largest.save(
        ICONS / "packdesk.ico",
        format="ICO",
        sizes=[(s, s) for s in ICO_SIZES],
        append_images=[images[s] for s in ICO_SIZES if s != max(ICO_SIZES)],
    )
    del app
    sys.stdout.write(f"wrote {len(SIZES)} PNGs and packdesk.ico to {ICONS}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
