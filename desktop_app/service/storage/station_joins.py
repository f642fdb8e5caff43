"""Stations asking to join: a request with a phrase, approved or denied by an admin, its key
handed over once.

A new station asks without a key (`POST /v1/stations/join_requests`, over the CA it pinned)
and shows the phrase it got; the admin sees the same phrase with the request and approves by
typing it. The station polls with a secret only it knows (stored here as a hash). The station's
key is made at its first poll after the approval (named after the station, as `accounts
add-key` makes them), so no key exists before the station takes it and none is ever stored in
plain: the key store keeps its hash only. A request nobody decided expires 15 minutes after it
was made. The functions take `now` so that expiry is tested with a clock, not by waiting.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Index, String, delete, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import Account, AccountError, Base
from desktop_app.service.storage.db import PRODUCTION, SANDBOX, UTCDateTime, new_uuid
from desktop_app.service.storage.station_keys import add_station_keys, clean_name, key_listing

LIFETIME = dt.timedelta(minutes=15)
# decided or expired requests stay listed this long (the station may still poll), then go
KEEP_FOR = dt.timedelta(days=1)
# at most this many undecided requests in all: a flood from many addresses cannot fill the table
MAX_PENDING = 200
PENDING, APPROVED, DENIED, EXPIRED, HANDED_OVER = (
    "pending",
    "approved",
    "denied",
    "expired",
    "handed_over",
)
# short words a German and an English reader both say and spell alike (no umlauts, no ß)
WORDS = (
    "amber", "anker", "apple", "atlas", "banjo", "basil", "bingo", "boxer", "cactus", "canal",
    "cello", "cobra", "comet", "condor", "delta", "disco", "dollar", "domino", "drama", "eagle",
    "echo", "elbe", "falke", "fjord", "flora", "forum", "gecko", "gitarre", "globus", "gorilla",
    "hafen", "hotel", "igel", "insel", "jaguar", "joker", "kaktus", "kamel", "kanu", "kiwi",
    "koala", "kobra", "lama", "lemon", "lotus", "mango", "marmor", "melone", "metro", "mond",
    "motor", "nebel", "ninja", "oase", "olive", "opera", "orbit", "panda", "papaya", "piano",
    "pilot", "pirat", "planet", "polka", "radar", "radio", "robot", "rodeo", "safari", "salsa",
    "samba", "sauna", "sofa", "solar", "sonne", "tango", "taxi", "tiger", "tomate", "tornado",
    "tukan", "tulpe", "turbo", "ufo", "vulkan", "walross", "wolke", "yoga", "zebra", "zitrone",
)  # fmt: skip


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


class JoinError(Exception):
    """A join request that cannot be made or decided; `status` is the HTTP answer."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class NewJoinRequest:
    """What the station gets once: the request, its phrase and its poll secret."""

    id: str
    station: str
    phrase: str
    expires_at: dt.datetime
    poll_secret: str

    def as_json(self) -> dict[str, str]:
        """The `POST /v1/stations/join_requests` answer."""
        return {
            "id": self.id,
            "station": self.station,
            "phrase": self.phrase,
            "expires_at": self.expires_at.isoformat(timespec="seconds"),
            "poll_secret": self.poll_secret,
        }


def _secret_hash(secret: str) -> str:
    return hashlib.sha256(b"packdesk-join-poll\0" + secret.encode()).hexdigest()


def new_phrase() -> str:
    """Two words and a number, e.g. "tiger-piano-42"."""
    first, second = secrets.choice(WORDS), secrets.choice(WORDS)
    while second == first:
        second = secrets.choice(WORDS)
    return f"{first}-{second}-{secrets.randbelow(90) + 10}"


def same_phrase(typed: str, phrase: str) -> bool:
    """True when `typed` is the phrase, whatever the case and the separators."""
    words = "".join(ch if ch.isalnum() else " " for ch in typed.casefold()).split()
    return hmac.compare_digest("-".join(words).encode(), phrase.encode())


def status_at(row: StationJoinRequest, now: dt.datetime) -> str:
    """The request's status at `now` (an undecided one past its time is expired)."""
    if row.status == PENDING and now >= row.expires_at:
        return EXPIRED
    return row.status


def public_status(row: StationJoinRequest, now: dt.datetime) -> str:
    """The status a station or an admin sees (a handed-over key reads as approved)."""
    status = status_at(row, now)
    return APPROVED if status == HANDED_OVER else status


def request_json(row: StationJoinRequest, now: dt.datetime) -> dict[str, Any]:
    """A request as an admin lists it (never the secret)."""
    return {
        "id": row.id,
        "station": row.station,
        "phrase": row.phrase,
        "status": public_status(row, now),
        "key_taken": row.status == HANDED_OVER,
        "address": row.address,
        "created_at": row.created_at.isoformat(timespec="seconds"),
        "expires_at": row.expires_at.isoformat(timespec="seconds"),
        "decided_at": row.decided_at.isoformat(timespec="seconds") if row.decided_at else None,
        "decided_by": row.decided_by,
    }


async def create_request(
    session: AsyncSession, station: str, address: str, now: dt.datetime
) -> NewJoinRequest:
    """A new pending request with a phrase no other pending request shows (the caller commits)."""
    try:
        station = clean_name(station)
    except AccountError:
        raise JoinError(422, "a station's name is 1 to 100 letters, digits or spaces") from None
    await session.execute(
        delete(StationJoinRequest).where(StationJoinRequest.created_at < now - KEEP_FOR)
    )
    pending = select(StationJoinRequest.phrase).where(
        StationJoinRequest.status == PENDING, StationJoinRequest.expires_at > now
    )
    shown = set((await session.scalars(pending)).all())
    if len(shown) >= MAX_PENDING:
        raise JoinError(
            429,
            "too many stations are waiting to join: an admin approves or denies the waiting "
            "ones first (packdesk serve stations pending)",
        )
    phrase = new_phrase()
    while phrase in shown:
        phrase = new_phrase()
    secret = secrets.token_urlsafe(32)
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


async def _row(session: AsyncSession, request_id: str) -> StationJoinRequest:
    row = await session.get(StationJoinRequest, request_id[:36])
    if row is None:
        raise JoinError(404, "no such join request: it was removed, or the id is wrong")
    return row


async def list_requests(
    session: AsyncSession, now: dt.datetime, status: str | None = PENDING
) -> list[dict[str, Any]]:
    """Requests (pending by default; None: all kept), oldest first."""
    rows = (
        await session.scalars(
            select(StationJoinRequest).order_by(StationJoinRequest.created_at).limit(1000)
        )
    ).all()
    listed = [request_json(row, now) for row in rows]
    return [item for item in listed if status is None or item["status"] == status]


def _undecided(row: StationJoinRequest, now: dt.datetime) -> None:
    status = status_at(row, now)
    if status == EXPIRED:
        raise JoinError(
            409,
            f"the join request of {row.station!r} expired (15 minutes): the station asks again",
        )
    if status != PENDING:
        raise JoinError(409, f"the join request of {row.station!r} is already {status}")


def environment_name(environment: str) -> str:
    """The key store's name of "live"/"sandbox"."""
    return PRODUCTION if environment in ("live", PRODUCTION) else SANDBOX


async def approve(
    session: AsyncSession,
    request_id: str,
    phrase: str,
    *,
    account_id: str,
    environment: str,
    decided_by: str,
    now: dt.datetime,
) -> dict[str, Any]:
    """Approve a pending request whose phrase matches; the station's key comes at its poll."""
    row = await _row(session, request_id)
    _undecided(row, now)
    if not same_phrase(phrase, row.phrase):
        raise JoinError(
            422,
            "the phrase does not match the one this station shows: compare it with the "
            "station's screen",
        )
    await _name_free(session, account_id, row.station)
    row.status = APPROVED
    row.decided_at = now
    row.decided_by = decided_by[:100]
    row.account_id = account_id
    row.environment = environment_name(environment)
    await session.flush()
    return request_json(row, now)


async def _name_free(session: AsyncSession, account_id: str, station: str) -> None:
    for key in await key_listing(session, account_id):
        if key["name"] is not None and key["name"].casefold() == station.casefold():
            raise JoinError(
                409,
                f"a station named {station!r} already has keys: revoke them first "
                f"(packdesk accounts revoke-key) or let the station ask under another name",
            )


async def deny(
    session: AsyncSession, request_id: str, *, decided_by: str, now: dt.datetime
) -> dict[str, Any]:
    """Deny a pending request; its station is told at its next poll."""
    row = await _row(session, request_id)
    _undecided(row, now)
    row.status = DENIED
    row.decided_at = now
    row.decided_by = decided_by[:100]
    await session.flush()
    return request_json(row, now)


async def poll(
    session: AsyncSession, request_id: str, secret: str, now: dt.datetime
) -> dict[str, Any]:
    """The station's view of its request; the first poll after approval makes and hands over
    the station's key (exactly once: a second poll, even at the same time, gets none)."""
    row = await session.get(StationJoinRequest, request_id[:36])
    if row is None or not hmac.compare_digest(row.secret_hash, _secret_hash(secret)):
        raise JoinError(404, "no such join request: it was removed, or the id is wrong")
    answer: dict[str, Any] = {
        "id": row.id,
        "station": row.station,
        "status": public_status(row, now),
        "expires_at": row.expires_at.isoformat(timespec="seconds"),
    }
    if row.status != APPROVED or row.account_id is None or row.environment is None:
        return answer
    taken = await session.execute(
        update(StationJoinRequest)
        .where(StationJoinRequest.id == row.id, StationJoinRequest.status == APPROVED)
        .values(status=HANDED_OVER)
        .execution_options(synchronize_session=False)
    )
    if getattr(taken, "rowcount", 0) != 1:
        return answer  # another poll took it
    email = await session.scalar(select(Account.email).where(Account.id == row.account_id))
    if email is None:
        raise JoinError(409, "the account that approved this station is gone: ask again")
    try:
        made = await add_station_keys(session, email, row.station, (row.environment,))
    except AccountError as exc:
        raise JoinError(409, f"{exc}: ask again under another name") from None
    session.add(
        audit.entry_by(
            row.station,
            "station.key_handed_over",
            row.id,
            account_id=row.account_id,
            environment=row.environment,
        )
    )
    answer["key"] = {
        "key": made.keys[row.environment],
        "name": made.name,
        "environment": "live" if row.environment == PRODUCTION else "sandbox",
    }
    return answer
