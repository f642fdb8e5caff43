"""FastAPI dependencies as `Annotated` aliases: the session, the caller's key, the context.

Every dependency is `async def`, also where it awaits nothing: FastAPI runs a plain `def`
dependency in its thread pool, two thread hand-offs per dependency and request that on a busy
machine each wait for a thread switch (bench/batch.py: the create and the label download of
every label paid three of them).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.api.errors import unauthorized
from desktop_app.service.api.idempotency import claim_of
from desktop_app.service.context import ServiceContext
from desktop_app.service.errors import ServiceError
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.shared_limits import CLAIM_INFO


def context_of(request: Request) -> ServiceContext:
    """The running service's shared context."""
    ctx: ServiceContext = request.app.state.ctx
    return ctx


async def get_context(request: Request) -> ServiceContext:
    """The running service's shared context (the dependency)."""
    return context_of(request)


async def get_session(request: Request) -> AsyncIterator[AsyncSession]:
    """A session per request; handlers commit explicitly, anything uncommitted is rolled back.

    A request with an `Idempotency-Key` hands its claim to the session: its first commit with
    writes records the key in the same transaction (storage/shared_limits.py).
    """
    async with context_of(request).sessions() as session:
        claim = claim_of(request.state)
        if claim is not None:
            session.info[CLAIM_INFO] = claim
        yield session


async def authenticate(request: Request) -> KeyInfo:
    """The API key of the request (looked up once by the middleware), else 401."""
    key = getattr(request.state, "key", None)
    if not isinstance(key, KeyInfo):
        raise unauthorized()
    return key


async def require_sandbox(key: Annotated[KeyInfo, Depends(authenticate)]) -> KeyInfo:
    """Only sandbox keys (sandbox-only endpoints answer 401 to live keys, as the real service)."""
    if not key.sandbox:
        raise ServiceError(401, ["this endpoint is available with a sandbox API key only"])
    return key


Ctx = Annotated[ServiceContext, Depends(get_context)]
Session = Annotated[AsyncSession, Depends(get_session)]
CurrentKey = Annotated[KeyInfo, Depends(authenticate)]
SandboxKey = Annotated[KeyInfo, Depends(require_sandbox)]
