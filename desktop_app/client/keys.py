"""Which environment an API key belongs to, so that keys never cross between sandbox and live.

`GET /v1/me` tells the environment of a key ("sandbox" or "production"). Every answer is
remembered here by the key's SHA-256 fingerprint (never the key), and a client refuses to be
built for a profile whose environment differs from what is known about its key. A key of
unknown environment is checked with `/v1/me` before its first other call (see `ShippingClient`).
"""

from __future__ import annotations

import hashlib
import threading
from typing import Literal

from desktop_app.client.errors import KeyEnvironmentError

Environment = Literal["sandbox", "live"]

__all__ = ["KEY_REGISTRY", "Environment", "KeyRegistry", "environment_of_me", "mismatch_message"]


def environment_of_me(value: str) -> Environment:
    """Map `/v1/me`'s "sandbox" | "production" to a profile environment."""
    if value == "sandbox":
        return "sandbox"
    if value in ("production", "live"):
        return "live"
    raise KeyEnvironmentError(
        f"The service reported an unknown environment {value!r} for this key."
    )


def mismatch_message(key_environment: Environment) -> str:
    """The message shown when a key (of `key_environment`) does not fit the profile."""
    if key_environment == "sandbox":
        return (
            "This is a sandbox (test) API key, but the profile is a live profile. "
            "Enter the live key from your account page, or use a sandbox profile."
        )
    return (
        "This is a live API key, but the profile is a sandbox profile: shipments would be "
        "real and charged. Enter the sandbox key, or use a live profile."
    )


def fingerprint(api_key: str) -> str:
    """A stable, non-reversible id of a key."""
    return hashlib.sha256(b"packdesk-key\0" + api_key.encode()).hexdigest()


class KeyRegistry:
    """Remembers the environment reported for each key (by fingerprint) in this process."""

    def __init__(self) -> None:
        self._known: dict[str, Environment] = {}
        self._lock = threading.Lock()

    def remember(self, api_key: str, environment: Environment) -> None:
        """Record what the service said about a key (also used by the local sandbox launcher)."""
        with self._lock:
            self._known[fingerprint(api_key)] = environment

    def environment_of(self, api_key: str) -> Environment | None:
        """The known environment of a key, or None."""
        with self._lock:
            return self._known.get(fingerprint(api_key))

    def check(
        self,
        api_key: str,
        profile_environment: Environment,
        cached: Environment | None = None,
    ) -> None:
        """Raise `KeyEnvironmentError` if the key is known to belong to the other environment."""
        for known in (cached, self.environment_of(api_key)):
            if known is not None and known != profile_environment:
                raise KeyEnvironmentError(mismatch_message(known))


KEY_REGISTRY = KeyRegistry()
