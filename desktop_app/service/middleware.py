"""Outermost ASGI layer: request id, API key lookup, rate limit headers, last-resort 500."""

from __future__ import annotations

import base64
import binascii
import json
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from desktop_app.service.accounts import KeyInfo, lookup_key
from desktop_app.service.ratelimit import RateLimiter, RateState

log = logging.getLogger("packdesk.service")

# label files are fetched by URL without a key and are not rate limited
UNLIMITED_PREFIXES = ("/v1/label_files/",)


def basic_user(headers: list[tuple[bytes, bytes]]) -> str | None:
    """The user name of a Basic `Authorization` header (the API key), else None."""
    for name, value in headers:
        if name.lower() != b"authorization":
            continue
        scheme, _, encoded = value.decode("latin-1").partition(" ")
        if scheme.lower() != "basic":
            return None
        try:
            decoded = base64.b64decode(encoded.strip(), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            return None
        user, _, _password = decoded.partition(":")
        return user or None
    return None


class ServiceMiddleware:
    """Adds `X-Request-ID` and `RateLimit-*` to every response and turns crashes into 500."""

    def __init__(
        self,
        app: ASGIApp,
        limiter: RateLimiter,
        sessions: Callable[[], async_sessionmaker[AsyncSession]],
        lookup: Callable[[], Callable[[str], Awaitable[KeyInfo | None]]] | None = None,
    ) -> None:
        self.app = app
        self.limiter = limiter
        self.sessions = sessions
        # the service passes its KeyLookup (one statement on SQLite, see keycheck.py)
        self.lookup = lookup

    async def _key(self, scope: Scope) -> KeyInfo | None:
        raw = basic_user(scope.get("headers", []))
        if raw is None:
            return None
        if self.lookup is not None:
            return await self.lookup()(raw)
        async with self.sessions()() as session:
            return await lookup_key(session, raw)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = uuid.uuid4().hex
        state: dict[str, Any] = scope.setdefault("state", {})
        state["request_id"] = request_id
        path: str = scope.get("path", "")
        client = scope.get("client")
        ip_bucket = f"ip:{client[0] if client else 'unknown'}"
        rate: RateState
        started = False

        async def send_error(status: int, messages: list[str], extra: dict[str, str]) -> None:
            headers = {**rate.headers(), **extra, "X-Request-ID": request_id}
            body = json.dumps({"errors": messages}).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": status,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        *((k.lower().encode(), v.encode()) for k, v in headers.items()),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in rate.headers().items()]
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send(message)

        rate = self.limiter.peek(ip_bucket)
        try:
            if path.startswith(UNLIMITED_PREFIXES):
                state["key"] = None
            else:
                key = await self._key(scope)
                state["key"] = key
                rate = self.limiter.hit(f"key:{key.key_id}" if key else ip_bucket)
                if not rate.allowed:
                    await send_error(
                        429,
                        [f"rate limit exceeded: try again in {rate.reset} seconds"],
                        {"Retry-After": str(max(1, rate.reset))},
                    )
                    return
                if key is not None and "\x00" in path:
                    # no resource id holds a NUL, and PostgreSQL refuses one in any text value
                    # (without a key the app answers 401 before any query)
                    await send_error(404, ["resource not found"], {})
                    return
            await self.app(scope, receive, send_with_headers)
        except Exception:
            # the goal is that no input gets here; log with the id so a report can be traced
            log.exception(
                "internal error (request id %s) on %s %s", request_id, scope["method"], path
            )
            if not started:
                await send_error(500, [f"internal error (request id {request_id})"], {})
