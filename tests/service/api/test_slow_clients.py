"""Slow and greedy clients: read deadlines (408 / closed), keep-alive idle limit, connection caps.

The limits are options of `packdesk serve`; the tests set them to a second or two so they are
quick. Sockets are raw TLS sockets, so a test can stall exactly where it wants.
"""

from __future__ import annotations

import socket
import ssl
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from desktop_app.service.settings import BODY_TIMEOUT, CUT_SPREAD_SECONDS, HEADER_TIMEOUT
from tests.fixtures.service import RunningService
from tests.patience import PATIENCE

ServiceFactory = Callable[..., RunningService]
FAST_LIMITS = ("--header-timeout", "1", "--body-timeout", "1", "--keep-alive-timeout", "1")


@contextmanager
def tls_socket(service: RunningService, source: str = "127.0.0.1") -> Iterator[ssl.SSLSocket]:
    """A TLS connection to the service from `source` (any 127.0.0.0/8 address on Linux)."""
    raw = socket.create_connection(
        ("127.0.0.1", service.port), timeout=15, source_address=(source, 0)
    )
    tls = service.ssl_context().wrap_socket(raw, server_hostname="localhost")
    try:
        yield tls
    finally:
        tls.close()


def read_all(sock: socket.socket, limit: float = PATIENCE) -> tuple[bytes, float]:
    """Everything until the server closes, and how many seconds that took (a failure if the
    server has not closed the connection after `limit` seconds: a deadline that never came).

    The tests' deadlines are a second; a close before it is a failure (the lower bounds),
    a late one only shows the machine's load, so no test bounds it from above."""
    started = time.monotonic()
    sock.settimeout(limit)
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, ssl.SSLError):
            break
        except TimeoutError:
            raise AssertionError(
                f"the service had not closed the connection after {limit:g} s"
            ) from None
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks), time.monotonic() - started


def status_of(response: bytes) -> int:
    return int(response.split(b" ", 2)[1]) if response.startswith(b"HTTP/1.1 ") else 0


def request(path: str, key: str | None = None, extra: str = "") -> bytes:
    import base64

    auth = ""
    if key is not None:
        auth = "Authorization: Basic " + base64.b64encode(f"{key}:".encode()).decode() + "\r\n"
    return f"GET {path} HTTP/1.1\r\nHost: localhost\r\n{auth}{extra}\r\n".encode()


@pytest.fixture
def fast(service_factory: ServiceFactory) -> RunningService:
    return service_factory(*FAST_LIMITS)


def test_default_limits_cut_a_stalled_request_within_30_seconds() -> None:
    # the longest a stalled request can hold its connection: both limits and the cut pace's bound
    assert HEADER_TIMEOUT + BODY_TIMEOUT + CUT_SPREAD_SECONDS <= 30


def test_stalled_headers_get_408_and_the_connection_closes(fast: RunningService) -> None:
    with tls_socket(fast) as sock:
        sock.sendall(b"GET /v1/me HTTP/1.1\r\nHost: localhost\r\n")  # no blank line: stalled
        response, seconds = read_all(sock)
    assert status_of(response) == 408, response
    assert b'"errors"' in response and b"request headers" in response
    assert seconds >= 0.8


def test_a_connection_that_never_sends_is_closed(fast: RunningService) -> None:
    with tls_socket(fast) as sock:
        response, seconds = read_all(sock)
    assert status_of(response) == 408 and seconds >= 0.8


def test_stalled_body_gets_408_and_the_connection_closes(fast: RunningService) -> None:
    with tls_socket(fast) as sock:
        head = (
            "POST /v1/shipments HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
            "Content-Length: 1000\r\n"
        )
        auth = request("/", fast.sandbox_key).split(b"\r\n")[2]
        sock.sendall(head.encode() + auth + b"\r\n\r\n" + b'{"a":')
        response, seconds = read_all(sock)
    assert status_of(response) == 408, response
    assert b"request body" in response
    assert seconds >= 0.8
    # the service is fine afterwards and logged no internal error
    with fast.client() as client:
        assert client.get("/v1/me").status_code == 200
    assert "internal error" not in (fast.data_dir / "service.log").read_text()


def test_stalled_tls_handshake_is_closed(fast: RunningService) -> None:
    with socket.create_connection(("127.0.0.1", fast.port), timeout=15) as raw:
        _data, seconds = read_all(raw)
    assert seconds >= 0.8


def test_idle_keep_alive_connection_is_closed(fast: RunningService) -> None:
    with tls_socket(fast) as sock:
        sock.sendall(request("/v1/me", fast.sandbox_key))
        response, seconds = read_all(sock)
    assert status_of(response) == 200
    assert seconds >= 0.8


def test_a_slow_but_moving_request_still_meets_the_deadline(fast: RunningService) -> None:
    """Trickling a byte at a time does not extend the header deadline."""
    with tls_socket(fast) as sock:
        with pytest.raises((BrokenPipeError, ConnectionResetError, ssl.SSLError, OSError)):
            for byte in b"GET /v1/me HTTP/1.1\r\nHost: localhost\r\nX-Padding: " + b"a" * 200:
                sock.send(bytes([byte]))
                time.sleep(0.05)
    # (a deadline extended by each byte would let all 12 s of the trickle through: no error)


def wait_counted(tls: ssl.SSLSocket, limit: float = PATIENCE) -> ssl.SSLSocket:
    """Wait until the service has accepted `tls` (and counted it): its session ticket, sent
    when the server's side of the TLS 1.3 handshake is done, has arrived."""
    started = time.monotonic()
    tls.settimeout(0.05)
    while not (tls.session is not None and tls.session.has_ticket):
        try:
            if tls.recv(1) == b"":
                break  # closed: nothing more to wait for
        except (TimeoutError, ssl.SSLWantReadError):
            pass
        assert time.monotonic() - started < limit, "no session ticket from the service"
    tls.settimeout(15)
    return tls


def test_connection_cap_per_address(service_factory: ServiceFactory) -> None:
    service = service_factory(
        "--max-connections-per-client", "3", "--max-connections", "50", "--header-timeout", "30"
    )
    with (
        tls_socket(service, "127.0.0.1") as a,
        tls_socket(service, "127.0.0.1") as b,
        tls_socket(service, "127.0.0.1") as c,
    ):
        for held in (a, b, c):
            wait_counted(held)
        for _ in range(3):
            with tls_socket(service, "127.0.0.1") as over:
                over.sendall(request("/v1/me", service.sandbox_key))
                response, _ = read_all(over)
            assert status_of(response) == 503, response
            assert b"retry-after: 5" in response.lower()
        # another address still gets in
        with tls_socket(service, "127.0.0.2") as other:
            other.sendall(request("/v1/me", service.sandbox_key, "Connection: close\r\n"))
            response, _ = read_all(other)
            assert status_of(response) == 200
    # once the connections close, the address is welcome again (the service may see the
    # closes a moment later: the first attempts may still be refused)
    deadline = time.monotonic() + PATIENCE
    while True:
        with tls_socket(service) as again:
            again.sendall(request("/v1/me", service.sandbox_key, "Connection: close\r\n"))
            response, _ = read_all(again)
        if status_of(response) == 200 or time.monotonic() > deadline:
            break
    assert status_of(response) == 200
    log = (service.data_dir / "service.log").read_text()
    assert log.count("connection limit reached for 127.0.0.1 ") == 1
