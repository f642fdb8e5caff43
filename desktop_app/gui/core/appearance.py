"""The app's colours follow the system: dark or light (Qt's colour scheme), and high contrast.

Where the platform's style follows the scheme itself (Windows 11, macOS, GNOME and KDE
through their portal) nothing is changed. Where it does not (plain X11 window managers,
offscreen), the palette is set to match: Fusion's own palette for light, a dark one for dark;
high contrast gets black on white (or white on black) with a strong highlight. A change of
the system's setting while the app runs applies at once.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QColor, QGuiApplication, QPalette

from desktop_app.gui.core.theme import (
    accessibility_hints,
    high_contrast,
    restyle_all,
    style_hints,
)

# by QPalette.ColorRole name (the enum is made on first use: not at start-up)
_DARK = {
    "Window": "#202124",
    "WindowText": "#e8eaed",
    "Base": "#171717",
    "AlternateBase": "#2a2b2e",
    "Text": "#e8eaed",
    "Button": "#2d2e31",
    "ButtonText": "#e8eaed",
    "ToolTipBase": "#303134",
    "ToolTipText": "#e8eaed",
    "PlaceholderText": "#9aa0a6",
    "Highlight": "#8ab4f8",
    "HighlightedText": "#202124",
    "Link": "#8ab4f8",
}


def scheme_palette(dark: bool, high_contrast: bool) -> QPalette:
    """The palette of a colour scheme (and contrast)."""
    from PySide6.QtWidgets import QStyleFactory

    fusion = QStyleFactory.create("Fusion")
    palette = QPalette(fusion.standardPalette()) if fusion is not None else QPalette()
    if dark:
        for role_name, color in _DARK.items():
            palette.setColor(getattr(QPalette.ColorRole, role_name), QColor(color))
    if high_contrast:
        ink, paper = (
            (QColor("white"), QColor("black")) if dark else (QColor("black"), QColor("white"))
        )
        for role in (
            QPalette.ColorRole.WindowText,
            QPalette.ColorRole.Text,
            QPalette.ColorRole.ButtonText,
            QPalette.ColorRole.ToolTipText,
            QPalette.ColorRole.PlaceholderText,
        ):
            palette.setColor(role, ink)
        for role in (
            QPalette.ColorRole.Window,
            QPalette.ColorRole.Base,
            QPalette.ColorRole.Button,
            QPalette.ColorRole.ToolTipBase,
            QPalette.ColorRole.AlternateBase,
        ):
            palette.setColor(role, paper)
        palette.setColor(QPalette.ColorRole.Highlight, QColor("#ffff00" if dark else "#0000c0"))
        palette.setColor(QPalette.ColorRole.HighlightedText, QColor("black" if dark else "white"))
    return palette


def is_dark(palette: QPalette) -> bool:
    """Whether a palette draws light text on a dark window."""
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


class SystemAppearance(QObject):
    """Keeps the application's palette in step with the system's scheme and contrast."""

    def __init__(self, app: QGuiApplication) -> None:
        super().__init__(app)
        self.app = app
        self._platform = QPalette(app.palette())  # what the platform gave, before any change
        accessibility = accessibility_hints()
        hints = style_hints()
        self._scheme = hints.colorScheme()
        hints.colorSchemeChanged.connect(self._scheme_changed)
        accessibility.contrastPreferenceChanged.connect(lambda *_: self.apply())
        self.apply()

    def _scheme_changed(self, scheme: Qt.ColorScheme) -> None:
        self._scheme = scheme
        self.apply()

    @property
    def dark(self) -> bool:
        """Whether the system asks for dark colours (as its last change said)."""
        return self._scheme == Qt.ColorScheme.Dark

    @property
    def high_contrast(self) -> bool:
        """Whether the system asks for high contrast."""
        return high_contrast()

    def apply(self) -> None:
        """Set the palette the system's settings ask for (the platform's own when it fits)."""
        dark, high = self.dark, self.high_contrast
        if not high and is_dark(self._platform) == dark:
            self.app.setPalette(self._platform)  # the platform's style follows the scheme
        else:
            self.app.setPalette(scheme_palette(dark, high))
        restyle_all()  # the semantic colours (errors, notes) in the scheme's variant


def follow_system_appearance(app: QGuiApplication) -> SystemAppearance:
    """Follow the system's colour scheme and contrast from now on."""
    return SystemAppearance(app)
