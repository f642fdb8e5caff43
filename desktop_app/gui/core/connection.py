"""Connecting a profile to its shipping service: the client, proven before any work.

Plain asyncio (no widget): `AppContext` says what happens (starting, connecting, connected,
error) and keeps what this returns. The HTTP client (httpx) is imported here on first use.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from desktop_app.client.presence import Presence
from desktop_app.gui.core.offers import CarrierOffer, offers_from_service
from desktop_app.gui.i18n import current_language, translate
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Profile

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.local_sandbox import LocalSandbox


@dataclass(slots=True)
class ServiceConnection:
    """A client whose key and environment the service accepted, and the carriers it offers."""

    client: ShippingClient
    offers: dict[str, CarrierOffer]
    base_url: str
    #: who works at the station (a station of an account with people: sign in first)
    presence: Presence = field(default_factory=Presence)


def connecting_text(profile: Profile) -> tuple[str, str]:
    """The connection state and message while `profile` connects."""
    if profile.builtin_local:
        return "starting", translate("Window", "Starting local sandbox...")
    return "connecting", translate("Window", "Connecting to {base_url}...").format(
        base_url=profile.base_url
    )


def connected_text(connection: ServiceConnection) -> str:
    """The status bar's message once connected."""
    return translate("Window", "Connected to {base_url}").format(base_url=connection.base_url)


def failure_text(exc: BaseException) -> str:
    """Why connecting failed, in the UI language where the error is known."""
    return client_error_text(exc) or getattr(exc, "user_message", None) or str(exc).splitlines()[0]


async def connect(
    manager: ProfileManager, profile: Profile, sandbox: LocalSandbox | None
) -> ServiceConnection:
    """A client for `profile` that has proven its key (`/v1/me`) and listed the carriers.

    `sandbox` is the started Local sandbox for the built-in profile (else None). Raises what
    the client raised; the client is closed then."""
    from desktop_app.client import ShippingClient

    creds = manager.credentials(profile, sandbox if profile.builtin_local else None)
    # the desk's language, so the manifests the service makes read as the desk does
    client = ShippingClient.from_credentials(creds, language=current_language())
    try:
        presence = await client.presence()  # proves the key and its environment before any work
        if presence.sign_in_required:  # the carriers are read once a person signed in
            return ServiceConnection(client, {}, creds.base_url, presence)
        descriptions = await client.carriers.list()
    except BaseException:
        await client.aclose()
        raise
    return ServiceConnection(client, offers_from_service(descriptions), creds.base_url, presence)


async def signed_in_offers(client: ShippingClient) -> dict[str, CarrierOffer]:
    """The carriers the service offers, read once a person signed in at the station."""
    return offers_from_service(await client.carriers.list())


def sign_in_text() -> str:
    """The status bar's message while the station waits for a person to sign in."""
    return translate("Window", "Sign in at this station")
