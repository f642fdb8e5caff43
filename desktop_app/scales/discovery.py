"""Finding scales: serial ports (for MT-SICS or NCI scales) and USB HID scales."""

from __future__ import annotations

from dataclasses import dataclass

from desktop_app.scales.readings import ScaleUnavailable


@dataclass(frozen=True, slots=True)
class FoundScale:
    """A port or device a scale may be on: its URI (serial ports as `sics:`) and a description."""

    uri: str
    description: str
    kind: str  # "serial" or "hid"


def find_scales() -> tuple[list[FoundScale], list[str]]:
    """Serial ports and HID scales connected now, and notes on what could not be searched."""
    found: list[FoundScale] = []
    notes: list[str] = []
    try:
        from serial.tools import list_ports
    except ImportError:
        notes.append("pyserial is not installed: serial ports cannot be listed")
    else:
        for port in sorted(list_ports.comports(), key=lambda p: p.device):
            description = port.description if port.description not in ("", "n/a") else ""
            found.append(FoundScale(f"sics:{port.device}", description or port.device, "serial"))
    from desktop_app.scales.hid import list_hid_scales

    try:
        found += [FoundScale(s.uri, s.product, "hid") for s in list_hid_scales()]
    except ScaleUnavailable as exc:
        notes.append(str(exc))
    return found, notes
