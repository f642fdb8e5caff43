"""Fixed-window rate limiting per API key (per client address when unauthenticated)."""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass


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


class RateLimiter:
    """N requests per interval per bucket; windows start at a bucket's first request."""

    # prune stale buckets once this many exist, so garbage keys cannot grow memory unbounded
    PRUNE_AT = 10_000

    def __init__(
        self, limit: int, interval: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limit = limit
        self.interval = interval
        self._clock = clock
        self._windows: dict[str, _Window] = {}

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
