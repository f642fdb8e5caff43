"""The client's connection pool: httpx's own, except that a connection whose TLS handshake is
cancelled is closed at once.

httpcore (1.0.9) closes the TCP stream when `start_tls` fails with an `Exception`, but not when
the call is cancelled in the middle of the handshake (`CancelledError` is a `BaseException`;
encode/httpcore#475, still open). The desk cancels calls on purpose: a page's load at a
sign-out or when the window closes, an attempt past its deadline. Each such cancellation at
the wrong moment left a connected socket to the garbage collector (a CI run beside
`stress-ng`: "unclosed transport", opened by a page's load while the context closed).
"""

from __future__ import annotations

import asyncio
import ssl
from collections.abc import Iterable
from typing import Any

import httpcore
import httpx


class _TlsClosingStream(httpcore.AsyncNetworkStream):
    """A TCP stream that closes itself when its TLS handshake does not end in a stream."""

    def __init__(self, stream: httpcore.AsyncNetworkStream) -> None:
        self._stream = stream

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return await self._stream.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        await self._stream.write(buffer, timeout)

    async def aclose(self) -> None:
        await self._stream.aclose()

    async def start_tls(
        self,
        ssl_context: ssl.SSLContext,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.AsyncNetworkStream:
        try:
            return await self._stream.start_tls(ssl_context, server_hostname, timeout)
        except BaseException:
            await _close_now(self._stream)
            raise

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


async def _close_now(stream: httpcore.AsyncNetworkStream) -> None:
    """Close `stream` while a cancellation goes on (anyio's socket stream aborts its transport
    before its first await, so a second cancellation cannot leave it open)."""
    try:
        await stream.aclose()
    except (Exception, asyncio.CancelledError):
        pass  # the error that got us here is the one to raise


class TlsClosingBackend(httpcore.AsyncNetworkBackend):
    """httpcore's default network backend, its TCP streams closing on a failed handshake."""

    def __init__(self, inner: httpcore.AsyncNetworkBackend | None = None) -> None:
        self._inner = inner or httpcore.AnyIOBackend()

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.AsyncNetworkStream:
        stream = await self._inner.connect_tcp(
            host, port, timeout=timeout, local_address=local_address, socket_options=socket_options
        )
        return _TlsClosingStream(stream)

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.AsyncNetworkStream:
        return await self._inner.connect_unix_socket(
            path, timeout=timeout, socket_options=socket_options
        )

    async def sleep(self, seconds: float) -> None:
        await self._inner.sleep(seconds)


def async_http_client(**options: Any) -> httpx.AsyncClient:
    """`httpx.AsyncClient(**options)` on a pool whose cancelled handshakes close their socket
    (`verify` and `limits` go to that pool; a proxy from the environment keeps httpx's own)."""
    transport = httpx.AsyncHTTPTransport(
        **{name: options[name] for name in ("verify", "limits") if name in options}
    )
    pool: Any = transport._pool  # httpx keeps its httpcore pool here (httpx 0.28)
    pool._network_backend = TlsClosingBackend(pool._network_backend)
    return httpx.AsyncClient(transport=transport, **options)
