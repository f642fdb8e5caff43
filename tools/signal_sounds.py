"""Write the Scan page's signal sounds: resources/sounds/success.wav and error.wav.

Origin: both are synthesised by this script (no recording, no third-party material) with the
standard library's `wave` module. Success is a short rising two-tone (A5 then E6, 0.235 s),
error a longer low buzz (a band-limited 150 Hz square wave, 0.55 s: its upper partials carry it
on small speakers that do not reproduce 150 Hz). 16-bit mono PCM at 22,050 Hz, which every
player the station uses reads (winsound, afplay, pw-play, paplay, aplay).

    python -m tools.signal_sounds            # rewrites resources/sounds/
    python -m tools.signal_sounds OUT_DIR

The WAV files are committed; tests/station/test_sounds.py checks they are what this writes.
"""

from __future__ import annotations

import math
import struct
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

RATE = 22_050
SOUNDS_DIR = Path(__file__).resolve().parent.parent / "resources" / "sounds"


def tone(partials: Sequence[tuple[float, float]], seconds: float, fade_s: float) -> list[float]:
    """`seconds` of the sum of (frequency, amplitude) sines, faded in and out (no clicks)."""
    count, fade = round(seconds * RATE), round(fade_s * RATE)
    samples = []
    for i in range(count):
        t = i / RATE
        value = sum(amp * math.sin(2 * math.pi * freq * t) for freq, amp in partials)
        samples.append(value * min(1.0, i / fade, (count - 1 - i) / fade))
    return samples


def silence(seconds: float) -> list[float]:
    return [0.0] * round(seconds * RATE)


def success_samples() -> list[float]:
    """A short rising two-tone: A5 (880 Hz), a breath, E6 (1318.5 Hz)."""
    return (
        tone([(880.0, 0.5)], 0.09, fade_s=0.005)
        + silence(0.015)
        + tone([(1318.5, 0.5)], 0.13, fade_s=0.005)
    )


def error_samples() -> list[float]:
    """A longer low buzz: the odd partials of a 150 Hz square wave up to the 11th."""
    square = [(150.0 * k, 0.45 / k) for k in (1, 3, 5, 7, 9, 11)]
    return tone(square, 0.55, fade_s=0.01)


SOUNDS: dict[str, Callable[[], list[float]]] = {
    "success.wav": success_samples,
    "error.wav": error_samples,
}


def pcm16(samples: Sequence[float]) -> bytes:
    """Little-endian signed 16-bit frames (WAV's byte order on every machine)."""
    ints = [round(max(-1.0, min(1.0, s)) * 32767) for s in samples]
    return struct.pack(f"<{len(ints)}h", *ints)


def write_wav(path: Path, samples: Sequence[float]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm16(samples))


def main(argv: Sequence[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    folder = Path(args[0]) if args else SOUNDS_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(folder / name, make())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
