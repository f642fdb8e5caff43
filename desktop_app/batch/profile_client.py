"""A client of a profile's service for the headless commands (starting the Local sandbox)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile


class ProfileClientError(Exception):
    """The profile's service or key cannot be used (message for the user)."""


@asynccontextmanager
async def profile_client(
    manager: ProfileManager, profile: Profile
) -> AsyncIterator[ShippingClient]:
    """A ShippingClient of `profile`; with the Local sandbox profile its service is started
    first and stopped afterwards (only if this call started it)."""
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.errors import ProfileError
    from desktop_app.profiles.local_sandbox import LocalSandbox, LocalSandboxError

    sandbox = None
    if profile.builtin_local:
        sandbox = LocalSandbox.for_manager(manager)
        try:
            await sandbox.start()
        except LocalSandboxError as exc:
            raise ProfileClientError(f"the Local sandbox could not start: {exc}") from None
    try:
        try:
            creds = manager.credentials(profile, sandbox)
        except ProfileError as exc:
            raise ProfileClientError(str(exc)) from None
        client = ShippingClient.from_credentials(creds)
        try:
            yield client
        finally:
            await client.aclose()
    finally:
        if sandbox is not None:
            await sandbox.stop()
