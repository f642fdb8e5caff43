"""The station's signal sounds as WAV files, played by the system without blocking the caller.

`resources/sounds/success.wav` (a short rising two-tone) and `error.wav` (a longer low buzz)
are synthesised by `tools/signal_sounds.py`. Qt's QSoundEffect would play them, but
QtMultimedia is not in pyside6-essentials (only in the PySide6 add-ons, well over 100 MB); so
the operating system plays them:

- Windows: `winsound.PlaySound(path, SND_FILENAME | SND_ASYNC)` (standard library);
- macOS: `afplay`;
- Linux and other systems: the first of `pw-play` (PipeWire), `paplay` (PulseAudio), `aplay`
  (ALSA) found on PATH.

A player program is started with `subprocess.Popen`, its output discarded, and never waited
on by the caller (the GUI thread): a daemon thread waits for it (so no zombie is left) and
ends one still running after PLAY_TIMEOUT_S. When no way to play is found, `play` returns
False and the caller sounds the desktop bell instead. Nothing here imports Qt.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

from desktop_app.resources import resource_path

__all__ = ["LINUX_PLAYERS", "SOUND_FILES", "SoundPlayer", "player_command", "sound_file"]

#: the WAV file of each signal, in resources/sounds/
SOUND_FILES: dict[str, str] = {"success": "success.wav", "error": "error.wav"}
#: Linux's players in the order they are tried (Debian packages: pipewire-bin,
#: pulseaudio-utils, alsa-utils; the .deb recommends them, none is required)
LINUX_PLAYERS: tuple[str, ...] = ("pw-play", "paplay", "aplay")
#: a player still running after this long is ended (the sounds last under a second)
PLAY_TIMEOUT_S = 10.0


def sound_file(kind: str) -> Path:
    """The WAV file of the signal `kind` ("success" or "error"; anything else: the error's)."""
    return resource_path("sounds", SOUND_FILES.get(kind, SOUND_FILES["error"]))


def player_command(wav: Path, platform: str = sys.platform) -> list[str] | None:
    """The command that plays `wav` on `platform`, or None when no player program is found
    (and on Windows, which plays through winsound instead)."""
    if platform == "win32":
        return None
    names = ("afplay",) if platform == "darwin" else LINUX_PLAYERS
    for name in names:
        program = shutil.which(name)
        if program is not None:
            return [program, str(wav)]
    return None


def _reap(process: subprocess.Popen[bytes]) -> None:
    """Wait for a player (off the GUI thread); end one that hangs."""
    try:
        process.wait(timeout=PLAY_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


class SoundPlayer:
    """Plays the signal sounds; `play` returns at once."""

    def __init__(self) -> None:
        self.processes: list[subprocess.Popen[bytes]] = []
        """Player programs started and not yet seen finished (each has a thread waiting)."""
        self._waiters: list[threading.Thread] = []

    def play(self, kind: str) -> bool:
        """Start playing the signal `kind`; False when there is no way to play it here."""
        self._forget_finished()
        wav = sound_file(kind)
        if not wav.is_file():
            return False
        if sys.platform == "win32":
            import winsound

            try:
                winsound.PlaySound(
                    str(wav), winsound.SND_FILENAME | winsound.SND_ASYNC | winsound.SND_NODEFAULT
                )
            except RuntimeError:  # no sound device
                return False
            return True
        command = player_command(wav)
        if command is None:
            return False
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:  # not executable after all, or the system is out of processes
            return False
        waiter = threading.Thread(target=_reap, args=(process,), name="sound-player", daemon=True)
        waiter.start()
        self.processes.append(process)
        self._waiters.append(waiter)
        return True

    def wait(self, timeout: float) -> bool:
        """Wait up to `timeout` s until every player started has finished and been reaped;
        True when none is left (the app never needs to: its threads reap them)."""
        deadline = time.monotonic() + timeout
        for waiter in self._waiters:
            waiter.join(max(0.0, deadline - time.monotonic()))
        self._forget_finished()
        return not self.processes

    def _forget_finished(self) -> None:
        self._waiters = [w for w in self._waiters if w.is_alive()]
        self.processes = [p for p in self.processes if p.returncode is None]
