"""The Scan page's signal sounds: one beep for a success, three short ones for an error.

QtMultimedia's QSoundEffect (which would play WAV files) is not in pyside6-essentials, and the
PySide6 add-ons package that has it is a download of well over 100 MB; so the station uses
the desktop's own bell (QApplication.beep) in two patterns a packer tells apart by ear.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

#: beeps per signal ("success" or "error", as the scan presenter's `sound` signal names them)
BEEPS: dict[str, int] = {"success": 1, "error": 3}
GAP_MS = 180


def beeps_for(kind: str) -> int:
    """How many beeps the signal `kind` sounds (an unknown kind: an error's)."""
    return BEEPS.get(kind, BEEPS["error"])


def play(kind: str) -> None:
    """Sound the signal `kind` (the beeps are spaced GAP_MS apart)."""
    for n in range(beeps_for(kind)):
        QTimer.singleShot(n * GAP_MS, QApplication.beep)
