"""Key checks: HTTPS only, the right environment, and sandbox keys never sent to live work."""

from __future__ import annotations

import pytest

from desktop_app.client import (
    AuthenticationError,
    KeyEnvironmentError,
    KeyRegistry,
    ShippingClient,
    check_key,
)
from desktop_app.client.keys import Environment
from desktop_app.profiles.errors import KeyEnvironmentError as ProfileKeyEnvironmentError
from desktop_app.profiles.models import Profile
from tests.client.conftest import shipment_request
from tests.fixtures.service import RunningService


def test_http_base_url_is_refused() -> None:
    with pytest.raises(ValueError, match="https://"):
        ShippingClient("http://127.0.0.1:8443", "key")


def test_repr_never_shows_the_key() -> None:
    client = ShippingClient("https://example.invalid", "secret-key-123")
    assert "secret-key-123" not in repr(client)


async def test_check_key_accepts_matching_environments(client_service: RunningService) -> None:
    registry = KeyRegistry()
    ca = str(client_service.ca_file)
    me = await check_key(
        client_service.base_url, client_service.sandbox_key, ca, "sandbox", key_registry=registry
    )
    assert me.environment == "sandbox"
    me = await check_key(
        client_service.base_url, client_service.live_key, ca, "live", key_registry=registry
    )
    assert me.environment == "production"
    assert registry.environment_of(client_service.sandbox_key) == "sandbox"
    assert registry.environment_of(client_service.live_key) == "live"


async def test_sandbox_key_in_live_profile_is_refused(client_service: RunningService) -> None:
    registry = KeyRegistry()
    ca = str(client_service.ca_file)
    with pytest.raises(KeyEnvironmentError, match="sandbox .*live profile") as info:
        await check_key(
            client_service.base_url, client_service.sandbox_key, ca, "live", key_registry=registry
        )
    # the profiles package can catch its own class
    assert isinstance(info.value, ProfileKeyEnvironmentError)
    assert "sandbox" in info.value.user_message
    # now known: refused at construction, before anything is sent
    with pytest.raises(KeyEnvironmentError):
        ShippingClient(
            client_service.base_url,
            client_service.sandbox_key,
            ca_file=ca,
            environment="live",
            key_registry=registry,
        )


async def test_live_key_in_sandbox_profile_is_refused(client_service: RunningService) -> None:
    with pytest.raises(KeyEnvironmentError, match="live .*sandbox profile"):
        await check_key(
            client_service.base_url,
            client_service.live_key,
            str(client_service.ca_file),
            "sandbox",
            key_registry=KeyRegistry(),
        )


async def test_unknown_key_is_an_authentication_error(client_service: RunningService) -> None:
    with pytest.raises(AuthenticationError):
        await check_key(
            client_service.base_url,
            "no-such-key",
            str(client_service.ca_file),
            "sandbox",
            key_registry=KeyRegistry(),
        )


def test_cached_key_environment_of_the_profile_is_enforced() -> None:
    profile = Profile(
        name="Shop live",
        environment="live",
        base_url="https://api.example.invalid",
        key_environment="sandbox",
    )
    with pytest.raises(KeyEnvironmentError):
        ShippingClient.for_profile(profile, "some-key", key_registry=KeyRegistry())


def recording_client(
    service: RunningService, environment: Environment, sent: list[str]
) -> ShippingClient:
    """A client with a fresh key registry that appends each request's path to `sent`."""

    async def record(request: object) -> None:
        sent.append(str(getattr(getattr(request, "url", None), "path", "")))

    return ShippingClient(
        service.base_url,
        service.sandbox_key,
        ca_file=str(service.ca_file),
        environment=environment,
        key_registry=KeyRegistry(),
        event_hooks={"request": [record]},
    )


async def test_unchecked_key_is_checked_before_its_first_call(
    client_service: RunningService,
) -> None:
    # a live profile whose key was never checked: the first call asks /v1/me first and stops
    sent: list[str] = []
    async with recording_client(client_service, "live", sent) as client:
        with pytest.raises(KeyEnvironmentError):
            await client.shipments.create(shipment_request())
        with pytest.raises(KeyEnvironmentError):
            await client.shipments.list()
    assert sent == ["/v1/me", "/v1/me"]


async def test_checked_key_is_checked_once(client_service: RunningService) -> None:
    sent: list[str] = []
    async with recording_client(client_service, "sandbox", sent) as client:
        await client.carriers.list()
        await client.carriers.list()
    assert sent == ["/v1/me", "/v1/carriers", "/v1/carriers"]


async def test_verified_profile_key_is_remembered(client_service: RunningService) -> None:
    registry = KeyRegistry()
    sandbox_profile = Profile(
        name="Sandbox",
        environment="sandbox",
        base_url=client_service.base_url,
        ca_file=str(client_service.ca_file),
        key_environment="sandbox",
    )
    async with ShippingClient.for_profile(
        sandbox_profile, client_service.sandbox_key, key_registry=registry
    ) as client:
        assert (await client.carriers.list()) != []
    # the same key offered for a live profile is refused before anything is sent
    with pytest.raises(KeyEnvironmentError):
        await check_key(
            "https://api.example.invalid",
            client_service.sandbox_key,
            None,
            "live",
            key_registry=registry,
        )


async def test_logs_never_show_the_key(
    client_service: RunningService, caplog: pytest.LogCaptureFixture
) -> None:
    import base64

    key = client_service.sandbox_key
    encoded = base64.b64encode(f"{key}:".encode()).decode()
    with caplog.at_level("DEBUG"):
        async with ShippingClient(
            client_service.base_url, key, ca_file=str(client_service.ca_file)
        ) as client:
            await client.me()
            await client.shipments.create(shipment_request())
    assert caplog.records, "debug logging was captured"
    assert key not in caplog.text and encoded not in caplog.text
