"""Printer transports behind one small interface, chosen by the transport URI's scheme.

A transport *acknowledges* a job by returning from `send` without raising: TCP after the
bytes are written, our side half-closed and the printer has closed its side (or, with
`?waiteof=0`, after drain + close); CUPS when `lp` reports the job queued; file when the
file is renamed into place; escpos connectors when the device write and close return.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import socket
import struct
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, Literal
from urllib.parse import parse_qs, urlsplit

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.subprocesses import communicate
from desktop_app.registry import SchemeRegistry

DataKind = Literal["zpl", "pdf"]
DEFAULT_TCP_PORT = 9100


class TransportError(Exception):
    """Sending failed; `connected`: bytes may have reached the printer; `retryable`: try later."""

    def __init__(self, message: str, *, connected: bool, retryable: bool = True) -> None:
        super().__init__(message)
        self.message = message
        self.connected = connected
        self.retryable = retryable


@dataclass(frozen=True, slots=True)
class OutgoingJob:
    """What a transport sends: the bytes, their kind, and a title for spoolers and file names."""

    data: bytes
    kind: DataKind
    title: str = "Packdesk label"
    job_id: int | None = None


def _noop() -> None:
    return None


class Transport(ABC):
    """One way to reach a printer. Subclasses parse their URI in `__init__` and raise ValueError."""

    scheme: ClassVar[str]

    def __init__(self, printer: PrinterDefinition) -> None:
        self.printer = printer
        self.uri = printer.transport
        self.target = printer.transport.split(":", 1)[1]

    @abstractmethod
    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = _noop) -> None:
        """Deliver `job`; call `on_connected` once bytes may start to flow; raise TransportError."""

    def describe(self) -> str:
        """Where this transport sends, for messages."""
        return self.uri

    def _query(self) -> dict[str, str]:
        query = self.target.split("?", 1)[1] if "?" in self.target else ""
        return {k: v[-1] for k, v in parse_qs(query).items()}


# scheme -> class, or "module:Class" imported on first use (escpos and Qt load slowly)
_REGISTRY: SchemeRegistry[Transport] = SchemeRegistry(Transport, "transport")


def register_transport(scheme: str, cls: type[Transport] | str) -> None:
    """Make `scheme:` URIs use `cls` (a class or a lazy "module:Class" path)."""
    _REGISTRY.register(scheme, cls)


def transport_schemes() -> list[str]:
    """The registered schemes."""
    return _REGISTRY.schemes()


def transport_class(scheme: str) -> type[Transport]:
    """The class for `scheme`, importing it if registered lazily."""
    return _REGISTRY.get(scheme)


def create_transport(printer: PrinterDefinition) -> Transport:
    """A transport for `printer.transport`; ValueError names what is wrong with the URI."""
    return transport_class(printer.scheme)(printer)


# --- TCP (raw port 9100) --------------------------------------------------------------------


def _float_opt(query: dict[str, str], key: str, default: float) -> float:
    try:
        return float(query[key]) if key in query else default
    except ValueError:
        raise ValueError(f"option {key}={query[key]!r} is not a number") from None


class TcpTransport(Transport):
    """Raw TCP (JetDirect/9100): `tcp://HOST[:PORT][?connect_timeout=5&ack_timeout=10&waiteof=1]`."""

    scheme = "tcp"

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        parts = urlsplit(self.uri)
        if not parts.hostname:
            raise ValueError(f"{self.uri!r}: no host (use tcp://HOST:9100)")
        self.host = parts.hostname
        try:
            self.port = parts.port or DEFAULT_TCP_PORT
        except ValueError:
            raise ValueError(f"{self.uri!r}: the port is not a number 1-65535") from None
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        self.connect_timeout = _float_opt(query, "connect_timeout", 5.0)
        self.io_timeout = _float_opt(query, "io_timeout", 15.0)
        self.ack_timeout = _float_opt(query, "ack_timeout", 10.0)
        # Like CUPS' socket backend (waiteof=true): half-close and wait for the printer to close,
        # so a printer that accepted the connection but never read the job is not "printed".
        self.wait_eof = query.get("waiteof", "1").lower() not in ("0", "false", "no")

    def describe(self) -> str:
        return f"{self.host}:{self.port}"

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = _noop) -> None:
        where = self.describe()
        try:
            # asyncio.timeout, not wait_for: a send cancelled as its loop ends (app closing)
            # leaves no open_connection coroutine never awaited
            async with asyncio.timeout(self.connect_timeout):
                reader, writer = await asyncio.open_connection(self.host, self.port)
        except TimeoutError:
            raise TransportError(
                f"{where}: no answer within {self.connect_timeout:g} s"
                " (printer off or unreachable?)",
                connected=False,
            ) from None
        except ConnectionRefusedError:
            raise TransportError(
                f"{where}: connection refused (printer off, busy, or not listening on {self.port})",
                connected=False,
            ) from None
        except socket.gaierror as exc:
            raise TransportError(
                f"{where}: unknown host ({exc.strerror})", connected=False
            ) from None
        except OSError as exc:
            raise TransportError(
                f"{where}: cannot connect ({exc.strerror or exc})", connected=False
            ) from None
        on_connected()
        stage = "sending"
        try:
            writer.write(job.data)
            await asyncio.wait_for(writer.drain(), self.io_timeout)
            if self.wait_eof:
                stage = "waiting for the printer to confirm"
                writer.write_eof()
                await asyncio.wait_for(_read_to_eof(reader), self.ack_timeout)
            stage = "closing"
            writer.close()
            await asyncio.wait_for(writer.wait_closed(), self.io_timeout)
        except TimeoutError:
            abort_with_reset(writer)
            limit = self.ack_timeout if stage.startswith("waiting") else self.io_timeout
            raise TransportError(
                f"{where}: printer stalled while {stage} (not done within {limit:g} s)",
                connected=True,
            ) from None
        except OSError as exc:
            abort_with_reset(writer)
            raise TransportError(
                f"{where}: connection lost while {stage} ({exc.strerror or exc})", connected=True
            ) from None
        except asyncio.CancelledError:
            abort_with_reset(writer)
            raise


def abort_with_reset(writer: asyncio.StreamWriter) -> None:
    """Abort with a TCP reset (linger 0): unsent bytes are dropped, the printer sees an error."""
    sock = writer.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    writer.transport.abort()


async def _read_to_eof(reader: asyncio.StreamReader) -> None:
    # printers may send status bytes back; they are read and dropped until the printer closes
    while await reader.read(65536):
        pass


register_transport("tcp", TcpTransport)


# --- CUPS -----------------------------------------------------------------------------------


class CupsTransport(Transport):
    """A CUPS queue through `lp`: `cups:QUEUE[?server=HOST_OR_SOCKET]`; ZPL goes `-o raw`."""

    scheme = "cups"

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        self.queue = self.target.split("?", 1)[0].strip("/")
        if not re.fullmatch(r"[^\s/#]+", self.queue or ""):
            raise ValueError(f"{self.uri!r}: not a CUPS queue name")
        self.server = self._query().get("server")
        self.timeout = _float_opt(self._query(), "timeout", 30.0)

    def describe(self) -> str:
        return f"CUPS queue {self.queue}"

    def lp_args(self, job: OutgoingJob) -> list[str]:
        """The `lp` command line for `job`."""
        args = ["lp"]
        if self.server:
            args += ["-h", self.server]
        args += ["-d", self.queue, "-t", job.title]
        if job.kind == "zpl":
            args += ["-o", "raw"]
        else:
            # labels print at 100 %, never shrunk to the paper's printable area
            args += ["-o", "print-scaling=none"]
        return [*args, "--", "-"]

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = _noop) -> None:
        try:
            proc = await asyncio.create_subprocess_exec(
                *self.lp_args(job),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
        except FileNotFoundError:
            raise TransportError(
                "lp not found: install the CUPS client (cups-client)",
                connected=False,
                retryable=False,
            ) from None
        on_connected()
        try:
            out, err = await communicate(proc, job.data, self.timeout)
        except TimeoutError:
            raise TransportError(
                f"{self.describe()}: lp did not finish within {self.timeout:g} s", connected=True
            ) from None
        if proc.returncode != 0:
            reason = (err or out).decode(errors="replace").strip() or f"exit {proc.returncode}"
            # lp failing means cupsd did not take the job, so nothing was printed
            raise TransportError(f"{self.describe()}: {reason}", connected=False)


register_transport("cups", CupsTransport)


# --- file -----------------------------------------------------------------------------------


def _slug(text: str) -> str:
    text = re.sub(r"\.(pdf|zpl|txt|prn)$", "", text.strip(), flags=re.I)
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")[:40] or "label"


class FileTransport(Transport):
    """Writes each job to a folder: `file:DIR` (archiving, tests, demos)."""

    scheme = "file"

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        target = self.target
        if target.startswith("//"):
            target = urlsplit(self.uri).path
        if not target:
            raise ValueError(f"{self.uri!r}: no folder (use file:/path/to/folder)")
        self.folder = Path(target).expanduser()

    def describe(self) -> str:
        return f"folder {self.folder}"

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = _noop) -> None:
        on_connected()
        try:
            await asyncio.get_running_loop().run_in_executor(None, self._write, job)
        except OSError as exc:
            raise TransportError(
                f"{self.describe()}: cannot write ({exc.strerror or exc})", connected=False
            ) from None

    def _write(self, job: OutgoingJob) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        ident = f"job{job.job_id}" if job.job_id is not None else f"{time.time_ns()}"
        final = self.folder / f"{stamp}-{ident}-{_slug(job.title)}.{job.kind}"
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".partial-")
        with os.fdopen(fd, "wb") as fh:
            fh.write(job.data)
            fh.flush()
            os.fsync(fh.fileno())
        # the rename makes the job appear whole or not at all
        os.replace(tmp, final)
        return final


register_transport("file", FileTransport)


# --- python-escpos connectors (USB, serial, Windows spooler) --------------------------------


class EscposTransport(Transport):
    """Raw bytes through a python-escpos connector, imported only when such a printer is used."""

    extra: ClassVar[str]
    needs: ClassVar[str]

    @abstractmethod
    def _device_class(self) -> Any:
        """The escpos printer class (imported here, not at module load)."""

    @abstractmethod
    def _make_device(self, cls: Any) -> Any:
        """Create (not open) the escpos printer object."""

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = _noop) -> None:
        loop = asyncio.get_running_loop()
        try:
            device = await loop.run_in_executor(None, self._open)
        except TransportError:
            raise
        except Exception as exc:  # noqa: BLE001 - escpos raises its own and backend errors
            raise TransportError(
                f"{self.describe()}: cannot open ({exc})".strip(), connected=False
            ) from None
        on_connected()
        try:
            await loop.run_in_executor(None, self._write_and_close, device, job.data)
        except Exception as exc:  # noqa: BLE001
            raise TransportError(
                f"{self.describe()}: write failed ({exc})", connected=True
            ) from None

    def _open(self) -> Any:
        try:
            import escpos.printer  # noqa: F401 - slow import, only here
        except ImportError:
            raise TransportError(
                f"python-escpos is not installed (pip install 'packdesk[{self.extra}]')",
                connected=False,
                retryable=False,
            ) from None
        cls = self._device_class()
        if not cls.is_usable():
            # escpos imports pyusb/pyserial/pywin32 optionally; without it nothing can work
            raise TransportError(
                f"{self.describe()}: printing needs {self.needs}"
                f" (pip install 'packdesk[{self.extra}]')",
                connected=False,
                retryable=False,
            )
        device = self._make_device(cls)
        device.open()
        return device

    @staticmethod
    def _write_and_close(device: Any, data: bytes) -> None:
        try:
            device._raw(data)
        finally:
            device.close()


def _hex_id(text: str) -> int:
    return int(text, 16)


class UsbTransport(EscposTransport):
    """A USB printer by vendor and product id: `usb:0A5F:0164[?out_ep=0x01&in_ep=0x82]`."""

    scheme = "usb"
    extra = "usb"
    needs = "pyusb and libusb"

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        ids = self.target.split("?", 1)[0].split(":")
        try:
            self.vendor, self.product = (_hex_id(i) for i in ids)
        except ValueError:
            raise ValueError(
                f"{self.uri!r}: use usb:VENDOR:PRODUCT in hex, e.g. usb:0a5f:0164"
            ) from None
        q = self._query()
        self.out_ep = int(q.get("out_ep", "0x01"), 0)
        self.in_ep = int(q.get("in_ep", "0x82"), 0)

    def describe(self) -> str:
        return f"USB {self.vendor:04x}:{self.product:04x}"

    def _device_class(self) -> Any:
        from escpos.printer import Usb

        return Usb

    def _make_device(self, cls: Any) -> Any:
        return cls(self.vendor, self.product, timeout=5000, in_ep=self.in_ep, out_ep=self.out_ep)


class SerialTransport(EscposTransport):
    """A serial printer: `serial:/dev/ttyUSB0[?baudrate=9600&rtscts=0]`."""

    scheme = "serial"
    extra = "serial"
    needs = "pyserial"

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        self.device_path = self.target.split("?", 1)[0]
        if not self.device_path:
            raise ValueError(f"{self.uri!r}: no device (use serial:/dev/ttyUSB0)")
        q = self._query()
        try:
            self.baudrate = int(q.get("baudrate", "9600"))
        except ValueError:
            raise ValueError(f"{self.uri!r}: baudrate is not a number") from None
        # escpos' dsrdtr=False enables RTS/CTS; most label printers use DSR/DTR or nothing
        self.dsrdtr = q.get("dsrdtr", "1") not in ("0", "false")

    def describe(self) -> str:
        return f"serial {self.device_path}"

    def _device_class(self) -> Any:
        from escpos.printer import Serial

        return Serial

    def _make_device(self, cls: Any) -> Any:
        return cls(devfile=self.device_path, baudrate=self.baudrate, timeout=5, dsrdtr=self.dsrdtr)


class Win32Transport(EscposTransport):
    """The Windows spooler in raw mode: `win32:PRINTER NAME`."""

    scheme = "win32"
    extra = "win32"
    needs = "pywin32 (Windows only)"

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        if not self.target:
            raise ValueError(f"{self.uri!r}: no printer name (use win32:NAME)")

    def describe(self) -> str:
        return f"Windows printer {self.target}"

    def _device_class(self) -> Any:
        from escpos.printer import Win32Raw

        return Win32Raw

    def _make_device(self, cls: Any) -> Any:
        return cls(self.target)


register_transport("usb", UsbTransport)
register_transport("serial", SerialTransport)
register_transport("win32", Win32Transport)
# Qt print support: only PDF, only loaded when such a printer is used
register_transport("qt", "desktop_app.printing.qt_print:QtPrinterTransport")
register_transport("qt-pdf", "desktop_app.printing.qt_print:QtPdfFileTransport")
