"""A call cancelled during its TLS handshake closes its connection at once (client/_pool.py).

The server here accepts and never answers the handshake (a service stalled, or merely slow
under load), so the cancellation lands inside `start_tls` every time. With httpx's own pool
(httpcore 1.0.9) the connected socket was left to the garbage collector: the server saw no end
of the connection, and the collector warned "unclosed transport".
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import httpx
import pytest

from desktop_app.client import ShippingClient
from desktop_app.client._pool import TlsClosingBackend, async_http_client
from tests.patience import PATIENCE


class SilentServer:
    """Accepts TCP connections on 127.0.0.1 and never says a word; tells when each ends."""

    def __init__(self) -> None:
        self.accepted: asyncio.Queue[socket.socket] = asyncio.Queue()
        self._listening = socket.create_server(("127.0.0.1", 0))
        self._listening.setblocking(False)
        self.port = int(self._listening.getsockname()[1])
        self._task: asyncio.Task[None] | None = None
        self._open: list[socket.socket] = []

    async def __aenter__(self) -> SilentServer:
        self._task = asyncio.get_running_loop().create_task(self._accept())
        return self

    async def _accept(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            conn, _ = await loop.sock_accept(self._listening)
            conn.setblocking(False)
            self._open.append(conn)
            await self.accepted.put(conn)

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        for conn in self._open:
            conn.close()
        self._listening.close()


async def ended_by_the_client(conn: socket.socket) -> bool:
    """Whether the client closed its end (anything more it sent is read first)."""
    loop = asyncio.get_running_loop()
    try:
        async with asyncio.timeout(PATIENCE):
            while chunk := await loop.sock_recv(conn, 65536):
                del chunk
            return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.fixture
async def silent() -> AsyncIterator[SilentServer]:
    async with SilentServer() as server:
        yield server


async def _cancelled_in_the_handshake(http: httpx.AsyncClient, silent: SilentServer) -> None:
    call = asyncio.get_running_loop().create_task(http.get(f"https://127.0.0.1:{silent.port}/"))
    conn = await asyncio.wait_for(silent.accepted.get(), PATIENCE)
    # the client's first handshake bytes (its ClientHello) have come: it waits in `start_tls`
    hello = await asyncio.wait_for(asyncio.get_running_loop().sock_recv(conn, 65536), PATIENCE)
    assert hello[:1] == b"\x16", "a TLS handshake record"
    call.cancel()
    with pytest.raises(asyncio.CancelledError):
        await call
    assert await ended_by_the_client(conn), "the cancelled call's socket is still open"


async def test_a_call_cancelled_in_its_tls_handshake_closes_its_socket(
    silent: SilentServer,
) -> None:
    async with async_http_client(timeout=httpx.Timeout(PATIENCE)) as http:
        await _cancelled_in_the_handshake(http, silent)
        # the pool goes on: the next call is made (and cancelled the same way) as before
        await _cancelled_in_the_handshake(http, silent)


async def test_a_handshake_that_fails_still_raises_its_own_error(silent: SilentServer) -> None:
    """A handshake that ends in an error (the server hangs up) raises httpx's ConnectError, as
    before; the socket is closed too."""
    async with async_http_client(timeout=httpx.Timeout(PATIENCE)) as http:
        call = asyncio.get_running_loop().create_task(http.get(f"https://127.0.0.1:{silent.port}/"))
        conn = await asyncio.wait_for(silent.accepted.get(), PATIENCE)
        conn.close()  # the server hangs up in the middle of the handshake
        with pytest.raises(httpx.ConnectError):
            await call


def test_the_desk_client_uses_that_pool() -> None:
    client = ShippingClient(api_key="pk_sandbox_x", base_url="https://127.0.0.1:1/v1")
    transport: object = client._http._transport  # httpx keeps it there
    assert isinstance(transport, httpx.AsyncHTTPTransport)
    assert isinstance(transport._pool._network_backend, TlsClosingBackend)
