"""Printer transports: one module per way to reach a printer, chosen by the URI's scheme.

`base.Transport` is what each is (it sends a job, and describes itself: scheme, name, an
example address, its URI options); the registry below is the one list of them, in the order
the settings offer them: adding a transport is its module and one `register_transport` line
here. Slow imports (escpos, Qt) happen only when a printer of theirs is used: escpos inside
the escpos transports, Qt's print modules inside the Qt transports.
"""

from __future__ import annotations

from desktop_app.printing.printers import PrinterDefinition, PrinterKind
from desktop_app.printing.transports.base import (
    DataKind,
    OutgoingJob,
    Transport,
    TransportError,
    TransportOption,
)
from desktop_app.printing.transports.cups import CupsTransport
from desktop_app.printing.transports.escpos import EscposTransport
from desktop_app.printing.transports.file import FileTransport
from desktop_app.printing.transports.qt import QtPdfFileTransport, QtPrinterTransport
from desktop_app.printing.transports.serial import SerialTransport
from desktop_app.printing.transports.tcp import DEFAULT_TCP_PORT, TcpTransport, abort_with_reset
from desktop_app.printing.transports.usb import UsbTransport
from desktop_app.printing.transports.win32 import Win32Transport
from desktop_app.registry import SchemeRegistry

# scheme -> class (or "module:Class", imported on first use)
_REGISTRY: SchemeRegistry[Transport] = SchemeRegistry(Transport, "transport")
_ORDER: list[str] = []  # the schemes in the order they were registered


def register_transport(scheme: str, cls: type[Transport] | str) -> None:
    """Make `scheme:` URIs use `cls` (a class or a lazy "module:Class" path)."""
    _REGISTRY.register(scheme, cls)
    if scheme.lower() not in _ORDER:
        _ORDER.append(scheme.lower())


def unregister_transport(scheme: str) -> None:
    """Forget `scheme` (a plug-in's or a test's own transport)."""
    _REGISTRY.unregister(scheme)
    if scheme.lower() in _ORDER:
        _ORDER.remove(scheme.lower())


def transport_schemes() -> list[str]:
    """The registered schemes."""
    return _REGISTRY.schemes()


def transport_class(scheme: str) -> type[Transport]:
    """The class for `scheme`, importing it if registered lazily."""
    return _REGISTRY.get(scheme)


def transport_classes() -> list[type[Transport]]:
    """Every transport in the order registered (imports those registered by name): what the
    settings offer as connection types."""
    return [transport_class(scheme) for scheme in _ORDER]


def adhoc_printer(
    transport: str, *, dpi: int = 203, kind: PrinterKind | None = None, stock: str = "4x6in"
) -> PrinterDefinition:
    """A printer for a bare transport URI (`packdesk print --to`), named by the URI itself."""
    if kind is None:
        try:  # the transport says what it takes
            kind = transport_class(transport.split(":", 1)[0]).default_kind
        except ValueError:  # an unknown scheme: refused when the job is sent
            kind = "zpl"
    return PrinterDefinition(name=transport, kind=kind, transport=transport, dpi=dpi, stock=stock)


def create_transport(printer: PrinterDefinition) -> Transport:
    """A transport for `printer.transport`; ValueError names what is wrong with the URI."""
    return transport_class(printer.scheme)(printer)


register_transport("tcp", TcpTransport)
register_transport("cups", CupsTransport)
register_transport("usb", UsbTransport)
register_transport("serial", SerialTransport)
register_transport("win32", Win32Transport)
register_transport("file", FileTransport)
register_transport("qt", QtPrinterTransport)
register_transport("qt-pdf", QtPdfFileTransport)

__all__ = [
    "adhoc_printer",
    "DEFAULT_TCP_PORT",
    "CupsTransport",
    "DataKind",
    "EscposTransport",
    "FileTransport",
    "OutgoingJob",
    "QtPdfFileTransport",
    "QtPrinterTransport",
    "SerialTransport",
    "TcpTransport",
    "Transport",
    "TransportError",
    "TransportOption",
    "UsbTransport",
    "Win32Transport",
    "abort_with_reset",
    "create_transport",
    "register_transport",
    "transport_class",
    "transport_classes",
    "transport_schemes",
    "unregister_transport",
]
