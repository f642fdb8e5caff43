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

import math
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Header, Query, Request
from pydantic import BaseModel, Field

from desktop_app.service.api import attempt_limits
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError
from desktop_app.service.storage import audit, station_joins
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.attempt_windows import Limit, Refusal
from desktop_app.service.storage.station_joins import JoinError

router = APIRouter(prefix="/stations/join_requests", tags=["stations"])

STATIONS_RIGHT = "stations"
# join requests per client address and per station name in this window
PER_ADDRESS, PER_STATION, WINDOW_SECONDS = 5, 3, 600.0
ADDRESS_BUCKET, NAME_BUCKET = "join:address:", "join:station:"


class JoinRequestCreate(BaseModel):
    """What a station sends to ask to join."""

    station: str = Field(min_length=1, max_length=100, description="the station's name")


class JoinApproval(BaseModel):
    """What an admin sends to approve: the phrase the station shows."""

    phrase: str = Field(min_length=1, max_length=64)


def join_limits(address: str, station: str) -> dict[str, Limit]:
    """The windows a join request counts in: its address's and its station name's."""
    name = " ".join(station.split()).casefold()[:100]
    return {
        ADDRESS_BUCKET + address: Limit(PER_ADDRESS, WINDOW_SECONDS),
        NAME_BUCKET + name: Limit(PER_STATION, WINDOW_SECONDS),
    }


def _too_many(refused: Refusal) -> ServiceError:
    what = "from this address"
    if refused.bucket.startswith(NAME_BUCKET):
        what = "for this station name"
    minutes = max(1, math.ceil(refused.wait_s / 60))
    unit = "minute" if minutes == 1 else "minutes"
    return ServiceError(
        429,
        [f"too many join requests {what}: try again in {minutes} {unit}"],
        {"Retry-After": str(max(1, refused.wait_s))},
    )


async def require_stations_right(request: Request, key: CurrentKey) -> KeyInfo:
    """The caller may let stations in: the account key, or a person signed in with the
    "stations" right (the people gate's `state.caller`). A station key alone never may, even
    of an account without people: it would let any station make more stations' keys."""
    caller = getattr(request.state, "caller", None)
    signed_in_admin = getattr(caller, "person", None) is not None and STATIONS_RIGHT in getattr(
        caller, "rights", ()
    )
    allowed = key.name is None or signed_in_admin
    if allowed:
        return key
    raise ServiceError(
        403,
        [
            "a station key may not let other stations join: an admin approves them "
            "(with the account key, or signed in as admin)"
        ],
    )


StationsAdmin = Annotated[KeyInfo, Depends(require_stations_right)]


def _decider(request: Request, key: KeyInfo) -> str:
    """Who decided, as the request and the audit log name them: the person, else the key."""
    person = getattr(getattr(request.state, "caller", None), "person", None)
    return str(person or key.name or "account key")


def _failed(exc: JoinError) -> ServiceError:
    return ServiceError(exc.status, [exc.message])


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
    refused = await limits.take(join_limits(address, station), limits.now(), remember=True)
    if refused is not None:
        raise _too_many(refused)
    try:
        made = await station_joins.create_request(session, station, address, ctx.now())
    except JoinError as exc:
        raise _failed(exc) from None
    await session.commit()
    return made.as_json()


@router.get("", response_model=None, responses=error_responses(401, 403, 422, 429))
async def list_join_requests(
    _admin: StationsAdmin,
    session: Session,
    ctx: Ctx,
    status: Annotated[str, Query(pattern="^(pending|approved|denied|expired|all)$")] = "pending",
) -> dict[str, Any]:
    """`{"join_requests": [...]}`: pending ones by default, oldest first."""
    wanted = None if status == "all" else status
    return {"join_requests": await station_joins.list_requests(session, ctx.now(), wanted)}


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
        try:
            answer = await station_joins.poll(session, request_id, x_join_secret, ctx.now())
        except JoinError as exc:
            raise _failed(exc) from None
        await session.commit()
    return answer


async def _decide(
    session: Session, key: KeyInfo, request_id: str, action: str, body: dict[str, Any]
) -> dict[str, Any]:
    session.add(audit.entry(key, action, request_id))
    await session.commit()
    return body


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
    try:
        body = await station_joins.approve(
            session,
            request_id,
            phrase,
            account_id=admin.account_id,
            environment=admin.environment,
            decided_by=_decider(request, admin),
            now=ctx.now(),
        )
    except JoinError as exc:
        raise _failed(exc) from None
    return await _decide(session, admin, request_id, "station.join_approved", body)


@router.post(
    "/{request_id}/deny",
    response_model=None,
    responses=error_responses(401, 403, 404, 409, 429),
)
async def deny_join_request(
    request_id: str, admin: StationsAdmin, session: Session, ctx: Ctx, request: Request
) -> dict[str, Any]:
    """Deny a waiting station; it is told at its next poll."""
    try:
        body = await station_joins.deny(
            session, request_id, decided_by=_decider(request, admin), now=ctx.now()
        )
    except JoinError as exc:
        raise _failed(exc) from None
    return await _decide(session, admin, request_id, "station.join_denied", body)
