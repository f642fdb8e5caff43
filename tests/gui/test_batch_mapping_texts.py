"""The batch page's mapping step words every shipment field of the Qt-free batch core (whose
`TARGETS` descriptions are English, for the CLI) in the UI language, by the field's key."""

from __future__ import annotations

from typing import Any

from desktop_app.batch.mapping import TARGETS
from desktop_app.gui.batch.page import target_texts
from desktop_app.gui.i18n import install_translations


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
