"""`GET /v1/me`: who the API key belongs to, and who is signed in at the station."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from desktop_app.domain.models import Me
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.api.rights import ADMIN_RIGHTS, Caller
from desktop_app.service.shipping.me import account_of

router = APIRouter(prefix="/me", tags=["me"])


@router.get("", response_model=None, responses={200: {"model": Me}, **error_responses(401, 429)})
async def get_me(request: Request, key: CurrentKey, session: Session) -> dict[str, Any]:
    """The account (id, e-mail, names, customer number), the key's environment, and the
    station's sign-in (Packdesk extension: sign_in_required, person, station, rights)."""
    body = await account_of(session, key)
    caller = getattr(request.state, "caller", None)
    if isinstance(caller, Caller):
        body["sign_in_required"] = caller.sign_in_required
        body["person"] = (
            {"id": caller.person_id, "name": caller.person, "role": caller.role}
            if caller.person
            else None
        )
        body["station"] = caller.station
        body["rights"] = [right for right in ADMIN_RIGHTS if right in caller.rights]
    return body
