"""People of an account, their sign-in sessions at stations, and the events stations report.

A person's badge code or PIN is kept only as a scrypt hash with the person's own salt; a sign-in
hashes the code once per active person of the account and compares in constant time. A session
token is random and kept only as its sha256; it is bound to the station key it was made with,
ends 12 hours after sign-in or after `IDLE_TIMEOUT_S` without a request.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Index, Integer, String, select, update
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base, UTCDateTime, new_uuid, utcnow

ROLES = ("packer", "supervisor", "admin")
MIN_CODE_LENGTH = 4
MAX_CODE_LENGTH = 200
MAX_NAME_LENGTH = 100
# scrypt's interactive cost (16 MiB, tens of ms a try): a stolen database gives no PIN quickly
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
SESSION_LIFETIME = dt.timedelta(hours=12)
IDLE_TIMEOUT_S = 900
# a request renews the idle time; the row is written at most this often
RENEW_AFTER = dt.timedelta(seconds=30)
STATION_EVENT_KINDS = ("scan", "pack_check_mismatch", "release")


class PeopleError(Exception):
    """A people command cannot be done; the message says why in words."""


class Person(Base):
    """Someone who signs in at a station with a badge code or PIN."""

    __tablename__ = "people"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))
    role: Mapped[str] = mapped_column(String(16))
    code_salt: Mapped[str] = mapped_column(String(64))
    code_hash: Mapped[str] = mapped_column(String(128))
    disabled: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    __table_args__ = (Index("ix_people_account_name", "account_id", "name", unique=True),)


class PersonSession(Base):
    """A person signed in at a station: only the token's sha256 is kept."""

    __tablename__ = "person_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    person_id: Mapped[str] = mapped_column(ForeignKey("people.id", ondelete="CASCADE"))
    key_id: Mapped[str] = mapped_column(ForeignKey("api_keys.id", ondelete="CASCADE"))
    station: Mapped[str] = mapped_column(String(MAX_NAME_LENGTH))
    started_at: Mapped[datetime] = mapped_column(UTCDateTime)
    last_seen_at: Mapped[datetime] = mapped_column(UTCDateTime)
    expires_at: Mapped[datetime] = mapped_column(UTCDateTime)
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime, nullable=True)

    __table_args__ = (Index("ix_person_sessions_person", "person_id", "started_at"),)


class StationEvent(Base):
    """What a station saw that the server cannot: a scan, a pack-check mismatch, a release."""

    __tablename__ = "station_events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[str] = mapped_column(String(36))
    environment: Mapped[str] = mapped_column(String(16))
    person: Mapped[str | None] = mapped_column(String(MAX_NAME_LENGTH), nullable=True)
    station: Mapped[str | None] = mapped_column(String(MAX_NAME_LENGTH), nullable=True)
    kind: Mapped[str] = mapped_column(String(32))
    order_ref: Mapped[str | None] = mapped_column(String(255), nullable=True)
    reason: Mapped[str | None] = mapped_column(String(500), nullable=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    received_at: Mapped[datetime] = mapped_column(UTCDateTime, default=utcnow)

    __table_args__ = (Index("ix_station_events_account_at", "account_id", "at"),)


@dataclass(frozen=True)
class SignedIn:
    """A valid session: who, where, until when."""

    person_id: str
    person: str
    role: str
    station: str
    expires_at: datetime


def _scrypt(code: str, salt: bytes) -> bytes:
    return hashlib.scrypt(
        code.encode("utf-8"), salt=salt, n=SCRYPT_N, r=SCRYPT_R, p=SCRYPT_P, dklen=32
    )


def hash_code(code: str) -> tuple[str, str]:
    """(salt hex, scrypt hex) of a badge code or PIN."""
    salt = secrets.token_bytes(16)
    return salt.hex(), _scrypt(code, salt).hex()


def code_matches(person: Person, code: str) -> bool:
    """True when `code` is the person's (constant-time compare of the scrypt hashes)."""
    digest = _scrypt(code, bytes.fromhex(person.code_salt))
    return hmac.compare_digest(digest.hex(), person.code_hash)


def clean_code(code: str) -> str:
    """The code as typed or scanned, without the scanner's Enter; PeopleError when unusable."""
    code = code.strip()
    if not MIN_CODE_LENGTH <= len(code) <= MAX_CODE_LENGTH or not code.isprintable():
        raise PeopleError(
            f"a badge code or PIN is {MIN_CODE_LENGTH} to {MAX_CODE_LENGTH} printable characters"
        )
    return code


def clean_name(name: str) -> str:
    """A person's name with single spaces; PeopleError when empty or too long."""
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME_LENGTH or not name.isprintable():
        raise PeopleError(f"a name is 1 to {MAX_NAME_LENGTH} printable characters")
    return name


def check_role(role: str) -> str:
    """The role, or PeopleError naming the three."""
    if role not in ROLES:
        raise PeopleError(f"the role is one of {', '.join(ROLES)}, not {role!r}")
    return role


async def has_people(session: AsyncSession, account_id: str) -> bool:
    """True when the account has at least one person (its station keys then need a sign-in)."""
    found = await session.scalar(select(Person.id).where(Person.account_id == account_id).limit(1))
    return found is not None


async def people_of(session: AsyncSession, account_id: str) -> list[Person]:
    """The account's people by name."""
    rows = await session.scalars(
        select(Person).where(Person.account_id == account_id).order_by(Person.name)
    )
    return list(rows)


async def person_named(session: AsyncSession, account_id: str, name: str) -> Person:
    """The account's person of that name (case-insensitive), else PeopleError."""
    wanted = clean_name(name).casefold()
    for person in await people_of(session, account_id):
        if person.name.casefold() == wanted:
            return person
    raise PeopleError(f"no person named {name!r}")


async def _code_in_use(session: AsyncSession, account_id: str, code: str, but: str | None) -> bool:
    return any(
        code_matches(other, code)
        for other in await people_of(session, account_id)
        if other.id != but
    )


async def add_person(
    session: AsyncSession, account_id: str, name: str, role: str, code: str
) -> Person:
    """A new person (the caller commits); names and codes are unique within the account."""
    name, role, code = clean_name(name), check_role(role), clean_code(code)
    if any(p.name.casefold() == name.casefold() for p in await people_of(session, account_id)):
        raise PeopleError(f"there is already a person named {name!r}")
    if await _code_in_use(session, account_id, code, None):
        raise PeopleError("that badge code or PIN is someone else's: choose another")
    salt, digest = hash_code(code)
    person = Person(account_id=account_id, name=name, role=role, code_salt=salt, code_hash=digest)
    session.add(person)
    await session.flush()
    return person


async def reset_code(session: AsyncSession, account_id: str, name: str, code: str) -> Person:
    """Give a person a new code and end their sessions (the caller commits)."""
    person = await person_named(session, account_id, name)
    code = clean_code(code)
    if await _code_in_use(session, account_id, code, person.id):
        raise PeopleError("that badge code or PIN is someone else's: choose another")
    person.code_salt, person.code_hash = hash_code(code)
    await end_sessions_of(session, person.id)
    return person


async def set_disabled(session: AsyncSession, account_id: str, name: str, disabled: bool) -> Person:
    """Disable (ending their sessions at once) or enable a person (the caller commits)."""
    person = await person_named(session, account_id, name)
    person.disabled = disabled
    if disabled:
        await end_sessions_of(session, person.id)
    return person


async def end_sessions_of(session: AsyncSession, person_id: str) -> None:
    """End every open session of a person."""
    await session.execute(
        update(PersonSession)
        .where(PersonSession.person_id == person_id, PersonSession.ended_at.is_(None))
        .values(ended_at=utcnow())
    )


async def find_by_code(session: AsyncSession, account_id: str, code: str) -> Person | None:
    """The active person whose code this is (every active person's hash is computed)."""
    people = [p for p in await people_of(session, account_id) if not p.disabled]
    return await asyncio.to_thread(_first_match, people, code)


def _first_match(people: list[Person], code: str) -> Person | None:
    found = None
    for person in people:
        # no early exit: the time does not tell which person matched
        if code_matches(person, code) and found is None:
            found = person
    return found


def token_hash(token: str) -> str:
    """sha256 hex of a session token (the token has 256 random bits: no slow hash needed)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


async def start_session(
    session: AsyncSession, person: Person, key_id: str, station: str
) -> tuple[str, PersonSession]:
    """A new session token (returned once) for the person at the station key."""
    token = secrets.token_urlsafe(32)
    now = utcnow()
    row = PersonSession(
        token_hash=token_hash(token),
        person_id=person.id,
        key_id=key_id,
        station=station,
        started_at=now,
        last_seen_at=now,
        expires_at=now + SESSION_LIFETIME,
    )
    session.add(row)
    await session.flush()
    return token, row


async def signed_in(session: AsyncSession, token: str, key_id: str) -> SignedIn | None:
    """The session's person when the token is valid for this station key, renewing its idle time."""
    if not token or len(token) > 200:
        return None
    found = (
        await session.execute(
            select(PersonSession, Person)
            .join(Person, Person.id == PersonSession.person_id)
            .where(PersonSession.token_hash == token_hash(token))
        )
    ).first()
    if found is None:
        return None
    row, person = found
    now = utcnow()
    if (
        row.key_id != key_id
        or row.ended_at is not None
        or person.disabled
        or now >= row.expires_at
        or now - row.last_seen_at > dt.timedelta(seconds=IDLE_TIMEOUT_S)
    ):
        return None
    if now - row.last_seen_at > RENEW_AFTER:
        row.last_seen_at = now
        await session.commit()
    return SignedIn(person.id, person.name, person.role, row.station, row.expires_at)


async def end_session(session: AsyncSession, token: str) -> None:
    """Sign out: the session ends now (the caller commits)."""
    await session.execute(
        update(PersonSession)
        .where(PersonSession.token_hash == token_hash(token), PersonSession.ended_at.is_(None))
        .values(ended_at=utcnow())
    )
