"""Running the service under uvicorn, safe from slow and greedy clients.

uvicorn's own configuration covers what it can: the keep-alive idle limit
(`timeout_keep_alive`), the size of request headers (h11's incomplete-event cap) and the
graceful shutdown. What it lacks is done here, in a subclass of its h11 protocol:

- a time limit on receiving a request's headers (from the connection's start or from the first
  byte of a keep-alive request) and then its body: past it, `408` and the connection is closed
  (closed only, when the application has already begun its answer);
- the TLS handshake gets the same limit (asyncio's default is 60 s);
- caps on open connections per client address (a share of the total that shrinks as more
  addresses connect) and in all; at the total cap a connection that is doing nothing (no
  complete request since accept, else the longest idle keep-alive one) is closed to make room
  (`ConnectionGuard`); a connection refused all the same has its request answered `503` with
  `Retry-After` and is closed; every such line is logged at most once per address and minute
  (logs.py);
- stalled connections are cut at a steady pace (`StalledCuts`), never all at once: connections
  opened together expire together, and cutting hundreds in one go (and serving the TLS
  handshakes of their reconnects in one go) held a well-behaved station's request for 50-240 ms;
- connections are accepted in a thread of their own and handed to the loop only within budgets
  per address and in all (admission.py), so floods of connections cost the loop nothing;
- at shutdown an idle keep-alive connection is closed without waiting for the client's TLS
  close_notify (which an idle client never sends): a stop takes no longer with one open.

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
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

import h11
import uvicorn
from starlette.types import ASGIApp, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

from desktop_app.service.api.admission import Acceptor, Admission, thread_accepts_here
from desktop_app.service.logs import THROTTLE
from desktop_app.service.settings import (
    CUT_SPREAD_SECONDS,
    RETRY_AFTER_SECONDS,
    ServiceSettings,
)
from desktop_app.service.tls import TlsFiles

log = logging.getLogger("packdesk.service")

# an address may always hold this many connections, however many addresses share the cap
MIN_SHARE = 8
# a refused connection gets this long to send the request its 503 answers
REFUSED_HEADER_TIMEOUT = 2.0
# stalled connections are cut one per this many seconds (500 a second; settings.py bounds the
# delay this adds by CUT_SPREAD_SECONDS)
CUT_INTERVAL_SECONDS = 0.002
# at shutdown, an idle connection's TLS close gets this long before the socket is dropped
SHUTDOWN_CLOSE_SECONDS = 0.2


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


class Evictable(Protocol):
    """A connection the guard may close to make room."""

    def evict(self) -> None:
        """Close now (a connection without a complete request first answers 503)."""


@dataclass
class ConnectionGuard:
    """Open connections per client address and in all, and which to close to make room.

    An address may hold its share of the cap: `max_total` divided among the addresses that
    hold connections (at least `MIN_SHARE`, at most `max_per_client`), so the shares shrink as
    more addresses connect and a few addresses cannot take every slot. When the cap is reached
    all the same, a new connection takes the slot of one that is doing nothing: first a
    connection that has not completed a request since it was accepted (of an address above
    its share, else the oldest), then the keep-alive connection idle for longest. Only when
    every connection is busy with a request is the new one refused (503). So a station with a
    key gets through while any number of idle connections are held open against it.
    """

    max_total: int
    max_per_client: int
    per_client: dict[str, int] = field(default_factory=dict)
    total: int = 0
    refused: int = 0
    evicted: int = 0
    # no complete request yet, in accept order (per address too); idle keep-alive, oldest first
    fresh: dict[Evictable, str] = field(default_factory=dict)
    fresh_of: dict[str, dict[Evictable, None]] = field(default_factory=dict)
    idle: dict[Evictable, str] = field(default_factory=dict)
    address_of: dict[Evictable, str] = field(default_factory=dict)

    def share(self, address: str) -> int:
        """How many connections `address` may hold now."""
        addresses = len(self.per_client) + (address not in self.per_client)
        return min(self.max_per_client, max(MIN_SHARE, self.max_total // max(1, addresses)))

    def admit(self, conn: Evictable, address: str) -> bool:
        """Count a new connection in (closing an idle one when at the cap), or answer False."""
        if self.per_client.get(address, 0) >= self.share(address):
            return self._refuse(address, "its share of the connection cap")
        if self.total >= self.max_total:
            victim = self._victim()
            if victim is None:
                return self._refuse(address, "the connection cap, every connection busy")
            self.evicted += 1
            victim_address = self.address_of[victim]
            self.release(victim)
            THROTTLE.log(
                logging.INFO,
                ("evicted", victim_address),
                "closed an idle connection from %s to make room (%d open, cap %d)",
                victim_address,
                self.total,
                self.max_total,
            )
            victim.evict()
        self.total += 1
        self.per_client[address] = self.per_client.get(address, 0) + 1
        self.address_of[conn] = address
        self.fresh[conn] = address
        self.fresh_of.setdefault(address, {})[conn] = None
        return True

    def busy(self, conn: Evictable) -> None:
        """`conn` has received a request's headers: not closed to make room while it runs."""
        address = self.fresh.pop(conn, None)
        if address is not None:
            self._forget_fresh(conn, address)
        self.idle.pop(conn, None)

    def now_idle(self, conn: Evictable) -> None:
        """`conn` answered its request and waits for the next (keep-alive)."""
        if conn in self.address_of and conn not in self.fresh:
            self.idle.pop(conn, None)
            self.idle[conn] = self.address_of[conn]

    def release(self, conn: Evictable) -> None:
        """A counted connection has closed (or is being closed to make room)."""
        address = self.address_of.pop(conn, None)
        if address is None:
            return
        self.busy(conn)
        self.total -= 1
        left = self.per_client.get(address, 1) - 1
        if left > 0:
            self.per_client[address] = left
        else:
            self.per_client.pop(address, None)

    def _forget_fresh(self, conn: Evictable, address: str) -> None:
        of_address = self.fresh_of.get(address)
        if of_address is not None:
            of_address.pop(conn, None)
            if not of_address:
                del self.fresh_of[address]

    def _victim(self) -> Evictable | None:
        if self.fresh_of:
            greedy = max(self.fresh_of, key=lambda a: self.per_client.get(a, 0))
            if self.per_client.get(greedy, 0) > self.share(greedy):
                return next(iter(self.fresh_of[greedy]))
        if self.fresh:
            return next(iter(self.fresh))
        if self.idle:
            return next(iter(self.idle))
        return None

    def _refuse(self, address: str, what: str) -> bool:
        self.refused += 1
        THROTTLE.log(
            logging.WARNING,
            ("refused", address),
            "connection limit reached for %s (%s: %d from it, %d in all, cap %d): answering 503",
            address,
            what,
            self.per_client.get(address, 0),
            self.total,
            self.max_total,
        )
        return False


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
        if self.guard.admit(self, address):
            self._counted_address = address
        else:
            self.app = _unavailable
            self._header_limit = min(self._header_limit, REFUSED_HEADER_TIMEOUT)
        self._arm("headers")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._counted_address is not None:
            self.guard.release(self)
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
        if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
            self.guard.now_idle(self)

    def shutdown(self) -> None:
        """The service stops: an idle connection is closed at once (its TLS close_notify is
        sent, the client's answer is not awaited: an idle keep-alive client never reads it, and
        uvicorn would wait out its graceful timeout and log an ERROR)."""
        idle = self.cycle is None or self.cycle.response_complete
        super().shutdown()
        if idle:
            self.loop.call_later(SHUTDOWN_CLOSE_SECONDS, self.transport.abort)

    def evict(self) -> None:
        """Closed to make room for another connection (the guard has released it)."""
        self._counted_address = None
        self._disarm()
        if self.transport.is_closing():
            return
        if self.conn.their_state is h11.IDLE and self.cycle is None:
            message = "too many open connections: try again in a few seconds"
            extra = {"retry-after": str(RETRY_AFTER_SECONDS)}
            self.transport.write(_error_bytes(503, "Service Unavailable", message, extra))
        self.transport.close()

    # deadlines
    def _follow_request(self) -> None:
        """Switch the deadline to what the request still owes: headers, body, or nothing."""
        state = self.conn.their_state
        if state is not h11.IDLE:
            self.guard.busy(self)
        if self._cut_queued:
            return
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
        address = self.client[0] if self.client else "unknown"
        THROTTLE.log(
            logging.INFO,
            ("stalled", address),
            "closed a stalled connection from %s (%s not received in time)",
            address,
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


class AdmittingServer:
    """What uvicorn needs of an `asyncio.Server`, accepting through `Admission`.

    Connections are accepted in a thread (`Acceptor`) and reach the loop only when admitted;
    the loop then runs the TLS handshake (`connect_accepted_socket`, with its time limit) and
    uvicorn's protocol takes over as with `loop.create_server`.
    """

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        protocol_factory: Callable[[], asyncio.Protocol],
        listener: socket.socket,
        ssl_context: ssl.SSLContext | None,
        handshake_timeout: float,
        backlog: int = 2048,
    ) -> None:
        self._loop = loop
        self._factory = protocol_factory
        self._ssl = ssl_context
        self._timeout = handshake_timeout
        self._tasks: set[asyncio.Task[None]] = set()
        self.sockets = [listener]
        self.admission = Admission(self._start_threadsafe, wait_seconds=handshake_timeout)
        self._acceptor = Acceptor(listener, self.admission)
        listener.listen(backlog)
        self._acceptor.start()

    def _start_threadsafe(self, sock: socket.socket, address: str) -> None:
        self._loop.call_soon_threadsafe(self._start, sock, address)

    def _start(self, sock: socket.socket, address: str) -> None:
        task = self._loop.create_task(self._handshake(sock, address))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _handshake(self, sock: socket.socket, address: str) -> None:
        try:
            await self._loop.connect_accepted_socket(
                self._factory,
                sock,
                ssl=self._ssl,
                ssl_handshake_timeout=self._timeout if self._ssl is not None else None,
            )
        except (OSError, TimeoutError):
            pass  # reset, timed out or not TLS: asyncio has closed it
        finally:
            self.admission.handshake_ended(address)

    def is_serving(self) -> bool:
        return bool(self.sockets)

    def close(self) -> None:
        """Stop accepting; handshakes still running are cancelled."""
        if self.sockets:
            self.sockets = []
            self._acceptor.close()
        for task in list(self._tasks):
            task.cancel()

    async def wait_closed(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)


class _Server(uvicorn.Server):
    """uvicorn's server accepting through `AdmittingServer` (with the TLS handshake's time
    limit: asyncio's default is 60 s), and the start-up objects out of the garbage collector's
    reach."""

    handshake_timeout: float = 10.0
    on_admission: Callable[[Admission], None] | None = None
    # called once the application's start-up (database opened) is done and connections are taken
    on_started: Callable[[], None] | None = None

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        loop = asyncio.get_running_loop()

        async def create_server(
            protocol_factory: Callable[[], asyncio.Protocol],
            sock: socket.socket,
            ssl: ssl.SSLContext | None = None,
            backlog: int = 2048,
            **_options: object,
        ) -> AdmittingServer:
            server = AdmittingServer(
                loop, protocol_factory, sock, ssl, self.handshake_timeout, backlog
            )
            if self.on_admission is not None:
                self.on_admission(server.admission)
            return server

        if thread_accepts_here():
            # uvicorn makes one create_server call per socket: it gets the admitting server
            loop.create_server = create_server  # type: ignore[method-assign,assignment]
        else:
            # Windows: no accepting thread (no select.poll there); the loop accepts, with the
            # handshake's time limit (uvicorn has no option for it)
            loop.create_server = functools.partial(  # type: ignore[method-assign]
                loop.create_server, ssl_handshake_timeout=self.handshake_timeout
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
        if self.started and self.on_started is not None:
            self.on_started()


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
    app: ASGIApp,
    settings: ServiceSettings,
    tls: TlsFiles,
    sock: socket.socket,
    level: str,
    on_started: Callable[[], None] | None = None,
) -> None:
    """Serve on the bound socket until interrupted; `on_started` once it takes connections."""
    guard = ConnectionGuard(settings.max_connections, settings.max_connections_per_client)
    server = _Server(server_config(app, settings, tls, guard, level))
    server.handshake_timeout = settings.header_timeout
    server.on_started = on_started
    state = getattr(app, "state", None)
    ctx = getattr(state, "ctx", None)
    if ctx is not None:
        # the application tells admission which addresses sent a valid key (middleware.py)
        server.on_admission = functools.partial(ctx.extras.__setitem__, "admission")
    await server.serve(sockets=[sock])
