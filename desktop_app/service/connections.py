"""Running the service under uvicorn, safe from slow and greedy clients.

uvicorn's own configuration covers what it can: the keep-alive idle limit
(`timeout_keep_alive`), the size of request headers (h11's incomplete-event cap) and the
graceful shutdown. What it lacks is done here, in a subclass of its h11 protocol:

- a time limit on receiving a request's headers (from the connection's start or from the first
  byte of a keep-alive request) and then its body: past it, `408` and the connection is closed
  (closed only, when the application has already begun its answer);
- the TLS handshake gets the same limit (asyncio's default is 60 s);
- caps on open connections per client address and in all: the request of a connection beyond
  them is answered `503` with `Retry-After` and the connection closed; logged once per address
  and minute;
- stalled connections are cut at a steady pace (`StalledCuts`), never all at once: connections
  opened together expire together, and cutting hundreds in one go (and serving the TLS
  handshakes of their reconnects in one go) held a well-behaved station's request for 50-240 ms.

The body cap (413) and the error-list cap stay in the application (bodies.py, domain rules).
"""

from __future__ import annotations

import asyncio
import collections
import functools
import gc
import json
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import h11
import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from desktop_app.service.settings import (
    CUT_SPREAD_SECONDS,
    RETRY_AFTER_SECONDS,
    ServiceSettings,
)
from desktop_app.service.tls import TlsFiles

log = logging.getLogger("packdesk.service")

LOG_INTERVAL_SECONDS = 60.0
# a refused connection gets this long to send the request its 503 answers
REFUSED_HEADER_TIMEOUT = 2.0
# stalled connections are cut one per this many seconds (500 a second; settings.py bounds the
# delay this adds by CUT_SPREAD_SECONDS)
CUT_INTERVAL_SECONDS = 0.002


def _error_bytes(status: int, reason: str, message: str, extra: dict[str, str]) -> bytes:
    """A complete HTTP/1.1 error response with `{"errors": [message]}` that closes."""
    body = json.dumps({"errors": [message]}).encode()
    head = [
        f"HTTP/1.1 {status} {reason}",
        "content-type: application/json",
        f"content-length: {len(body)}",
        "connection: close",
        *(f"{name}: {value}" for name, value in extra.items()),
    ]
    return ("\r\n".join(head) + "\r\n\r\n").encode() + body


@dataclass
class ConnectionGuard:
    """Open connections per client address and in all, and when each refusal was logged."""

    max_total: int
    max_per_client: int
    per_client: dict[str, int] = field(default_factory=dict)
    total: int = 0
    logged: dict[str, float] = field(default_factory=dict)
    refused: int = 0

    def admit(self, address: str) -> bool:
        """Count a new connection in, or answer False when a cap is reached."""
        if self.total >= self.max_total or self.per_client.get(address, 0) >= self.max_per_client:
            self.refused += 1
            self._log_refusal(address)
            return False
        self.total += 1
        self.per_client[address] = self.per_client.get(address, 0) + 1
        return True

    def release(self, address: str) -> None:
        """A counted connection has closed."""
        self.total -= 1
        left = self.per_client.get(address, 1) - 1
        if left > 0:
            self.per_client[address] = left
        else:
            self.per_client.pop(address, None)

    def _log_refusal(self, address: str) -> None:
        now = time.monotonic()
        if now - self.logged.get(address, -LOG_INTERVAL_SECONDS) < LOG_INTERVAL_SECONDS:
            return
        self.logged[address] = now
        if len(self.logged) > 4096:  # forget old entries rather than grow without end
            self.logged = {a: t for a, t in self.logged.items() if now - t < LOG_INTERVAL_SECONDS}
        log.warning(
            "connection limit reached for %s (%d from it, %d in all; caps %d and %d): "
            "answering 503 (logged once a minute per address)",
            address,
            self.per_client.get(address, 0),
            self.total,
            self.max_per_client,
            self.max_total,
        )


class StalledCuts:
    """Cuts expired connections one at a time at a steady pace, each within a bounded delay.

    A cut is cheap alone, but a few hundred connections opened in the same second expire in the
    same second; cut together (408, TLS close, log line) and reconnected together (TLS
    handshakes), they keep the event loop from everyone else's requests for tens to hundreds of
    milliseconds. Here the first cut runs at once, each next one `interval` seconds after the
    one before, and none waits longer than `spread` seconds past its deadline.
    """

    def __init__(
        self, interval: float = CUT_INTERVAL_SECONDS, spread: float = CUT_SPREAD_SECONDS
    ) -> None:
        self.interval = interval
        self.spread = spread
        self._queue: collections.deque[tuple[float, Callable[[], None]]] = collections.deque()
        self._next: asyncio.Handle | None = None

    def add(self, cut: Callable[[], None]) -> None:
        """Queue a connection's cut; it runs now when no other cut is waiting."""
        loop = asyncio.get_running_loop()
        self._queue.append((loop.time(), cut))
        if self._next is None:
            self._next = loop.call_soon(self._run)

    def _run(self) -> None:
        loop = asyncio.get_running_loop()
        overdue = loop.time() - self.spread
        try:
            self._queue.popleft()[1]()
            # the pace never lets a cut wait past its bound: the overdue go now
            while self._queue and self._queue[0][0] <= overdue:
                self._queue.popleft()[1]()
        finally:  # a failing cut (the loop logs it) does not stop the ones after it
            self._next = loop.call_later(self.interval, self._run) if self._queue else None


async def _unavailable(scope: Scope, receive: Receive, send: Send) -> None:  # noqa: ARG001
    """The answer to a request on a connection beyond the caps."""
    body = json.dumps(
        {"errors": ["too many open connections: try again in a few seconds"]}
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 503,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"retry-after", str(RETRY_AFTER_SECONDS).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with request read deadlines and connection caps."""

    guard: ConnectionGuard
    cuts: StalledCuts
    header_timeout: float
    body_timeout: float

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._counted_address: str | None = None
        self._deadline: asyncio.TimerHandle | None = None
        self._deadline_kind: str | None = None
        self._header_limit = self.header_timeout
        # a deadline has passed and the cut is queued: nothing the client sends now re-arms it
        self._cut_queued = False

    # connection life
    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else "unknown"
        if self.guard.admit(address):
            self._counted_address = address
        else:
            self.app = _unavailable
            self._header_limit = min(self._header_limit, REFUSED_HEADER_TIMEOUT)
        self._arm("headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted_address is not None:
            self.guard.release(self._counted_address)
            self._counted_address = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._deadline is None and not self._cut_queued and self.conn.their_state is h11.IDLE:
            # the first byte of a (keep-alive) request: its headers must follow in time
            self._arm("headers")
        super().data_received(data)
        self._follow_request()

    def on_response_complete(self) -> None:
        self._disarm()
        super().on_response_complete()
        self._follow_request()

    # deadlines
    def _follow_request(self) -> None:
        """Switch the deadline to what the request still owes: headers, body, or nothing."""
        if self._cut_queued:
            return
        state = self.conn.their_state
        if state is h11.SEND_BODY:
            if self._deadline_kind != "body":
                self._arm("body")
        elif state is not h11.IDLE:
            self._disarm()

    def _arm(self, kind: str) -> None:
        self._disarm()
        limit = self._header_limit if kind == "headers" else self.body_timeout
        self._deadline = self.loop.call_later(limit, self._expired)
        self._deadline_kind = kind

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = None
        self._deadline_kind = None

    def _expired(self) -> None:
        kind, self._deadline, self._deadline_kind = self._deadline_kind, None, None
        if self.transport.is_closing() or kind is None:
            return
        self._cut_queued = True
        self.cuts.add(functools.partial(self._cut, kind))

    def _cut(self, kind: str) -> None:
        """408 (unless the application has begun its answer) and close."""
        if self.transport.is_closing():
            return
        cycle = self.cycle if kind == "body" else None
        answered = cycle is not None and cycle.response_started
        if cycle is not None:
            # the application sees a disconnect; anything it still sends is dropped
            cycle.disconnected = True
            cycle.message_event.set()
        if not answered:
            what = "request headers" if kind == "headers" else "request body"
            limit = self._header_limit if kind == "headers" else self.body_timeout
            message = f"{what} not received within {limit:g} seconds"
            self.transport.write(_error_bytes(408, "Request Timeout", message, {}))
        log.info(
            "closed a stalled connection from %s (%s not received in time)",
            self.client[0] if self.client else "unknown",
            kind,
        )
        self.transport.close()


def protocol_class(settings: ServiceSettings, guard: ConnectionGuard) -> type[GuardedH11Protocol]:
    """A protocol class bound to this service's limits, its connection guard and cut pace."""
    return type(
        "ServiceH11Protocol",
        (GuardedH11Protocol,),
        {
            "guard": guard,
            "cuts": StalledCuts(),
            "header_timeout": settings.header_timeout,
            "body_timeout": settings.body_timeout,
        },
    )


class _Server(uvicorn.Server):
    """uvicorn's server with a TLS handshake time limit (asyncio's default is 60 s), and the
    start-up objects out of the garbage collector's reach."""

    handshake_timeout: float = 10.0

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        loop = asyncio.get_running_loop()
        create: Callable[..., Any] = loop.create_server
        # uvicorn has no option for it: pass it to the one create_server call it makes
        loop.create_server = functools.partial(  # type: ignore[method-assign]
            create, ssl_handshake_timeout=self.handshake_timeout
        )
        try:
            await super().startup(sockets)
        finally:
            del loop.create_server  # back to the loop class's own method
        # Start-up (the application's lifespan ran before this) leaves a large object graph
        # that lives as long as the process: modules, FastAPI's routes and models, SQLAlchemy's
        # tables. Each full collection walked all of it on the event loop, 85-105 ms measured
        # with 500 connections open, holding every request; frozen, a full pass walks only
        # what was made since (as the GUI does, qt_compat.GuiThreadCollector).
        gc.collect()
        gc.freeze()


def server_config(
    app: ASGIApp, settings: ServiceSettings, tls: TlsFiles, guard: ConnectionGuard, level: str
) -> uvicorn.Config:
    """uvicorn's configuration: TLS, keep-alive idle limit, the guarded protocol."""
    return uvicorn.Config(
        app,
        ssl_keyfile=str(tls.server_key),
        ssl_certfile=str(tls.server_cert),
        http=protocol_class(settings, guard),
        log_config=None,
        log_level=level,
        access_log=level == "debug",
        lifespan="on",
        timeout_graceful_shutdown=3,
        # uvicorn types it as int; call_later takes any number of seconds
        timeout_keep_alive=settings.keep_alive_timeout,  # type: ignore[arg-type]
        server_header=False,
        backlog=2048,
    )


async def run_server(
    app: ASGIApp, settings: ServiceSettings, tls: TlsFiles, sock: socket.socket, level: str
) -> None:
    """Serve on the bound socket until interrupted."""
    guard = ConnectionGuard(settings.max_connections, settings.max_connections_per_client)
    server = _Server(server_config(app, settings, tls, guard, level))
    server.handshake_timeout = settings.header_timeout
    await server.serve(sockets=[sock])
