"""Sliding windows of attempts per bucket (a station key, a client address, a station name),
kept in the database so that every server on one PostgreSQL counts in the same rows and a
restart forgets nothing: failed sign-ins and station join requests are limited by them.

A bucket's row holds the times of its newest attempts (seconds of the service's clock, so a
test moves it with `--clock-offset`), at most its limit: a bucket is full while its limit-th
newest attempt is younger than its window. `take` checks and counts in one transaction that
holds the buckets' rows (`SELECT ... FOR UPDATE`, in one order; SQLite has one writer), so
two servers never both let the last attempt through. Rows idle for `KEEP_S` are pruned.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import JSON, Boolean, Index, String, delete, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base, UTCDateTime
from desktop_app.service.storage.outage import report_failure
from desktop_app.service.storage.running import RunningService

# longer than any window counted here (15 minutes for sign-ins, 10 for join requests)
KEEP_S = 3600.0
PRUNE_EVERY_SECONDS = 600.0
BUCKET_LENGTH = 160


class AttemptWindow(Base):
    """A bucket's newest attempts and whether its current lock was written to the audit log."""

    __tablename__ = "attempt_windows"

    bucket: Mapped[str] = mapped_column(String(BUCKET_LENGTH), primary_key=True)
    # seconds since the epoch on the service's clock, oldest first, at most the bucket's limit
    attempts: Mapped[list[float]] = mapped_column(JSON)
    # the newest attempt (pruning reads it), and the row's creation before any
    last_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    lock_noted: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (Index("ix_attempt_windows_last_at", "last_at"),)


@dataclass(frozen=True)
class Limit:
    """At most `count` attempts in any `window_s` seconds."""

    count: int
    window_s: float


@dataclass(frozen=True)
class Refusal:
    """A full bucket: which, how many seconds until it takes an attempt again, and whether
    its lock was already written to the audit log (`note_lock`)."""

    bucket: str
    wait_s: int
    noted: bool


def _recent(attempts: Iterable[float], limit: Limit, now: float) -> list[float]:
    return [at for at in attempts if now - at < limit.window_s][-limit.count :]


def _wait(attempts: list[float], limit: Limit, now: float) -> int:
    """Seconds until the bucket takes an attempt (0: now)."""
    if len(attempts) < limit.count:
        return 0
    return max(1, math.ceil(attempts[-limit.count] + limit.window_s - now))


def _refusal(
    rows: Mapping[str, AttemptWindow], limits: Mapping[str, Limit], now: float
) -> Refusal | None:
    """The bucket that waits longest, None when every bucket takes an attempt."""
    worst: Refusal | None = None
    for bucket in sorted(limits):
        row = rows.get(bucket)
        recent = _recent(row.attempts if row else (), limits[bucket], now)
        wait = _wait(recent, limits[bucket], now)
        if wait and (worst is None or wait > worst.wait_s):
            worst = Refusal(bucket, wait, noted=row is None or row.lock_noted)
    return worst


async def _rows(
    session: AsyncSession, buckets: Iterable[str], *, for_update: bool = False
) -> dict[str, AttemptWindow]:
    query = select(AttemptWindow).where(AttemptWindow.bucket.in_(sorted(buckets)))
    if for_update:
        query = query.order_by(AttemptWindow.bucket).with_for_update()
    return {row.bucket: row for row in (await session.scalars(query)).all()}


async def refusal(session: AsyncSession, limits: Mapping[str, Limit], now: float) -> Refusal | None:
    """Read only: the full bucket, if any (a flood is refused without writing)."""
    return _refusal(await _rows(session, limits), limits, now)


def _insert_missing(dialect: str, buckets: list[str], stamp: dt.datetime) -> Any:
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    values = [{"bucket": b, "attempts": [], "last_at": stamp, "lock_noted": False} for b in buckets]
    return insert(AttemptWindow).values(values).on_conflict_do_nothing(index_elements=["bucket"])


async def take(session: AsyncSession, limits: Mapping[str, Limit], now: float) -> Refusal | None:
    """Count one attempt in every bucket and commit; or, when a bucket is full, count none
    and answer its refusal."""
    buckets = sorted(limits)
    stamp = dt.datetime.fromtimestamp(now, dt.UTC)
    bind = session.get_bind()
    await session.execute(_insert_missing(bind.dialect.name, buckets, stamp))
    rows = await _rows(session, buckets, for_update=True)
    refused = _refusal(rows, limits, now)
    if refused is None:
        for bucket in buckets:
            row = rows[bucket]
            row.attempts = [*_recent(row.attempts, limits[bucket], now), now]
            row.last_at = max(row.last_at, stamp)
            # counted again: its next lock is a new one, to be written down once
            row.lock_noted = False
    await session.commit()
    return refused


async def note_lock(session: AsyncSession, bucket: str) -> bool:
    """Mark the bucket's lock as written to the audit log and commit: True for exactly one
    caller per lock, across servers."""
    result = await session.execute(
        update(AttemptWindow)
        .where(AttemptWindow.bucket == bucket, AttemptWindow.lock_noted.is_(False))
        .values(lock_noted=True)
    )
    await session.commit()
    return int(getattr(result, "rowcount", 0) or 0) == 1


async def give_back(session: AsyncSession, buckets: Iterable[str], at: float) -> None:
    """Uncount the attempt taken at `at` (a right badge is no failure) and commit."""
    for row in (await _rows(session, buckets, for_update=True)).values():
        if at in row.attempts:
            attempts = list(row.attempts)
            attempts.remove(at)
            row.attempts = attempts
    await session.commit()


async def prune(session: AsyncSession, now: dt.datetime) -> int:
    """Delete the buckets without an attempt for `KEEP_S`; how many went."""
    result = await session.execute(
        delete(AttemptWindow).where(AttemptWindow.last_at < now - dt.timedelta(seconds=KEEP_S))
    )
    await session.commit()
    return int(getattr(result, "rowcount", 0) or 0)


async def run_pruning(ctx: RunningService) -> None:
    """Background task: forget idle buckets every ten minutes."""
    sessions: async_sessionmaker[AsyncSession] = ctx.sessions
    while True:
        try:
            async with sessions() as session:
                await prune(session, ctx.now())
        except Exception as exc:  # the database may be away: try again next round
            report_failure(ctx.outage, exc, "attempt window clean-up")
        await asyncio.sleep(PRUNE_EVERY_SECONDS)


BACKGROUND_TASKS = [run_pruning]
