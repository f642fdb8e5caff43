"""What the headless commands (`packdesk batch`, `orders`, `shops`) share: the usage error
they exit 2 with, the profile named on the command line, an order file read, and a client of
the profile's service (starting the Local sandbox)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.orders.importer import Table, TableError, read_table

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile


class UsageError(Exception):
    """Exit 2 with this message."""


def find_profile(manager: ProfileManager, wanted: str) -> Profile:
    """The profile named (or with the id) `wanted`; UsageError naming the profiles otherwise."""
    profiles = manager.list()
    for profile in profiles:
        if profile.id == wanted or profile.name.casefold() == wanted.strip().casefold():
            return profile
    names = ", ".join(repr(p.name) for p in profiles)
    raise UsageError(f"no profile {wanted!r} (profiles: {names})")


def open_profile(wanted: str) -> tuple[ProfileManager, Profile]:
    """The profiles and the one named (or with the id) `wanted`; UsageError otherwise."""
    from desktop_app.profiles.errors import ProfileError
    from desktop_app.profiles.manager import ProfileManager

    try:
        manager = ProfileManager()
    except ProfileError as exc:
        raise UsageError(str(exc)) from None
    return manager, find_profile(manager, wanted)


def load_table(path: Path, sheet: str | None) -> Table:
    """The rows of an order file; UsageError when it is missing or unreadable."""
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    try:
        return read_table(path, sheet=sheet)
    except TableError as exc:
        raise UsageError(str(exc)) from None


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
