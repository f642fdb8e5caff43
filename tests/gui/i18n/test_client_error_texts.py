"""The client's errors in the GUI: a German sentence per error class with German chosen, with its
parameters (status, wait, the service's own messages as they came); the client keeps English."""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from desktop_app.batch_runs.runner import RowConflict
from desktop_app.client import errors as client_errors
from desktop_app.client.errors import (
    APIConnectionError,
    APIError,
    APIStatusError,
    APITimeoutError,
    CertificateError,
    KeyEnvironmentError,
    SessionEndedError,
    error_from_response,
)
from desktop_app.client.journaled_creation import LabelDownloadError
from desktop_app.client.keys import mismatch_message
from desktop_app.gui.i18n import install_translations
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.gui.widgets.tasks import service_text
from desktop_app.profiles.store import StoredShipment


@pytest.fixture
def german(qapp: Any) -> Iterator[None]:  # noqa: ARG001 - translations need the app
    install_translations("de")
    try:
        yield
    finally:
        install_translations("en")


def _answer(status: int, errors: list[str] | None = None, **headers: str) -> APIStatusError:
    request = httpx.Request("POST", "https://127.0.0.1:1/v1/shipments")
    body = {"errors": errors} if errors is not None else {}
    return error_from_response(httpx.Response(status, json=body, headers=headers, request=request))


def _shipment() -> StoredShipment:
    fields = inspect.signature(StoredShipment).parameters
    return StoredShipment(**{name: None for name in fields})  # type: ignore[arg-type]


def _every_error() -> list[BaseException]:
    return [
        APIError("x"),
        APIConnectionError(),
        APITimeoutError(),
        CertificateError("GET me: not trusted"),
        SessionEndedError("GET shipments: the session ended before the answer"),
        KeyEnvironmentError(mismatch_message("sandbox")),
        KeyEnvironmentError(mismatch_message("live")),
        RowConflict("several"),
        *(_answer(status) for status in (400, 401, 403, 404, 409, 413, 415, 422, 429)),
        *(_answer(status) for status in (500, 502, 503, 504)),
    ]


def test_every_client_error_class_has_a_german_sentence(german: None) -> None:
    seen: set[type[BaseException]] = set()
    for exc in _every_error():
        text = client_error_text(exc)
        seen.add(type(exc))
        assert text, type(exc)
        assert text != exc.user_message, f"{type(exc).__name__} shows English: {text}"  # type: ignore[attr-defined]
        assert any(w in text for w in ("Versandserver", "Paketdienst", "Bitte", "Konto")), text
    # a new error class of the client fails here until the GUI words it
    classes = {
        cls
        for _, cls in inspect.getmembers(client_errors, inspect.isclass)
        if issubclass(cls, APIError) and cls.__module__ == client_errors.__name__
    }
    assert classes <= seen, classes - seen


def test_parameters_and_the_services_own_messages(german: None) -> None:
    assert client_error_text(_answer(503)) == (
        "Der Versandserver ist gerade nicht verfügbar. Bitte in ein paar Minuten erneut versuchen."
    )
    assert "(HTTP-Status 500)" in (client_error_text(_answer(500)) or "")
    assert client_error_text(_answer(429, **{"retry-after": "1"})) == (
        "Zu viele Anfragen an den Versandserver. Bitte 1 Sekunde warten."
    )
    assert client_error_text(_answer(429, **{"retry-after": "30"})) == (
        "Zu viele Anfragen an den Versandserver. Bitte 30 Sekunden warten."
    )
    # a server message without a code stays as it came, inside the German sentence
    assert client_error_text(_answer(502, ["DHL: Empfängeradresse unbekannt"])) == (
        "Der Paketdienst meldet ein Problem: DHL: Empfängeradresse unbekannt"
    )
    assert client_error_text(_answer(400, ["shipment already deleted"])) == (
        "Der Versandserver hat die Anfrage nicht angenommen: shipment already deleted"
    )
    assert service_text(_answer(400, ["shipment already deleted"])) == "shipment already deleted"
    assert service_text(APIConnectionError()).startswith("Der Versandserver ist nicht erreichbar.")
    assert client_error_text(LabelDownloadError(_shipment(), APITimeoutError())) == (
        "Die Sendung wurde angelegt, aber ihr Etikett konnte nicht heruntergeladen werden. "
        "Bitte vor dem Drucken das Etikett erneut herunterladen."
    )
    assert client_error_text(ValueError("not a client error")) is None


def test_english_is_the_clients_own_wording(qapp: Any) -> None:  # noqa: ARG001
    install_translations("en")
    for exc in (APIConnectionError(), APITimeoutError(), CertificateError("x"), _answer(401)):
        assert client_error_text(exc) == exc.user_message
    assert client_error_text(_answer(429, **{"retry-after": "2"})) == (
        "Too many requests to the shipping service. Please wait 2 seconds."
    )
