"""`GET /health` without a key: is the service up and its database reachable (for monitoring).

It says nothing about accounts: status, version, database reachable (yes/no), uptime.
"""

from __future__ import annotations

import time

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from pydantic import BaseModel

from desktop_app import __version__
from desktop_app.service.deps import Ctx
from desktop_app.service.settings import RETRY_AFTER_SECONDS
from desktop_app.service.storage import database_reachable

router = APIRouter(tags=["health"])


class Health(BaseModel):
    """The health answer."""

    status: str
    version: str
    database_reachable: bool
    uptime_seconds: float


@router.get(
    "/health", response_model=None, responses={200: {"model": Health}, 503: {"model": Health}}
)
async def get_health(ctx: Ctx) -> JSONResponse:
    """`ok` (200) while the database answers, else `database unreachable` (503, Retry-After)."""
    reachable = await database_reachable(ctx.engine, ctx.db_file_watch)
    if reachable:
        ctx.outage.succeeded()
    body = Health(
        status="ok" if reachable else "database unreachable",
        version=__version__,
        database_reachable=reachable,
        uptime_seconds=round(time.monotonic() - ctx.started_at, 1),
    )
    headers = {} if reachable else {"Retry-After": str(RETRY_AFTER_SECONDS)}
    return JSONResponse(body.model_dump(), status_code=200 if reachable else 503, headers=headers)
