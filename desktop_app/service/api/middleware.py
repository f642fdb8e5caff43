"""Outermost ASGI layer: public Host, request id, API key lookup, rate limit headers, 500/503.

The `Host` header a client sent is replaced by the service's public host before anything else
sees the request, so every URL the application builds from the request (`label_url`, links)
starts with the public base URL whatever `Host` was sent.
"""

from __future__ import annotations

import base64
import binascii
import functools
import json
import logging
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from desktop_app.service.api.ratelimit import RateLimiter, RateState
from desktop_app.service.logs import THROTTLE
from desktop_app.service.settings import RETRY_AFTER_SECONDS
from desktop_app.service.storage.accounts import KeyInfo, lookup_key
from desktop_app.service.storage.outage import StorageOutage, is_storage_unavailable

log = logging.getLogger("packdesk.service")

# label files are fetched by URL without a key and are not rate limited
UNLIMITED_PREFIXES = ("/v1/label_files/",)
HEALTH_PATH = "/health"
WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
STORAGE_UNAVAILABLE = (
    "the database is unreachable at the moment: nothing was stored, try again shortly"
)


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
        public_url: Callable[[], str] | None = None,
        outage: StorageOutage | None = None,
        file_check: Callable[[], str | None] | None = None,
        proven: Callable[[str], None] | None = None,
    ) -> None:
        self.app = app
        # told each address that sent a valid key (connection admission trusts it more)
        self.proven = proven
        self.outage = outage or StorageOutage()
        # before every request and before a write is acknowledged: None, or why the database
        # cannot be used (its SQLite file is gone: reads would answer from the deleted file)
        self.file_check = file_check
        self._public_url = public_url
        self._public_host: bytes | None = None
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

    def _host_header(self) -> bytes | None:
        """`host[:port]` of the public base URL (computed once), None when not configured."""
        if self._public_host is None and self._public_url is not None:
            self._public_host = urlsplit(self._public_url()).netloc.encode("ascii")
        return self._public_host

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        public_host = self._host_header()
        if public_host is not None:
            headers = [(n, v) for n, v in scope.get("headers", []) if n.lower() != b"host"]
            headers.append((b"host", public_host))
            scope["headers"] = headers
            scope["scheme"] = "https"
        request_id = uuid.uuid4().hex
        began = time.perf_counter()
        answered = 0

        async def send_logged(message: Message) -> None:
            """`send`, noting the status for the request's log line."""
            nonlocal answered
            if message["type"] == "http.response.start":
                answered = int(message["status"])
            await send(message)

        state: dict[str, Any] = scope.setdefault("state", {})
        state["request_id"] = request_id
        path: str = scope.get("path", "")
        client = scope.get("client")
        ip_bucket = f"ip:{client[0] if client else 'unknown'}"
        rate: RateState
        started = False
        replaced = False
        is_write = scope.get("method") in WRITE_METHODS

        async def send_error(status: int, messages: list[str], extra: dict[str, str]) -> None:
            headers = {**rate.headers(), **extra, "X-Request-ID": request_id}
            body = json.dumps({"errors": messages}).encode()
            await send_logged(
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
            await send_logged({"type": "http.response.body", "body": body})

        async def send_with_headers(message: Message) -> None:
            nonlocal started, replaced
            if replaced:
                return
            if message["type"] == "http.response.start":
                status = int(message["status"])
                problem = (
                    self.file_check() if is_write and status < 300 and self.file_check else None
                )
                if problem is not None:
                    # the commit went to a file that is no longer the database: not stored
                    replaced = True
                    self.outage.failed(OSError(problem), f"{scope['method']} {path}")
                    await storage_unavailable()
                    started = True
                    return
                started = True
                headers = list(message.get("headers", []))
                headers += [(k.lower().encode(), v.encode()) for k, v in rate.headers().items()]
                headers.append((b"x-request-id", request_id.encode()))
                message = {**message, "headers": headers}
            await send_logged(message)

        async def storage_unavailable() -> None:
            await send_error(503, [STORAGE_UNAVAILABLE], {"Retry-After": str(RETRY_AFTER_SECONDS)})

        rate = self.limiter.peek(ip_bucket)
        try:
            if path.startswith(UNLIMITED_PREFIXES):
                state["key"] = None
            else:
                # /health is the address's, never a key's: a monitor sending a key does not
                # use up a station's requests
                key = await self._key(scope) if path != HEALTH_PATH else None
                state["key"] = key
                rate = (
                    await self.limiter.hit_key(f"key:{key.key_id}")
                    if key
                    else self.limiter.hit(ip_bucket)
                )
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
            problem = self.file_check() if self.file_check and path != "/health" else None
            if problem is not None:
                self.outage.failed(OSError(problem), f"{scope['method']} {path}")
                await storage_unavailable()
                return
            await self.app(scope, receive, send_with_headers)
        except ClientDisconnect:
            # the client went away (or its body stalled past the limit): nobody to answer
            THROTTLE.log(
                logging.INFO,
                ("disconnected", client[0] if client else "unknown"),
                "client %s disconnected during %s %s (request id %s)",
                client[0] if client else "unknown",
                scope["method"],
                path,
                request_id,
            )
        except Exception as exc:
            if is_storage_unavailable(exc):
                self.outage.failed(exc, f"{scope['method']} {path}")
                if not started:
                    await storage_unavailable()
                return
            # the goal is that no input gets here; log with the id so a report can be traced
            log.exception(
                "internal error (request id %s) on %s %s", request_id, scope["method"], path
            )
            if not started:
                await send_error(500, [f"internal error (request id {request_id})"], {})
        finally:
            key_info = state.get("key")
            keyed = isinstance(key_info, KeyInfo)
            if keyed and client and self.proven is not None:
                self.proven(client[0])
            key_label = key_info.label if isinstance(key_info, KeyInfo) else "none"
            if (keyed and answered != 429) or (
                path.startswith(UNLIMITED_PREFIXES) and 0 < answered < 400
            ):
                line: Callable[..., None] = log.info
            else:
                # anyone can send these: at most one line per address, status and minute
                line = functools.partial(
                    THROTTLE.log,
                    logging.INFO,
                    ("request", client[0] if client else "unknown", answered),
                )
            line(
                "%s %s -> %s in %.1f ms, key %s, from %s (request id %s)",
                scope["method"],
                path,
                answered or "no answer",
                (time.perf_counter() - began) * 1000,
                key_label,
                client[0] if client else "unknown",
                request_id,
            )
