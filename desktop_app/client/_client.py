"""`ShippingClient`: the async client of the Shipping Service API, grouped by resource."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import httpx

from desktop_app.client._base import RETRY, BaseClient, RetryPolicy
from desktop_app.client.errors import KeyEnvironmentError
from desktop_app.client.keys import (
    KEY_REGISTRY,
    Environment,
    KeyRegistry,
    environment_of_me,
    mismatch_message,
)
from desktop_app.client.presence import Presence
from desktop_app.client.ratelimit import RateLimitPacer, RateLimitState
from desktop_app.client.resources import (
    Addresses,
    Carriers,
    DefaultAddresses,
    Labels,
    Locations,
    Manifests,
    Orders,
    People,
    Pickups,
    Quotes,
    RoutingRules,
    Sandbox,
    ShipmentDocuments,
    Shipments,
    StationJoins,
    Trackers,
    Webhooks,
)
from desktop_app.client.types import Me

if TYPE_CHECKING:
    from desktop_app.profiles.manager import Credentials


class ShippingClient(BaseClient):
    """Async client of one service URL with one API key.

    With `environment` set ("sandbox" or "live", the profile's), the key's environment is
    checked: construction fails if it is known to be the other one, and a key not yet known is
    checked with `GET /v1/me` before its first other call, so a sandbox key is never used for
    live work and a live key never creates charged shipments from a sandbox profile.
    """

    def __init__(
        self,
        base_url: str,
        api_key: str,
        *,
        ca_file: str | None = None,
        environment: Environment | None = None,
        key_environment: Environment | None = None,
        key_registry: KeyRegistry = KEY_REGISTRY,
        retry: RetryPolicy = RETRY,
        pacer: RateLimitPacer | None = None,
        http_client: httpx.AsyncClient | None = None,
        max_connections: int = 20,
        event_hooks: Mapping[str, list[Callable[..., Any]]] | None = None,
        language: str | None = None,
    ) -> None:
        if environment is not None:
            key_registry.check(api_key, environment, key_environment)
            if key_environment == environment:
                # verified when the profile was saved: remember it, so this key is refused at
                # once if it is ever pasted into a profile of the other environment
                key_registry.remember(api_key, key_environment)
        super().__init__(
            base_url,
            api_key,
            ca_file=ca_file,
            retry=retry,
            pacer=pacer,
            http_client=http_client,
            max_connections=max_connections,
            event_hooks=event_hooks,
            language=language,
        )
        self.environment = environment
        self._key_registry = key_registry
        self._api_key_for_registry = api_key
        # a key the profile verified with /v1/me when it was saved needs no new check
        self._key_checked = environment is None or key_environment == environment
        self._key_check_lock = asyncio.Lock()
        self.shipments = Shipments(self)
        self.addresses = Addresses(self)
        self.orders = Orders(self)
        self.locations = Locations(self)
        self.manifests = Manifests(self)
        self.default_addresses = DefaultAddresses(self)
        self.carriers = Carriers(self)
        self.quotes = Quotes(self)
        self.pickups = Pickups(self)
        self.webhooks = Webhooks(self)
        self.routing_rules = RoutingRules(self)
        self.labels = Labels(self)
        self.sandbox = Sandbox(self)
        self.shipment_documents = ShipmentDocuments(self)
        self.trackers = Trackers(self)
        self.people = People(self)
        self.station_joins = StationJoins(self)

    @classmethod
    def from_credentials(cls, creds: Credentials, language: str | None = None) -> ShippingClient:
        """A client for a profile's `Credentials`: its service, key and CA; the key's
        environment counts as known when the profile verified it (not for a key given in
        PACKDESK_API_KEY, which is checked before its first use). `language`: the desk's,
        for the documents the service words itself."""
        return cls(
            creds.base_url,
            creds.api_key,
            ca_file=creds.ca_file,
            environment=creds.environment,
            key_environment=creds.environment if creds.verified else None,
            language=language,
        )

    def __repr__(self) -> str:
        return f"ShippingClient(base_url={self.base_url!r}, environment={self.environment!r})"

    @classmethod
    def for_profile(cls, profile: Any, api_key: str, **kwargs: Any) -> ShippingClient:
        """A client for a profile (environment, base_url, ca_file, cached key_environment)."""
        return cls(
            profile.base_url,
            api_key,
            ca_file=getattr(profile, "ca_file", None),
            environment=profile.environment,
            key_environment=getattr(profile, "key_environment", None),
            **kwargs,
        )

    async def _request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        if not self._key_checked and path != "me":
            await self._check_key()
        return await super()._request(method, path, **kwargs)

    async def _check_key(self) -> None:
        async with self._key_check_lock:
            if not self._key_checked:
                await self.me()  # raises KeyEnvironmentError on a mismatch

    async def presence(self) -> Presence:
        """Who works at this station (`GET /v1/me`'s people fields; see resources/people.py)."""
        return Presence.from_me((await self.me()).model_extra)

    async def me(self) -> Me:
        """The account and environment of the API key (`GET /v1/me`)."""
        response = await super()._request("GET", "me")
        me = Me.model_validate(response.json())
        key_environment = environment_of_me(me.environment)
        self._key_registry.remember(self._api_key_for_registry, key_environment)
        if self.environment is not None:
            if key_environment != self.environment:
                raise KeyEnvironmentError(mismatch_message(key_environment))
            self._key_checked = True
        return me

    @property
    def rate_limit(self) -> RateLimitState:
        """Limit, remaining calls and reset time of this key, for the status bar."""
        return self.pacer.state

    def on_rate_limit(self, observer: Callable[[RateLimitState], None]) -> Callable[[], None]:
        """Call `observer` with the new state after each answer; returns an unsubscribe function."""
        return self.pacer.subscribe(observer)


async def check_key(
    base_url: str,
    api_key: str,
    ca_file: str | None,
    expected_environment: Environment,
    *,
    key_registry: KeyRegistry = KEY_REGISTRY,
) -> Me:
    """Check a key before a profile is saved: valid, and of the profile's environment.

    Raises `KeyEnvironmentError` for a sandbox key in a live profile (or the reverse, with a
    message that says so), `AuthenticationError` for an unknown key, `ValueError` for http://.
    A key already known to be of the other environment is refused without being sent.
    """
    client = ShippingClient(
        base_url,
        api_key,
        ca_file=ca_file,
        environment=expected_environment,
        key_registry=key_registry,
    )
    async with client:
        return await client.me()
