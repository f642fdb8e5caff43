"""Where an order's weight came from, in the user's words (the Batch page, the Scan page's
orders inbox): scale, typed, catalogue, order file, default (domain/weights.py)."""

from __future__ import annotations

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate

__all__ = ["SOURCE_WORDS", "source_text"]

SOURCE_WORDS = {
    "scale": QT_TRANSLATE_NOOP("Weights", "scale"),
    "typed": QT_TRANSLATE_NOOP("Weights", "typed"),
    "catalogue": QT_TRANSLATE_NOOP("Weights", "catalogue"),
    "file": QT_TRANSLATE_NOOP("Weights", "order file"),
    "catalogue+file": QT_TRANSLATE_NOOP("Weights", "catalogue + order file"),
    "default": QT_TRANSLATE_NOOP("Weights", "default"),
}


def source_text(source: str | None) -> str:
    """A weight's source in the UI language ("" when there is none)."""
    word = SOURCE_WORDS.get(source or "")
    return translate("Weights", word) if word else ""
