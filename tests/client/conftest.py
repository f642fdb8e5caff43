"""Fixtures of the client tests: one local service of their own (its own rate budget)."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import httpx
import pytest

from desktop_app.client import ShippingClient
from tests.fixtures.service import RunningService, start_service
from tests.payloads import PACKAGE, RECEIVER, SENDER

# the client tests make many calls; their own service keeps them off the shared budget, and a
# window of an hour never resets during a run (the crash test counts requests in it)
CLIENT_SERVICE_ARGS = ("--rate-limit", "100000/3600")
# a carrier that takes this long makes room for time-outs and for killing a desk mid-request
SLOW_CARRIER_MS = 2000


def shipment_request(**changes: Any) -> dict[str, Any]:
    """A valid dhl shipment request as on the wire; keyword arguments replace fields."""
    body: dict[str, Any] = {
        "from": copy.deepcopy(SENDER),
        "to": copy.deepcopy(RECEIVER),
        "package": copy.deepcopy(PACKAGE),
        "carrier": "dhl",
        "service": "standard",
        "create_shipping_label": True,
        "label": {"format": "pdf_a6"},
    }
    body.update(changes)
    return body


def watched_client(
    service: RunningService, hook: Callable[[httpx.Request], Awaitable[None]]
) -> ShippingClient:
    """A sandbox-key client of `service` that shows `hook` every request it sends."""
    return ShippingClient(
        service.base_url,
        service.sandbox_key,
        ca_file=str(service.ca_file),
        event_hooks={"request": [hook]},
    )


@pytest.fixture(scope="session")
def client_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """The client tests' own local service (high rate limit, no carrier latency)."""
    with start_service(tmp_path_factory.mktemp("client-service"), *CLIENT_SERVICE_ARGS) as svc:
        yield svc


@pytest.fixture(scope="session")
def slow_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """A local service whose carriers answer after SLOW_CARRIER_MS."""
    args = (*CLIENT_SERVICE_ARGS, "--carrier-latency", str(SLOW_CARRIER_MS))
    with start_service(tmp_path_factory.mktemp("slow-service"), *args) as svc:
        yield svc


@pytest.fixture
async def client(client_service: RunningService) -> AsyncIterator[ShippingClient]:
    """A sandbox-key client of `client_service`, trusting its CA only."""
    async with ShippingClient(
        client_service.base_url, client_service.sandbox_key, ca_file=str(client_service.ca_file)
    ) as shipping_client:
        yield shipping_client


@pytest.fixture
async def fresh_client(client_service: RunningService) -> AsyncIterator[ShippingClient]:
    """A sandbox-key client of a fresh account of `client_service` (nothing stored yet)."""
    key = client_service.add_account()["sandbox_key"]
    async with ShippingClient(
        client_service.base_url, key, ca_file=str(client_service.ca_file)
    ) as shipping_client:
        yield shipping_client
