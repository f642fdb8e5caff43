"""Stations asking to join: the requests' rows and queries (the rules, phrases and views are
shipping/station_join_rules.py's).

A request's poll secret is stored as a hash only; the station's key is made at its first poll
after the approval, so no key is ever stored here in plain. The functions take `now` so that
expiry is tested with a clock, not by waiting.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import Index, String, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import Account, Base
from desktop_app.service.storage.db import UTCDateTime, new_uuid

LIFETIME = dt.timedelta(minutes=15)
# decided or expired requests stay listed this long (the station may still poll), then go
KEEP_FOR = dt.timedelta(days=1)
PENDING, APPROVED, DENIED, EXPIRED, HANDED_OVER = (
    "pending",
    "approved",
    "denied",
    "expired",
    "handed_over",
)


class StationJoinRequest(Base):
    """One station's request to join (no key yet); its poll secret is kept as a hash only."""

    __tablename__ = "station_join_requests"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    station: Mapped[str] = mapped_column(String(100))
    phrase: Mapped[str] = mapped_column(String(64))
    secret_hash: Mapped[str] = mapped_column(String(64))
    address: Mapped[str] = mapped_column(String(64))
    status: Mapped[str] = mapped_column(String(16), default=PENDING)
    created_at: Mapped[dt.datetime] = mapped_column(UTCDateTime())
    expires_at: Mapped[dt.datetime] = mapped_column(UTCDateTime())
    decided_at: Mapped[dt.datetime | None] = mapped_column(UTCDateTime(), nullable=True)
    # who decided ("account key", a station key's name, "command line") and for which
    # account and environment the key is made
    decided_by: Mapped[str | None] = mapped_column(String(100), nullable=True)
    account_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    environment: Mapped[str | None] = mapped_column(String(16), nullable=True)

    __table_args__ = (
        Index("ix_station_join_requests_status", "status", "expires_at"),
        Index("ix_station_join_requests_created", "created_at"),
    )


@dataclass(frozen=True)
class NewJoinRequest:
    """What the station gets once: the request, its phrase and its poll secret."""

    id: str
    station: str
    phrase: str
    expires_at: dt.datetime
    poll_secret: str


def _secret_hash(secret: str) -> str:
    return hashlib.sha256(b"packdesk-join-poll\0" + secret.encode()).hexdigest()


async def drop_old_requests(session: AsyncSession, now: dt.datetime) -> None:
    """Delete the requests made longer than KEEP_FOR before `now`."""
    await session.execute(
        delete(StationJoinRequest).where(StationJoinRequest.created_at < now - KEEP_FOR)
    )


async def shown_phrases(session: AsyncSession, now: dt.datetime) -> set[str]:
    """The phrases of the requests still pending at `now`."""
    pending = select(StationJoinRequest.phrase).where(
        StationJoinRequest.status == PENDING, StationJoinRequest.expires_at > now
    )
    return set((await session.scalars(pending)).all())


async def add_request(
    session: AsyncSession, station: str, phrase: str, secret: str, address: str, now: dt.datetime
) -> NewJoinRequest:
    """Store a pending request (its secret as a hash; the caller commits)."""
    row = StationJoinRequest(
        id=new_uuid(),
        station=station,
        phrase=phrase,
        secret_hash=_secret_hash(secret),
        address=address[:64],
        status=PENDING,
        created_at=now,
        expires_at=now + LIFETIME,
    )
    session.add(row)
    await session.flush()
    return NewJoinRequest(row.id, station, phrase, row.expires_at, secret)


async def request_row(session: AsyncSession, request_id: str) -> StationJoinRequest | None:
    """The request of `request_id`, or None."""
    return await session.get(StationJoinRequest, request_id[:36])


async def request_by_secret(
    session: AsyncSession, request_id: str, secret: str
) -> StationJoinRequest | None:
    """The request of `request_id` when `secret` is its poll secret, else None."""
    row = await request_row(session, request_id)
    if row is None or not hmac.compare_digest(row.secret_hash, _secret_hash(secret)):
        return None
    return row


async def request_rows(session: AsyncSession) -> Sequence[StationJoinRequest]:
    """The kept requests (at most 1000), oldest first."""
    query = select(StationJoinRequest).order_by(StationJoinRequest.created_at).limit(1000)
    return (await session.scalars(query)).all()


async def store_decision(
    session: AsyncSession,
    row: StationJoinRequest,
    status: str,
    *,
    decided_by: str,
    now: dt.datetime,
    account_id: str | None = None,
    environment: str | None = None,
) -> None:
    """Write a decision already taken (approved for an account and environment, or denied)."""
    row.status = status
    row.decided_at = now
    row.decided_by = decided_by[:100]
    if account_id is not None:
        row.account_id = account_id
    if environment is not None:
        row.environment = environment
    await session.flush()


async def take_approved(session: AsyncSession, request_id: str) -> bool:
    """Mark an approved request handed over; False when another poll took it first."""
    taken = await session.execute(
        update(StationJoinRequest)
        .where(StationJoinRequest.id == request_id, StationJoinRequest.status == APPROVED)
        .values(status=HANDED_OVER)
        .execution_options(synchronize_session=False)
    )
    return getattr(taken, "rowcount", 0) == 1


async def account_email(session: AsyncSession, account_id: str) -> str | None:
    """The e-mail of the account `account_id`, or None when it is gone."""
    return await session.scalar(select(Account.email).where(Account.id == account_id))
