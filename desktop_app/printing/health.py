"""Whether a Zebra-compatible label printer can print now: `~HS`, `~HI` and `^HH` answers.

`~HS` (host status) answers three STX...ETX strings: paper out, pause, label length,
formats in the receive buffer, buffer full (string 1); head open, ribbon out, thermal
transfer mode, labels remaining in the batch (string 2); password and RAM (string 3).
`~HI` (host identification) answers `model,firmware,dots per mm,memory`. `^HH` echoes the
configuration label (`832........PRINT WIDTH`). The queue asks before each job and after it;
a printer that does not answer (other brands, CUPS queues, printers that only print) is left
alone, and remembered as silent for a while so it does not pay the wait on every job.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

from desktop_app.printing.ports import port_in_use
from desktop_app.printing.printers import STOCKS, PrinterDefinition
from desktop_app.printing.transports import DEFAULT_TCP_PORT

STATUS_QUERY = b"~HS"
IDENTIFY_QUERY = b"~HI"
CONFIGURATION_QUERY = b"^XA^HH^XZ"
DOTS_PER_MM_TO_DPI = {6: 152, 8: 203, 12: 300, 24: 600}
_FRAME = re.compile(rb"\x02([^\x02\x03]*)\x03")

# what the user reads when a job is held, by problem (first match wins, in this order)
PROBLEMS: dict[str, str] = {
    "head_open": "Print head open: close the print head",
    "paper_out": "Out of labels: load labels and press Feed",
    "ribbon_out": "Ribbon out: load a ribbon and press Feed",
    "paused": "Printer paused: press Pause on the printer to resume",
    "buffer_full": "Printer buffer full: waiting for it to print what it has",
    "corrupt_ram": "Printer memory corrupt: switch the printer off and on",
    "too_cold": "Print head too cold: wait for the printer to warm up",
    "too_hot": "Print head too hot: wait for the printer to cool down",
}


def frames(data: bytes) -> list[str]:
    """The STX...ETX strings in a printer's answer, in order."""
    return [m.decode("ascii", "replace") for m in _FRAME.findall(data)]


@dataclass(frozen=True, slots=True)
class HostStatus:
    """A parsed `~HS` answer."""

    paper_out: bool
    paused: bool
    label_length_dots: int
    formats_in_buffer: int
    buffer_full: bool
    corrupt_ram: bool
    too_cold: bool
    too_hot: bool
    head_open: bool
    ribbon_out: bool
    thermal_transfer: bool
    labels_remaining: int

    @property
    def problems(self) -> list[str]:
        """The keys of PROBLEMS that apply, most important first."""
        return [key for key in PROBLEMS if getattr(self, key)]

    @property
    def ready(self) -> bool:
        """Whether the printer can print a job now."""
        return not self.problems

    @property
    def reason(self) -> str | None:
        """Why it cannot print (the first problem), for the user; None when ready."""
        problems = self.problems
        return PROBLEMS[problems[0]] if problems else None


def _flag(text: str) -> bool:
    return text.strip() == "1"


def parse_host_status(strings: list[str]) -> HostStatus:
    """A HostStatus from the three `~HS` strings; ValueError if they are not `~HS` strings."""
    if len(strings) < 2:
        raise ValueError(f"~HS answers three strings, got {len(strings)}")
    one, two = strings[0].split(","), strings[1].split(",")
    if len(one) < 12 or len(two) < 9:
        raise ValueError(f"not a ~HS answer: {strings[:2]!r}")
    try:
        return HostStatus(
            paper_out=_flag(one[1]),
            paused=_flag(one[2]),
            label_length_dots=int(one[3]),
            formats_in_buffer=int(one[4]),
            buffer_full=_flag(one[5]),
            corrupt_ram=_flag(one[9]),
            too_cold=_flag(one[10]),
            too_hot=_flag(one[11]),
            head_open=_flag(two[2]),
            ribbon_out=_flag(two[3]),
            thermal_transfer=_flag(two[4]),
            labels_remaining=int(two[8]),
        )
    except ValueError:
        raise ValueError(f"not a ~HS answer: {strings[:2]!r}") from None


@dataclass(frozen=True, slots=True)
class HostIdentification:
    """A parsed `~HI` answer."""

    model: str
    firmware: str
    dpi: int | None
    memory: str = ""


def parse_host_identification(text: str) -> HostIdentification:
    """A HostIdentification from the `~HI` string (`ZD421-203dpi,V84.20.21Z,8,8192KB`)."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 3 or not parts[0]:
        raise ValueError(f"not a ~HI answer: {text!r}")
    try:
        dpi = DOTS_PER_MM_TO_DPI.get(int(parts[2]))
    except ValueError:
        dpi = None
    return HostIdentification(parts[0], parts[1], dpi, parts[3] if len(parts) > 3 else "")


_CONFIG_LINE = re.compile(r"^\s*(?P<value>\S.*?)\s*\.{2,}\s*(?P<name>[A-Z][A-Z0-9 /-]*?)\s*$")


def parse_configuration(text: str) -> dict[str, str]:
    """The `^HH` configuration as {"PRINT WIDTH": "832", ...}."""
    settings: dict[str, str] = {}
    for line in text.replace("\x02", "\n").replace("\x03", "\n").splitlines():
        m = _CONFIG_LINE.match(line)
        if m:
            settings.setdefault(m["name"], m["value"])
    return settings


def _leading_int(text: str | None) -> int | None:
    m = re.match(r"\s*(\d+)", text or "")
    return int(m[1]) if m else None


@dataclass(frozen=True, slots=True)
class PrinterReport:
    """What a printer said about itself: status, and identification/configuration if asked."""

    status: HostStatus
    identification: HostIdentification | None = None
    configuration: dict[str, str] = field(default_factory=dict)
    at: float = field(default_factory=time.monotonic)

    @property
    def dpi(self) -> int | None:
        """The resolution the printer reports (from `~HI`)."""
        return self.identification.dpi if self.identification else None

    @property
    def print_width_dots(self) -> int | None:
        """The print width from `^HH`."""
        return _leading_int(self.configuration.get("PRINT WIDTH"))

    def stock(self) -> str | None:
        """The label stock the printer is set up for: a STOCKS name or `WxHmm`, if known."""
        dpi, width = self.dpi, self.print_width_dots
        length = self.status.label_length_dots or _leading_int(
            self.configuration.get("LABEL LENGTH")
        )
        if not dpi or not width or not length:
            return None
        w_mm, h_mm = width * 25.4 / dpi, length * 25.4 / dpi
        for name, (sw, sh) in STOCKS.items():
            if abs(sw - w_mm) <= 1.5 and abs(sh - h_mm) <= 1.5:
                return name
        return f"{w_mm:.0f}x{h_mm:.0f}mm"

    def hold_reason(self, printer: PrinterDefinition) -> str | None:
        """Why a job for `printer` must wait: a printer problem or a dpi mismatch; else None."""
        if self.status.reason:
            return self.status.reason
        if self.dpi is not None and self.dpi != printer.dpi:
            return (
                f"The printer prints at {self.dpi} dpi but is set up here for {printer.dpi} dpi:"
                f" change the printer's resolution to {self.dpi} dpi (labels would print at"
                " the wrong size)"
            )
        return None


class PrinterSilent(Exception):
    """The printer took the connection but did not answer the query (not a Zebra)."""


class PrinterUnreachable(Exception):
    """No connection to the printer (off, wrong address): the transport will say more."""


async def _read_frames(
    reader: asyncio.StreamReader, count: int, timeout: float, idle: float
) -> bytes:
    """Bytes until `count` frames arrived, or `idle` seconds without bytes after some came."""
    data = b""
    deadline = asyncio.get_running_loop().time() + timeout
    while len(_FRAME.findall(data)) < count:
        left = deadline - asyncio.get_running_loop().time()
        if left <= 0:
            break
        wait = min(left, idle) if data else left
        try:
            async with asyncio.timeout(wait):
                chunk = await reader.read(4096)
        except TimeoutError:
            break
        if not chunk:
            break
        data += chunk
    return data


async def query_tcp(
    host: str, port: int, command: bytes, count: int, timeout: float = 1.0
) -> bytes:
    """Send `command` and read the answer (`count` frames expected) on one connection.

    PrinterUnreachable without a connection, PrinterSilent when nothing came back.
    (`asyncio.timeout`, not `wait_for`: a caller cancelled at shutdown leaves no coroutine
    never awaited.)
    """
    try:
        async with asyncio.timeout(timeout):
            reader, writer = await asyncio.open_connection(host, port)
    except (OSError, TimeoutError) as exc:
        raise PrinterUnreachable(f"{host}:{port}: {exc or 'no answer'}") from None
    try:
        writer.write(command)
        async with asyncio.timeout(timeout):
            await writer.drain()
        data = await _read_frames(reader, count, timeout, idle=0.3)
    except (OSError, TimeoutError):
        data = b""
    finally:
        writer.close()
        with contextlib.suppress(OSError, TimeoutError):
            async with asyncio.timeout(timeout):
                await writer.wait_closed()
    if not data:
        raise PrinterSilent(f"{host}:{port} did not answer {command!r}")
    return data


def query_serial(device: str, baudrate: int, command: bytes, count: int, timeout: float) -> bytes:
    """`query_tcp` over a serial port (blocking; pyserial)."""
    try:
        import serial
    except ImportError:
        raise PrinterUnreachable("pyserial is not installed") from None
    try:
        port = serial.Serial(device, baudrate=baudrate, timeout=0.05, write_timeout=timeout)
    except (OSError, serial.SerialException) as exc:
        raise PrinterUnreachable(f"{device}: {exc}") from None
    data = b""
    try:
        port.reset_input_buffer()
        port.write(command)
        deadline = time.monotonic() + timeout
        last = time.monotonic()
        while len(_FRAME.findall(data)) < count and time.monotonic() < deadline:
            chunk = port.read(port.in_waiting or 1)
            if chunk:
                data += chunk
                last = time.monotonic()
            elif data and time.monotonic() - last > 0.3:
                break
    except (OSError, serial.SerialException):
        pass
    finally:
        with contextlib.suppress(Exception):
            port.close()
    if not data:
        raise PrinterSilent(f"{device} did not answer {command!r}")
    return data


def status_options(printer: PrinterDefinition) -> tuple[str, str, int] | None:
    """(scheme, host or device, port or baud rate) when the printer can be asked; else None.

    Only ZPL printers on TCP or serial are asked (a query sent to another kind of printer
    could print as text); `?status=0` in the URI turns it off.
    """
    if printer.kind != "zpl" or printer.scheme not in ("tcp", "serial"):
        return None
    target = printer.transport.split(":", 1)[1]
    query = {
        k: v[-1] for k, v in parse_qs(target.split("?", 1)[1] if "?" in target else "").items()
    }
    if query.get("status", "1").lower() in ("0", "false", "no", "off"):
        return None
    if printer.scheme == "tcp":
        parts = urlsplit(printer.transport)
        try:
            port = parts.port or DEFAULT_TCP_PORT
        except ValueError:
            return None
        return ("tcp", parts.hostname or "", port)
    try:
        baud = int(query.get("baudrate", "9600"))
    except ValueError:
        return None
    return ("serial", target.split("?", 1)[0], baud)


async def query_printer(
    printer: PrinterDefinition,
    *,
    identify: bool = False,
    configuration: bool = False,
    timeout: float = 1.0,
) -> PrinterReport | None:
    """Ask the printer for its state (and identification, configuration); None if it cannot
    be asked. PrinterSilent / PrinterUnreachable as `query_tcp`."""
    where = status_options(printer)
    if where is None:
        return None
    command = (IDENTIFY_QUERY if identify else b"") + STATUS_QUERY
    count = 3 + (1 if identify else 0)
    if configuration:
        command += CONFIGURATION_QUERY
        count += 1
    scheme, target, number = where
    async with port_in_use(printer.transport):  # never beside a job or another query
        if scheme == "tcp":
            data = await query_tcp(target, number, command, count, timeout)
        else:
            data = await asyncio.to_thread(query_serial, target, number, command, count, timeout)
    strings = frames(data)
    identification = None
    try:
        if identify:
            identification = parse_host_identification(strings.pop(0))
        status = parse_host_status(strings[:3])
    except (ValueError, IndexError):
        raise PrinterSilent(f"{printer.name}: not a Zebra status answer ({data[:60]!r})") from None
    config = parse_configuration("\n".join(strings[3:])) if configuration else {}
    return PrinterReport(status, identification, config)


class HealthChecker:
    """The queue's view of its printers' health, with the answers cached.

    `check()` returns the report, or None when the printer cannot be asked, is unreachable
    (the transport reports that as before) or is silent: silent printers are not asked again
    for `silent_ttl` seconds. The identification (dpi) is asked again after `identity_ttl`.
    """

    def __init__(
        self, *, timeout: float = 1.0, silent_ttl: float = 300.0, identity_ttl: float = 600.0
    ) -> None:
        self.timeout = timeout
        self.silent_ttl = silent_ttl
        self.identity_ttl = identity_ttl
        self._silent_until: dict[str, float] = {}
        self._identity: dict[str, tuple[float, HostIdentification | None]] = {}
        self._last: dict[str, PrinterReport] = {}
        self.queries = 0

    def last(self, printer: PrinterDefinition) -> PrinterReport | None:
        """The newest report of this printer, if any."""
        return self._last.get(printer.transport)

    def forget(self, printer: PrinterDefinition) -> None:
        """Ask this printer afresh next time (it was replaced, or the user asks)."""
        for cache in (self._silent_until, self._identity, self._last):
            cache.pop(printer.transport, None)

    async def check(self, printer: PrinterDefinition, max_age: float = 0.0) -> PrinterReport | None:
        """The printer's report (one younger than `max_age` seconds is reused)."""
        key = printer.transport
        now = time.monotonic()
        if status_options(printer) is None or self._silent_until.get(key, 0.0) > now:
            return None
        last = self._last.get(key)
        if last is not None and now - last.at <= max_age:
            return last
        known = self._identity.get(key)
        identify = known is None or now - known[0] > self.identity_ttl
        self.queries += 1
        try:
            report = await query_printer(printer, identify=identify, timeout=self.timeout)
        except PrinterSilent:
            self._silent_until[key] = now + self.silent_ttl
            return None
        except PrinterUnreachable:
            return None
        if report is None:
            return None
        if identify:
            self._identity[key] = (now, report.identification)
        elif known is not None:
            report = PrinterReport(report.status, known[1], report.configuration, report.at)
        self._last[key] = report
        return report
