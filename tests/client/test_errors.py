"""Every status error class of the client, each raised from a real answer of the local service
(the errors below HTTP - connection, certificate, time-out - are in test_transport.py)."""

from __future__ import annotations

import uuid

import pytest

from desktop_app.client import (
    APIStatusError,
    AuthenticationError,
    BadRequestError,
    CarrierError,
    CarrierTimeoutError,
    InternalServerError,
    NotFoundError,
    PayloadTooLargeError,
    RateLimitError,
    RetryPolicy,
    ShippingClient,
    UnprocessableEntityError,
    UnsupportedMediaTypeError,
)
from desktop_app.client.ratelimit import RateLimitPacer
from tests.client.conftest import shipment_request
from tests.fixtures.service import RunningService


def _check_common(error: APIStatusError, status: int) -> None:
    assert error.status_code == status
    assert error.errors, "the service's messages are carried"
    assert error.request_id and len(error.request_id) >= 16
    assert error.request_id in str(error)
    assert error.user_message and "{" not in error.user_message


async def test_400_update_after_label(client: ShippingClient) -> None:
    shipment = await client.shipments.create(shipment_request())
    with pytest.raises(BadRequestError) as info:
        await client.shipments.update(shipment.id, shipment_request())
    _check_common(info.value, 400)


async def test_400_malformed_json(client: ShippingClient) -> None:
    with pytest.raises(BadRequestError) as info:
        await client._request(
            "POST", "shipments", content=b'{"to": ', headers={"Content-Type": "application/json"}
        )
    _check_common(info.value, 400)


async def test_401_unknown_key(client_service: RunningService) -> None:
    async with ShippingClient(
        client_service.base_url,
        "not-a-key-" + uuid.uuid4().hex,
        ca_file=str(client_service.ca_file),
    ) as client:
        with pytest.raises(AuthenticationError) as info:
            await client.shipments.list()
    _check_common(info.value, 401)
    assert "API key" in info.value.user_message


async def test_401_live_key_on_sandbox_only_call(client_service: RunningService) -> None:
    async with ShippingClient(
        client_service.base_url, client_service.sandbox_key, ca_file=str(client_service.ca_file)
    ) as sandbox:
        shipment = await sandbox.shipments.create(shipment_request())
        moved = await sandbox.sandbox.add_tracking_event(shipment.id, "picked_up")
        assert moved.tracking_status == "picked_up"
    async with ShippingClient(
        client_service.base_url, client_service.live_key, ca_file=str(client_service.ca_file)
    ) as live:
        with pytest.raises(AuthenticationError) as info:
            await live.sandbox.add_tracking_event(shipment.id, "transit")
    _check_common(info.value, 401)


async def test_404_unknown_shipment(client: ShippingClient) -> None:
    with pytest.raises(NotFoundError) as info:
        await client.shipments.get("0" * 40)
    _check_common(info.value, 404)


async def test_413_body_too_large(client: ShippingClient) -> None:
    big = shipment_request(metadata={"blob": "x" * (1024 * 1024 + 10)})
    with pytest.raises(PayloadTooLargeError) as info:
        await client.shipments.create(big)
    _check_common(info.value, 413)


async def test_415_not_json(client: ShippingClient) -> None:
    with pytest.raises(UnsupportedMediaTypeError) as info:
        await client._request(
            "POST", "shipments", content=b"carrier=dhl", headers={"Content-Type": "text/plain"}
        )
    _check_common(info.value, 415)


async def test_422_maps_messages_to_field_paths(client: ShippingClient) -> None:
    request = shipment_request()
    del request["to"]["last_name"]
    request["packages"] = [{"weight": 1}, {"weight": -2}]
    with pytest.raises(UnprocessableEntityError) as info:
        await client.shipments.create(request)
    error = info.value
    _check_common(error, 422)
    assert error.field_errors["to.last_name"]
    assert error.field_errors["packages[1].weight"]
    for path, messages in error.field_errors.items():
        assert messages and all(m and not m.startswith(path) for m in messages)
    # every message of the service is kept, either under its field or as a general one
    assert sum(map(len, error.field_errors.values())) + len(error.general_errors) == len(
        error.errors
    )


async def test_502_carrier_error(client: ShippingClient) -> None:
    request = shipment_request()
    request["to"]["company"] = "CARRIER-ERROR Ltd"
    with pytest.raises(CarrierError) as info:
        await client.shipments.create(request)
    _check_common(info.value, 502)
    assert isinstance(info.value, InternalServerError)
    assert info.value.errors[0].startswith("The carrier dhl returned the following error:")


async def test_504_carrier_timeout(client: ShippingClient) -> None:
    reference = f"CARRIER-TIMEOUT-{uuid.uuid4().hex[:8]}"
    with pytest.raises(CarrierTimeoutError) as info:
        await client.shipments.create(shipment_request(reference_number=reference))
    # nothing was created, and the client did not send it twice
    assert await client.shipments.list(reference_number=reference) == []
    _check_common(info.value, 504)


async def test_429_when_another_process_used_the_budget(service_factory: object) -> None:
    assert callable(service_factory)
    service: RunningService = service_factory("--rate-limit", "3/5")
    with service.client("sandbox") as other:  # another process sharing the key
        for _ in range(3):
            assert other.get("/v1/me").status_code == 200
    async with ShippingClient(
        service.base_url,
        service.sandbox_key,
        ca_file=str(service.ca_file),
        pacer=RateLimitPacer(),
        retry=RetryPolicy(max_rate_limit_retries=0),
    ) as client:
        with pytest.raises(RateLimitError) as info:
            await client.me()
        assert client.stats.rate_limited == 1
        state = client.rate_limit
        assert state.limit == 3 and state.remaining == 0
    _check_common(info.value, 429)
    assert info.value.retry_after is not None and info.value.retry_after >= 1

    # with retries (the default) the rejected call waits for Retry-After and goes through,
    # also a creation: a 429 means the service did nothing with it
    async with ShippingClient(
        service.base_url, service.sandbox_key, ca_file=str(service.ca_file), pacer=RateLimitPacer()
    ) as client:
        with service.client("sandbox") as other:
            while other.get("/v1/me").status_code != 429:
                pass  # use up whatever is left of the current window
        shipment = await client.shipments.create(shipment_request())
        assert client.stats.rate_limited == 1
    assert shipment.id
