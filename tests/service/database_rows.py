"""Every row of a service database, read through its own URL (SQLite or PostgreSQL), to
compare a database before and after an upgrade, a backup or a restore."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import Connection, MetaData, select

from desktop_app.service.storage.db import make_engine

T = TypeVar("T")
Rows = dict[str, list[tuple[Any, ...]]]


async def on_connection(url: str, work: Callable[[Connection], T]) -> T:
    """Run `work` on a sync connection of the database at `url`."""
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(work)
    finally:
        await engine.dispose()


def _rows(connection: Connection) -> Rows:
    tables = MetaData()
    tables.reflect(connection)
    return {
        name: sorted((tuple(row) for row in connection.execute(select(table))), key=repr)
        for name, table in tables.tables.items()
        if name != "alembic_version"
    }


async def snapshot(url: str) -> Rows:
    """Every row of every table, label bytes included (the schema's own bookkeeping left out)."""
    return await on_connection(url, _rows)


def sqlite_url(path: object) -> str:
    """The service's URL of a SQLite file."""
    return f"sqlite+aiosqlite:///{path}"
