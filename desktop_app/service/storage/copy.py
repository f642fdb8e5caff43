"""`packdesk storage copy`: move a service's data to another database (SQLite -> PostgreSQL).

Every table the service knows is created in the target and copied row by row in dependency
order, in one transaction: the target has all of it or none. A target that already holds
X
"""

from __future__ import annotations

from sqlalchemy import func, insert, select

from desktop_app.service.storage import table_registry
from desktop_app.service.storage.db import Base, make_engine
from desktop_app.service.storage.schema import upgrade_database

BATCH_ROWS = 500


class CopyError(Exception):
    """The copy cannot be done (target not empty, same database)."""


async def copy_database(source_url: str, target_url: str) -> dict[str, int]:
    """Copy every service table from `source_url` to `target_url`; rows per table."""
    if source_url == target_url:
        raise CopyError("source and target are the same database")
    source, target = make_engine(source_url), make_engine(target_url)
    counts: dict[str, int] = {}
    try:
        await upgrade_database(source)  # an older source may lack newer (empty) tables
        await upgrade_database(target)
        # every table, not only those whose modules happen to be imported by now
        table_registry.load_all()
        tables = Base.metadata.sorted_tables
        async with target.begin() as out:
            for table in tables:
                existing = (await out.execute(select(func.count()).select_from(table))).scalar()
                if existing:
                    raise CopyError(
                        f"the target already holds data (table {table.name}: {existing} rows); "
                        "copy into an empty database"
                    )
            async with source.connect() as src:
                for table in tables:
                    result = await src.stream(select(table))
                    counts[table.name] = 0
                    async for rows in result.mappings().partitions(BATCH_ROWS):
                        await out.execute(insert(table), [dict(row) for row in rows])
                        counts[table.name] += len(rows)
    finally:
        await source.dispose()
        await target.dispose()
    return counts
