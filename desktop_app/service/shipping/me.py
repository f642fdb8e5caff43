"""`/v1/me`'s account part: who an API key belongs to, as the real service answers."""

from __future__ import annotations

from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.storage.account_settings import me_body
from desktop_app.service.storage.accounts import KeyInfo


async def account_of(session: AsyncSession, key: KeyInfo) -> dict[str, Any]:
    """The key's account (id, e-mail, names when known, customer number) and environment."""
    return await me_body(session, key.account_id, key.email, key.environment)
