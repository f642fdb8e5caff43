"""Raw TCP (JetDirect, port 9100): acknowledged after the bytes are written, our side
half-closed and the printer has closed its side (or, with `?waiteof=0`, after drain + close)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import struct
from collections.abc import Callable
from urllib.parse import parse_qs, urlsplit

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports.base import (
    QT_TRANSLATE_NOOP,
    OutgoingJob,
    Transport,
    TransportError,
    TransportOption,
    float_option,
    noop,
)

DEFAULT_TCP_PORT = 9100


class TcpTransport(Transport):
    """Raw TCP (JetDirect/9100): `tcp://HOST[:PORT][?connect_timeout=5&ack_timeout=10&waiteof=1]`."""

    scheme = "tcp"
    name = QT_TRANSLATE_NOOP("Settings", "Network (raw TCP, port 9100)")
    address_example = "192.168.1.50:9100"
    options = (
        TransportOption("connect_timeout", "5", "seconds to wait for the connection"),
        TransportOption("io_timeout", "15", "seconds a write or the close may take"),
        TransportOption("ack_timeout", "10", "seconds to wait for the printer to close"),
        TransportOption("waiteof", "1", "0: done once sent, without the printer's close"),
    )

    @classmethod
    def uri_for(cls, address: str) -> str:
        """`tcp://HOST:PORT`, the port 9100 when none is typed."""
        address = address.strip().removeprefix("tcp://")
        has_port = ":" in address.split("?")[0]
        return f"tcp://{address}" if has_port else f"tcp://{address}:{DEFAULT_TCP_PORT}"

    @classmethod
    def address_of(cls, uri: str) -> str:
        return uri.partition(":")[2].removeprefix("//")

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
        self.connect_timeout = float_option(query, "connect_timeout", 5.0)
        self.io_timeout = float_option(query, "io_timeout", 15.0)
        self.ack_timeout = float_option(query, "ack_timeout", 10.0)
        # Like CUPS' socket backend (waiteof=true): half-close and wait for the printer to close,
        # so a printer that accepted the connection but never read the job is not "printed".
        self.wait_eof = query.get("waiteof", "1").lower() not in ("0", "false", "no")

    def describe(self) -> str:
        return f"{self.host}:{self.port}"

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
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
            async with asyncio.timeout(self.io_timeout):
                await writer.drain()
            if self.wait_eof:
                stage = "waiting for the printer to confirm"
                writer.write_eof()
                async with asyncio.timeout(self.ack_timeout):
                    await _read_to_eof(reader)
            stage = "closing"
            writer.close()
            async with asyncio.timeout(self.io_timeout):
                await writer.wait_closed()
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
