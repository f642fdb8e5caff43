"""One row of the caller's own: same account and environment, else 404."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import not_found
from desktop_app.service.storage.accounts import KeyInfo

R = TypeVar("R")


async def owned_row(
    session: AsyncSession, key: KeyInfo, table: type[R], row_id: str, what: str
) -> R:
    """The row of `table` with `row_id` owned by the caller (a table with `id`, `account_id`
    and `environment` columns); 404 "`what` not found" otherwise."""
    columns: Any = table
    row = await session.scalar(
        select(table).where(
            columns.id == row_id,
            columns.account_id == key.account_id,
            columns.environment == key.environment,
        )
    )
    if row is None:
        raise not_found(what)
    return row
