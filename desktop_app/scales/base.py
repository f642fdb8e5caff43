"""Scales behind one small interface, chosen by the URI's scheme (like the printer transports).

URIs: `sics:/dev/ttyUSB0[?baudrate=9600]` (Mettler Toledo MT-SICS), `nci:/dev/ttyUSB0`
(NCI / Weigh-Tronix `W<CR>` protocol), `hid:` or `hid:VID:PID` (USB HID point-of-sale scales).
The calls block (serial and HID libraries are blocking): async code runs them in a thread, as
`ScaleMonitor` does.
"""

from __future__ import annotations

import time
from abc import ABC, abstractmethod
from typing import ClassVar
from urllib.parse import parse_qs

from desktop_app.registry import SchemeRegistry
from desktop_app.scales.readings import (
    Reading,
    ScaleError,
    ScaleNotReady,
    ScaleUnavailable,
    StabilityDetector,
)


class Scale(ABC):
    """One scale. Subclasses parse their URI in `__init__` (ValueError names the problem).

    `read` opens the connection when needed; after `ScaleDisconnected` the next `read` tries
    to open it again, so an unplugged and replugged scale works on without a restart.
    """

    scheme: ClassVar[str]

    def __init__(self, uri: str) -> None:
        self.uri = uri
        self.target = uri.split(":", 1)[1] if ":" in uri else ""

    def _query(self) -> dict[str, str]:
        query = self.target.split("?", 1)[1] if "?" in self.target else ""
        return {k: v[-1] for k, v in parse_qs(query).items()}

    def _path(self) -> str:
        return self.target.split("?", 1)[0]

    @abstractmethod
    def read(self, timeout: float = 1.0) -> Reading:
        """One reading now (stable or moving); ScaleError subclasses otherwise."""

    def zero(self) -> None:
        """Set the empty scale to zero."""
        raise ScaleNotReady(f"{self.describe()}: zero it on the scale itself", kind="zero_on_scale")

    def tare(self) -> Reading:
        """Take the weight on the scale as tare (the box); returns the tare weight."""
        raise ScaleNotReady(f"{self.describe()}: tare it on the scale itself")

    def clear_tare(self) -> None:
        """Forget the tare."""
        raise ScaleNotReady(f"{self.describe()}: clear the tare on the scale itself")

    @abstractmethod
    def close(self) -> None:
        """Release the device (a later `read` opens it again)."""

    def describe(self) -> str:
        """The scale for messages."""
        return self.uri

    def __enter__(self) -> Scale:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# scheme -> class, or "module:Class" imported on first use (hidapi only with a HID scale)
_REGISTRY: SchemeRegistry[Scale] = SchemeRegistry(Scale, "scale type")


def register_scale(scheme: str, cls: type[Scale] | str) -> None:
    """Make `scheme:` URIs use `cls` (a class or a lazy "module:Class" path)."""
    _REGISTRY.register(scheme, cls)


def scale_schemes() -> list[str]:
    """The registered schemes."""
    return _REGISTRY.schemes()


def create_scale(uri: str) -> Scale:
    """A scale for `uri`; ValueError names what is wrong with it."""
    if ":" not in uri:
        raise ValueError(f"{uri!r} is not a scale URI like sics:/dev/ttyUSB0 or hid:")
    return _REGISTRY.get(uri.split(":", 1)[0])(uri)


def read_stable(
    scale: Scale,
    *,
    timeout: float = 10.0,
    count: int = 3,
    tolerance_kg: float = 0.002,
    interval: float = 0.1,
) -> Reading:
    """Read until `count` stable readings agree within `tolerance_kg`; the last of them.

    TimeoutError after `timeout` seconds (the message has the last reading or error).
    ScaleUnavailable is raised at once; other ScaleErrors are retried until the time runs out.
    """
    detector = StabilityDetector(count, tolerance_kg)
    deadline = time.monotonic() + timeout
    last: str = "no reading"
    while True:
        try:
            reading = scale.read(timeout=min(1.0, max(0.05, deadline - time.monotonic())))
        except ScaleUnavailable:
            raise
        except ScaleError as exc:
            detector.reset()
            last = str(exc)
        else:
            last = reading.describe()
            stable = detector.feed(reading)
            if stable is not None:
                return stable
        if time.monotonic() >= deadline:
            raise TimeoutError(f"no stable weight within {timeout:g} s (last: {last})")
        time.sleep(interval)


register_scale("sics", "desktop_app.scales.serial_scales:SicsScale")
register_scale("nci", "desktop_app.scales.serial_scales:NciScale")
register_scale("hid", "desktop_app.scales.hid:HidScale")
