"""Switch the colour scheme as the system would, while a test looks at what is shown: the
system's dark/light signal and its contrast preference (reported by the accessibility hints),
followed by the app's SystemAppearance; the palette is put back afterwards."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication

from desktop_app.gui.core import appearance as appearance_module
from desktop_app.gui.core import theme
from desktop_app.gui.core.appearance import follow_system_appearance

#: what the system reports for each variant: (colour scheme, high contrast)
SYSTEM_SETTINGS = {
    theme.LIGHT: (Qt.ColorScheme.Light, False),
    theme.DARK: (Qt.ColorScheme.Dark, False),
    theme.LIGHT_HIGH_CONTRAST: (Qt.ColorScheme.Light, True),
    theme.DARK_HIGH_CONTRAST: (Qt.ColorScheme.Dark, True),
}


@contextmanager
def switched_scheme(qapp: QApplication) -> Iterator[Callable[[int], None]]:
    """A function that switches to a variant (theme.DARK, ...) the way the system does."""
    before = qapp.palette()
    contrast_high = [False]

    def reported_contrast() -> bool:
        return contrast_high[0]

    patch = pytest.MonkeyPatch()
    # the contrast preference is the platform's to report; offscreen it never changes
    patch.setattr(theme, "high_contrast", reported_contrast)
    patch.setattr(appearance_module, "high_contrast", reported_contrast)
    appearance = follow_system_appearance(qapp)

    def switch(variant: int) -> None:
        color_scheme, high = SYSTEM_SETTINGS[variant]
        qapp.styleHints().colorSchemeChanged.emit(color_scheme)
        if high != contrast_high[0]:
            contrast_high[0] = high
            preference = (
                Qt.ContrastPreference.HighContrast if high else Qt.ContrastPreference.NoPreference
            )
            theme.accessibility_hints().contrastPreferenceChanged.emit(preference)
        assert theme.scheme() == variant

    try:
        yield switch
    finally:
        appearance.deleteLater()
        patch.undo()
        qapp.setPalette(before)
        theme.restyle_all()


def painted_colors(view: QAbstractItemView, index: QModelIndex) -> set[str]:
    """The colours the view paints a cell in (#rrggbb), read from the screen's pixels."""
    image = view.viewport().grab(view.visualRect(index)).toImage()
    return {
        image.pixelColor(x, y).name() for x in range(image.width()) for y in range(image.height())
    }
