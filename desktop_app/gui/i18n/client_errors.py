"""The client's errors in the UI language, chosen by the exception's class and parameters.

The Qt-free client keeps its English `user_message` (CLI, logs); the GUI shows this text. The
service's own messages (`errors`, no code) are shown as they came, inside the sentence.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

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
    NotFoundError,
    PayloadTooLargeError,
    PermissionDeniedError,
    RateLimitError,
    ServiceUnavailableError,
    SessionEndedError,
    UnprocessableEntityError,
    UnsupportedMediaTypeError,
)
from desktop_app.gui.i18n import translate
from desktop_app.profiles.errors import KeyEnvironmentError as ProfileKeyEnvironmentError

__all__ = ["client_error_text"]


def _server(exc: APIError) -> str:
    from desktop_app.gui.widgets.problems import message_text  # widgets build on i18n

    return "; ".join(message_text(str(e)) for e in exc.errors)


def _api(exc: APIError) -> str:
    if isinstance(exc, APIStatusError) and exc.status_code:
        return translate(
            "Errors", "The shipping service could not complete the request (HTTP status {0})."
        ).format(exc.status_code)
    return translate("Errors", "The shipping service could not complete the request.")


def _connection(_exc: APIError) -> str:
    return translate(
        "Errors",
        "The shipping service cannot be reached. Check the internet connection and try again.",
    )


def _certificate(_exc: APIError) -> str:
    return translate(
        "Errors",
        "The shipping service's certificate is not trusted, so nothing was sent. "
        "Check the service address in the profile.",
    )


def _session_ended(_exc: APIError) -> str:
    return translate("Errors", "You were signed out before the shipping service answered.")


def _timeout(_exc: APIError) -> str:
    return translate("Errors", "The shipping service did not answer in time. Please try again.")


def _bad_request(exc: APIError) -> str:
    if exc.errors:
        return translate("Errors", "The shipping service did not accept the request: {0}").format(
            _server(exc)
        )
    return translate("Errors", "The shipping service did not accept the request.")


def _authentication(_exc: APIError) -> str:
    return translate(
        "Errors", "The API key was not accepted. Check the key in the profile settings."
    )


def _permission(_exc: APIError) -> str:
    return translate("Errors", "Your account is not allowed to do this.")


def _not_found(_exc: APIError) -> str:
    return translate("Errors", "The shipping service does not know this item (any more).")


def _too_large(_exc: APIError) -> str:
    return translate("Errors", "The request is too large for the shipping service.")


def _media_type(_exc: APIError) -> str:
    return translate("Errors", "The shipping service did not understand the request format.")


def _unprocessable(exc: APIError) -> str:
    if len(exc.errors) == 1:
        return translate("Errors", "Please correct this entry: {0}").format(_server(exc))
    return translate("Errors", "Some entries are not valid. Please correct the marked fields.")


def _rate_limited(exc: APIError) -> str:
    wait = getattr(exc, "retry_after", None)
    if wait:
        return translate(
            "Errors",
            "Too many requests to the shipping service. Please wait %n second(s).",
            None,
            max(1, round(wait)),
        )
    return translate("Errors", "Too many requests to the shipping service. Please wait a moment.")


def _server_failed(exc: APIError) -> str:
    return translate(
        "Errors",
        "The shipping service has a problem right now (HTTP status {0}). "
        "Please try again in a few minutes.",
    ).format(exc.status_code or 500)


def _unavailable(_exc: APIError) -> str:
    return translate(
        "Errors",
        "The shipping service is unavailable right now. Please try again in a few minutes.",
    )


def _carrier(exc: APIError) -> str:
    if exc.errors:
        return translate("Errors", "The carrier reported a problem: {0}").format(_server(exc))
    return translate("Errors", "The carrier reported a problem with this shipment.")


def _carrier_timeout(_exc: APIError) -> str:
    return translate(
        "Errors",
        "The carrier did not answer in time. Check the shipment history before trying again.",
    )


def _label_download(_exc: APIError) -> str:
    return translate(
        "Errors",
        "The shipment was created, but its label could not be downloaded. "
        "Use 'Download label again' before printing.",
    )


def _row_conflict(_exc: APIError) -> str:
    return translate(
        "Errors",
        "Several shipments on the service carry this row's reference; decide in the History.",
    )


@functools.cache
def _texts() -> dict[type[BaseException], Callable[[APIError], str]]:
    """The most specific class of an exception's MRO that is listed here gives its text.

    Built on the first error: the batch runner and the journaled creator (httpx under them)
    stay out of the app's start-up."""
    from desktop_app.batch_runs.runner import RowConflict
    from desktop_app.client.journaled_creation import LabelDownloadError

    return {
        APIError: _api,
        APIConnectionError: _connection,
        CertificateError: _certificate,
        SessionEndedError: _session_ended,
        APITimeoutError: _timeout,
        BadRequestError: _bad_request,
        AuthenticationError: _authentication,
        PermissionDeniedError: _permission,
        NotFoundError: _not_found,
        PayloadTooLargeError: _too_large,
        UnsupportedMediaTypeError: _media_type,
        UnprocessableEntityError: _unprocessable,
        RateLimitError: _rate_limited,
        InternalServerError: _server_failed,
        ServiceUnavailableError: _unavailable,
        CarrierError: _carrier,
        CarrierTimeoutError: _carrier_timeout,
        LabelDownloadError: _label_download,
        RowConflict: _row_conflict,
    }


def _key_environment(exc: BaseException) -> str:
    if str(exc).startswith("This is a sandbox"):
        return translate(
            "Errors",
            "This is a sandbox (test) API key, but the profile is a live profile. "
            "Enter the live key from your account page, or use a sandbox profile.",
        )
    return translate(
        "Errors",
        "This is a live API key, but the profile is a sandbox profile: shipments would be "
        "real and charged. Enter the sandbox key, or use a live profile.",
    )


def client_error_text(exc: BaseException) -> str | None:
    """The client error's sentence in the UI language, or None for no client error.

    An `APIError` subclass missing from the table keeps its own (English) `user_message`.
    """
    if isinstance(exc, ProfileKeyEnvironmentError):  # the client's is a subclass
        return _key_environment(exc)
    if not isinstance(exc, APIError):
        return None
    for cls in type(exc).__mro__:
        text = _texts().get(cls)
        if text is None:
            continue
        if cls is APIError and type(exc).default_user_message != APIError.default_user_message:
            return exc.user_message  # an error class written after this table: its own words
        return text(exc)
    return None
