"""`GET /health` without a key: is the service up and can its database take writes (monitoring).

It says nothing about accounts: status, version, database reachable and writable (yes/no),
uptime. "Writable" comes from the write probe (health_probe.py): 503 while the disk is full,
the database read-only or its SQLite file gone, not only while `SELECT 1` fails.
"""

from __future__ import annotations

import time

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from desktop_app import __version__
from desktop_app.service.api.deps import Ctx
from desktop_app.service.settings import RETRY_AFTER_SECONDS

router = APIRouter(tags=["health"])


class Health(BaseModel):
    """The health answer."""

    status: str
    version: str
    database_reachable: bool
    database_writable: bool
    uptime_seconds: float


@router.get(
    "/health", response_model=None, responses={200: {"model": Health}, 503: {"model": Health}}
)
async def get_health(ctx: Ctx) -> JSONResponse:
    """`ok` (200) while the database takes writes, else what is wrong (503, Retry-After)."""
    # timed on a loop of its own: a busy service loop is no database outage
    watch = ctx.db_file_watch
    ping = ctx.database_ping()
    reachable = (watch is None or watch.problem() is None) and await ping.problem() is None
    writable = reachable and not ctx.outage.down
    if not reachable:
        status = "database unreachable"
    elif not writable:
        status = "database cannot take writes"  # why is in the log, not for anyone to read
    else:
        status = "ok"
    body = Health(
        status=status,
        version=__version__,
        database_reachable=reachable,
        database_writable=writable,
        uptime_seconds=round(time.monotonic() - ctx.started_at, 1),
    )
    headers = {} if writable else {"Retry-After": str(RETRY_AFTER_SECONDS)}
    return JSONResponse(body.model_dump(), status_code=200 if writable else 503, headers=headers)
