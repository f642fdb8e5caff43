"""Countries by name in the UI language, chosen from a searchable list; the ISO code is stored.

Names come from babel's CLDR data (QLocale.territoryToString is English-only): "Deutschland",
"Vereinigtes Königreich". Typing the code ("de"), the German or the English name all work.
They are read from resources/translations/countries.json, written from babel by
tools/country_names.py: loading babel's locale data took a fifth of the first window's work.
"""

from __future__ import annotations

import json
import re
from functools import cache

from PySide6.QtCore import QStringListModel, Qt, QTimer
from PySide6.QtWidgets import QCompleter, QLineEdit

from desktop_app.domain.rules.codes import COUNTRY_CODES
from desktop_app.gui.i18n import SUPPORTED, current_language
from desktop_app.resources import resource_path

_CODE_IN_ENTRY = re.compile(r"\(([A-Za-z]{2})\)\s*$")


@cache
def _names_file() -> dict[str, dict[str, str]]:
    text = resource_path("translations", "countries.json").read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


@cache
def country_names(language: str) -> dict[str, str]:
    """ISO code -> the country's name in `language` ("de" or "en"), for every code the rules
    accept (a code CLDR has no name for keeps its code)."""
    named = _names_file().get(language, {})
    return {code: named.get(code, code) for code in sorted(COUNTRY_CODES)}


@cache
def _by_name() -> dict[str, str]:
    out: dict[str, str] = {}
    for language in SUPPORTED:
        for code, name in country_names(language).items():
            out.setdefault(name.casefold(), code)
    return out


def country_name(code: str) -> str:
    """The name of `code` in the UI language ("" for "", the text itself when unknown)."""
    return country_names(current_language()).get(code.upper(), code) if code else ""


def country_code(text: str) -> str:
    """The ISO code for what was typed or chosen: "DE", "de", "Deutschland", "Germany" or a
    list entry "Deutschland (DE)"; anything else comes back as typed (the rules say so)."""
    value = text.strip()
    entry = _CODE_IN_ENTRY.search(value)
    if entry is not None and entry.group(1).upper() in COUNTRY_CODES:
        return entry.group(1).upper()
    if value.upper() in COUNTRY_CODES:
        return value.upper()
    return _by_name().get(value.casefold(), value)


def attach_country_list(edit: QLineEdit) -> QCompleter:
    """Offer every country as "Name (CODE)" while typing a part of the name or the code; on
    leaving the field a known country shows its name."""
    names = country_names(current_language())
    entries = sorted((f"{name} ({code})" for code, name in names.items()), key=str.casefold)
    completer = QCompleter(QStringListModel(entries, edit), edit)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setMaxVisibleItems(12)
    edit.setCompleter(completer)

    def show_name() -> None:
        code = country_code(edit.text())
        if code in COUNTRY_CODES and edit.text() != names[code]:
            edit.setText(names[code])
            edit.setCursorPosition(0)  # the name's beginning once the field is left
            edit.textEdited.emit(edit.text())  # the user's choice: the form checks it again

    edit.editingFinished.connect(show_name)
    # after the completer has put its entry into the field
    completer.activated.connect(lambda _text: QTimer.singleShot(0, show_name))
    return completer
