"""USB HID point-of-sale scales (HID usage page 0x8D, "Scale") through the `hidapi` package.

Shipping scales (DYMO M-series, Mettler Toledo PS60, Stamps.com, Fairbanks, Elane/USPS...)
send a 6-byte data report: report id 3, status, unit, exponent (signed), weight LSB, MSB.
weight = (LSB + 256 * MSB) * 10 ** exponent, in the unit. `hidapi` is imported only when a
HID scale is used; without it the message says what to install.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from desktop_app.scales.base import Scale
from desktop_app.scales.readings import (
    Reading,
    ScaleDisconnected,
    ScaleError,
    ScaleNotReady,
    ScaleUnavailable,
)

SCALE_USAGE_PAGE = 0x8D
DATA_REPORT_ID = 3

# HID POS "Scale Status" values (usage 0x70..0x77 as report values 1..8)
STATUS_FAULT = 1
STATUS_ZERO = 2
STATUS_IN_MOTION = 3
STATUS_STABLE = 4
STATUS_UNDER_ZERO = 5
STATUS_OVER_WEIGHT = 6
STATUS_NEEDS_CALIBRATION = 7
STATUS_NEEDS_REZERO = 8

# HID POS "Weight Unit" values -> (our unit, factor to it)
_UNITS: dict[int, tuple[str, float]] = {
    1: ("mg", 1.0),
    2: ("g", 1.0),
    3: ("kg", 1.0),
    4: ("g", 0.2),  # carat
    6: ("g", 0.06479891),  # grain
    7: ("g", 1.55517384),  # pennyweight
    8: ("kg", 1000.0),  # metric ton
    10: ("g", 31.1034768),  # troy ounce
    11: ("oz", 1.0),
    12: ("lb", 1.0),
}

# Vendor and product ids of shipping scales known to send the report above; on systems where
# hidapi reports no usage page (some Linux hidraw builds), these are recognised by id.
KNOWN_SCALES: dict[tuple[int, int], str] = {
    (0x0922, 0x8003): "DYMO M10",
    (0x0922, 0x8004): "DYMO M25",
    (0x0922, 0x8009): "DYMO S180",
    (0x6096, 0x0158): "Sanford DYMO 10 lb",
    (0x0EB8, 0xF000): "Mettler Toledo PS60",
    (0x1446, 0x6A73): "Stamps.com Model 510",
    (0x2474, 0x0550): "Stamps.com 5 lb",
    (0x2474, 0x3550): "Stamps.com 35 lb",
    (0x7B7C, 0x0100): "Elane / USPS PS311",
    (0x0B67, 0x555E): "Fairbanks SCB-R9000",
    (0x0D8F, 0x0200): "Pitney Bowes 397-B",
}


def parse_report(report: bytes | list[int]) -> Reading | None:
    """The reading in a HID scale data report; None for other reports (ids other than 3).

    ScaleNotReady for fault, over weight, under zero and calibration states.
    """
    data = bytes(report)
    if len(data) >= 7 and data[0] == 0 and data[1] == DATA_REPORT_ID:
        data = data[1:]  # some hidapi back-ends put a zero report-number byte first
    if len(data) < 6 or data[0] != DATA_REPORT_ID:
        return None
    status, unit_code = data[1], data[2]
    exponent = data[3] - 256 if data[3] > 127 else data[3]
    raw = data[4] | data[5] << 8
    if status == STATUS_FAULT:
        raise ScaleNotReady("the scale reports a fault", kind="fault")
    if status == STATUS_OVER_WEIGHT:
        raise ScaleNotReady("over capacity: remove weight from the scale", kind="overload")
    if status == STATUS_UNDER_ZERO:
        raise ScaleNotReady("the scale reads below zero: empty it and press zero", kind="underload")
    if status == STATUS_NEEDS_CALIBRATION:
        raise ScaleNotReady("the scale needs calibrating", kind="calibrate")
    if status == STATUS_NEEDS_REZERO:
        raise ScaleNotReady("the scale needs re-zeroing: empty it and press zero", kind="rezero")
    if status == STATUS_ZERO:
        raw = 0
    if unit_code not in _UNITS:
        raise ScaleError(
            f"the scale reports an unknown unit (HID code {unit_code})", kind="unknown_unit"
        )
    unit, factor = _UNITS[unit_code]
    value = round(raw * 10.0**exponent * factor, 6)
    return Reading(value, unit, stable=status in (STATUS_STABLE, STATUS_ZERO))


def _import_hid() -> Any:
    try:
        import hid
    except ImportError:
        raise ScaleUnavailable(
            "USB HID scales need the hidapi package: pip install 'packdesk[hid]'"
            " (and on Linux read access to /dev/hidraw*, e.g. a udev rule)",
            kind="needs_library",
        ) from None
    return hid


@dataclass(frozen=True, slots=True)
class HidScaleInfo:
    """A HID scale found on the USB bus."""

    vendor_id: int
    product_id: int
    product: str
    path: bytes

    @property
    def uri(self) -> str:
        """The scale URI that opens it."""
        return f"hid:{self.vendor_id:04x}:{self.product_id:04x}"


def is_scale(info: dict[str, Any]) -> bool:
    """Whether a hidapi `enumerate()` entry is a POS scale (by usage page, else by known ids)."""
    if info.get("usage_page") == SCALE_USAGE_PAGE:
        return True
    return (info.get("vendor_id"), info.get("product_id")) in KNOWN_SCALES


def list_hid_scales() -> list[HidScaleInfo]:
    """The HID scales connected now (ScaleUnavailable without hidapi)."""
    hid = _import_hid()
    found: dict[tuple[int, int], HidScaleInfo] = {}
    for info in hid.enumerate():
        if not is_scale(info):
            continue
        key = (int(info["vendor_id"]), int(info["product_id"]))
        name = info.get("product_string") or KNOWN_SCALES.get(key, "HID scale")
        found.setdefault(key, HidScaleInfo(key[0], key[1], str(name), info["path"]))
    return list(found.values())


class HidScale(Scale):
    """A USB HID scale: `hid:` (the first one found) or `hid:VID:PID` in hex."""

    scheme = "hid"

    def __init__(self, uri: str) -> None:
        super().__init__(uri)
        target = self._path().strip("/")
        self.ids: tuple[int, int] | None = None
        if target:
            try:
                vid, pid = (int(x, 16) for x in target.split(":"))
            except ValueError:
                raise ValueError(
                    f"{uri!r}: use hid: or hid:VID:PID in hex, e.g. hid:0922:8003"
                ) from None
            self.ids = (vid, pid)
        self._device: Any = None

    def describe(self) -> str:
        if self.ids is None:
            return "USB scale"
        name = KNOWN_SCALES.get(self.ids, "USB scale")
        return f"{name} ({self.ids[0]:04x}:{self.ids[1]:04x})"

    def _open(self) -> Any:
        if self._device is not None:
            return self._device
        hid = _import_hid()
        scales = [s for s in list_hid_scales() if self.ids in (None, (s.vendor_id, s.product_id))]
        if not scales:
            raise ScaleDisconnected(f"{self.describe()}: not connected", kind="not_connected")
        try:
            if hasattr(hid, "device"):  # hidapi (cython-hidapi)
                device = hid.device()
                device.open_path(scales[0].path)
            else:  # the ctypes `hid` package
                device = hid.Device(path=scales[0].path)
        except (OSError, ValueError) as exc:
            raise ScaleDisconnected(
                f"{self.describe()}: cannot open ({exc}; on Linux: read access to /dev/hidraw*?)",
                kind="cannot_open",
            ) from None
        self._device = device
        return device

    def read(self, timeout: float = 1.0) -> Reading:
        device = self._open()
        deadline = time.monotonic() + timeout
        # the scale sends a report on every change and a few a second: take the newest
        while True:
            left_ms = max(1, int((deadline - time.monotonic()) * 1000))
            try:
                data = device.read(64, left_ms)
            except (OSError, ValueError) as exc:
                self.close()
                raise ScaleDisconnected(
                    f"{self.describe()}: connection lost ({exc})", kind="connection_lost"
                ) from None
            if data:
                reading = parse_report(data)
                if reading is not None:
                    return reading
            if time.monotonic() >= deadline:
                raise ScaleError(
                    f"{self.describe()}: no report within {timeout:g} s", kind="no_answer"
                )

    def close(self) -> None:
        device, self._device = self._device, None
        if device is not None:
            try:
                device.close()
            except Exception:  # noqa: BLE001 - a vanished device may fail to close any way
                pass
