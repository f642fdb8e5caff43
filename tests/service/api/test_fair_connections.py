"""Fair connection limits: idle connections never lock a keyed station out.

At the total cap a new connection takes the slot of one that does nothing: first one that has
sent no complete request since it was accepted (the oldest, or one of an address above its
share), then the keep-alive connection idle for longest; busy ones are never closed. Shares
per address shrink as more addresses connect. The service test holds the whole cap with idle
TLS connections from three addresses (each at its share) and a station still gets 200 on every
new connection; the guard's own tests walk each rule.
"""

from __future__ import annotations

import contextlib
import ssl
from collections.abc import Callable

from desktop_app.service.api.connections import MIN_SHARE, ConnectionGuard
from tests.fixtures.service import LOCAL_SERVICE_ARGS, RunningService
from tests.service.api.test_slow_clients import (
    read_all,
    request,
    status_of,
    tls_socket,
    wait_counted,
)

ServiceFactory = Callable[..., RunningService]
ABUSERS = ("127.0.4.1", "127.0.4.2", "127.0.4.3")


class Connection:
    """A stand-in for a connection in the guard's books: records that it was closed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.evicted = False

    def evict(self) -> None:
        self.evicted = True

    def __repr__(self) -> str:
        return self.name


def _one_response(sock: ssl.SSLSocket) -> bytes:
    """One whole response of a keep-alive connection (head and Content-Length body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.lower().split(b"\r\n")
        if line.startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head


def _fill(guard: ConnectionGuard, address: str, count: int) -> list[Connection]:
    made = [Connection(f"{address}#{i}") for i in range(count)]
    for conn in made:
        assert guard.admit(conn, address)
    return made


def test_shares_shrink_as_addresses_connect() -> None:
    guard = ConnectionGuard(max_total=900, max_per_client=64)
    assert guard.share("a") == 64
    for index in range(16):
        _fill(guard, f"10.0.0.{index}", 1)
    assert guard.share("station") == 900 // 17
    for index in range(200):
        _fill(guard, f"10.0.1.{index}", 1)
    assert guard.share("station") == MIN_SHARE


def test_at_the_cap_the_oldest_connection_without_a_request_makes_room() -> None:
    guard = ConnectionGuard(max_total=3 * MIN_SHARE, max_per_client=64)
    held = [_fill(guard, address, MIN_SHARE) for address in ("a", "b", "c")]
    station = Connection("station")
    assert guard.admit(station, "s")
    assert held[0][0].evicted and sum(c.evicted for group in held for c in group) == 1
    assert guard.total == 3 * MIN_SHARE and guard.per_client["a"] == MIN_SHARE - 1


def test_an_address_above_its_share_loses_first() -> None:
    guard = ConnectionGuard(max_total=4 * MIN_SHARE, max_per_client=64)
    early = _fill(guard, "early", 2 * MIN_SHARE)  # alone at first: a big share
    late = _fill(guard, "late", 2 * MIN_SHARE)
    assert guard.admit(Connection("third"), "third")  # shares now 4*MIN_SHARE // 3
    assert early[0].evicted and not any(c.evicted for c in late)


def test_idle_keep_alive_goes_after_connections_without_a_request() -> None:
    guard = ConnectionGuard(max_total=2 * MIN_SHARE, max_per_client=64)
    kept = _fill(guard, "a", MIN_SHARE)
    for conn in kept:
        guard.busy(conn)
        guard.now_idle(conn)
    fresh = _fill(guard, "b", MIN_SHARE)
    first = Connection("s1")
    assert guard.admit(first, "s")
    assert fresh[0].evicted and not any(c.evicted for c in kept)
    for conn in [*fresh[1:], first]:
        guard.busy(conn)  # every other connection now runs a request
    assert guard.admit(Connection("s2"), "s")
    assert kept[0].evicted  # the longest idle


def test_busy_connections_are_never_closed_to_make_room() -> None:
    guard = ConnectionGuard(max_total=MIN_SHARE, max_per_client=64)
    for conn in _fill(guard, "a", MIN_SHARE):
        guard.busy(conn)
    late = Connection("late")
    assert not guard.admit(late, "s")
    assert guard.refused == 1 and guard.total == MIN_SHARE


def test_a_keyed_station_gets_through_while_idle_connections_hold_the_cap(
    service_factory: ServiceFactory,
) -> None:
    cap = len(ABUSERS) * MIN_SHARE
    service = service_factory(
        "--max-connections",
        str(cap),
        "--max-connections-per-client",
        "64",
        "--header-timeout",
        "60",
        "--keep-alive-timeout",
        "60",
        *LOCAL_SERVICE_ARGS,
    )
    with contextlib.ExitStack() as stack:
        # the first address's connections complete a request and stay open (keep-alive)
        kept = [
            wait_counted(stack.enter_context(tls_socket(service, ABUSERS[0])))
            for _ in range(MIN_SHARE)
        ]
        for sock in kept:
            sock.sendall(request("/v1/me", service.sandbox_key))
            assert _one_response(sock).startswith(b"HTTP/1.1 200")
        # the others hold theirs without a byte: together the whole cap
        idle = [
            wait_counted(stack.enter_context(tls_socket(service, address)))
            for address in ABUSERS[1:]
            for _ in range(MIN_SHARE)
        ]
        # each station connection stays open, so each one needs a slot of its own
        statuses = []
        for _ in range(5):
            station = stack.enter_context(tls_socket(service, "127.0.5.1"))
            station.sendall(request("/v1/me", service.sandbox_key))
            statuses.append(status_of(_one_response(station)))
        assert statuses == [200] * 5
        # room was made from the connections that never sent a request, oldest first
        for sock in idle[:5]:
            answer, _ = read_all(sock)
            assert status_of(answer) == 503 and b"too many open connections" in answer
        # the keep-alive connections were not touched
        for sock in kept:
            sock.sendall(request("/v1/me", service.sandbox_key))
            assert _one_response(sock).startswith(b"HTTP/1.1 200")
    log = (service.data_dir / "service.log").read_text(encoding="utf-8")
    assert log.count("closed an idle connection from 127.0.4.2") == 1  # once a minute
