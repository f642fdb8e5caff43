"""Async client of the Shipping Service API (`ShippingClient`), its errors and key checks."""

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
    InternalServerError,
    KeyEnvironmentError,
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    ServiceUnavailableError,
    UnprocessableEntityError,
    UnsupportedMediaTypeError,
)
from desktop_app.client.keys import KEY_REGISTRY, KeyRegistry
from desktop_app.client.ratelimit import RateLimitPacer, RateLimitState

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
    "ShippingClient",
    "UnprocessableEntityError",
    "UnsupportedMediaTypeError",
    "check_key",
]
