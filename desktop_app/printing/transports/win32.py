"""The Windows spooler in raw mode, through python-escpos's Win32Raw.

Its document is started with no output file (NULL), as Microsoft's DOC_INFO_1 documents for
printing to the printer; escpos passes an empty string there, which Wine takes for a file
name (EndDocPrinter then fails, and the label never reaches the printer).
"""

from __future__ import annotations

import functools
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
        return _spooler_raw()

    def _make_device(self, cls: Any) -> Any:
        return cls(self.target)


@functools.cache
def _spooler_raw() -> type:
    """escpos's Win32Raw, its document started with a NULL output file (escpos is imported
    here: only when a Windows printer is used)."""
    import win32print
    from escpos.exceptions import DeviceNotFoundError
    from escpos.printer import Win32Raw

    class SpoolerRaw(Win32Raw):  # type: ignore[misc]
        def open(self, job_name: str = "Packdesk label", *_ignored: object) -> None:
            """The printer by its name, a raw document and page started."""
            if self.printer_name not in self.printers:
                raise DeviceNotFoundError(f"no Windows printer named {self.printer_name!r}")
            self.device = win32print.OpenPrinter(self.printer_name)
            self.current_job = win32print.StartDocPrinter(self.device, 1, (job_name, None, "RAW"))
            win32print.StartPagePrinter(self.device)

    return SpoolerRaw
