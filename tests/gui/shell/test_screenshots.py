"""`make screenshots` runs: every PNG is written, window-sized, and shows the sandbox banner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage

from desktop_app.gui.core.theme import SANDBOX_LOOK
from tools.screenshots.window import SHOT_SIZES, SHOTS, WINDOW_SIZE

REPO = Path(__file__).resolve().parents[3]


@pytest.mark.timeout(180)
def test_screenshots_are_rendered(tmp_path: Path) -> None:
    """The script runs the real app (Local sandbox, virtual printer) and writes each shot."""
    out = tmp_path / "shots"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "tools.screenshots.window", str(out)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=170,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert sorted(done.stdout.split()) == sorted(str(out / name) for name, _ in SHOTS)
    banner = QColor(SANDBOX_LOOK.background)
    for name, _ in SHOTS:
        image = QImage(str(out / name))
        assert (image.width(), image.height()) == SHOT_SIZES.get(name, WINDOW_SIZE), name
        # the SANDBOX banner across the top, under the menu bar
        assert any(image.pixelColor(6, y) == banner for y in range(0, 80)), name
        # something drawn below the banner: not one flat colour
        colours = {
            image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(60, 700, 29)
        }
        assert len(colours) > 5, name
