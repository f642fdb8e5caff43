"""A USB printer by vendor and product id, through python-escpos."""

from __future__ import annotations

from typing import Any

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports.base import QT_TRANSLATE_NOOP, TransportOption
from desktop_app.printing.transports.escpos import EscposTransport


def _hex_id(text: str) -> int:
    return int(text, 16)


class UsbTransport(EscposTransport):
    """A USB printer by vendor and product id: `usb:0A5F:0164[?out_ep=0x01&in_ep=0x82]`."""

    scheme = "usb"
    name = QT_TRANSLATE_NOOP("Settings", "USB (vendor:product)")
    address_example = "0a5f:0164"
    options = (
        TransportOption("out_ep", "0x01", "the printer's OUT endpoint"),
        TransportOption("in_ep", "0x82", "the printer's IN endpoint"),
    )
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
