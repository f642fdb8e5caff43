"""Fixed-window rate limiting per API key (per client address when unauthenticated).

With PostgreSQL several service processes may share the database, so a key's windows are
counted there (`SharedWindows`, one statement per request) and the key gets its limit once
across every process. Requests without a key are counted per process, in memory: a flood of
them must not reach the database.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass
class _Window:
    start: float
    count: int


@dataclass(frozen=True)
class RateState:
    """The numbers behind the four `RateLimit-*` headers of one response."""

    limit: int
    interval: float
    remaining: int
    reset: int
    allowed: bool

    def headers(self) -> dict[str, str]:
        """`RateLimit-Limit`, `-Interval`, `-Remaining`, `-Reset` (seconds)."""
        interval = int(self.interval) if float(self.interval).is_integer() else self.interval
        return {
            "RateLimit-Limit": str(self.limit),
            "RateLimit-Interval": str(interval),
            "RateLimit-Remaining": str(self.remaining),
            "RateLimit-Reset": str(self.reset),
        }


class WindowStore(Protocol):
    """Windows kept outside the process (storage/shared_limits.py's `SharedWindows`)."""

    async def hit(self, bucket: str, limit: int, interval: float) -> tuple[int, float]:
        """Count one request in `bucket`: (requests in its window, capped; window age)."""
        ...


class RateLimiter:
    """N requests per interval per bucket; windows start at a bucket's first request."""

    # prune stale buckets once this many exist, so garbage keys cannot grow memory unbounded
    PRUNE_AT = 10_000

    def __init__(
        self,
        limit: int,
        interval: float,
        clock: Callable[[], float] = time.monotonic,
        shared: WindowStore | None = None,
    ) -> None:
        self.limit = limit
        self.interval = interval
        self._clock = clock
        self._windows: dict[str, _Window] = {}
        # where keys' windows live when several processes serve one database
        self.shared = shared

    def _window(self, bucket: str, now: float) -> _Window:
        window = self._windows.get(bucket)
        if window is None or now - window.start >= self.interval:
            if len(self._windows) >= self.PRUNE_AT:
                self._prune(now)
            window = _Window(now, 0)
            self._windows[bucket] = window
        return window

    def _prune(self, now: float) -> None:
        self._windows = {k: w for k, w in self._windows.items() if now - w.start < self.interval}

    def _state(self, window: _Window, now: float, allowed: bool) -> RateState:
        reset = max(0, math.ceil(window.start + self.interval - now))
        remaining = max(0, self.limit - window.count)
        return RateState(self.limit, self.interval, remaining, reset, allowed)

    def hit(self, bucket: str) -> RateState:
        """Count one request in `bucket`; `allowed` is False once the limit is used up."""
        now = self._clock()
        window = self._window(bucket, now)
        if window.count >= self.limit:
            return self._state(window, now, allowed=False)
        window.count += 1
        return self._state(window, now, allowed=True)

    def peek(self, bucket: str) -> RateState:
        """The current state without counting (label downloads are not limited)."""
        now = self._clock()
        window = self._windows.get(bucket)
        if window is None or now - window.start >= self.interval:
            return RateState(self.limit, self.interval, self.limit, math.ceil(self.interval), True)
        return self._state(window, now, allowed=True)

    async def hit_key(self, bucket: str) -> RateState:
        """`hit` for a key's bucket: counted in the shared windows when there are any."""
        if self.shared is None:
            return self.hit(bucket)
        hits, age = await self.shared.hit(bucket, self.limit, self.interval)
        reset = max(0, math.ceil(self.interval - age))
        remaining = max(0, self.limit - hits)
        return RateState(self.limit, self.interval, remaining, reset, hits <= self.limit)
