"""SQLAlchemy's aiosqlite driver with one hop to aiosqlite's thread per statement, not four.

SQLAlchemy's adapter makes each statement four trips to the connection's thread and back: make
a cursor, execute, fetch the rows, close the cursor. Each trip waits for a thread switch (and
the GIL), which on a busy machine costs more than the statement: a shipment with its label was
about 18 trips, most of the service's time in bench/batch.py that was not the carrier's. Here
the cursor is made, run, read and closed in one function on that thread, and a rollback of a
connection with no transaction open (the pool's reset after every commit), or a commit of one
that only read, makes no trip at all.
Passed to `create_async_engine(module=...)`; everything else is SQLAlchemy's own adapter.
"""

from __future__ import annotations

import collections
import sqlite3
from collections.abc import Sequence
from typing import Any

import aiosqlite
from sqlalchemy.dialects.sqlite.aiosqlite import (
    AsyncAdapt_aiosqlite_connection,
    AsyncAdapt_aiosqlite_cursor,
    AsyncAdapt_aiosqlite_dbapi,
)

# what one trip brings back: description, rows, rowcount, lastrowid
_Outcome = tuple[Any, list[Any], int, int | None]


def _run(conn: sqlite3.Connection, operation: str, parameters: Any, many: bool = False) -> _Outcome:
    """On aiosqlite's thread: a cursor, the statement, its rows; the cursor closed again."""
    cursor = conn.cursor()
    try:
        if many:
            cursor.executemany(operation, parameters)
        elif parameters is None:
            cursor.execute(operation)
        else:
            cursor.execute(operation, parameters)
        description = cursor.description
        rows = cursor.fetchall() if description else []
        return description, rows, cursor.rowcount, cursor.lastrowid
    finally:
        cursor.close()


class OneHopCursor(AsyncAdapt_aiosqlite_cursor):
    """A statement in one trip; its rows are kept here, as SQLAlchemy's own cursor keeps them."""

    __slots__ = ("_description", "_rowcount", "_lastrowid", "_arraysize")

    def __init__(self, adapt_connection: AsyncAdapt_aiosqlite_connection) -> None:
        # no aiosqlite cursor (the base class would make one: a trip of its own)
        self._adapt_connection = adapt_connection
        self._connection = adapt_connection._connection
        self._cursor = None  # type: ignore[assignment]
        self._soft_closed_memoized = {}  # type: ignore[assignment]
        self._rows = collections.deque()
        self._description: Any = None
        self._rowcount = -1
        self._lastrowid: int | None = None
        self._arraysize = 1

    @property
    def description(self) -> Any:
        return self._description

    @property
    def rowcount(self) -> int:
        return self._rowcount

    @property
    def lastrowid(self) -> int:
        return self._lastrowid  # type: ignore[return-value]

    @property
    def arraysize(self) -> int:
        return self._arraysize

    @arraysize.setter
    def arraysize(self, value: int) -> None:
        self._arraysize = value

    async def _async_soft_close(self) -> None:
        """Nothing to close: the statement's cursor was closed on its trip."""

    def close(self) -> None:
        self._rows.clear()

    async def _trip(self, operation: str, parameters: Any, many: bool) -> None:
        connection: aiosqlite.Connection = self._connection  # type: ignore[assignment]
        async with self._adapt_connection._execute_mutex:
            outcome: _Outcome = await connection._execute(
                _run, connection._conn, operation, parameters, many
            )
        self._description, rows, self._rowcount, self._lastrowid = outcome
        self._rows = collections.deque(rows)

    async def _execute_async(self, operation: Any, parameters: Any) -> None:
        await self._trip(operation, parameters, False)

    async def _executemany_async(self, operation: Any, seq_of_parameters: Sequence[Any]) -> None:
        await self._trip(operation, seq_of_parameters, True)


class OneHopConnection(AsyncAdapt_aiosqlite_connection):
    """SQLAlchemy's aiosqlite connection: one-trip cursors, free idle rollbacks and commits."""

    __slots__ = ()
    _cursor_cls: type[AsyncAdapt_aiosqlite_cursor] = OneHopCursor

    def rollback(self) -> None:
        connection: aiosqlite.Connection = self._connection  # type: ignore[assignment]
        if not connection.in_transaction:
            # sqlite3 would do nothing either; the pool resets every connection it takes back
            return
        super().rollback()

    def commit(self) -> None:
        connection: aiosqlite.Connection = self._connection  # type: ignore[assignment]
        if not connection.in_transaction:
            # only reads since the last commit (sqlite3 opens a transaction at the first
            # write): sqlite3 would do nothing either. A create commits its reads before the
            # carrier is asked, so that its pooled connection is free meanwhile.
            return
        super().commit()


class OneHopDbapi(AsyncAdapt_aiosqlite_dbapi):
    """The `module` for `create_async_engine` on SQLite: its connections are `OneHopConnection`."""

    def __init__(self) -> None:
        super().__init__(aiosqlite, sqlite3)

    def connect(self, *arg: Any, **kw: Any) -> OneHopConnection:
        plain = super().connect(*arg, **kw)
        return OneHopConnection(self, plain._connection)


def one_hop_module() -> OneHopDbapi:
    """A new module object (SQLAlchemy keeps one per engine)."""
    return OneHopDbapi()
