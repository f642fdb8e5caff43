"""A TCP listener that never leaves an accepted connection open behind it when it stops.

asyncio's `Server` closed while it is accepting a connection leaves that connection's socket
open until the garbage collector finds it (CPython gh-109564: the accepted socket's transport
is made a loop turn later and fails in `Server._attach` once the server is closed). The
virtual printer stopped while the app's print queue asked for its status after a job, and the
status query's socket outlived the printer (an "unclosed socket" at a later test's teardown).

Here every accepted socket belongs to the listener from the moment it is accepted until its
handler has it, and stopping never cancels an accept that may already have taken a
connection: it wakes the accept loop with a connection of its own instead.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
from collections.abc import Awaitable, Callable

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]

#: how long the wake-up connection may take before the accept is cancelled instead (a full
#: backlog); only a broken network stack reaches it
WAKE_TIMEOUT = 5.0
#: the pause after an accept failed for want of resources (file descriptors), so a listener
#: that cannot accept does not spin
ACCEPT_RETRY = 0.1

log = logging.getLogger(__name__)


class Listener:
    """Accepts connections on one address and runs `handle(reader, writer)` for each."""

    def __init__(self, handle: Handler) -> None:
        self._handle = handle
        self._sock: socket.socket | None = None
        self._accepting: asyncio.Task[None] | None = None
        self._closing = False
        #: connections accepted whose handler has not started yet (their socket is ours)
        self._starting: dict[asyncio.Task[None], socket.socket] = {}

    async def open(self, host: str, port: int) -> int:
        """Listen on `host:port` (port 0: a free one); the port listened on."""
        family, _, _, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        sock = socket.create_server(address, family=family)  # SO_REUSEADDR on POSIX
        sock.setblocking(False)
        self._sock, self._closing = sock, False
        self._accepting = asyncio.get_running_loop().create_task(self._accept(sock))
        return int(sock.getsockname()[1])

    async def _accept(self, sock: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, _ = await loop.sock_accept(sock)
            except (ConnectionAbortedError, InterruptedError):
                continue  # the peer gave up while it waited in the backlog
            except OSError as exc:
                log.warning("the listener on port %s cannot accept: %s", sock.getsockname(), exc)
                await asyncio.sleep(ACCEPT_RETRY)
                continue
            if self._closing:
                conn.close()  # the wake-up, or a connection that came as the listener stopped
                return
            task = loop.create_task(self._serve(conn))
            self._starting[task] = conn
            task.add_done_callback(_log_failure)

    async def _serve(self, conn: socket.socket) -> None:
        task = asyncio.current_task()  # taken in the first step, which runs on the loop
        try:
            reader, writer = await asyncio.open_connection(sock=conn)
        except BaseException:
            conn.close()
            raise
        finally:
            self._starting.pop(task, None)  # type: ignore[arg-type]
        try:
            await self._handle(reader, writer)
        except BaseException:
            # a handler that failed before it took the connection over (it closes its own
            # otherwise, and closing twice is harmless) must not leave the socket open
            writer.transport.abort()
            raise

    async def close(self) -> None:
        """Stop accepting and close the listening socket; a connection accepted but not yet
        handed to its handler is closed (handlers already running are the caller's)."""
        sock, accepting = self._sock, self._accepting
        if sock is None:
            return
        self._closing = True
        if accepting is not None and not accepting.done():
            if not await _wake(sock):
                accepting.cancel()  # could not wake it: an accept cancelled now may lose one
            await asyncio.gather(accepting, return_exceptions=True)
        sock.close()
        self._sock = self._accepting = None
        starting = list(self._starting.items())
        for task, _ in starting:
            task.cancel()
        await asyncio.gather(*(task for task, _ in starting), return_exceptions=True)
        for _, conn in starting:
            conn.close()  # a task cancelled before its first step never closed its socket
        self._starting.clear()


async def _wake(listening: socket.socket) -> bool:
    """Connect to the listener once, so its pending accept returns; False if that failed."""
    host, port = listening.getsockname()[:2]
    if ipaddress.ip_address(host).is_unspecified:
        host = "::1" if listening.family == socket.AF_INET6 else "127.0.0.1"
    with socket.socket(listening.family, socket.SOCK_STREAM) as waker:
        waker.setblocking(False)
        try:
            async with asyncio.timeout(WAKE_TIMEOUT):
                await asyncio.get_running_loop().sock_connect(waker, (host, port))
        except (OSError, TimeoutError) as exc:
            log.warning("could not wake the listener on port %s: %s", port, exc)
            return False
    return True


def _log_failure(task: asyncio.Task[None]) -> None:
    """A handler's error is logged (asyncio's Server did the same through the loop)."""
    if task.cancelled():
        return
    exc = task.exception()
    if exc is not None:
        log.error("a connection's handler failed", exc_info=exc)
