"""A scale read continuously on the event loop (the blocking reads run in a thread).

The monitor keeps the newest reading and the newest stable weight, reconnects after the
scale was unplugged (`state` says what is going on), and never hands out a weight older
than `max_age` seconds: a frozen or unplugged scale shows no weight rather than a stale one.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from desktop_app.scales.base import Scale
from desktop_app.scales.readings import (
    Reading,
    ScaleDisconnected,
    ScaleError,
    ScaleUnavailable,
    StabilityDetector,
)

log = logging.getLogger(__name__)

EMPTY_KG = 0.01
"""A reading at or below this (in kg, either sign) means nothing is on the pan."""

MonitorState = Literal["connecting", "reading", "not_ready", "disconnected", "unavailable"]


@dataclass(frozen=True, slots=True)
class ScaleStatus:
    """What the monitor knows now: its state, a message, the newest reading and stable weight."""

    state: MonitorState
    message: str
    reading: Reading | None
    stable: Reading | None


Listener = Callable[[ScaleStatus], None]


class ScaleMonitor:
    """Polls a scale every `interval` seconds while running (`start`/`stop` on a loop)."""

    def __init__(
        self,
        scale: Scale,
        *,
        interval: float = 0.2,
        max_age: float = 1.0,
        stable_count: int = 3,
        tolerance_kg: float = 0.002,
        reconnect_delay: float = 1.0,
    ) -> None:
        self.scale = scale
        self.interval = interval
        self.max_age = max_age
        self.reconnect_delay = reconnect_delay
        self.detector = StabilityDetector(stable_count, tolerance_kg)
        self.state: MonitorState = "connecting"
        self.message = f"connecting to {scale.describe()}"
        self._reading: Reading | None = None
        self._stable: Reading | None = None
        self._listeners: list[Listener] = []
        self._task: asyncio.Task[None] | None = None
        self._changed = asyncio.Event()
        self._busy = asyncio.Lock()  # one call at a time on the device (read, zero, tare)
        self.disconnects = 0
        self.emptied_at: float | None = None
        """When (`Reading.at`) the scale last read (near) zero, moving or not: the pan was
        emptied then (None: never seen empty since the monitor started)."""

    # --- reading ------------------------------------------------------------------------------

    def reading(self, now: float | None = None) -> Reading | None:
        """The newest reading if younger than `max_age`, else None."""
        r = self._reading
        return r if r is not None and r.age(now) <= self.max_age else None

    def stable_weight(self, now: float | None = None) -> Reading | None:
        """The current stable weight: the newest reading, if it is the stable one and fresh."""
        r = self._stable
        if r is None or r is not self._reading or r.age(now) > self.max_age:
            return None
        return r

    def status(self) -> ScaleStatus:
        """The state, message and fresh readings together."""
        return ScaleStatus(self.state, self.message, self.reading(), self.stable_weight())

    def add_listener(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(status)` after every poll; returns a function that removes it."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    async def wait_stable(self, timeout: float) -> Reading:
        """The next fresh stable weight (TimeoutError after `timeout` seconds)."""

        async def wait() -> Reading:
            while True:
                found = self.stable_weight()
                if found is not None:
                    return found
                self._changed.clear()
                await self._changed.wait()

        return await asyncio.wait_for(wait(), timeout)

    # --- zero and tare ------------------------------------------------------------------------

    async def zero(self) -> None:
        """Zero the scale (ScaleError with the scale's reason)."""
        async with self._busy:
            await asyncio.to_thread(self.scale.zero)
        self._forget()

    async def tare(self) -> Reading:
        """Take the weight on the scale as tare; the tare weight."""
        async with self._busy:
            tare = await asyncio.to_thread(self.scale.tare)
        self._forget()
        return tare

    async def clear_tare(self) -> None:
        """Forget the tare."""
        async with self._busy:
            await asyncio.to_thread(self.scale.clear_tare)
        self._forget()

    def _forget(self) -> None:
        self.detector.reset()
        self._reading = self._stable = None

    # --- life cycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Start polling on the running loop."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="scale-monitor")

    async def stop(self) -> None:
        """Stop polling and close the scale."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        async with self._busy:
            await asyncio.to_thread(self.scale.close)

    async def __aenter__(self) -> ScaleMonitor:
        self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _run(self) -> None:
        while True:
            delay = self.interval
            try:
                async with self._busy:
                    reading = await asyncio.to_thread(self.scale.read, 1.0)
            except ScaleUnavailable as exc:
                self._set("unavailable", str(exc))
                return
            except ScaleDisconnected as exc:
                if self.state != "disconnected":
                    self.disconnects += 1
                self._forget()
                self._set("disconnected", str(exc))
                delay = self.reconnect_delay
            except ScaleError as exc:
                self._forget()
                self._set("not_ready", str(exc))
            except Exception as exc:  # a library bug must not end the polling for good
                log.exception("scale %s: unexpected error", self.scale.describe())
                self._forget()
                self._set("not_ready", f"{type(exc).__name__}: {exc}")
                delay = self.reconnect_delay
            else:
                self._reading = reading
                if abs(reading.kg) <= EMPTY_KG:
                    self.emptied_at = reading.at
                self._stable = self.detector.feed(reading)
                self._set("reading", reading.describe())
            await asyncio.sleep(delay)

    def _set(self, state: MonitorState, message: str) -> None:
        self.state, self.message = state, message
        self._changed.set()
        status = self.status()
        for listener in list(self._listeners):
            try:
                listener(status)
            except Exception:
                log.exception("scale listener failed")
