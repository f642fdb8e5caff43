"""The batch page's mapping step words every shipment field of the Qt-free batch core (whose
`TARGETS` descriptions are English, for the CLI) in the UI language, by the field's key."""

from __future__ import annotations

from typing import Any

import httpx

from desktop_app.batch_runs.rows import BatchRow
from desktop_app.batch_runs.runner import _error_text
from desktop_app.client.errors import (
    APIConnectionError,
    APIError,
    CarrierError,
    error_from_response,
)
from desktop_app.gui.batch.page import row_result_text, target_texts
from desktop_app.gui.i18n import install_translations
from desktop_app.orders.targets import TARGETS


def test_every_mapping_field_has_a_translated_description(qapp: Any) -> None:  # noqa: ARG001
    install_translations("de")
    try:
        german = target_texts()
    finally:
        install_translations("en")
    english = target_texts()
    assert set(german) == set(TARGETS), set(TARGETS) ^ set(german)
    untranslated = {key for key, text in german.items() if text == english[key]}
    assert not untranslated, untranslated
    assert german["to.zip_code"] == "Empfänger, PLZ"


def _failed(exc: APIError | None, note: str | None = None) -> BatchRow:
    row = BatchRow(0, {}, {}, [], "failed", "A-1", note=note)
    if exc is not None:
        row.error, row.failure = _error_text(exc), exc
    return row


def test_row_errors_and_notes_in_the_ui_language(qapp: Any) -> None:  # noqa: ARG001
    request = httpx.Request("POST", "https://127.0.0.1:1/v1/shipments")
    refused = error_from_response(
        httpx.Response(502, json={"errors": ["DHL: Adresse unbekannt"]}, request=request)
    )
    assert isinstance(refused, CarrierError)
    install_translations("de")
    try:
        assert row_result_text(_failed(APIConnectionError())).startswith(
            "Der Versandserver ist nicht erreichbar."
        )
        # the service's own message stays as it came
        assert row_result_text(_failed(refused)) == "DHL: Adresse unbekannt"
        assert row_result_text(_failed(None, "created by an earlier run")) == (
            "Von einem früheren Lauf angelegt."
        )
        assert row_result_text(_failed(None, "label not queued: disk full")) == (
            "Etikett nicht in die Druckwarteschlange gestellt: disk full"
        )
    finally:
        install_translations("en")
    english = row_result_text(_failed(APIConnectionError()))
    assert english == APIConnectionError().user_message
