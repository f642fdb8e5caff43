"""What several service processes on one PostgreSQL must share: rate-limit windows and
`Idempotency-Key` records (see docs/serve.md, "Two servers, one PostgreSQL").

Rate windows: one row per API key, counted by one `INSERT ... ON CONFLICT DO UPDATE` on the
database's clock, so a key gets its limit once across every process (SQLite serves one process:
the limiter counts in memory there, see api/ratelimit.py).

Idempotency records: the first commit with writes of a request carrying an `Idempotency-Key`
adds the record in the same transaction (a `before_commit` hook on the request's session), so
the record exists exactly when the request's effect does, even when the process is killed right
after the commit. The answer is added once it is sent; a record without one (its process died
in between) is answered from the created resource (`location`). Records older than a day go.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Index, Integer, LargeBinary, String, delete, event, select, text, update
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from sqlalchemy.orm import Mapped, Session, mapped_column

from desktop_app.service.storage.db import Base, UTCDateTime, utcnow
from desktop_app.service.storage.outage import report_failure
from desktop_app.service.storage.running import RunningService

log = logging.getLogger("packdesk.service")

# how long a key's answer is kept (a station's retries come within seconds or minutes)
IDEMPOTENCY_KEEP = dt.timedelta(hours=24)
PRUNE_EVERY_SECONDS = 600.0
# the key in `session.info` under which a request's claim travels to the commit hook
CLAIM_INFO = "packdesk_idempotency_claim"
IDEMPOTENCY_PK = "pk_idempotent_requests"
# rows that only matter for the next minutes: backups leave them out (a restore starts afresh)
TRANSIENT_TABLES = ("rate_windows", "attempt_windows")


class RateWindow(Base):
    """A key's current fixed window: when it started (database clock) and the requests in it."""

    __tablename__ = "rate_windows"

    bucket: Mapped[str] = mapped_column(String(80), primary_key=True)
    started_at: Mapped[dt.datetime] = mapped_column(UTCDateTime)
    hits: Mapped[int] = mapped_column(Integer)


class IdempotentRequest(Base):
    """A write carried out under an `Idempotency-Key`, and its answer once sent."""

    __tablename__ = "idempotent_requests"

    account_id: Mapped[str] = mapped_column(String(36), primary_key=True)
    environment: Mapped[str] = mapped_column(String(16), primary_key=True)
    idempotency_key: Mapped[str] = mapped_column(String(255), primary_key=True)
    # SHA-256 of method, path, query and body: the same key for another request is refused
    request_hash: Mapped[str] = mapped_column(String(64))
    # the resource the request created (answered by a GET when the answer was never stored)
    location: Mapped[str | None] = mapped_column(String(255), nullable=True)
    status: Mapped[int | None] = mapped_column(Integer, nullable=True)
    content_type: Mapped[str | None] = mapped_column(String(128), nullable=True)
    body: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime, default=utcnow)

    __table_args__ = (Index("ix_idempotent_requests_created", "created_at"),)


@dataclass
class Claim:
    """A request's idempotency key on its way to the commit that records it."""

    account_id: str
    environment: str
    idempotency_key: str
    request_hash: str
    # set by the commit hook: the record is part of a committed transaction
    recorded: bool = False
    pending: bool = False
    # the resource the request created, noted when flushed before the commit
    location: str | None = None


_RATE_HIT = text(
    """
    INSERT INTO rate_windows AS w (bucket, started_at, hits) VALUES (:bucket, now(), 1)
    ON CONFLICT (bucket) DO UPDATE SET
      started_at = CASE WHEN w.started_at <= now() - make_interval(secs => :interval)
                        THEN now() ELSE w.started_at END,
      hits = CASE WHEN w.started_at <= now() - make_interval(secs => :interval)
                  THEN 1 ELSE LEAST(w.hits + 1, :cap) END
    RETURNING hits, EXTRACT(EPOCH FROM now() - started_at)
    """
)


class SharedWindows:
    """Rate windows in PostgreSQL: every process of the service counts in the same row."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine

    async def hit(self, bucket: str, limit: int, interval: float) -> tuple[int, float]:
        """Count one request: (requests in the window, at most limit + 1; its age in seconds)."""
        async with self.engine.begin() as conn:
            row = (
                await conn.execute(
                    _RATE_HIT, {"bucket": bucket, "interval": interval, "cap": limit + 1}
                )
            ).one()
        return int(row[0]), float(row[1])


def _written(session: Session) -> bool:
    return bool(session.new or session.dirty or session.deleted or session.info.get("wrote"))


@event.listens_for(Session, "do_orm_execute")
def _note_statement_writes(state: Any) -> None:
    """`UPDATE`/`DELETE` statements change rows without objects in the session."""
    if CLAIM_INFO in state.session.info and (state.is_update or state.is_delete or state.is_insert):
        state.session.info["wrote"] = True


def _created_path(objects: Any) -> str | None:
    """Where the API answers the first created object that says (`api_path`), else None."""
    for obj in objects:
        path = getattr(type(obj), "api_path", None)
        if isinstance(path, str):
            return path.format(id=obj.id)
    return None


@event.listens_for(Session, "before_flush")
def _note_flush(session: Session, _context: Any, _instances: Any) -> None:
    """A flush before the commit (a query's autoflush) takes the new objects out of `new`."""
    claim = session.info.get(CLAIM_INFO)
    if isinstance(claim, Claim):
        session.info["wrote"] = True
        claim.location = claim.location or _created_path(session.new)


@event.listens_for(Session, "before_commit")
def _record_claim(session: Session) -> None:
    """The first commit with writes of a claimed request adds its record to the transaction."""
    claim = session.info.get(CLAIM_INFO)
    if not isinstance(claim, Claim) or claim.recorded or claim.pending or not _written(session):
        return
    location = claim.location or _created_path(session.new)
    session.add(
        IdempotentRequest(
            account_id=claim.account_id,
            environment=claim.environment,
            idempotency_key=claim.idempotency_key,
            request_hash=claim.request_hash,
            location=location,
            created_at=utcnow(),
        )
    )
    claim.pending = True


@event.listens_for(Session, "after_commit")
def _claim_committed(session: Session) -> None:
    claim = session.info.get(CLAIM_INFO)
    if isinstance(claim, Claim) and claim.pending:
        claim.pending, claim.recorded = False, True
    session.info.pop("wrote", None)


@event.listens_for(Session, "after_rollback")
def _claim_rolled_back(session: Session) -> None:
    claim = session.info.get(CLAIM_INFO)
    if isinstance(claim, Claim):
        claim.pending = False
        if not claim.recorded:
            claim.location = None
    session.info.pop("wrote", None)


async def find_record(
    sessions: async_sessionmaker[AsyncSession], claim: Claim
) -> IdempotentRequest | None:
    """The record of the claim's key, None when no request under it has written anything."""
    async with sessions() as session:
        return await session.scalar(
            select(IdempotentRequest).where(
                IdempotentRequest.account_id == claim.account_id,
                IdempotentRequest.environment == claim.environment,
                IdempotentRequest.idempotency_key == claim.idempotency_key,
            )
        )


async def store_answer(
    sessions: async_sessionmaker[AsyncSession],
    claim: Claim,
    status: int,
    content_type: str | None,
    body: bytes,
) -> None:
    """Keep the answer the first request got, for the key's repeats."""
    async with sessions() as session:
        await session.execute(
            update(IdempotentRequest)
            .where(
                IdempotentRequest.account_id == claim.account_id,
                IdempotentRequest.environment == claim.environment,
                IdempotentRequest.idempotency_key == claim.idempotency_key,
            )
            .values(status=status, content_type=content_type, body=body)
        )
        await session.commit()


async def prune_records(sessions: async_sessionmaker[AsyncSession], now: dt.datetime) -> int:
    """Delete the records older than `IDEMPOTENCY_KEEP`; how many went."""
    async with sessions() as session:
        result = await session.execute(
            delete(IdempotentRequest).where(IdempotentRequest.created_at < now - IDEMPOTENCY_KEEP)
        )
        await session.commit()
    return int(getattr(result, "rowcount", 0) or 0)


async def run_pruning(ctx: RunningService) -> None:
    """Background task: forget idempotency keys older than a day, every ten minutes."""
    while True:
        try:
            await prune_records(ctx.sessions, ctx.now())
        except Exception as exc:  # the database may be away: try again next round
            report_failure(ctx.outage, exc, "idempotency key clean-up")
        await asyncio.sleep(PRUNE_EVERY_SECONDS)


BACKGROUND_TASKS = [run_pruning]
