"""The API key lookup of every request, with a SQLite fast path.

Through an ORM session a lookup on SQLite is six hops to aiosqlite's thread and back (cursor,
execute, fetch, close, two rollbacks); each hop waits for a thread switch, which on a busy
machine costs more than the query. On SQLite the lookup is one statement on a dedicated
autocommit connection instead: one hop. Autocommit reads see every committed change at once,
so a key rotated by `packdesk accounts` in another process stops working at once, as before.
Other databases (PostgreSQL) use a session as before.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import aiosqlite
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from desktop_app.service.accounts import KeyInfo, hash_key, lookup_key
from desktop_app.service.storage import is_storage_unavailable
from desktop_app.service.tables import Account, ApiKey
from desktop_app.service.tables_keys import ApiKeyName

log = logging.getLogger(__name__)

MAX_KEY_LENGTH = 256
_SQL = (
    f"SELECT k.id, k.prefix, k.account_id, a.email, k.environment, n.name "
    f"FROM {ApiKey.__tablename__} AS k JOIN {Account.__tablename__} AS a ON a.id = k.account_id "
    f"LEFT JOIN {ApiKeyName.__tablename__} AS n ON n.key_id = k.id "
    "WHERE k.key_hash = ? AND k.revoked_at IS NULL LIMIT 1"
)


def _sqlite_file(engine: AsyncEngine) -> str | None:
    """The database file of a file-based SQLite engine, else None."""
    url = engine.url
    if engine.dialect.name != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return url.database


class KeyLookup:
    """`await lookup(raw)` -> the key's KeyInfo, or None when unknown or revoked."""

    def __init__(self, engine: AsyncEngine, sessions: async_sessionmaker[AsyncSession]) -> None:
        self._sessions = sessions
        self._file = _sqlite_file(engine)
        self._conn: aiosqlite.Connection | None = None
        self._opening = asyncio.Lock()

    async def _connection(self) -> aiosqlite.Connection:
        async with self._opening:
            if self._conn is None:
                conn = await aiosqlite.connect(self._file or "", isolation_level=None)
                await conn.execute("PRAGMA busy_timeout=10000")
                await conn.execute("PRAGMA query_only=ON")
                self._conn = conn
            return self._conn

    async def __call__(self, raw: str) -> KeyInfo | None:
        if not raw or len(raw) > MAX_KEY_LENGTH:
            return None
        if self._file is not None:
            try:
                conn = await self._connection()
                rows = list(await conn.execute_fetchall(_SQL, (hash_key(raw),)))
            except sqlite3.Error as exc:
                if not is_storage_unavailable(exc):
                    log.exception("fast API key lookup failed; using a session")
            else:
                if not rows:
                    return None
                key_id, prefix, account_id, email, environment, name = rows[0]
                return KeyInfo(key_id, prefix, account_id, email, environment, name)
        async with self._sessions() as session:
            return await lookup_key(session, raw)

    async def close(self) -> None:
        """Close the dedicated connection (service shutdown)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.close()
