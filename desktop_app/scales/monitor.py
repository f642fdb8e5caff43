"""A scale read continuously on the event loop (the blocking reads run in a thread).

The monitor keeps the newest reading and the newest stable weight, reconnects after the
scale was unplugged (`state` says what is going on), and never hands out a weight older
than `max_age` seconds: a frozen or unplugged scale shows no weight rather than a stale one.

Its state changes only when the scale's does: an answer lost on the line (a time-out, a
garbled line, one I/O error) while the last reading is still fresh keeps the state, the
reading and the stability count as they were and is read again at once; only when errors
outlast `max_age` (or the scale itself says it is moving, overloaded or below zero) does the
state change. Several readers of one port would take each other's answers: `ScaleHub` gives
every page the one monitor of a device.
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
    ScaleNotReady,
    ScaleUnavailable,
    StabilityDetector,
)

log = logging.getLogger(__name__)

EMPTY_KG = 0.01
"""A reading at or below this (in kg, either sign) means nothing is on the pan."""

LOST_ANSWER_RETRY = 0.02
"""Seconds before a lost answer is asked again (the last reading is still fresh)."""

MonitorState = Literal["connecting", "reading", "not_ready", "disconnected", "unavailable"]


@dataclass(frozen=True, slots=True)
class ScaleStatus:
    """What the monitor knows now: its state, a message, the newest reading and stable weight."""

    state: MonitorState
    message: str
    reading: Reading | None
    stable: Reading | None
    kind: str = ""  # the ScaleError's kind behind a not_ready/disconnected/unavailable state


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
        self._next_scale: Scale | None = None
        self.opened = 0
        """How many times a scale was taken into use (the first, and each `use` since)."""
        self.state: MonitorState = "connecting"
        self.message = f"connecting to {scale.describe()}"
        self.kind = ""
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
        return ScaleStatus(
            self.state, self.message, self.reading(), self.stable_weight(), self.kind
        )

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

        async with asyncio.timeout(timeout):
            return await wait()

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

    # --- settings -----------------------------------------------------------------------------

    def configure(
        self, *, interval: float, max_age: float, stable_count: int, tolerance_kg: float
    ) -> None:
        """Take other settings (the next poll uses them; a new stability rule counts anew)."""
        self.interval, self.max_age = interval, max_age
        detector = self.detector
        if (detector.count, detector.tolerance_kg) != (stable_count, tolerance_kg):
            self.detector = StabilityDetector(stable_count, tolerance_kg)
            self._stable = None

    def use(self, scale: Scale) -> None:
        """Read `scale` from the next poll on (the current one is closed first: the same
        port is never open twice); e.g. the same port with another protocol."""
        self._next_scale = scale
        self.message = f"connecting to {scale.describe()}"

    async def _switch_scale(self) -> None:
        scale, self._next_scale = self._next_scale, None
        if scale is None:
            return
        old, self.scale = self.scale, scale
        self.opened += 1
        await asyncio.to_thread(old.close)
        self._forget()
        self.state = "connecting"

    # --- life cycle ---------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether it polls on the running loop."""
        task = self._task
        if task is None or task.done():
            return False
        try:
            return task.get_loop() is asyncio.get_running_loop()
        except RuntimeError:
            return False

    def start(self, after: asyncio.Future[object] | None = None) -> None:
        """Start polling on the running loop (once `after` is done: the port's last reader
        has closed it)."""
        if self._task is None or self._task.done():
            loop = asyncio.get_running_loop()
            self.opened += 1
            self._task = loop.create_task(self._run(after), name="scale-monitor")

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

    def _lost_answer(self) -> bool:
        """Whether an error is a lost answer to read again at once: the last reading is
        still fresh, so the scale's state is known and unchanged."""
        return self.state == "reading" and self.reading() is not None

    async def _run(self, after: asyncio.Future[object] | None = None) -> None:
        if after is not None:
            with contextlib.suppress(Exception):
                await asyncio.shield(after)
        while True:
            delay = self.interval
            try:
                async with self._busy:
                    await self._switch_scale()
                    # a lost answer is asked again before the last reading grows old
                    timeout = max(0.2, min(1.0, self.max_age / 2))
                    reading = await asyncio.to_thread(self.scale.read, timeout)
            except ScaleUnavailable as exc:
                self._set("unavailable", str(exc), exc.kind)
                return
            except ScaleNotReady as exc:  # the scale's own answer: moving, overload, ...
                self._forget()
                self._set("not_ready", str(exc), exc.kind)
            except ScaleDisconnected as exc:
                if self._lost_answer():
                    await asyncio.sleep(LOST_ANSWER_RETRY)
                    continue
                if self.state != "disconnected":
                    self.disconnects += 1
                self._forget()
                self._set("disconnected", str(exc), exc.kind)
                delay = self.reconnect_delay
            except ScaleError as exc:
                if self._lost_answer():
                    await asyncio.sleep(LOST_ANSWER_RETRY)
                    continue
                self._forget()
                self._set("not_ready", str(exc), exc.kind)
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

    def _set(self, state: MonitorState, message: str, kind: str = "") -> None:
        self.state, self.message, self.kind = state, message, kind
        self._changed.set()
        status = self.status()
        for listener in list(self._listeners):
            try:
                listener(status)
            except Exception:
                log.exception("scale listener failed")
