"""Stalled connections are cut at a pace, and start-up objects are kept from the collector.

Both keep the event loop free for well-behaved stations while many connections stall: cut all
at once, hundreds of expired connections (and the TLS handshakes of their reconnects) held
every other request; a full garbage collection walking the start-up object graph did the same.
bench/serve_abuse.py measures the effect; these tests check the behaviour.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import select
import socket
import ssl
from pathlib import Path

import pytest
from starlette.types import Receive, Scope, Send

from desktop_app.service.api.connections import (
    ConnectionGuard,
    StalledCuts,
    _Server,
    server_config,
)
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.tls import TlsFiles, ensure_tls
from tests.fixtures.service import RunningService
from tests.patience import PATIENCE
from tests.service.api.test_slow_clients import ServiceFactory, read_all, status_of, tls_socket


async def queued(count: int, cuts: StalledCuts) -> list[int]:
    """Queue `count` cuts that record their number; the list they fill."""
    done: list[int] = []
    for number in range(count):
        cuts.add(lambda number=number: done.append(number))
    return done


async def until(done: list[int], count: int, seconds: float = 2.0) -> None:
    """Wait (at most `seconds`) until `count` cuts ran."""
    for _ in range(int(seconds * 100)):
        if len(done) >= count:
            return
        await asyncio.sleep(0.01)


async def test_cuts_queued_together_run_one_at_a_time() -> None:
    done = await queued(5, StalledCuts(interval=0.05, spread=60))
    await asyncio.sleep(0)
    assert done == [0]  # the first at once, the others not in the same turn of the loop
    await asyncio.sleep(0.01)
    assert done == [0]
    await until(done, 5)
    assert done == [0, 1, 2, 3, 4]  # all of them, in the order they expired


async def test_no_cut_waits_past_the_spread() -> None:
    done = await queued(6, StalledCuts(interval=1.0, spread=0.1))
    await asyncio.sleep(0)
    assert done == [0]
    await until(done, 6, seconds=3.0)
    # the pace alone would take 5 intervals (5 s); the bound cut the rest on its second turn
    assert done == [0, 1, 2, 3, 4, 5]


async def test_a_failing_cut_does_not_stop_the_others() -> None:
    loop = asyncio.get_running_loop()
    errors: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    cuts = StalledCuts(interval=0.01, spread=60)
    done: list[int] = []

    def broken() -> None:
        raise RuntimeError("transport gone")

    cuts.add(broken)
    cuts.add(lambda: done.append(1))
    await until(done, 1)
    assert done == [1]
    assert len(errors) == 1 and isinstance(errors[0]["exception"], RuntimeError)


def test_stalled_connections_opened_together_all_get_408(service_factory: ServiceFactory) -> None:
    service: RunningService = service_factory("--header-timeout", "1")
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(tls_socket(service, f"127.0.4.{1 + i % 4}")) for i in range(40)
        ]
        for sock in sockets:
            sock.sendall(b"GET /v1/me HTTP/1.1\r\nHost: localhost\r\n")  # stalled
        answers = [read_all(sock) for sock in sockets]
    assert [status_of(response) for response, _ in answers] == [408] * 40
    # the pace adds at most its spread (2 s) to the 1 s limit
    assert max(seconds for _, seconds in answers) < 1 + 2 + 3
    with service.client() as client:
        assert client.get("/v1/me").status_code == 200


async def _hello(scope: Scope, receive: Receive, send: Send) -> None:  # noqa: ARG001
    await send({"type": "http.response.start", "status": 204, "headers": []})
    await send({"type": "http.response.body", "body": b""})


def _bare_server(tmp_path: Path) -> tuple[_Server, TlsFiles]:
    """The service's uvicorn server around `_hello`, before its start-up, and its TLS files."""
    settings = ServiceSettings(data_dir=tmp_path)
    guard = ConnectionGuard(settings.max_connections, settings.max_connections_per_client)
    tls = ensure_tls(tmp_path / "tls")
    config = server_config(_hello, settings, tls, guard, "warning")
    config.lifespan = "off"  # the app here is a bare ASGI function
    config.load()
    server = _Server(config)
    server.lifespan = config.lifespan_class(config)  # as uvicorn's serve() sets it
    return server, tls


async def test_the_server_freezes_its_start_up_objects(tmp_path: Path) -> None:
    server, _ = _bare_server(tmp_path)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
    try:
        await server.startup(sockets=[sock])
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        for listener in getattr(server, "servers", []):
            listener.close()
            await listener.wait_closed()
        sock.close()


async def test_without_select_poll_the_loop_accepts_and_tls_requests_are_answered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Windows' Python has no `select.poll`: the accepting thread of admission.py cannot run
    there, so the loop accepts itself (the installer's service under Wine stayed silent)."""
    monkeypatch.delattr(select, "poll")
    server, tls = _bare_server(tmp_path)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    try:
        await server.startup(sockets=[sock])
        assert all(isinstance(listener, asyncio.Server) for listener in server.servers)
        context = ssl.create_default_context(cafile=str(tls.ca_cert))
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection("127.0.0.1", port, ssl=context, server_hostname="localhost"),
            PATIENCE,
        )  # bound: only a service that never completes the TLS handshake reaches it
        writer.write(b"GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        status = await asyncio.wait_for(reader.readline(), PATIENCE)
        assert status.startswith(b"HTTP/1.1 204"), status
        writer.close()
    finally:
        for listener in getattr(server, "servers", []):
            listener.close()
            await listener.wait_closed()
        sock.close()
