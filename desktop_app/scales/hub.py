"""One reader per scale device for the whole process, shared by every page that shows it.

A serial port read by two monitors at once loses answers to the other reader (each sees
time-outs and the other's lines), so the shipment form, the Scan page and Settings' test
each take a lease on the device's one `ScaleMonitor` instead of opening the port again.
The newest lease's settings apply (Settings tests another protocol or stability rule on the
same port while it is open; releasing that lease restores the one before); the last release
stops the monitor and closes the port, and a monitor started after that waits until the
port is closed.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

from desktop_app.scales.base import create_scale
from desktop_app.scales.config import ScaleConfig
from desktop_app.scales.monitor import ScaleMonitor


def device_of(uri: str) -> str:
    """The device a scale URI reads (its path without the options; `hid:` ids as they are):
    two URIs of one device share its monitor whatever their protocol."""
    target = uri.split(":", 1)[1] if ":" in uri else uri
    return target.split("?", 1)[0]


class ScaleLease:
    """One page's use of a device's monitor; `release()` when the page no longer shows it."""

    def __init__(self, hub: ScaleHub, device: str, config: ScaleConfig) -> None:
        self._hub = hub
        self.device = device
        self.config = config
        self.released = False

    @property
    def monitor(self) -> ScaleMonitor | None:
        """The device's shared monitor (None once released)."""
        if self.released:
            return None
        entry = self._hub._devices.get(self.device)
        return entry.monitor if entry is not None else None

    def release(self) -> asyncio.Future[object] | None:
        """Give the device back; the future of the port's closing when this was the last
        lease (None otherwise)."""
        if self.released:
            return None
        self.released = True
        return self._hub._release(self)


@dataclass
class _Device:
    monitor: ScaleMonitor
    leases: list[ScaleLease] = field(default_factory=list)


class ScaleHub:
    """The monitors of the process's scale devices, one per device."""

    def __init__(self) -> None:
        self._devices: dict[str, _Device] = {}
        self._closing: dict[str, asyncio.Future[object]] = {}

    def acquire(self, config: ScaleConfig) -> ScaleLease:
        """A lease on the monitor of `config.uri`'s device, started on the running loop
        (RuntimeError without one; ValueError for a URI no scale understands)."""
        if not config.uri:
            raise ValueError("no scale configured")
        device = device_of(config.uri)
        entry = self._devices.get(device)
        if entry is not None and not entry.monitor.running:
            self._devices.pop(device)  # its loop ended (a test's, or the app's before)
            with contextlib.suppress(Exception):
                entry.monitor.scale.close()
            entry = None
        if entry is None:
            monitor = config.monitor()
            assert monitor is not None
            closing = self._closing.get(device)
            monitor.start(after=closing if closing is not None and not closing.done() else None)
            entry = self._devices[device] = _Device(monitor)
        lease = ScaleLease(self, device, config)
        entry.leases.append(lease)
        self._apply(entry)
        return lease

    def monitors(self) -> dict[str, ScaleMonitor]:
        """The open devices and their monitors."""
        return {device: entry.monitor for device, entry in self._devices.items()}

    def _apply(self, entry: _Device) -> None:
        config = entry.leases[-1].config
        monitor = entry.monitor
        assert config.uri is not None
        if config.uri != monitor.scale.uri:
            monitor.use(create_scale(config.uri))
        monitor.configure(
            interval=config.interval,
            max_age=config.max_age,
            stable_count=config.stable_count,
            tolerance_kg=config.tolerance_kg,
        )

    def _release(self, lease: ScaleLease) -> asyncio.Future[object] | None:
        entry = self._devices.get(lease.device)
        if entry is None or lease not in entry.leases:
            return None
        entry.leases.remove(lease)
        if entry.leases:
            self._apply(entry)
            return None
        del self._devices[lease.device]
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop any more (the app is gone): close it here
            with contextlib.suppress(Exception):
                entry.monitor.scale.close()
            return None
        closing: asyncio.Future[object] = loop.create_task(entry.monitor.stop())
        self._closing[lease.device] = closing
        closing.add_done_callback(lambda done: self._forget_closing(lease.device, done))
        return closing

    def _forget_closing(self, device: str, done: asyncio.Future[object]) -> None:
        if self._closing.get(device) is done:
            del self._closing[device]


_shared = ScaleHub()


def shared_hub() -> ScaleHub:
    """The process's hub (every page's scale presenter uses it)."""
    return _shared
