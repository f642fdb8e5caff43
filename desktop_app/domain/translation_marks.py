"""The mark for words shown in the GUI but defined outside a translate() call.

`make translations-extract` (lupdate) finds the calls by this name; the GUI translates the
marked text where it shows it. Plain Python rather than Qt's own QT_TRANSLATE_NOOP: it is
typed `str -> str` (PySide6's stub says `object`), and Qt-free layers can mark words too.
"""

from __future__ import annotations


def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802, ARG001 - the name lupdate finds
    """`text` unchanged; `context` is the translation context lupdate files it under."""
    return text
