"""Webhooks stay inside the rules (issue 36 item 4).

A warehouse server (here: announced under a LAN name) takes only https webhooks to public
addresses: never loopback, link-local (a cloud's metadata service), its own or private
addresses unless the operator allows a range (`--webhook-allow`). The rules hold at creation
and again at every delivery, after the name is resolved (a webhook stored earlier, or a name
that resolves elsewhere now, is not sent). The Local sandbox (loopback only) keeps delivering
to a receiver on this machine over plain http (tests/service/api/test_webhooks.py).
"""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from desktop_app.service.notifications.webhook_targets import WebhookTargets
from tests.fixtures.service import RunningService
from tests.service.test_public_address import _listen_port

ServiceFactory = Callable[..., RunningService]
WAREHOUSE = ("--public-url", "https://packdesk-01.lan:8443")
EVENTS = ["shipment.*"]


def _client(service: RunningService) -> httpx.Client:
    """A station of the service by its loopback address (the LAN name resolves nowhere here)."""
    return httpx.Client(
        base_url=f"https://127.0.0.1:{_listen_port(service)}",
        verify=service.ssl_context(),
        auth=(service.sandbox_key, ""),
        timeout=30,
    )


def _create(service: RunningService, url: str) -> tuple[int, list[str]]:
    with _client(service) as client:
        response = client.post("/v1/webhooks", json={"url": url, "event_types": EVENTS})
    return response.status_code, response.json().get("errors", [])


@pytest.fixture
def warehouse(service_factory: ServiceFactory) -> RunningService:
    return service_factory(*WAREHOUSE)


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("https://169.254.169.254/latest/meta-data/", "link-local"),
        ("https://127.0.0.1:8443/v1/me", "loopback"),
        ("https://[::1]/hooks", "loopback"),
        ("https://localhost/hooks", "loopback"),  # a name that resolves to loopback
        ("https://10.1.2.3/hooks", "private"),
        ("https://192.168.1.20/hooks", "private"),
        ("http://93.184.216.34/hooks", "https://"),
    ],
)
def test_a_warehouse_server_refuses_webhooks_into_its_own_network(
    warehouse: RunningService, url: str, why: str
) -> None:
    status, errors = _create(warehouse, url)
    assert status == 422 and len(errors) == 1 and errors[0].startswith("url: "), errors
    assert why in errors[0]
    if why != "https://":
        assert "--webhook-allow" in errors[0]  # the operator's way to allow a LAN receiver


def test_a_public_https_webhook_is_taken(warehouse: RunningService) -> None:
    assert _create(warehouse, "https://93.184.216.34/hooks")[0] == 200


def test_the_operator_allows_a_private_range(service_factory: ServiceFactory) -> None:
    service = service_factory(*WAREHOUSE, "--webhook-allow", "192.168.0.0/16")
    assert _create(service, "https://192.168.1.20/hooks")[0] == 200
    assert _create(service, "https://10.1.2.3/hooks")[0] == 422  # only the range allowed


def test_a_bad_range_is_refused_at_start(tmp_path: object) -> None:
    from tests.service.test_data_dir_safety import _serve

    done = _serve(tmp_path / "data", "--webhook-allow", "192.168.0.0/99")  # type: ignore[operator]
    assert done.returncode == 2 and "not an address range" in done.stderr


def test_the_local_sandbox_delivers_to_loopback_over_http(service_factory: ServiceFactory) -> None:
    service = service_factory()
    assert _create(service, "http://127.0.0.1:9/hooks")[0] == 200
    assert _create(service, "http://192.168.1.20/hooks")[0] == 422  # http to loopback only
    assert _create(service, "https://169.254.169.254/")[0] == 422


class Listener:
    """A TCP port that counts the connections made to it (a receiver that must stay alone)."""

    def __init__(self) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except TimeoutError:
                continue
            self.connections += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(5)
        self.sock.close()


@pytest.fixture
def listener() -> Iterator[Listener]:
    made = Listener()
    yield made
    made.close()


def test_each_delivery_checks_the_address_again(
    service_factory: ServiceFactory, listener: Listener
) -> None:
    """A webhook the operator allowed once is not sent once the range is no longer allowed."""
    allowed = service_factory(*WAREHOUSE, "--webhook-allow", "127.0.0.0/8")
    url = f"https://127.0.0.1:{listener.port}/hooks"
    with _client(allowed) as client:
        created = client.post("/v1/webhooks", json={"url": url, "event_types": EVENTS})
        assert created.status_code == 200, created.text
    allowed.stop()
    strict = service_factory(*WAREHOUSE, data_dir=allowed.data_dir)
    hook_id = created.json()["id"]
    with _client(strict) as client:
        assert client.post(f"/v1/webhooks/{hook_id}/test").status_code == 202
        deadline = time.monotonic() + 60  # bound: the worker wakes at once for a queued event
        while time.monotonic() < deadline:
            hook = client.get(f"/v1/webhooks/{hook_id}").json()
            if hook.get("last_error"):
                break
            time.sleep(0.1)
    assert "not sent: webhooks may not be sent there" in hook["last_error"], hook
    assert "loopback" in hook["last_error"] and listener.connections == 0


def test_rules_of_addresses() -> None:
    warehouse = WebhookTargets(local=False, own=frozenset({ipaddress.ip_address("172.17.0.5")}))
    local = WebhookTargets(local=True)
    ip = ipaddress.ip_address
    assert "own addresses" in (warehouse.address_problem(ip("172.17.0.5")) or "")
    assert warehouse.address_problem(ip("93.184.216.34")) is None
    assert warehouse.address_problem(ip("fe80::1")) is not None
    assert warehouse.address_problem(ip("fd00::1")) is not None
    assert warehouse.address_problem(ip("224.0.0.1")) is not None
    assert local.address_problem(ip("127.0.0.1")) is None
    assert local.address_problem(ip("169.254.169.254")) is not None
    assert warehouse.scheme_problem("http://93.184.216.34/") is not None
    assert local.scheme_problem("http://localhost:8080/") is None
