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
from collections.abc import Iterator
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


class VirtualClockLoop(asyncio.SelectorEventLoop):
    """asyncio's loop on a clock the test moves: the cuts' pace is checked as states at given
    moments of that clock, never by waiting (a busy machine cannot stretch or shrink it)."""

    def __init__(self) -> None:
        super().__init__()
        self.now = 0.0

    def time(self) -> float:
        return self.now

    def at(self, moment: float) -> None:
        """Move the clock to `moment` and run what is due by then (something is always ready
        in these turns, so the selector never waits on the real clock)."""
        self.now = moment
        self.run_until_complete(asyncio.sleep(0))


@pytest.fixture
def loop() -> Iterator[VirtualClockLoop]:
    virtual = VirtualClockLoop()
    try:
        yield virtual
    finally:
        virtual.close()


def queue_cuts(loop: VirtualClockLoop, count: int, cuts: StalledCuts) -> list[int]:
    """Queue `count` cuts at the clock's present moment, each recording its number when it
    runs; the list they fill."""
    done: list[int] = []

    async def add() -> None:
        for number in range(count):
            cuts.add(lambda number=number: done.append(number))

    loop.run_until_complete(add())
    return done


def test_cuts_queued_together_run_one_at_a_time(loop: VirtualClockLoop) -> None:
    done = queue_cuts(loop, 5, StalledCuts(interval=0.05, spread=60))
    assert done == [0]  # the first at once, the others not in the same turn of the loop
    loop.at(0.049)
    assert done == [0]  # not before the pace's interval
    for step in range(1, 5):
        loop.at(0.05 * step + 1e-6)
        assert done == list(range(step + 1))  # one more each interval, in the order queued
    loop.at(1.0)
    assert done == [0, 1, 2, 3, 4]


def test_no_cut_waits_past_the_spread(loop: VirtualClockLoop) -> None:
    done = queue_cuts(loop, 6, StalledCuts(interval=1.0, spread=0.1))
    assert done == [0]
    loop.at(0.5)
    assert done == [0]
    # the pace alone would take 5 intervals (5 s); the bound cuts the rest on its second turn
    loop.at(1.0)
    assert done == [0, 1, 2, 3, 4, 5]


def test_a_failing_cut_does_not_stop_the_others(loop: VirtualClockLoop) -> None:
    errors: list[dict[str, object]] = []
    loop.set_exception_handler(lambda _loop, context: errors.append(context))
    cuts = StalledCuts(interval=0.01, spread=60)
    done: list[int] = []

    def broken() -> None:
        raise RuntimeError("transport gone")

    async def add() -> None:
        cuts.add(broken)
        cuts.add(lambda: done.append(1))

    loop.run_until_complete(add())
    assert done == [] and len(errors) == 1
    assert isinstance(errors[0]["exception"], RuntimeError)
    loop.at(0.01)
    assert done == [1]


def test_stalled_connections_opened_together_all_get_408(service_factory: ServiceFactory) -> None:
    service: RunningService = service_factory("--header-timeout", "1")
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(tls_socket(service, f"127.0.4.{1 + i % 4}")) for i in range(40)
        ]
        for sock in sockets:
            sock.sendall(b"GET /v1/me HTTP/1.1\r\nHost: localhost\r\n")  # stalled
        # another station is served while the 40 wait for their cut (or are being cut)
        with service.client() as client:
            assert client.get("/v1/me").status_code == 200
        # each is cut: a 408, then the server closes it (read_all fails on one left open)
        answers = [read_all(sock) for sock in sockets]
    assert [status_of(response) for response, _ in answers] == [408] * 40
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
