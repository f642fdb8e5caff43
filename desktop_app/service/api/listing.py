"""Paging parameters shared by the list endpoints."""

from __future__ import annotations

from typing import Annotated

from fastapi import Query

MAX_PER_PAGE = 100
# far beyond any real list, and small enough that page * per_page never overflows SQL
MAX_PAGE = 1_000_000

Page = Annotated[int, Query(ge=1, le=MAX_PAGE, description="Page number, from 1.")]
PerPage = Annotated[
    int, Query(ge=1, le=MAX_PER_PAGE, description="Items per page (default and maximum 100).")
]


def offset(page: int, per_page: int) -> int:
    """SQL offset of `page`."""
    return (page - 1) * per_page
