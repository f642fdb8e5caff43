"""Async client of the Shipping Service API (`ShippingClient`), its errors and key checks.

Importing the package is cheap: each name is loaded from its module on first use (PEP 562), so
the desk app's first window does not wait for httpx and the API types.
In detail (the map is docs/ARCHITECTURE.md):

async httpx client of the /v1 API, typed errors, rate-limit pacing; journaled_creation.py
(ShipmentCreator: each creation journaled, never sent twice; reconcile() after a crash);
presence.py + resources/people.py: a person's session at a station (token sent as
X-Packdesk-Session, kept in memory only; a 401 to it tells on_session_lost observers), the
people fields of /v1/me, the packing report and station events; session_calls.py: the end of
a session cuts its calls still waiting or in flight (SessionEndedError, pacer slot back) and the
next session gets a connection pool of its own, so nothing of one person's session holds up the
next

async httpx client of the /v1 API, typed errors, rate-limit pacing
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from desktop_app.client._base import (
        CONNECT_TIMEOUT,
        DEFAULT_TIMEOUT,
        RETRY,
        SHIPMENT_CREATE_TIMEOUT,
        RetryPolicy,
    )
    from desktop_app.client._client import ShippingClient, check_key
    from desktop_app.client.errors import (
        APIConnectionError,
        APIError,
        APIStatusError,
        APITimeoutError,
        AuthenticationError,
        BadRequestError,
        CarrierError,
        CarrierTimeoutError,
        CertificateError,
        InternalServerError,
        KeyEnvironmentError,
        NotFoundError,
        PayloadTooLargeError,
        PermissionDeniedError,
        RateLimitError,
        ServiceUnavailableError,
        SessionEndedError,
        UnprocessableEntityError,
        UnsupportedMediaTypeError,
    )
    from desktop_app.client.keys import KEY_REGISTRY, KeyRegistry
    from desktop_app.client.ratelimit import RateLimitPacer, RateLimitState

# the module of each public name
_HOMES = {
    "CONNECT_TIMEOUT": "_base",
    "DEFAULT_TIMEOUT": "_base",
    "RETRY": "_base",
    "SHIPMENT_CREATE_TIMEOUT": "_base",
    "RetryPolicy": "_base",
    "ShippingClient": "_client",
    "check_key": "_client",
    "APIConnectionError": "errors",
    "APIError": "errors",
    "APIStatusError": "errors",
    "APITimeoutError": "errors",
    "AuthenticationError": "errors",
    "BadRequestError": "errors",
    "CarrierError": "errors",
    "CarrierTimeoutError": "errors",
    "CertificateError": "errors",
    "InternalServerError": "errors",
    "KeyEnvironmentError": "errors",
    "NotFoundError": "errors",
    "PayloadTooLargeError": "errors",
    "PermissionDeniedError": "errors",
    "RateLimitError": "errors",
    "ServiceUnavailableError": "errors",
    "SessionEndedError": "errors",
    "UnprocessableEntityError": "errors",
    "UnsupportedMediaTypeError": "errors",
    "KEY_REGISTRY": "keys",
    "KeyRegistry": "keys",
    "RateLimitPacer": "ratelimit",
    "RateLimitState": "ratelimit",
}

__all__ = [
    "CONNECT_TIMEOUT",
    "DEFAULT_TIMEOUT",
    "KEY_REGISTRY",
    "RETRY",
    "SHIPMENT_CREATE_TIMEOUT",
    "APIConnectionError",
    "APIError",
    "APIStatusError",
    "APITimeoutError",
    "AuthenticationError",
    "BadRequestError",
    "CarrierError",
    "CarrierTimeoutError",
    "CertificateError",
    "InternalServerError",
    "KeyEnvironmentError",
    "KeyRegistry",
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "RateLimitError",
    "RateLimitPacer",
    "RateLimitState",
    "RetryPolicy",
    "ServiceUnavailableError",
    "SessionEndedError",
    "ShippingClient",
    "UnprocessableEntityError",
    "UnsupportedMediaTypeError",
    "check_key",
]


__getattr__ = lazy_exports(__name__, _HOMES, globals())
