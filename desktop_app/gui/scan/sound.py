"""The Scan page's signal sounds: a WAV file per signal, else the desktop bell.

The WAV files (success: a short rising two-tone; error: a longer low buzz) are played by the
system through `desktop_app.station.sounds.SoundPlayer` (winsound, afplay, or pw-play / paplay
/ aplay on Linux), which never blocks the GUI thread. Where none of them is there, the desktop's
own bell (QApplication.beep) sounds instead: one beep for a success, three for an error. The
presenter asks for a sound only while the profile wants them (Settings › Station).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from desktop_app.station.sounds import SoundPlayer

#: beeps per signal ("success" or "error", as the scan presenter's `sound` signal names them)
BEEPS: dict[str, int] = {"success": 1, "error": 3}
GAP_MS = 180


def beeps_for(kind: str) -> int:
    """How many beeps the signal `kind` sounds (an unknown kind: an error's)."""
    return BEEPS.get(kind, BEEPS["error"])


class ScanSounds:
    """Sounds the presenter's signals: the WAV file, or the bell where nothing plays it."""

    def __init__(
        self, player: SoundPlayer | None = None, bell: Callable[[], None] = QApplication.beep
    ) -> None:
        self.player = player or SoundPlayer()
        self.bell = bell

    def play(self, kind: str) -> str:
        """Sound the signal `kind`; how it sounded: "file" or "bell"."""
        if self.player.play(kind):
            return "file"
        for n in range(beeps_for(kind)):  # spaced GAP_MS apart
            QTimer.singleShot(n * GAP_MS, self.bell)
        return "bell"
