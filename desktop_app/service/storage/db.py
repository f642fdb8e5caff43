"""Async SQLAlchemy engine and sessions: SQLite (WAL) by default, or any async URL (PostgreSQL);
the declarative base and the column helpers every table uses."""

from __future__ import annotations

import datetime as dt
import secrets
import uuid
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    DateTime,
    MetaData,
    event,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase
from sqlalchemy.types import TypeDecorator

from desktop_app.service.storage.sqlite_one_hop import one_hop_module

SANDBOX = "sandbox"
PRODUCTION = "production"
ENVIRONMENTS = (SANDBOX, PRODUCTION)


def utcnow() -> dt.datetime:
    """Aware UTC now (stored with time zone so PostgreSQL and SQLite agree)."""
    return dt.datetime.now(dt.UTC)


def new_uuid() -> str:
    """Id of addresses, accounts and keys."""
    return str(uuid.uuid4())


def new_hex_id() -> str:
    """Id of shipments and packages: 40 lowercase hex characters."""
    return secrets.token_hex(20)


class UTCDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes on every backend (SQLite hands back naive values otherwise)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:  # noqa: ARG002
        """Store UTC; naive input is taken as UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:  # noqa: ARG002
        """Read back as aware UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


# explicit constraint names keep migrations and PostgreSQL/SQLite behaviour the same
NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base of every service table (S1a's and S1b's)."""

    metadata = MetaData(naming_convention=NAMING)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets `accounts add` write while the server runs; the busy timeout waits for locks."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def make_engine(url: str) -> AsyncEngine:
    """An async engine for `url` with the SQLite pragmas when it is SQLite."""
    options: dict[str, Any] = {"pool_pre_ping": not url.startswith("sqlite")}
    if url.startswith("sqlite+aiosqlite"):
        # one trip to aiosqlite's thread per statement (sqlite_one_hop.py)
        options["module"] = one_hop_module()
    if not url.startswith("sqlite+aiosqlite:///:memory:"):
        # every request in flight may hold a connection for a moment; room for bursts
        options.update(pool_size=10, max_overflow=40)
    engine = create_async_engine(url, **options)
    if engine.dialect.name == "sqlite":
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


def make_sessionmaker(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    """Sessions that keep loaded objects usable after commit."""
    return async_sessionmaker(engine, expire_on_commit=False)


async def session_scope(maker: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """Yield a session, committing on success and rolling back on error."""
    async with maker() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise
