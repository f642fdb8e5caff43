"""The caller's own rows (same account and environment as the key) and the one paged
newest-first listing every list endpoint uses."""

from __future__ import annotations

from typing import Any, TypeVar

from sqlalchemy import ColumnElement, Select, and_
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import not_found
from desktop_app.service.storage.accounts import KeyInfo

R = TypeVar("R")
S = TypeVar("S", bound=Select[Any])


def caller_rows(table: type[Any], key: KeyInfo) -> ColumnElement[bool]:
    """The condition "a row of the caller's": `table`'s `account_id` and `environment` are
    the key's (another account's rows, or the other environment's, never match)."""
    columns: Any = table
    return and_(columns.account_id == key.account_id, columns.environment == key.environment)


def newest_first(query: S, table: type[Any], *, skip: int, limit: int) -> S:
    """One page of `query` over `table`, newest first; ties by id, so pages never overlap."""
    columns: Any = table
    return query.order_by(columns.created_at.desc(), columns.id).offset(skip).limit(limit)


async def caller_row(session: AsyncSession, key: KeyInfo, table: type[R], row_id: str) -> R | None:
    """The caller's row of `table` with the primary key `row_id`, or None (also when the row
    is another account's or the other environment's)."""
    row = await session.get(table, row_id)
    columns: Any = row
    if row is None or (columns.account_id, columns.environment) != (
        key.account_id,
        key.environment,
    ):
        return None
    return row


async def owned_row(
    session: AsyncSession, key: KeyInfo, table: type[R], row_id: str, what: str
) -> R:
    """The row of `table` with `row_id` owned by the caller (a table with `id`, `account_id`
    and `environment` columns); 404 "`what` not found" otherwise."""
    row = await caller_row(session, key, table, row_id)
    if row is None:
        raise not_found(what)
    return row
