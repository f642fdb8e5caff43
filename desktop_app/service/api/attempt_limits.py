"""Limits on attempts (failed sign-ins, station join requests) counted in the database
(storage/attempt_windows.py): every server on one PostgreSQL counts in the same windows, and
a restart keeps a lock. One per app (`for_service`); the clock is the service's own.

A full bucket is refused after one read; only an attempt that may go on writes. Buckets of
attempts that are never given back may be remembered as full in the process until they
reopen (`remember`), so a keyless flood stops reaching the database.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable, Mapping

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from desktop_app.service.context import ServiceContext
from desktop_app.service.storage import attempt_windows
from desktop_app.service.storage.attempt_windows import Limit, Refusal

EXTRAS_KEY = "attempt_limits"
# buckets remembered as full at most; expired ones go first
MAX_REMEMBERED = 10_000


class AttemptLimits:
    """Check-and-count of attempts against `Limit`s per bucket, kept in the database."""

    def __init__(
        self, sessions: async_sessionmaker[AsyncSession], clock: Callable[[], float]
    ) -> None:
        self._sessions = sessions
        self._clock = clock
        # one counting transaction at a time in this process (SQLite has a single writer;
        # on PostgreSQL the rows' locks order the processes)
        self._turn = asyncio.Lock()
        self._full_until: dict[str, float] = {}

    def now(self) -> float:
        """The service's clock in seconds since the epoch."""
        return self._clock()

    def _remembered(self, limits: Mapping[str, Limit], now: float) -> Refusal | None:
        for bucket in sorted(limits):
            until = self._full_until.get(bucket)
            if until is not None and until > now:
                return Refusal(bucket, max(1, math.ceil(until - now)), noted=True)
        return None

    def _remember(self, refused: Refusal, now: float) -> None:
        if len(self._full_until) >= MAX_REMEMBERED:
            self._full_until = {b: t for b, t in self._full_until.items() if t > now}
            while len(self._full_until) >= MAX_REMEMBERED:
                self._full_until.pop(next(iter(self._full_until)))
        self._full_until[refused.bucket] = now + refused.wait_s

    async def take(
        self, limits: Mapping[str, Limit], now: float, *, remember: bool = False
    ) -> Refusal | None:
        """Count an attempt at `now` in every bucket, or answer why not (none counted).
        `remember`: these attempts are never given back, a full bucket stays full."""
        refused = self._remembered(limits, now) if remember else None
        if refused is not None:
            return refused
        async with self._sessions() as session:
            refused = await attempt_windows.refusal(session, limits, now)
        if refused is None:
            async with self._turn, self._sessions() as session:
                refused = await attempt_windows.take(session, limits, now)
        if refused is not None and remember:
            self._remember(refused, now)
        return refused

    async def give_back(self, limits: Mapping[str, Limit], at: float) -> None:
        """Uncount the attempt taken at `at` (it was no failure)."""
        async with self._turn, self._sessions() as session:
            await attempt_windows.give_back(session, limits, at)

    async def note_lock(self, refused: Refusal) -> bool:
        """True once per lock (across servers): this refusal is the one to write down."""
        if refused.noted:
            return False
        async with self._sessions() as session:
            return await attempt_windows.note_lock(session, refused.bucket)


def for_service(ctx: ServiceContext) -> AttemptLimits:
    """The app's limits, on its database and clock."""
    limits = ctx.extras.get(EXTRAS_KEY)
    if not isinstance(limits, AttemptLimits):
        limits = AttemptLimits(ctx.sessions, lambda: ctx.now().timestamp())
        ctx.extras[EXTRAS_KEY] = limits
    return limits
