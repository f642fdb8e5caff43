"""A broken connection pool never holds a page forever (the stall of issue 37).

httpcore 1.0.9 can orphan a connection with its lock held (encode/httpcore#1093): a request
handed to it waits on that lock, where no time-out of httpx applies. Here the real local
service's kept-alive connection is put in exactly that state (its lock taken by a task that
has gone); each attempt's deadline then drops the pool: a GET is sent once more on a fresh
pool and answered, a POST without an Idempotency-Key raises the "outcome unknown" time-out
and is never sent again. On the old code each call waited on the lock forever."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from desktop_app.client import APITimeoutError, ShippingClient, _base
from tests.fixtures.service import RunningService

#: a healthy call's time-outs for these tests: the attempt's deadline is their sum + margin
QUICK_TIMEOUT = httpx.Timeout(4.0, connect=2.0)
#: only a call left hanging (the stall this guards against) reaches it
BOUND_S = 60.0


@pytest.fixture
async def client(
    client_service: RunningService, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[ShippingClient]:
    monkeypatch.setattr(_base, "DEFAULT_TIMEOUT", QUICK_TIMEOUT)
    monkeypatch.setattr(_base, "ATTEMPT_MARGIN_S", 1.0, raising=False)  # (old code: none)
    key = client_service.add_account()["sandbox_key"]
    async with ShippingClient(
        client_service.base_url, key, ca_file=str(client_service.ca_file)
    ) as shipping_client:
        yield shipping_client


async def _within_bound(what: str, awaitable: Any) -> Any:
    try:
        return await asyncio.wait_for(awaitable, BOUND_S)
    except TimeoutError:
        raise AssertionError(f"{what} still waited after {BOUND_S:.0f} s") from None


async def _orphan_the_kept_alive_connection(client: ShippingClient) -> httpx.AsyncClient:
    """Leave the pool's one connection with its lock held by a task that has gone, as
    httpcore leaves a connection whose holder was cut; returns the pool's client."""
    await client.addresses.list()  # one connection, kept alive
    http = client._http
    pool = http._transport._pool  # type: ignore[attr-defined]
    (connection,) = pool.connections

    async def holder_that_vanishes() -> None:
        await connection._request_lock.__aenter__()  # never left

    await asyncio.create_task(holder_that_vanishes())
    assert connection._request_lock._anyio_lock.locked()
    return http


async def test_a_get_on_an_orphaned_connection_is_answered_on_a_fresh_pool(
    client: ShippingClient,
) -> None:
    broken = await _orphan_the_kept_alive_connection(client)

    page = await _within_bound("the address book's load", client.addresses.list())

    assert page is not None
    assert client._http is not broken  # the next calls go on the fresh pool
    await _within_bound("the next load", client.addresses.list())
    assert not client.pacer._window.in_flight  # the hung attempt's pacer slot was given back


async def test_a_post_on_an_orphaned_connection_is_an_unknown_outcome_never_resent(
    client: ShippingClient, client_service: RunningService
) -> None:
    broken = await _orphan_the_kept_alive_connection(client)
    sent: list[httpx.Request] = []
    broken.event_hooks["request"].append(_record(sent))

    with pytest.raises(APITimeoutError) as raised:
        await _within_bound(
            "the address's creation",
            client.addresses.create(
                {
                    "company": "Hung Pool",
                    "street": "Marktplatz",
                    "street_no": "1",
                    "zip_code": "04109",
                    "city": "Leipzig",
                    "country": "DE",
                }
            ),
        )

    assert raised.value.outcome_unknown  # the GUI words it: "may have been saved"
    assert len(sent) == 1  # sent once, never again on the fresh pool
    assert client._http is not broken
    await _within_bound("the next load", client.addresses.list())


def _record(sent: list[httpx.Request]) -> Any:
    async def hook(request: httpx.Request) -> None:
        sent.append(request)

    return hook
