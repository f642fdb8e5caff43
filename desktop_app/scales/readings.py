"""Weight readings, units, and stable-weight detection (shared by every kind of scale)."""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field

# kilograms per unit; the units that shipping scales report
KG_PER_UNIT: dict[str, float] = {
    "mg": 1e-6,
    "g": 0.001,
    "kg": 1.0,
    "lb": 0.45359237,
    "oz": 0.028349523125,
}
UNIT_ALIASES = {"lbs": "lb", "#": "lb", "gr": "g", "kgs": "kg", "ozs": "oz"}


class ScaleError(Exception):
    """A scale could not give a weight; the message says why in English for logs and the
    command line, and `kind` names the reason for a user interface to say in its own language
    (one of SCALE_ERROR_KINDS; "" when only the message says it)."""

    def __init__(self, message: str, *, kind: str = "") -> None:
        super().__init__(message)
        self.kind = kind


SCALE_ERROR_KINDS = (
    "fault",
    "overload",
    "underload",
    "calibrate",
    "rezero",
    "moving",
    "unknown_unit",
    "not_connected",
    "cannot_open",
    "connection_lost",
    "no_answer",
    "needs_library",
    "zero_on_scale",
    "zero_failed",
)


class ScaleUnavailable(ScaleError):
    """The scale cannot be used at all here (library missing, bad URI): retrying will not help."""


class ScaleDisconnected(ScaleError):
    """The scale is not connected (unplugged, switched off): try again later."""


class ScaleNotReady(ScaleError):
    """The scale answered but has no valid weight now (overload, under zero, busy)."""


def normalize_unit(unit: str) -> str:
    """`unit` as a key of KG_PER_UNIT (`LB` -> `lb`); ValueError for units we cannot convert."""
    key = unit.strip().lower()
    key = UNIT_ALIASES.get(key, key)
    if key not in KG_PER_UNIT:
        raise ValueError(f"unknown weight unit {unit!r}: use one of {', '.join(KG_PER_UNIT)}")
    return key


def to_kg(value: float, unit: str) -> float:
    """`value` in `unit` converted to kilograms (rounded to 0.1 g)."""
    return round(value * KG_PER_UNIT[normalize_unit(unit)], 4)


def from_kg(kg: float, unit: str) -> float:
    """`kg` converted to `unit`."""
    return kg / KG_PER_UNIT[normalize_unit(unit)]


@dataclass(frozen=True, slots=True)
class Reading:
    """One weight as the scale reported it; `at` is `time.monotonic()` when it was read."""

    value: float
    unit: str
    stable: bool
    at: float = field(default_factory=time.monotonic)

    @property
    def kg(self) -> float:
        """The weight in kilograms."""
        return to_kg(self.value, self.unit)

    def age(self, now: float | None = None) -> float:
        """Seconds since this reading was taken."""
        return (time.monotonic() if now is None else now) - self.at

    def describe(self) -> str:
        """`1.250 kg (stable)` for messages."""
        state = "stable" if self.stable else "moving"
        return f"{self.value:g} {self.unit} = {self.kg:.3f} kg ({state})"


class StabilityDetector:
    """A weight is stable after `count` readings that the scale calls stable and that lie
    within `tolerance_kg` of each other (a scale's own flag alone settles too early on some
    models, and a scale without a flag reports every reading as stable)."""

    def __init__(self, count: int = 3, tolerance_kg: float = 0.002) -> None:
        if count < 1:
            raise ValueError("count must be at least 1")
        if tolerance_kg < 0:
            raise ValueError("tolerance_kg must not be negative")
        self.count = count
        self.tolerance_kg = tolerance_kg
        self._recent: deque[Reading] = deque(maxlen=count)

    def reset(self) -> None:
        """Forget the readings so far (after a disconnect, zero or tare)."""
        self._recent.clear()

    def feed(self, reading: Reading) -> Reading | None:
        """Add a reading; the stable reading (the newest) once the last `count` agree, else None."""
        if not reading.stable:
            self._recent.clear()
            return None
        self._recent.append(reading)
        if len(self._recent) < self.count:
            return None
        weights = [r.kg for r in self._recent]
        if max(weights) - min(weights) > self.tolerance_kg + 1e-9:
            return None
        return reading
