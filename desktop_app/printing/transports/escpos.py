"""python-escpos connectors (USB, serial, the Windows spooler): acknowledged when the
device write and close return. escpos is imported only when such a printer is used."""

from __future__ import annotations

import asyncio
from abc import abstractmethod
from collections.abc import Callable
from typing import Any, ClassVar

from desktop_app.printing.transports.base import (
    OutgoingJob,
    Transport,
    TransportError,
    noop,
)


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

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
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
