"""`/v1/stations/join_requests`: a new station asks to join, an admin approves it by its phrase.

The station's two routes need no key (it has none yet; it talks over the CA it pinned). Asking
is limited per client address and per station name, in the database (api/attempt_limits.py:
shared by every server, kept over a restart) before the request is written; a bucket found
full is remembered by the process until it reopens, so a flood stops reaching the database.
The admin's routes (list, approve, deny) need the "stations" right (routers.ROUTE_RIGHTS: OPEN
for the station's two, "stations" for the rest) and, on top, their own rule: the account key
or an admin signed in, never a station key alone.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, Field

from desktop_app.service.api import attempt_limits
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, Session, StationsAdmin
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping import station_joins

router = APIRouter(prefix="/stations/join_requests", tags=["stations"])


class JoinRequestCreate(BaseModel):
    """What a station sends to ask to join."""

    station: str = Field(min_length=1, max_length=100, description="the station's name")


class JoinApproval(BaseModel):
    """What an admin sends to approve: the phrase the station shows."""

    phrase: str = Field(min_length=1, max_length=64)


def _decider(request: Request, key_name: str | None) -> str:
    """Who decided, as the request and the audit log name them: the person, else the key."""
    person = getattr(getattr(request.state, "caller", None), "person", None)
    return str(person or key_name or "account key")


@router.post(
    "",
    status_code=201,
    response_model=None,
    responses=error_responses(400, 413, 415, 422, 429),
    openapi_extra=json_body(JoinRequestCreate),
)
async def ask_to_join(
    request: Request, draft: JsonObject, session: Session, ctx: Ctx
) -> dict[str, str]:
    """A station asks to join (no key): its phrase, expiry and poll secret, shown once."""
    station = draft.get("station")
    if not isinstance(station, str) or not station.strip():
        raise ServiceError(422, ["station: the station's name is missing"])
    address = request.client.host if request.client else "unknown"
    limits = attempt_limits.for_service(ctx)
    # counted in both windows or, when one is full, in neither
    windows = station_joins.join_limits(address, station)
    refused = await limits.take(windows, limits.now(), remember=True)
    if refused is not None:
        raise station_joins.too_many_join_requests(refused)
    made = await station_joins.ask_to_join(session, station, address, ctx.now())
    await session.commit()
    return made


@router.get("", response_model=None, responses=error_responses(401, 403, 422, 429))
async def list_join_requests(
    _admin: StationsAdmin,
    session: Session,
    ctx: Ctx,
    status: Annotated[str, Query(pattern="^(pending|approved|denied|expired|all)$")] = "pending",
) -> dict[str, Any]:
    """`{"join_requests": [...]}`: pending ones by default, oldest first."""
    wanted = None if status == "all" else status
    return {"join_requests": await station_joins.list_join_requests(session, ctx.now(), wanted)}


@router.get("/{request_id}", response_model=None, responses=error_responses(404, 429))
async def poll_join_request(
    request_id: str,
    session: Session,
    ctx: Ctx,
    x_join_secret: Annotated[str, Header(max_length=200)] = "",
) -> dict[str, Any]:
    """The station's poll (`X-Join-Secret`): its status; the key once, at the first poll
    after the approval."""
    async with ctx.write_lock:
        answer = await station_joins.poll_join_request(
            session, request_id, x_join_secret, ctx.now()
        )
        await session.commit()
    return answer


@router.post(
    "/{request_id}/approve",
    response_model=None,
    responses=error_responses(400, 401, 403, 404, 409, 415, 422, 429),
    openapi_extra=json_body(JoinApproval),
)
async def approve_join_request(
    request_id: str,
    draft: JsonObject,
    admin: StationsAdmin,
    session: Session,
    ctx: Ctx,
    request: Request,
) -> dict[str, Any]:
    """Approve by the phrase the station shows; the station gets its key at its next poll."""
    phrase = draft.get("phrase")
    if not isinstance(phrase, str) or not phrase.strip():
        raise ServiceError(422, ["phrase: type the phrase the station shows"])
    body = await station_joins.approve_join_request(
        session,
        admin,
        request_id,
        phrase,
        decided_by=_decider(request, admin.name),
        now=ctx.now(),
    )
    await session.commit()
    return body


@router.post(
    "/{request_id}/deny",
    response_model=None,
    responses=error_responses(401, 403, 404, 409, 429),
)
async def deny_join_request(
    request_id: str, admin: StationsAdmin, session: Session, ctx: Ctx, request: Request
) -> dict[str, Any]:
    """Deny a waiting station; it is told at its next poll."""
    body = await station_joins.deny_join_request(
        session, admin, request_id, decided_by=_decider(request, admin.name), now=ctx.now()
    )
    await session.commit()
    return body
