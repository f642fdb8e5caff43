"""The last-resort 500: an unexpected exception still gets the error body and the headers."""

from __future__ import annotations

import logging

import httpx
import pytest
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.types import Receive, Scope, Send

from desktop_app.service.api.middleware import ServiceMiddleware, basic_user
from desktop_app.service.api.ratelimit import RateLimiter


async def _crashing_app(scope: Scope, receive: Receive, send: Send) -> None:
    raise RuntimeError("boom")


def _no_sessions() -> async_sessionmaker[AsyncSession]:
    raise AssertionError("no key lookup expected without an Authorization header")


async def test_unexpected_exception_is_a_logged_500_with_headers(
    caplog: pytest.LogCaptureFixture,
) -> None:
    app = ServiceMiddleware(_crashing_app, RateLimiter(5, 60), _no_sessions)
    transport = httpx.ASGITransport(app=app)
    with caplog.at_level(logging.ERROR, logger="packdesk.service"):
        async with httpx.AsyncClient(transport=transport, base_url="https://test") as client:
            response = await client.get("/v1/me")
    assert response.status_code == 500
    request_id = response.headers["X-Request-ID"]
    assert response.json() == {"errors": [f"internal error (request id {request_id})"]}
    assert response.headers["RateLimit-Remaining"] == "4"
    assert request_id in caplog.text and "boom" in caplog.text


@pytest.mark.parametrize(
    ("header", "user"),
    [
        (b"Basic YWJjOg==", "abc"),  # abc:
        (b"basic YWJjOnB3", "abc"),  # abc:pw, scheme case-insensitive
        (b"Bearer abc", None),
        (b"Basic %%%", None),
        (b"Basic Og==", None),  # empty user
        (b"Basic //79", None),  # not UTF-8
    ],
)
def test_basic_user(header: bytes, user: str | None) -> None:
    assert basic_user([(b"authorization", header)]) == user
