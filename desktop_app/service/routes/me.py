"""`GET /v1/me`: who the API key belongs to."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from desktop_app.domain.models import Me
from desktop_app.service.deps import CurrentKey
from desktop_app.service.openapi import error_responses

router = APIRouter(prefix="/me", tags=["me"])


@router.get("", response_model=None, responses={200: {"model": Me}, **error_responses(401, 429)})
async def get_me(key: CurrentKey) -> dict[str, Any]:
    """The account id, e-mail and the key's environment (`sandbox` or `production`)."""
    return {"id": key.account_id, "email": key.email, "environment": key.environment}
