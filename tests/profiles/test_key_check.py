"""Saving profiles with keys checked by the client against the real local service."""

from __future__ import annotations

import pytest

from desktop_app.client import KeyEnvironmentError as ClientKeyEnvironmentError
from desktop_app.client import KeyRegistry, ShippingClient, check_key
from desktop_app.profiles.errors import KeyEnvironmentError
from desktop_app.profiles.local_sandbox import LocalSandbox
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Profile
from tests.fixtures.service import RunningService


def live_profile(service: RunningService) -> Profile:
    # the local service answers on loopback, so this live profile has to be forced
    return Profile(
        name="Live on the test service",
        environment="live",
        base_url=service.base_url,
        force_loopback=True,
        ca_file=str(service.ca_file),
    )


async def test_a_sandbox_key_is_refused_for_a_live_profile(
    manager: ProfileManager, local_service: RunningService
) -> None:
    profile = live_profile(local_service)
    registry = KeyRegistry()
    with pytest.raises(ClientKeyEnvironmentError, match="sandbox"):
        await check_key(
            profile.base_url,
            local_service.sandbox_key,
            profile.ca_file,
            "live",
            key_registry=registry,
        )
    # what /v1/me says about the sandbox key is refused by the manager as well
    async with ShippingClient(
        profile.base_url, local_service.sandbox_key, ca_file=profile.ca_file, key_registry=registry
    ) as client:
        me = await client.me()
    assert me.environment == "sandbox"
    with pytest.raises(KeyEnvironmentError, match="live profile"):
        manager.save(profile, local_service.sandbox_key, verified_environment=me.environment)
    assert manager.secrets.get(profile.id) is None

    me = await check_key(
        profile.base_url, local_service.live_key, profile.ca_file, "live", key_registry=registry
    )
    saved = manager.save(profile, local_service.live_key, verified_environment=me.environment)
    creds = manager.credentials(saved)
    assert (creds.api_key, creds.environment, creds.verified) == (
        local_service.live_key,
        "live",
        True,
    )


async def test_the_local_sandbox_profile_needs_nothing_configured(
    manager: ProfileManager,
) -> None:
    profile = manager.local_sandbox()
    sandbox = LocalSandbox.for_manager(manager)
    try:
        await sandbox.start()
        creds = manager.credentials(profile, sandbox)
        assert creds.base_url == sandbox.base_url and creds.environment == "sandbox"
        assert creds.ca_file is not None
        assert sandbox.service_dir.parent == manager.profile_data_dir(profile)
        async with ShippingClient(
            creds.base_url,
            creds.api_key,
            ca_file=creds.ca_file,
            environment=creds.environment,
            key_registry=KeyRegistry(),
        ) as client:
            me = await client.me()
        assert me.environment == "sandbox"
    finally:
        await sandbox.stop()
    # the sandbox's key is read from its service, never stored with the profiles
    assert manager.secrets.get(profile.id) is None
    assert creds.api_key not in manager.path.read_text(encoding="utf-8")
