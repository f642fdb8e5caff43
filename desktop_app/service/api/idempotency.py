"""`Idempotency-Key` on writes: a request's effect happens once, however often it is sent, to
whichever of the service's processes (see docs/serve.md, "Idempotency-Key").

A keyed `POST`/`PUT`/`PATCH`/`DELETE` with the header runs under a lock on its key: a
PostgreSQL advisory lock (transaction-level on a connection of its own, so a killed process's
lock goes with its connection) or, on SQLite (one process), an asyncio lock. Holding it, the
key's record decides: none, the request runs and its first commit with writes records the key
(storage/shared_limits.py); one, its stored answer is replayed (`Idempotent-Replayed: true`), or,
when its process died before storing the answer, the created resource is answered by a GET. The
same key with another method, path or body is refused with 422; a repeat waiting longer than
`LOCK_WAIT_SECONDS` for the first gets 409 with `Retry-After`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import time
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.outage import is_storage_unavailable
from desktop_app.service.storage.shared_limits import (
    IDEMPOTENCY_PK,
    Claim,
    IdempotentRequest,
    find_record,
    store_answer,
)

log = logging.getLogger("packdesk.service")

HEADER = b"idempotency-key"
METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_KEY_LENGTH = 255
# a repeat waits this long for the first request under its key (a carrier may take a while)
LOCK_WAIT_SECONDS = 30.0
LOCK_POLL_SECONDS = 0.02
# connections holding advisory locks at once, of the pool's 50 (storage/db.py)
LOCK_CONNECTIONS = 20
# answers larger than this are not kept (a replay then answers from the created resource)
MAX_STORED_BYTES = 1024 * 1024
# PostgreSQL advisory locks of idempotency keys: the first of the two int4 lock ids ("idem")
_LOCK_CLASS = 0x6964656D

BAD_KEY = "Idempotency-Key: use 1 to 255 visible ASCII characters (e.g. a UUID)"
OTHER_REQUEST = (
    "Idempotency-Key: this key was already used for another request; use a new key for a new "
    "request"
)
STILL_RUNNING = (
    "Idempotency-Key: a request with this key is still being carried out; try again in a moment"
)
ANSWER_LOST = (
    "Idempotency-Key: the request with this key was carried out, but its answer was lost when "
    "the server stopped; look the result up instead of sending it again"
)


class LocalLocks:
    """One asyncio lock per key: enough where one process serves the database (SQLite)."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[asyncio.Lock, int]] = {}

    @contextlib.asynccontextmanager
    async def hold(self, name: str, wait: float) -> AsyncIterator[bool]:
        """True once the lock is held; False when it stayed taken for `wait` seconds."""
        lock, users = self._locks.get(name, (asyncio.Lock(), 0))
        self._locks[name] = (lock, users + 1)
        try:
            try:
                await asyncio.wait_for(lock.acquire(), wait)
            except TimeoutError:
                yield False
                return
            try:
                yield True
            finally:
                lock.release()
        finally:
            lock, users = self._locks[name]
            if users <= 1:
                del self._locks[name]
            else:
                self._locks[name] = (lock, users - 1)


def _lock_id(name: str) -> int:
    """A signed 32-bit id for the key's advisory lock (a collision only makes one wait)."""
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:4], "big", signed=True)


class AdvisoryLocks:
    """PostgreSQL advisory locks: every process on the database waits for the same key."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        # each held lock keeps a pooled connection: leave the rest of the pool to the requests'
        # own sessions, or locked requests could wait for a connection none of them gives back
        self._connections = asyncio.Semaphore(LOCK_CONNECTIONS)

    @contextlib.asynccontextmanager
    async def hold(self, name: str, wait: float) -> AsyncIterator[bool]:
        """True once held; the lock is the transaction's, so it ends with it (or its connection)."""
        deadline = time.monotonic() + wait
        try:
            await asyncio.wait_for(self._connections.acquire(), wait)
        except TimeoutError:
            yield False
            return
        try:
            async with self._locked(name, deadline) as held:
                yield held
        finally:
            self._connections.release()

    @contextlib.asynccontextmanager
    async def _locked(self, name: str, deadline: float) -> AsyncIterator[bool]:
        ids = {"cls": _LOCK_CLASS, "obj": _lock_id(name)}
        async with self.engine.connect() as conn:
            while not (
                await conn.execute(text("SELECT pg_try_advisory_xact_lock(:cls, :obj)"), ids)
            ).scalar_one():
                if time.monotonic() >= deadline:
                    yield False
                    return
                await asyncio.sleep(LOCK_POLL_SECONDS)
            try:
                yield True
            finally:
                # ends the transaction and with it the lock; a broken connection has ended
                # it already (and a cancelled request's is rolled back by the pool's reset)
                with contextlib.suppress(Exception):
                    await conn.rollback()


def request_hash(scope: Scope, body: bytes) -> str:
    """SHA-256 of what makes a request this request: method, path, query and body."""
    digest = hashlib.sha256()
    for part in (scope["method"].encode(), scope.get("path", "").encode(), scope["query_string"]):
        digest.update(part + b"\0")
    digest.update(body)
    return digest.hexdigest()


def _header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return bytes(value)
    return None


def _valid_key(raw: bytes) -> str | None:
    if not 0 < len(raw) <= MAX_KEY_LENGTH or any(b < 0x20 or b > 0x7E for b in raw):
        return None
    return raw.decode("ascii")


async def _send_json(send: Send, status: int, body: bytes, extra: dict[str, str]) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
    headers += [(k.lower().encode(), v.encode()) for k, v in extra.items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def _send_errors(send: Send, status: int, message: str, **extra: str) -> None:
    await _send_json(send, status, json.dumps({"errors": [message]}).encode(), extra)


class IdempotencyMiddleware:
    """Runs a keyed write with an `Idempotency-Key` at most once (inside ServiceMiddleware)."""

    def __init__(
        self,
        app: ASGIApp,
        engine: AsyncEngine,
        sessions: async_sessionmaker[AsyncSession],
        max_body_bytes: int,
    ) -> None:
        self.app = app
        self.sessions = sessions
        self.max_body_bytes = max_body_bytes
        self.locks: LocalLocks | AdvisoryLocks = (
            AdvisoryLocks(engine) if engine.dialect.name == "postgresql" else LocalLocks()
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        raw = _header(scope, HEADER) if scope["type"] == "http" else None
        key = scope.get("state", {}).get("key")
        if raw is None or scope["method"] not in METHODS or not isinstance(key, KeyInfo):
            await self.app(scope, receive, send)
            return
        idempotency_key = _valid_key(raw)
        if idempotency_key is None:
            await _send_errors(send, 400, BAD_KEY)
            return
        messages, body, whole = await self._read_body(receive)
        replay = _replaying(messages, receive)
        if not whole:
            # too large (the app answers 413) or the client went away: nothing to remember
            await self.app(scope, replay, send)
            return
        claim = Claim(key.account_id, key.environment, idempotency_key, request_hash(scope, body))
        name = f"{claim.account_id}/{claim.environment}/{idempotency_key}"
        async with self.locks.hold(name, LOCK_WAIT_SECONDS) as held:
            if not held:
                await _send_errors(send, 409, STILL_RUNNING, **{"Retry-After": "1"})
                return
            record = await find_record(self.sessions, claim)
            if record is None:
                record = await self._first(scope, replay, send, claim)
            if record is not None:
                await self._repeat(scope, send, claim, record)

    async def _read_body(self, receive: Receive) -> tuple[list[Message], bytes, bool]:
        """The request's messages and body; whole is False when too large or disconnected."""
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return messages, b"", False
            size += len(message.get("body", b""))
            if size > self.max_body_bytes:
                return messages, b"", False
            if not message.get("more_body", False):
                break
        return messages, b"".join(m.get("body", b"") for m in messages), True

    async def _first(
        self, scope: Scope, receive: Receive, send: Send, claim: Claim
    ) -> IdempotentRequest | None:
        """Run the request; keep its answer when it wrote. A record when another got there first."""
        scope.setdefault("state", {})["idempotency"] = claim
        status = 0
        content_type: bytes | None = None
        chunks: list[bytes] = []
        size = 0

        async def capture(message: Message) -> None:
            nonlocal status, content_type, size
            if message["type"] == "http.response.start":
                status = int(message["status"])
                content_type = dict(message.get("headers", [])).get(b"content-type")
            elif message["type"] == "http.response.body":
                size += len(message.get("body", b""))
                if size <= MAX_STORED_BYTES:
                    chunks.append(message.get("body", b""))
            await send(message)

        try:
            await self.app(scope, receive, capture)
        except IntegrityError as exc:
            # a process that died after its commit left the key recorded while this one ran
            # (PostgreSQL names the constraint, SQLite the table's columns)
            text_of = str(exc.orig)
            if status or not (IDEMPOTENCY_PK in text_of or "idempotent_requests." in text_of):
                raise
            return await find_record(self.sessions, claim)
        if claim.recorded and 0 < status < 500 and size <= MAX_STORED_BYTES:
            try:
                await store_answer(
                    self.sessions,
                    claim,
                    status,
                    content_type.decode("latin-1") if content_type else None,
                    b"".join(chunks),
                )
            except Exception as exc:
                if not is_storage_unavailable(exc):
                    raise
                # answered already; a repeat is answered from the created resource instead
                log.warning(
                    "could not keep the answer of Idempotency-Key %r", claim.idempotency_key
                )
        return None

    async def _repeat(
        self, scope: Scope, send: Send, claim: Claim, record: IdempotentRequest
    ) -> None:
        """Answer a repeat from the record: the stored answer, else the created resource."""
        if record.request_hash != claim.request_hash:
            await _send_errors(send, 422, OTHER_REQUEST)
            return
        replayed = {"Idempotent-Replayed": "true"}
        if record.status is not None and record.body is not None:
            headers = [
                (b"content-type", (record.content_type or "application/json").encode("latin-1")),
                (b"content-length", b"%d" % len(record.body)),
                (b"idempotent-replayed", b"true"),
            ]
            await send({"type": "http.response.start", "status": record.status, "headers": headers})
            await send({"type": "http.response.body", "body": record.body})
            return
        if record.location is None:
            await _send_errors(send, 409, ANSWER_LOST, **replayed)
            return
        await self._answer_with_resource(scope, send, record.location)

    async def _answer_with_resource(self, scope: Scope, send: Send, location: str) -> None:
        """A GET of the resource the first request created, sent as the repeat's answer."""
        get_scope = {
            **scope,
            "method": "GET",
            "path": location,
            "raw_path": location.encode(),
            "query_string": b"",
            "headers": [
                (k, v)
                for k, v in scope.get("headers", [])
                if k.lower() not in (b"content-length", b"content-type", HEADER)
            ],
            "state": {**scope.get("state", {}), "idempotency": None},
        }

        async def no_body() -> Message:
            return {"type": "http.request", "body": b"", "more_body": False}

        async def marked(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [*message.get("headers", []), (b"idempotent-replayed", b"true")]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(get_scope, no_body, marked)


def _replaying(messages: list[Message], receive: Receive) -> Receive:
    """A `receive` that hands out the already read messages first, then the real ones."""
    pending = list(messages)

    async def replay() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replay


def claim_of(state: Any) -> Claim | None:
    """The request's claim (set above), for the session the request's handler uses."""
    claim = getattr(state, "idempotency", None)
    return claim if isinstance(claim, Claim) else None
