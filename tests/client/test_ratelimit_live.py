"""Pacing against the real service's limit: a burst never earns a 429."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from desktop_app.client import RateLimitState, ShippingClient
from desktop_app.client.ratelimit import RateLimitPacer
from tests.fixtures.service import RunningService, start_service


@pytest.fixture(scope="module")
def limited_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """A service allowing 10 requests per 2 s per key (each test uses its own key)."""
    with start_service(tmp_path_factory.mktemp("limited"), "--rate-limit", "10/2") as svc:
        yield svc


async def test_burst_of_50_under_10_per_2s_gets_no_429(limited_service: RunningService) -> None:
    service = limited_service
    statuses: list[int] = []
    observed: list[RateLimitState] = []

    async def record(response: object) -> None:
        statuses.append(int(getattr(response, "status_code", 0)))

    async with ShippingClient(
        service.base_url,
        service.sandbox_key,
        ca_file=str(service.ca_file),
        pacer=RateLimitPacer(),
        event_hooks={"response": [record]},
    ) as client:
        unsubscribe = client.on_rate_limit(observed.append)
        results = await asyncio.gather(*(client.me() for _ in range(50)))
        unsubscribe()
        assert client.stats.rate_limited == 0
        state = client.rate_limit
    assert len(results) == 50
    assert statuses.count(429) == 0
    assert len(statuses) == 50
    assert len(observed) == 50
    assert state.limit == 10 and state.interval == 2
    assert state.remaining is not None and 0 <= state.remaining <= 10


async def test_clients_of_one_key_share_the_pacer(limited_service: RunningService) -> None:
    service = limited_service
    # the live key: its own budget, untouched by the burst test
    clients = [
        ShippingClient(service.base_url, service.live_key, ca_file=str(service.ca_file))
        for _ in range(3)
    ]
    assert clients[0].pacer is clients[1].pacer is clients[2].pacer
    try:
        await asyncio.gather(*(c.carriers.list() for c in clients for _ in range(6)))
        assert sum(c.stats.rate_limited for c in clients) == 0
    finally:
        for c in clients:
            await c.aclose()
