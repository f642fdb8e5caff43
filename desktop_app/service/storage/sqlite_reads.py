"""Hot reads as one statement on a dedicated SQLite connection: one hop to aiosqlite's thread.

Through an ORM session a read on SQLite is about six hops to aiosqlite's thread and back
(cursor, execute, fetch, close, two rollbacks); each hop waits for a thread switch, which on a
busy machine costs more than the query. The API key check of every request (keycheck.py) and
the label file download of every label read through one dedicated autocommit, read-only
connection instead. Autocommit reads see every committed change at once (a key revoked by
`packdesk accounts` in another process, a label committed a moment ago). Other databases
(PostgreSQL), or a failed read, leave the caller to its session (`fetch` answers None).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import Sequence
from typing import Any

import aiosqlite
from sqlalchemy.ext.asyncio import AsyncEngine

from desktop_app.service.storage.outage import is_storage_unavailable

log = logging.getLogger(__name__)


def _sqlite_file(engine: AsyncEngine) -> str | None:
    """The database file of a file-based SQLite engine, else None."""
    url = engine.url
    if engine.dialect.name != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return url.database


class SqliteReads:
    """`await reads.fetch(sql, params)`: the rows, or None (no such connection, or it failed)."""

    def __init__(self, engine: AsyncEngine) -> None:
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

    async def fetch(self, sql: str, params: Sequence[Any]) -> list[tuple[Any, ...]] | None:
        """The rows of one read-only statement; None: read through a session instead."""
        if self._file is None:
            return None
        try:
            conn = await self._connection()
            rows = await conn.execute_fetchall(sql, params)
        except sqlite3.Error as exc:
            # the session's read then reports an unavailable database the usual way
            if not is_storage_unavailable(exc):
                log.exception("fast SQLite read failed; using a session")
            return None
        return [tuple(row) for row in rows]

    async def close(self) -> None:
        """Close the dedicated connection (service shutdown)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            await conn.close()
