"""Serial scales through pyserial: Mettler Toledo MT-SICS and the NCI / Weigh-Tronix protocol.

MT-SICS (level 0/1, every MT-SICS balance and bench scale): commands end in CR LF; answers
are `ID STATUS VALUE UNIT` lines. `SI` -> `S S     1.250 kg` (stable) or `S D ...` (dynamic);
`S` waits for a stable weight (`S I` when the scale cannot give one now); `S +` overload,
`S -` underload; `Z` -> `Z A`; `T` -> `T S  0.120 kg`; `TAC` -> `TAC A`; `ES`/`ET`/`EL`
syntax, transmission and logical errors.

NCI standard scale protocol (NCI 3835 / 6702 / 6720, Weigh-Tronix, Avery Weigh-Tronix and
many POS scales in NCI mode): `W<CR>` -> `<LF>  1.25LB<CR><LF>hh<CR><ETX>` where `hh` are
two status bytes (byte 1: bit 0 in motion, bit 1 at zero, bits 2-3 RAM/EEPROM error;
byte 2: bit 0 under capacity, bit 1 over capacity, bits 2-3 ROM/calibration error);
`Z<CR>` zeroes and answers the status; an unknown command gets `<LF>?<CR><ETX>`.
"""

from __future__ import annotations

import re
import time
from typing import Any

from desktop_app.scales.base import Scale
from desktop_app.scales.readings import (
    Reading,
    ScaleDisconnected,
    ScaleError,
    ScaleNotReady,
    ScaleUnavailable,
    normalize_unit,
)

try:
    from termios import error as _TermiosError  # pyserial lets tcflush's errors through
except ImportError:  # Windows
    _TermiosError = OSError  # type: ignore[assignment,misc]

_PARITIES = {"N": "N", "E": "E", "O": "O", "NONE": "N", "EVEN": "E", "ODD": "O"}


def _import_serial() -> Any:
    try:
        import serial
    except ImportError:
        raise ScaleUnavailable(
            "serial scales need pyserial (pip install pyserial)", kind="needs_library"
        ) from None
    return serial


class SerialScale(Scale):
    """A scale on a serial port: `SCHEME:/dev/ttyUSB0[?baudrate=9600&bytesize=8&parity=N]`."""

    default_baudrate = 9600
    default_bytesize = 8
    default_parity = "N"

    def __init__(self, uri: str) -> None:
        super().__init__(uri)
        self.device_path = self._path()
        if not self.device_path:
            raise ValueError(f"{uri!r}: no device (use {self.scheme}:/dev/ttyUSB0)")
        q = self._query()
        try:
            self.baudrate = int(q.get("baudrate", self.default_baudrate))
            self.bytesize = int(q.get("bytesize", self.default_bytesize))
        except ValueError:
            raise ValueError(f"{uri!r}: baudrate and bytesize are numbers") from None
        parity = q.get("parity", self.default_parity).upper()
        if parity not in _PARITIES or self.bytesize not in (7, 8):
            raise ValueError(f"{uri!r}: parity is N, E or O and bytesize 7 or 8")
        self.parity = _PARITIES[parity]
        self._port: Any = None

    def describe(self) -> str:
        return f"{self.scheme.upper()} scale on {self.device_path}"

    def _open(self) -> Any:
        if self._port is not None:
            return self._port
        serial = _import_serial()
        try:
            self._port = serial.Serial(
                self.device_path,
                baudrate=self.baudrate,
                bytesize=self.bytesize,
                parity=self.parity,
                timeout=0.05,
                write_timeout=1.0,
            )
        except (OSError, serial.SerialException) as exc:
            raise ScaleDisconnected(
                f"{self.describe()}: cannot open ({_reason(exc)})", kind="cannot_open"
            ) from None
        return self._port

    def close(self) -> None:
        port, self._port = self._port, None
        if port is not None:
            try:
                port.close()
            except Exception:  # noqa: BLE001 - closing a vanished device may fail any way
                pass

    def _exchange(self, command: bytes, end: bytes, timeout: float) -> bytes:
        """Send `command`, return the answer up to and including `end` (ScaleDisconnected on
        I/O errors, ScaleError when nothing complete arrives within `timeout`)."""
        serial = _import_serial()
        port = self._open()
        try:
            port.reset_input_buffer()  # a late answer to an earlier command is not this one's
            port.write(command)
            port.flush()
            answer = bytearray()
            deadline = time.monotonic() + timeout
            while not answer.endswith(end):
                chunk = port.read(port.in_waiting or 1)  # returns as soon as bytes came
                answer += chunk
                if not chunk and time.monotonic() >= deadline:
                    raise ScaleError(
                        f"{self.describe()}: no answer within {timeout:g} s"
                        " (scale off, wrong protocol or baud rate?)",
                        kind="no_answer",
                    )
        except (OSError, _TermiosError, serial.SerialException) as exc:
            self.close()
            raise ScaleDisconnected(
                f"{self.describe()}: connection lost ({_reason(exc)})", kind="connection_lost"
            ) from None
        return bytes(answer)


def _reason(exc: BaseException) -> str:
    return str(getattr(exc, "strerror", None) or exc) or type(exc).__name__


# --- MT-SICS ----------------------------------------------------------------------------------

_SICS_LINE = re.compile(r"^\s*(?P<id>[A-Z@][A-Z0-9]*)(?:\s+(?P<status>\S))?(?:\s+(?P<rest>.*))?$")
_SICS_WEIGHT = re.compile(r"^(?P<value>[-+]?\d+(?:\.\d*)?|[-+]?\.\d+)\s*(?P<unit>[A-Za-z]+)$")


def parse_sics_weight(line: str, command: str = "S") -> Reading:
    """A reading from an MT-SICS weight answer (`S S    1.250 kg`, `S D ...`); errors raise."""
    text = line.strip()
    if text in ("ES", "ET", "EL"):
        meaning = {"ES": "syntax error", "ET": "transmission error", "EL": "logical error"}
        raise ScaleError(f"the scale answered {text} ({meaning[text]})")
    m = _SICS_LINE.match(text)
    if not m or m["id"] != "S" or not m["status"]:
        raise ScaleError(f"unexpected answer to {command}: {text!r}")
    status, rest = m["status"], (m["rest"] or "").strip()
    if status == "I":
        raise ScaleNotReady("the scale has no stable weight now (still moving?)", kind="moving")
    if status == "+":
        raise ScaleNotReady("overload: remove weight from the scale", kind="overload")
    if status == "-":
        raise ScaleNotReady(
            "underload: the scale reads below zero; check the pan, then zero", kind="underload"
        )
    if status not in ("S", "D"):
        raise ScaleError(f"unexpected status {status!r} in {text!r}")
    w = _SICS_WEIGHT.match(rest)
    if not w:
        raise ScaleError(f"no weight in {text!r}")
    try:
        unit = normalize_unit(w["unit"])
    except ValueError as exc:
        raise ScaleError(str(exc)) from None
    return Reading(float(w["value"]), unit, stable=status == "S")


class SicsScale(SerialScale):
    """Mettler Toledo MT-SICS: `sics:/dev/ttyUSB0[?baudrate=9600&command=SI]`.

    `command=SI` (default) reads at once, stable or moving (the caller's stability detector
    decides); `command=S` lets the scale wait for stability.
    """

    scheme = "sics"

    def __init__(self, uri: str) -> None:
        super().__init__(uri)
        self.command = self._query().get("command", "SI").upper()
        if self.command not in ("S", "SI"):
            raise ValueError(f"{uri!r}: command is S or SI")

    def _line(self, command: str, timeout: float) -> str:
        raw = self._exchange(command.encode("ascii") + b"\r\n", b"\r\n", timeout)
        # the last complete line is the answer (stray bytes before it are line noise)
        lines = [x for x in raw.decode("ascii", "replace").split("\r\n") if x.strip()]
        return lines[-1] if lines else ""

    def read(self, timeout: float = 1.0) -> Reading:
        return parse_sics_weight(self._line(self.command, timeout), self.command)

    def zero(self) -> None:
        answer = self._line("Z", 5.0).split()
        if answer == ["Z", "A"]:
            return
        raise ScaleNotReady(_sics_refusal("zero", answer))

    def tare(self) -> Reading:
        line = self._line("T", 5.0)
        parts = line.split()
        if len(parts) >= 2 and parts[0] == "T" and parts[1] == "S":
            return parse_sics_weight("S S " + " ".join(parts[2:]), "T")
        raise ScaleNotReady(_sics_refusal("tare", parts))

    def clear_tare(self) -> None:
        answer = self._line("TAC", 2.0).split()
        if answer[:2] != ["TAC", "A"]:
            raise ScaleNotReady(_sics_refusal("clear the tare", answer))


def _sics_refusal(what: str, parts: list[str]) -> str:
    status = parts[1] if len(parts) > 1 else ""
    if status == "I":
        return f"the scale cannot {what} now (wait until it is still)"
    if status in ("+", "-"):
        limit = "upper" if status == "+" else "lower"
        return f"the scale cannot {what}: outside its range ({limit} limit)"
    return f"the scale refused to {what} ({' '.join(parts) or 'no answer'})"


# --- NCI / Weigh-Tronix -------------------------------------------------------------------------

ETX = b"\x03"
_NCI_WEIGHT = re.compile(r"^\s*(?P<value>[-+]?\s*\d*\.?\d+)\s*(?P<unit>LB|KG|OZ|G|lb|kg|oz|g)\s*$")


def _nci_status(text: str) -> tuple[int, int]:
    raw = text.strip().encode("ascii", "replace")
    if len(raw) < 2:
        raise ScaleError(f"no status bytes in the NCI answer ({text!r})")
    return raw[0], raw[1]


def parse_nci_answer(raw: bytes) -> Reading:
    """A reading from an NCI answer to `W` (`\\n  1.25LB\\r\\n00\\r\\x03`); errors raise."""
    text = raw.decode("ascii", "replace").replace(ETX.decode(), "")
    lines = [x for x in re.split(r"[\r\n]+", text) if x.strip()]
    if lines == ["?"]:
        raise ScaleError("the scale did not understand the command (?)")
    if len(lines) < 2:
        raise ScaleError(f"incomplete NCI answer {raw!r}")
    first, second = _nci_status(lines[-1])
    if second & 0x02 or "^" in lines[0]:
        raise ScaleNotReady("over capacity: remove weight from the scale", kind="overload")
    if second & 0x01 or "_" in lines[0]:
        raise ScaleNotReady("under capacity: the scale reads below zero; zero it", kind="underload")
    if first & 0x0C or second & 0x0C:
        raise ScaleNotReady(
            "the scale reports an internal error (RAM, ROM, EEPROM or calibration)", kind="fault"
        )
    m = _NCI_WEIGHT.match(lines[0])
    if not m:
        raise ScaleError(f"no weight in the NCI answer {lines[0]!r}")
    value = float(m["value"].replace(" ", ""))
    return Reading(value, normalize_unit(m["unit"]), stable=not first & 0x01)


class NciScale(SerialScale):
    """NCI / Weigh-Tronix `W<CR>` protocol: `nci:/dev/ttyUSB0[?baudrate=9600&bytesize=7&parity=E]`.

    NCI scales ship at 9600 baud, 7 data bits, even parity: those are the defaults.
    """

    scheme = "nci"
    default_bytesize = 7
    default_parity = "E"

    def read(self, timeout: float = 1.0) -> Reading:
        return parse_nci_answer(self._exchange(b"W\r", ETX, timeout))

    def zero(self) -> None:
        raw = self._exchange(b"Z\r", ETX, 5.0)
        text = raw.decode("ascii", "replace").strip("\n\r\x03 ")
        if text == "?":
            raise ScaleNotReady(
                "the scale does not take a zero command: zero it on the scale",
                kind="zero_on_scale",
            )
        first, _ = _nci_status(text)
        if not first & 0x02:
            raise ScaleNotReady(
                "the scale could not zero (moving or outside its zero range)",
                kind="zero_failed",
            )
