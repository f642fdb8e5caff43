"""The API key lookup of every request, with a SQLite fast path.

On SQLite the lookup is one statement on the dedicated read connection (sqlite_reads.py: one
hop to aiosqlite's thread instead of six through an ORM session); a key rotated by
`packdesk accounts` in another process stops working at once, as before. Other databases
(PostgreSQL) use a session as before.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from desktop_app.service.storage.accounts import (
    Account,
    ApiKey,
    ApiKeyName,
    KeyInfo,
    hash_key,
    lookup_key,
)
from desktop_app.service.storage.sqlite_reads import SqliteReads

MAX_KEY_LENGTH = 256
_SQL = (
    f"SELECT k.id, k.prefix, k.account_id, a.email, k.environment, n.name "
    f"FROM {ApiKey.__tablename__} AS k JOIN {Account.__tablename__} AS a ON a.id = k.account_id "
    f"LEFT JOIN {ApiKeyName.__tablename__} AS n ON n.key_id = k.id "
    "WHERE k.key_hash = ? AND k.revoked_at IS NULL LIMIT 1"
)


class KeyLookup:
    """`await lookup(raw)` -> the key's KeyInfo, or None when unknown or revoked."""

    def __init__(
        self,
        engine: AsyncEngine,
        sessions: async_sessionmaker[AsyncSession],
        reads: SqliteReads | None = None,
    ) -> None:
        self._sessions = sessions
        self.reads = reads or SqliteReads(engine)

    async def __call__(self, raw: str) -> KeyInfo | None:
        if not raw or len(raw) > MAX_KEY_LENGTH:
            return None
        rows = await self.reads.fetch(_SQL, (hash_key(raw),))
        if rows is not None:
            if not rows:
                return None
            key_id, prefix, account_id, email, environment, name = rows[0]
            return KeyInfo(key_id, prefix, account_id, email, environment, name)
        async with self._sessions() as session:
            return await lookup_key(session, raw)

    async def close(self) -> None:
        """Close the dedicated read connection (service shutdown)."""
        await self.reads.close()
