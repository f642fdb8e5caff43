"""A serial printer, through python-escpos."""

from __future__ import annotations

from typing import Any

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports.base import QT_TRANSLATE_NOOP, TransportOption
from desktop_app.printing.transports.escpos import EscposTransport


class SerialTransport(EscposTransport):
    """A serial printer: `serial:/dev/ttyUSB0[?baudrate=9600&rtscts=0]`."""

    scheme = "serial"
    name = QT_TRANSLATE_NOOP("Settings", "Serial port")
    address_example = "/dev/ttyUSB0?baudrate=9600"
    options = (
        TransportOption("baudrate", "9600", "the port's speed"),
        TransportOption("dsrdtr", "1", "0: RTS/CTS flow control instead of DSR/DTR"),
    )
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
