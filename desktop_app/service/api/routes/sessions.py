"""`/v1/sessions`: a person signs in at a station with a badge code or PIN, and out again."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from desktop_app.service.api import attempt_limits
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.api.people_gate import session_token
from desktop_app.service.api.rights import ROLE_RIGHTS
from desktop_app.service.api.sign_in_limits import buckets_for, too_many
from desktop_app.service.errors import ServiceError
from desktop_app.service.storage import audit
from desktop_app.service.storage.people import (
    IDLE_TIMEOUT_S,
    PeopleError,
    clean_code,
    end_session,
    find_by_code,
    start_session,
)

log = logging.getLogger("packdesk.service")
router = APIRouter(prefix="/sessions", tags=["sessions"])
NOT_RECOGNISED = "badge or PIN not recognised"


class SessionCreate(BaseModel):
    """Body of `POST /v1/sessions`."""

    code: str = Field(description="The badge code as scanned, or the PIN as typed.")


@router.post(
    "",
    status_code=201,
    response_model=None,
    openapi_extra=json_body(SessionCreate),
    responses=error_responses(400, 401, 413, 415, 422, 429),
)
async def sign_in(
    request: Request, key: CurrentKey, ctx: Ctx, session: Session, body: JsonObject
) -> Any:
    """Sign a person in at this station (its key): a session token for `X-Packdesk-Session`."""
    if key.name is None:
        raise ServiceError(
            422, ["people sign in at a station: use a station's key, not the account's own"]
        )
    code = body.get("code")
    if not isinstance(code, str):
        raise ServiceError(422, ["code: the badge code or PIN, as text"])
    client = request.client.host if request.client else "unknown"
    limits = attempt_limits.for_service(ctx)
    buckets = buckets_for(key.key_id, client)
    # taken before the code is checked: a failure counts even if this process dies meanwhile
    attempted_at = limits.now()
    refused = await limits.take(buckets, attempted_at)
    if refused is not None:
        if await limits.note_lock(refused):
            session.add(audit.entry(key, "session.locked", client))
            await session.commit()
        log.warning("sign-in refused at %s from %s: too many wrong codes", key.label, client)
        raise too_many(refused.wait_s)
    try:
        person = await find_by_code(session, key.account_id, clean_code(code))
    except PeopleError:
        person = None
    if person is None:
        session.add(audit.entry(key, "session.failed", client))
        await session.commit()
        log.warning("wrong badge or PIN at %s from %s", key.label, client)
        raise ServiceError(401, [NOT_RECOGNISED])
    await limits.give_back(buckets, attempted_at)
    token, row = await start_session(session, person, key.key_id, key.name)
    started = audit.entry(key, "session.started", person.id)
    started.made_by_person, started.made_by_station = person.name, key.name
    session.add(started)
    await session.commit()
    return JSONResponse(
        {
            "token": token,
            "person": {"id": person.id, "name": person.name, "role": person.role},
            "station": key.name,
            "expires_at": row.expires_at.isoformat(timespec="seconds"),
            "idle_timeout_s": IDLE_TIMEOUT_S,
            "rights": list(ROLE_RIGHTS[person.role]),
        },
        status_code=201,
    )


@router.delete("/current", status_code=204, responses=error_responses(401, 429))
async def sign_out(request: Request, key: CurrentKey, session: Session) -> Response:
    """End the session of the `X-Packdesk-Session` header."""
    token = session_token(request.scope)
    if token is not None:
        await end_session(session, token)
        session.add(audit.entry(key, "session.ended", None))
        await session.commit()
    return Response(status_code=204)
