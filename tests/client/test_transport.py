"""Below the resources: refused connections, retries of what is safe to retry, an untrusted
certificate, and a creation that timed out never sent twice."""

from __future__ import annotations

import asyncio
import socket
import uuid

import pytest

from desktop_app.client import (
    APIConnectionError,
    APITimeoutError,
    CertificateError,
    RetryPolicy,
    ShippingClient,
    _base,
)
from tests.client.conftest import shipment_request, watched_client
from tests.fixtures.receiver import wait_until
from tests.fixtures.service import RunningService
from tests.patience import PATIENCE


async def test_connection_error_on_a_closed_port() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    # nothing listens on `port` now
    async with ShippingClient(
        f"https://127.0.0.1:{port}", "key", retry=RetryPolicy(max_retries=1, backoff_base=0.01)
    ) as client:
        with pytest.raises(APIConnectionError) as info:
            await client.shipments.create(shipment_request())
    assert not isinstance(info.value, APITimeoutError)
    assert info.value.outcome_unknown is False  # nothing reached a service
    assert "cannot be reached" in info.value.user_message


async def test_safe_calls_are_retried_after_connection_errors() -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    attempts: list[str] = []

    async def record(request: object) -> None:
        attempts.append(str(getattr(request, "method", "")))

    async with ShippingClient(
        f"https://127.0.0.1:{port}",
        "key",
        retry=RetryPolicy(max_retries=2, backoff_base=0.01),
        event_hooks={"request": [record]},
    ) as client:
        with pytest.raises(APIConnectionError):
            await client.shipments.get("0" * 40)
        # refused connections never reached a service: even a creation may be tried again
        with pytest.raises(APIConnectionError):
            await client.shipments.create(shipment_request())
    assert attempts == ["GET"] * 3 + ["POST"] * 3


async def test_untrusted_certificate_fails_without_retry(client_service: RunningService) -> None:
    # without the sandbox CA the local certificate must not be trusted
    async with ShippingClient(client_service.base_url, client_service.sandbox_key) as client:
        with pytest.raises(APIConnectionError) as info:
            await client.me()
    assert info.value.retryable is False
    assert isinstance(info.value, CertificateError)
    assert "certificate" in info.value.user_message


async def test_creation_timeout_is_not_resent(
    slow_service: RunningService, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = slow_service
    # the real 75 s would make this test slow; the constant is read at call time
    monkeypatch.setattr(
        "desktop_app.client.resources.shipments.SHIPMENT_CREATE_TIMEOUT",
        _base.httpx.Timeout(0.5, connect=5.0),
    )
    reference = f"T-{uuid.uuid4().hex[:10]}"
    sent: list[str] = []

    async def count(request: object) -> None:
        sent.append(str(getattr(request, "method", "")))

    async with watched_client(service, count) as client:
        with pytest.raises(APITimeoutError) as info:
            await client.shipments.create(shipment_request(reference_number=reference))
        assert info.value.outcome_unknown is True
        assert sent.count("POST") == 1
    # the service finishes the one creation it got, and only that one
    with service.client("sandbox") as check:

        def listed() -> list[object]:
            params = {"reference_number": reference}
            shipments: list[object] = check.get("/v1/shipments", params=params).json()["shipments"]
            return shipments

        await asyncio.to_thread(wait_until, listed, PATIENCE, "the shipment to be stored")
        assert len(listed()) == 1
