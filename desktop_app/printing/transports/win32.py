"""The Windows spooler in raw mode, through python-escpos."""

from __future__ import annotations

from typing import Any

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports.base import QT_TRANSLATE_NOOP
from desktop_app.printing.transports.escpos import EscposTransport


class Win32Transport(EscposTransport):
    """The Windows spooler in raw mode: `win32:PRINTER NAME`."""

    scheme = "win32"
    name = QT_TRANSLATE_NOOP("Settings", "Windows printer")
    address_example = "ZDesigner ZD420-203dpi"
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
