"""Exceptions of the Shipping Service client, mapped from HTTP status codes.

Every error carries the service's `errors` list, the request id (for support), the status code
and a short `user_message` a shop owner understands; the GUI shows that one.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from desktop_app.profiles import errors as profile_errors

if TYPE_CHECKING:
    import httpx  # annotations only: importing the errors needs no HTTP stack

__all__ = [
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
    "NotFoundError",
    "PayloadTooLargeError",
    "PermissionDeniedError",
    "RateLimitError",
    "ServiceUnavailableError",
    "SessionEndedError",
    "UnprocessableEntityError",
    "UnsupportedMediaTypeError",
    "error_from_response",
    "split_field_errors",
]

# "packages[1].weight: must be positive" -> path, message. Paths are lowercase wire names, so a
# sentence like "Carrier dhl: ..." is not mistaken for one.
_FIELD_MESSAGE = re.compile(
    r"^(?P<path>[a-z_][a-z0-9_]*(?:\[\d+\])*(?:\.[a-z_][a-z0-9_]*(?:\[\d+\])*)*):\s+(?P<msg>.+)$",
    re.DOTALL,
)


def split_field_errors(messages: Sequence[str]) -> tuple[dict[str, list[str]], list[str]]:
    """Split `path: message` strings into {path: [message]} and the messages naming no field."""
    fields: dict[str, list[str]] = {}
    general: list[str] = []
    for message in messages:
        match = _FIELD_MESSAGE.match(message)
        if match:
            fields.setdefault(match["path"], []).append(match["msg"])
        else:
            general.append(message)
    return fields, general


class APIError(Exception):
    """Base class of every error raised by the client."""

    default_user_message = "The shipping service could not complete the request."

    def __init__(
        self,
        message: str,
        *,
        request: httpx.Request | None = None,
        errors: Sequence[str] = (),
        request_id: str | None = None,
        user_message: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.request = request
        self.errors: list[str] = list(errors)
        self.request_id = request_id
        self.status_code: int | None = None
        self.user_message = user_message or self.default_user_message


class APIConnectionError(APIError):
    """The service could not be reached, or the connection dropped before an answer."""

    default_user_message = (
        "The shipping service cannot be reached. Check the internet connection and try again."
    )

    def __init__(
        self,
        message: str = "connection error",
        *,
        request: httpx.Request | None = None,
        outcome_unknown: bool = False,
        user_message: str | None = None,
        retryable: bool = True,
    ) -> None:
        super().__init__(message, request=request, user_message=user_message)
        # True when the request may have reached the service (answer lost): never re-send blindly
        self.outcome_unknown = outcome_unknown
        self.retryable = retryable


class APITimeoutError(APIConnectionError):
    """No answer within the time-out."""

    default_user_message = "The shipping service did not answer in time. Please try again."

    def __init__(
        self,
        message: str = "request timed out",
        *,
        request: httpx.Request | None = None,
        outcome_unknown: bool = True,
    ) -> None:
        super().__init__(message, request=request, outcome_unknown=outcome_unknown)


class CertificateError(APIConnectionError):
    """The service's TLS certificate is not trusted: nothing was sent, and retrying won't help."""

    default_user_message = (
        "The shipping service's certificate is not trusted, so nothing was sent. "
        "Check the service address in the profile."
    )

    def __init__(self, message: str, *, request: httpx.Request | None = None) -> None:
        super().__init__(message, request=request, retryable=False)


class SessionEndedError(APIConnectionError):
    """The person's session ended (sign-out, idle, refused) while this call of it was still
    waiting or in flight: the call was cut, never sent again (it may have reached the service)."""

    default_user_message = "You were signed out before the shipping service answered."

    def __init__(
        self, message: str = "the session ended", *, request: httpx.Request | None = None
    ) -> None:
        super().__init__(message, request=request, outcome_unknown=True, retryable=False)


class APIStatusError(APIError):
    """The service answered with an error status."""

    status: int = 0

    def __init__(
        self,
        message: str,
        *,
        response: httpx.Response,
        errors: Sequence[str] = (),
        request_id: str | None = None,
    ) -> None:
        super().__init__(
            message,
            request=response.request,
            errors=errors,
            request_id=request_id,
            user_message=self._user_message(errors),
        )
        self.response = response
        self.status_code = response.status_code

    def _user_message(self, errors: Sequence[str]) -> str:  # noqa: ARG002 - overridden
        return self.default_user_message


class BadRequestError(APIStatusError):
    """400: malformed request, or a change that is no longer allowed."""

    status = 400
    default_user_message = "The shipping service did not accept the request."

    def _user_message(self, errors: Sequence[str]) -> str:
        if errors:
            return f"The shipping service did not accept the request: {errors[0]}"
        return self.default_user_message


class AuthenticationError(APIStatusError):
    """401: missing or invalid API key."""

    status = 401
    default_user_message = "The API key was not accepted. Check the key in the profile settings."


class PermissionDeniedError(APIStatusError):
    """403: the account may not do this."""

    status = 403
    default_user_message = "Your account is not allowed to do this."


class NotFoundError(APIStatusError):
    """404: unknown resource (or one of another account)."""

    status = 404
    default_user_message = "The shipping service does not know this item (any more)."


class PayloadTooLargeError(APIStatusError):
    """413: the request body is too large."""

    status = 413
    default_user_message = "The request is too large for the shipping service."


class UnsupportedMediaTypeError(APIStatusError):
    """415: the body was not JSON."""

    status = 415
    default_user_message = "The shipping service did not understand the request format."


class UnprocessableEntityError(APIStatusError):
    """422: validation failed; `field_errors` maps field paths to their messages."""

    status = 422
    default_user_message = "Some entries are not valid. Please correct the marked fields."

    def __init__(
        self,
        message: str,
        *,
        response: httpx.Response,
        errors: Sequence[str] = (),
        request_id: str | None = None,
    ) -> None:
        super().__init__(message, response=response, errors=errors, request_id=request_id)
        self.field_errors, self.general_errors = split_field_errors(self.errors)

    def _user_message(self, errors: Sequence[str]) -> str:
        if len(errors) == 1:
            return f"Please correct this entry: {errors[0]}"
        return self.default_user_message


class RateLimitError(APIStatusError):
    """429: too many requests; `retry_after` seconds to wait."""

    status = 429
    default_user_message = "Too many requests to the shipping service. Please wait a moment."

    def __init__(
        self,
        message: str,
        *,
        response: httpx.Response,
        errors: Sequence[str] = (),
        request_id: str | None = None,
    ) -> None:
        super().__init__(message, response=response, errors=errors, request_id=request_id)
        self.retry_after = _retry_after(response.headers)


class InternalServerError(APIStatusError):
    """5xx: the service failed."""

    status = 500
    default_user_message = (
        "The shipping service has a problem right now. Please try again in a few minutes."
    )


class ServiceUnavailableError(InternalServerError):
    """503: the service is temporarily unavailable (safe to retry)."""

    status = 503


class CarrierError(InternalServerError):
    """502: the carrier refused or failed; its message is in `errors`."""

    status = 502
    default_user_message = "The carrier reported a problem with this shipment."

    def _user_message(self, errors: Sequence[str]) -> str:
        if errors:
            return f"The carrier reported a problem: {errors[0]}"
        return self.default_user_message


class CarrierTimeoutError(InternalServerError):
    """504: the carrier did not answer in time."""

    status = 504
    default_user_message = (
        "The carrier did not answer in time. Check the shipment history before trying again."
    )


class KeyEnvironmentError(profile_errors.KeyEnvironmentError):
    """An API key of the wrong environment (sandbox key in a live profile, or the reverse).

    The profiles package's error of the same name, so callers catch either.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.user_message = message


_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: BadRequestError,
    401: AuthenticationError,
    403: PermissionDeniedError,
    404: NotFoundError,
    413: PayloadTooLargeError,
    415: UnsupportedMediaTypeError,
    422: UnprocessableEntityError,
    429: RateLimitError,
    502: CarrierError,
    503: ServiceUnavailableError,
    504: CarrierTimeoutError,
}


def _retry_after(headers: Mapping[str, str]) -> float | None:
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        return None  # an HTTP date; the RateLimit-Reset header covers that case


def _errors_of(response: httpx.Response) -> list[str]:
    try:
        body: Any = response.json()
    except ValueError:
        text = response.text.strip()
        return [text[:500]] if text else []
    if isinstance(body, dict):
        errors = body.get("errors")
        if isinstance(errors, list):
            return [str(e) for e in errors]
        if isinstance(errors, str):
            return [errors]
        detail = body.get("detail")
        if isinstance(detail, str):
            return [detail]
    return []


def error_from_response(response: httpx.Response) -> APIStatusError:
    """The exception for an error response, with the service's messages and request id."""
    status = response.status_code
    cls = _BY_STATUS.get(status)
    if cls is None:
        cls = InternalServerError if status >= 500 else APIStatusError
    errors = _errors_of(response)
    request_id = response.headers.get("x-request-id")
    summary = "; ".join(errors) if errors else response.reason_phrase
    message = f"{status} {response.request.method} {response.request.url.path}: {summary}"
    if request_id:
        message += f" (request id {request_id})"
    return cls(message, response=response, errors=errors, request_id=request_id)
