"""Colours and texts that make sandbox and live look different at a glance, and the few
semantic colours of the app (error, ok, muted, warning, info) in a light, a dark and two
high-contrast variants.

Text takes the palette's colours; only what carries a meaning has a colour of its own, and
that colour is the variant of the scheme in force (`color(ERROR)`): the palette's window
says dark or light, the system's contrast preference says high contrast. When the scheme
changes, `restyle_all` swaps the variants in every widget's style sheet and repaints the
lists, whose rows ask for their colour as they paint (models, gui/widgets/meaning_items.py),
so what was shown before the change follows it too. Every variant has a contrast ratio of
at least 4.5:1 (WCAG AA) against its background (tests/gui/core/test_theme.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate

if TYPE_CHECKING:
    from PySide6.QtGui import QAccessibilityHints, QStyleHints

APP_NAME = "Packdesk"

ERROR, OK, MUTED, WARNING, INFO = "error", "ok", "muted", "warning", "info"
LIGHT, DARK, LIGHT_HIGH_CONTRAST, DARK_HIGH_CONTRAST = range(4)

#: the text colour of each meaning: light, dark, light high contrast, dark high contrast
TEXT_COLORS: dict[str, tuple[str, str, str, str]] = {
    ERROR: ("#b3261e", "#f2b8b5", "#8c0000", "#ff9e9e"),
    OK: ("#1b5e20", "#81c995", "#004400", "#8dff8d"),
    MUTED: ("#5f6368", "#bdc1c6", "#1f1f1f", "#e0e0e0"),
    WARNING: ("#a54300", "#fcc96b", "#6b2c00", "#ffd27a"),
    INFO: ("#0d47a1", "#a8c7fa", "#00007a", "#b3d4ff"),
}
#: a message box's background and border per meaning (its text is the meaning's colour)
BOX_BACKGROUNDS: dict[str, tuple[str, str, str, str]] = {
    ERROR: ("#fdecea", "#41201e", "#fffafa", "#100000"),
    OK: ("#e8f5e9", "#1c3522", "#fafffa", "#001000"),
    INFO: ("#e3f2fd", "#1a2c45", "#fafcff", "#000010"),
}
BOX_BORDERS: dict[str, tuple[str, str, str, str]] = {
    ERROR: ("#f5c6c2", "#8c3a35", "#8c0001", "#ff9e9f"),
    OK: ("#c8e6c9", "#3c6e47", "#004401", "#8dff8e"),
    INFO: ("#bbdefb", "#3d5f8f", "#00007b", "#b3d4fe"),
}
#: the background of a batch row by its state (its text is the palette's)
ROW_BACKGROUNDS: dict[str, tuple[str, str, str, str]] = {
    "invalid": ("#fde7e9", "#4a1f1c", "#fff0f0", "#2a0000"),
    "failed": ("#fde7e9", "#4a1f1c", "#fff0f0", "#2a0000"),
    "created": ("#e6f4ea", "#1c3a26", "#f0fff0", "#002a00"),
    "creating": ("#fff8e1", "#4a3b10", "#fffff0", "#2a2a00"),
    "canceled": ("#eeeeee", "#3a3a3a", "#f4f4f4", "#1a1a1a"),
}


#: the application's style hints and their accessibility hints, held for the app's life:
#: with the style hints' wrapper collected, PySide 6 deletes the accessibility hints' C++
#: object, and every later call (and the contrast signal) fails
_HELD_HINTS: list[tuple[QStyleHints, QAccessibilityHints]] = []


def accessibility_hints() -> QAccessibilityHints:
    """The application's QAccessibilityHints (one wrapper, kept with its style hints)."""
    from PySide6.QtGui import QGuiApplication

    if not _HELD_HINTS:
        hints = QGuiApplication.styleHints()
        _HELD_HINTS.append((hints, hints.accessibility()))
    return _HELD_HINTS[0][1]


def style_hints() -> QStyleHints:
    """The application's QStyleHints (the wrapper held with its accessibility hints)."""
    accessibility_hints()
    return _HELD_HINTS[0][0]


def high_contrast() -> bool:
    """Whether the system asks for high contrast."""
    from PySide6.QtCore import Qt

    return accessibility_hints().contrastPreference() == Qt.ContrastPreference.HighContrast


def scheme() -> int:
    """The variant in force: LIGHT, DARK or one of the high-contrast ones."""
    from PySide6.QtGui import QGuiApplication, QPalette

    dark = QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    high = high_contrast()
    return (DARK_HIGH_CONTRAST if dark else LIGHT_HIGH_CONTRAST) if high else int(dark)


def color(meaning: str) -> str:
    """The text colour of `meaning` (ERROR, OK, ...) in the scheme in force."""
    return TEXT_COLORS[meaning][scheme()]


def row_background(status: str) -> str | None:
    """A batch row's background for its state in the scheme in force (None: the palette's)."""
    variants = ROW_BACKGROUNDS.get(status)
    return variants[scheme()] if variants else None


def error_label_style() -> str:
    """Style sheet of a problem under a field."""
    return f"color: {color(ERROR)}; font-size: 90%;"


def message_style(meaning: str) -> str:
    """Style sheet of a message box (ERROR, OK or INFO) in the scheme in force."""
    variant = scheme()
    return (
        f"QLabel {{ color: {TEXT_COLORS[meaning][variant]};"
        f" background: {BOX_BACKGROUNDS[meaning][variant]};"
        f" border: 1px solid {BOX_BORDERS[meaning][variant]};"
        " padding: 6px; border-radius: 4px; }"
    )


def _variants() -> dict[str, tuple[str, ...]]:
    """Every colour of a variant, with the same colour in each of the other variants."""
    table: dict[str, tuple[str, ...]] = {}
    for colors in (TEXT_COLORS, BOX_BACKGROUNDS, BOX_BORDERS):
        for variants in colors.values():
            for hex_color in variants:
                table[hex_color] = variants
    return table


def restyle(style_sheet: str, variant: int) -> str:
    """`style_sheet` with each semantic colour in `variant`."""
    table = _variants()
    return re.sub(
        r"#[0-9a-fA-F]{6}\b",
        lambda m: table[m[0].lower()][variant] if m[0].lower() in table else m[0],
        style_sheet,
    )


def restyle_all() -> None:
    """Swap the semantic colours of every widget's style sheet for the scheme in force (the
    system changed it) and repaint the item views (their colours come from the models)."""
    from PySide6.QtWidgets import QAbstractItemView, QApplication

    variant = scheme()
    for widget in QApplication.allWidgets():
        sheet = widget.styleSheet()
        if sheet:
            new = restyle(sheet, variant)
            if new != sheet:
                widget.setStyleSheet(new)
        style = widget.style()
        if style.metaObject().className() == "QStyleSheetStyle":
            # a widget under a style sheet keeps the palette it was polished with
            style.unpolish(widget)
            style.polish(widget)
        if isinstance(widget, QAbstractItemView):
            widget.viewport().update()


@dataclass(frozen=True, slots=True)
class EnvironmentLook:
    """How one environment is shown: banner text, colours, the word in the title."""

    word_source: str
    banner_source: str
    background: str
    foreground: str
    frame: str

    @property
    def word(self) -> str:
        """ "SANDBOX" or "LIVE" in the UI language."""
        return translate("Window", self.word_source)

    @property
    def banner(self) -> str:
        """The banner's text in the UI language."""
        return translate("Window", self.banner_source)


SANDBOX_LOOK = EnvironmentLook(
    word_source=QT_TRANSLATE_NOOP("Window", "SANDBOX"),
    banner_source=QT_TRANSLATE_NOOP("Window", "SANDBOX — test labels, not for shipping"),
    background="#ffd54f",
    foreground="#3e2700",
    frame="#f9a825",
)
LIVE_LOOK = EnvironmentLook(
    word_source=QT_TRANSLATE_NOOP("Window", "LIVE"),
    banner_source=QT_TRANSLATE_NOOP("Window", "LIVE — labels cost money"),
    background="#2e7d32",
    foreground="#ffffff",
    frame="#17521b",
)


#: the environments a profile can have
ENVIRONMENTS = ("sandbox", "live")


def look_for(environment: str) -> EnvironmentLook:
    """The look of "sandbox" or "live" (anything else is treated as live: the safe side)."""
    return SANDBOX_LOOK if environment == "sandbox" else LIVE_LOOK


def profile_title(profile: Any) -> str:
    """A profile's name as shown: the built-in Local sandbox's in the UI language."""
    if getattr(profile, "builtin_local", False):
        return translate("Window", "Local sandbox")
    return str(profile.name)


def window_title(profile_name: str, environment: str) -> str:
    """`Packdesk — <profile> (SANDBOX|LIVE)`."""
    return translate("Window", "{app} — {profile} ({environment})").format(
        app=APP_NAME, profile=profile_name, environment=look_for(environment).word
    )


def banner_style(environment: str) -> str:
    """Style sheet of the environment banner."""
    look = look_for(environment)
    return (
        f"QFrame#environmentBanner {{ background: {look.background}; "
        f"border-bottom: 3px solid {look.frame}; }}"
        f"QFrame#environmentBanner QLabel {{ color: {look.foreground}; font-weight: bold; }}"
    )


def frame_style(environment: str) -> str:
    """A coloured frame around the central area, so the environment shows on every page."""
    look = look_for(environment)
    return f"QWidget#centralFrame {{ border: 4px solid {look.frame}; }}"
