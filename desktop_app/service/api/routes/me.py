"""`GET /v1/me`: who the API key belongs to."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from desktop_app.domain.models import Me
from desktop_app.service.api.deps import CurrentKey, Session
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.storage.account_settings import me_body

router = APIRouter(prefix="/me", tags=["me"])


@router.get("", response_model=None, responses={200: {"model": Me}, **error_responses(401, 429)})
async def get_me(key: CurrentKey, session: Session) -> dict[str, Any]:
    """The account (id, e-mail, names, customer number) and the key's environment."""
    return await me_body(session, key.account_id, key.email, key.environment)
