"""Client-side pacing against the service's fixed-window rate limit.

The service counts requests per API key in fixed windows and reports the window in the
`RateLimit-Limit/-Interval/-Remaining/-Reset` headers of every response. `RateWindow` is the
pure bookkeeping (time is passed in, so it is unit-testable with a fake clock); `RateLimitPacer`
is the asyncio wrapper that makes callers wait for a slot. The aim: a burst of calls never earns
a 429, and no slot of a window is wasted.

How the estimate stays safe (an upper bound of what the service has counted):
- `Reset` is whole seconds rounded up, so `answer_time + reset` is an upper bound of the real
  end of the window; the smallest of those bounds over the answers of a window is kept, and a
  new window is assumed only once that time has passed.
- The service's count only grows within a window, so the answer with the highest count
  (`limit - remaining`) came from the request it handled last: every other answered request
  is already in that count. Requests still in flight may not be, so they are added. Requests
  of other processes sharing the key before that answer are included too.
- Requests in flight when a window ends may reach the service after its reset, so they are
  counted in the next window as well.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

__all__ = ["RateLimitPacer", "RateLimitState", "RateWindow", "Ticket", "pacer_for"]


@dataclass(frozen=True)
class RateLimitState:
    """What the status bar shows: the limit, the calls left and when the window resets."""

    limit: int | None
    remaining: int | None
    reset_at: float | None  # time.time() of the reset, None while unknown
    interval: float | None = None


@dataclass(frozen=True)
class Ticket:
    """One acquired request slot."""

    seq: int
    epoch: int


@dataclass
class RateWindow:
    """Fixed-window bookkeeping from the `RateLimit-*` headers (pure; time is passed in)."""

    margin: float = 0.02
    limit: int | None = None
    interval: float | None = None
    epoch: int = 0
    reset_at: float | None = None  # upper bound of the current window's end
    acquired: int = 0  # slots taken in the current epoch
    carried: int = 0  # requests the service may have counted with no answer saying so
    max_used: int | None = None  # highest count answered to a request of this epoch
    blocked_until: float = 0.0  # from Retry-After
    unlimited: bool = False  # the service sends no rate-limit headers
    in_flight: dict[int, Ticket] = field(default_factory=dict)
    _seq: itertools.count[int] = field(default_factory=itertools.count)

    def _in_flight_now(self) -> int:
        return sum(1 for t in self.in_flight.values() if t.epoch == self.epoch)

    def used(self) -> int:
        """Upper bound of the requests the service counts in the current window."""
        if self.max_used is None:
            return self.acquired + self.carried
        return self.max_used + self._in_flight_now() + self.carried

    def _roll(self, now: float) -> None:
        if self.reset_at is not None and now >= self.reset_at + self.margin:
            self.epoch += 1
            self.reset_at = None
            self.max_used = None
            self.acquired = 0
            # these may reach the service after its reset: count them in the new window
            self.carried = len(self.in_flight)

    def try_acquire(self, now: float) -> Ticket | float | None:
        """A ticket, or seconds to wait (None: wait for an answer)."""
        if now < self.blocked_until:
            return self.blocked_until - now
        self._roll(now)
        if self.unlimited:
            return self._grant()
        if self.limit is None:
            # nothing known yet: one probe at a time until the first answer tells the limit
            return self._grant() if not self.in_flight else None
        if self.used() < self.limit:
            return self._grant()
        if self.reset_at is not None:
            return max(0.0, self.reset_at + self.margin - now)
        if not self.in_flight:
            # no answer will come to tell when this window ends (the requests were lost): probe
            return self._grant()
        return None  # the answers in flight will tell when this window ends

    def _grant(self) -> Ticket:
        ticket = Ticket(next(self._seq), self.epoch)
        self.in_flight[ticket.seq] = ticket
        self.acquired += 1
        return ticket

    def release(
        self,
        ticket: Ticket,
        now: float,
        headers: Mapping[str, str] | None,
        status: int | None = None,
    ) -> None:
        """Record the answer to `ticket` (headers None: no answer arrived)."""
        self.in_flight.pop(ticket.seq, None)
        if headers is None and ticket.epoch == self.epoch and self.max_used is not None:
            # no answer (connection lost, cancelled): the service may have counted it anyway
            self.carried += 1
        if status == 429 and headers is not None:
            retry_after = _number(headers.get("retry-after"))
            if retry_after is not None:
                self.blocked_until = max(self.blocked_until, now + retry_after)
        parsed = _parse(headers) if headers is not None else None
        if parsed is None:
            if headers is not None and self.limit is None:
                self.unlimited = True
            return
        self.unlimited = False
        limit, interval, remaining, reset = parsed
        self.limit = limit
        if interval is not None:
            self.interval = interval
        if ticket.epoch != self.epoch:
            return  # sent before the current window began: its numbers may be the old window's
        if self.interval is not None:
            reset = min(reset, self.interval)  # a window never lasts longer than its interval
        answer_reset = now + reset
        if self.reset_at is None or answer_reset < self.reset_at:
            self.reset_at = answer_reset
        used = max(0, limit - remaining)
        if self.max_used is None or used > self.max_used:
            self.max_used = used

    def state(self, now: float, wall_now: float) -> RateLimitState:
        """The current numbers for display."""
        if self.limit is None:
            return RateLimitState(None, None, None, self.interval)
        self._roll(now)
        remaining = max(0, self.limit - self.used())
        reset_at = None if self.reset_at is None else wall_now + (self.reset_at - now)
        return RateLimitState(self.limit, remaining, reset_at, self.interval)


def _number(value: str | None) -> float | None:
    if value is None:
        return None
    try:
        number = float(value)
    except ValueError:
        return None
    return number if math.isfinite(number) and number >= 0 else None


def _parse(headers: Mapping[str, str]) -> tuple[int, float | None, int, float] | None:
    limit = _number(headers.get("ratelimit-limit"))
    remaining = _number(headers.get("ratelimit-remaining"))
    reset = _number(headers.get("ratelimit-reset"))
    if limit is None or remaining is None or reset is None:
        return None
    return int(limit), _number(headers.get("ratelimit-interval")), int(remaining), reset


class RateLimitPacer:
    """Waits for a slot before each API call; shared by all clients of one API key."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        wall_clock: Callable[[], float] = time.time,
        margin: float = 0.02,
    ) -> None:
        self._window = RateWindow(margin=margin)
        self._clock = clock
        self._wall_clock = wall_clock
        self._waiters: list[asyncio.Future[None]] = []
        self._observers: list[Callable[[RateLimitState], None]] = []

    async def acquire(self) -> Ticket:
        """Wait until a request may be sent without exceeding the limit."""
        loop = asyncio.get_running_loop()
        while True:
            result = self._window.try_acquire(self._clock())
            if isinstance(result, Ticket):
                return result
            waiter: asyncio.Future[None] = loop.create_future()
            self._waiters.append(waiter)
            try:
                # woken by any answer, or when the window ends
                await asyncio.wait_for(asyncio.shield(waiter), timeout=result)
            except TimeoutError:
                pass
            finally:
                if waiter in self._waiters:
                    self._waiters.remove(waiter)

    def release(
        self, ticket: Ticket, headers: Mapping[str, str] | None, status: int | None = None
    ) -> None:
        """Record the answer (or its absence) and wake the waiting callers."""
        self._window.release(ticket, self._clock(), headers, status)
        waiters, self._waiters = self._waiters, []
        for waiter in waiters:
            if not waiter.done() and not waiter.get_loop().is_closed():
                waiter.set_result(None)
        if self._observers and headers is not None:
            state = self.state
            for observer in list(self._observers):
                observer(state)

    @property
    def state(self) -> RateLimitState:
        """The current limit, remaining calls and reset time."""
        return self._window.state(self._clock(), self._wall_clock())

    def subscribe(self, observer: Callable[[RateLimitState], None]) -> Callable[[], None]:
        """Call `observer` after every answer; returns a function that unsubscribes."""
        self._observers.append(observer)

        def unsubscribe() -> None:
            if observer in self._observers:
                self._observers.remove(observer)

        return unsubscribe


_PACERS: dict[str, RateLimitPacer] = {}
_PACERS_LOCK = threading.Lock()


def pacer_for(base_url: str, api_key: str) -> RateLimitPacer:
    """The process-wide pacer of one API key at one service (the key itself is not kept)."""
    digest = hashlib.sha256(f"{base_url.rstrip('/')}\0{api_key}".encode()).hexdigest()
    with _PACERS_LOCK:
        pacer = _PACERS.get(digest)
        if pacer is None:
            pacer = _PACERS[digest] = RateLimitPacer()
        return pacer
