"""The semantic colours (errors, notes, ok, warnings, info boxes, batch rows) read well in the
light and the dark scheme and in high contrast: a contrast ratio of at least 4.5:1 (WCAG 2.1
AA) against what they stand on; a switch of the system's scheme recolours what is shown."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core import theme
from desktop_app.gui.core.appearance import follow_system_appearance, scheme_palette
from desktop_app.gui.scan.presenter import BLUE, GREEN, RED
from desktop_app.gui.shipment.page import ShipmentPage
from tests.gui.shipment_desk import fill_valid, wait_until

AA = 4.5
VARIANTS = {
    theme.LIGHT: (False, False),
    theme.DARK: (True, False),
    theme.LIGHT_HIGH_CONTRAST: (False, True),
    theme.DARK_HIGH_CONTRAST: (True, True),
}


def luminance(color: QColor) -> float:
    """WCAG 2.1 relative luminance."""

    def channel(value: float) -> float:
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.redF())
        + 0.7152 * channel(color.greenF())
        + 0.0722 * channel(color.blueF())
    )


def contrast(a: QColor | str, b: QColor | str) -> float:
    """WCAG 2.1 contrast ratio of two colours."""
    first, second = sorted((luminance(QColor(a)), luminance(QColor(b))), reverse=True)
    return (first + 0.05) / (second + 0.05)


def test_the_contrast_ratio_is_wcags() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_semantic_colour_reads_on_its_background(variant: int) -> None:
    palette = scheme_palette(*VARIANTS[variant])
    window = palette.color(QPalette.ColorRole.Window)
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    low: list[str] = []

    def check(what: str, fg: QColor | str, bg: QColor | str) -> None:
        if contrast(fg, bg) < AA:
            low.append(f"{what}: {QColor(fg).name()} on {QColor(bg).name()} {contrast(fg, bg):.2f}")

    for meaning, colors in theme.TEXT_COLORS.items():
        check(f"{meaning} on the window", colors[variant], window)
        check(f"{meaning} in a list", colors[variant], base)
    for meaning, backgrounds in theme.BOX_BACKGROUNDS.items():
        check(f"{meaning} box", theme.TEXT_COLORS[meaning][variant], backgrounds[variant])
    for status, backgrounds in theme.ROW_BACKGROUNDS.items():
        check(f"{status} row", text, backgrounds[variant])
    check("a problem in an invalid row", theme.TEXT_COLORS[theme.ERROR][variant],
          theme.ROW_BACKGROUNDS["invalid"][variant])  # fmt: skip
    assert low == []


def test_the_looks_of_their_own_read_in_every_scheme() -> None:
    """The environment badge and banner, the Scan banner: their own background and text."""
    for look in (theme.SANDBOX_LOOK, theme.LIVE_LOOK):
        assert contrast(look.foreground, look.background) >= AA, look
    for background in (GREEN, RED, BLUE):
        assert contrast("#ffffff", background) >= AA, background


def test_a_scheme_change_swaps_only_semantic_colours() -> None:
    """Each semantic colour stands for one meaning (the swap is unambiguous), and no look of
    its own (environment, Scan banner) is among them."""
    seen: dict[str, tuple[str, ...]] = {}
    for table in (theme.TEXT_COLORS, theme.BOX_BACKGROUNDS, theme.BOX_BORDERS):
        for variants in table.values():
            for color in variants:
                assert seen.setdefault(color, variants) == variants, color
    own = {GREEN, RED, BLUE}
    for look in (theme.SANDBOX_LOOK, theme.LIVE_LOOK):
        own |= {look.background, look.foreground, look.frame}
    assert own.isdisjoint(seen)
    sheet = theme.message_style(theme.ERROR) + theme.frame_style("live")
    dark = theme.restyle(sheet, theme.DARK)
    assert theme.TEXT_COLORS[theme.ERROR][theme.DARK] in dark
    assert theme.LIVE_LOOK.frame in dark


def _colored(widget: QWidget) -> list[tuple[QWidget, str, str | None]]:
    """Widgets under `widget` whose style sheet gives a text colour: (widget, colour, the
    background the sheet gives or None)."""
    found = []
    for child in [widget, *widget.findChildren(QWidget)]:
        sheet = child.styleSheet()
        fg = re.search(r"(?<![-\w])color:\s*(#[0-9a-fA-F]{6})", sheet)
        if fg and child.isVisible():
            bg = re.search(r"background:\s*(#[0-9a-fA-F]{6})", sheet)
            found.append((child, fg[1], bg[1] if bg else None))
    return found


async def test_switching_to_dark_recolours_every_semantic_label(
    qapp: QApplication, qtbot: QtBot, desk_context: Any
) -> None:
    """On the New shipment page with problems, a refused creation's message and the notes:
    dark, then high contrast, then light again; each coloured label reads on what it stands
    on in each."""
    hints = qapp.styleHints()
    before = qapp.palette()
    appearance = follow_system_appearance(qapp)
    page = ShipmentPage(desk_context)
    qtbot.addWidget(page)
    page.resize(1016, 474)
    page.show()
    try:
        await wait_until(lambda: page.form.first_editor() is not None)
        fill_valid(qtbot, page.form)
        page.form.receiver.fields["zip_code"].set_text("1")
        page.form.validate_now()
        page.creation.messages.show_message("error", "The carrier refused the label.")

        def low_contrast() -> list[str]:
            window = qapp.palette().color(QPalette.ColorRole.Window)
            labels = _colored(page)
            assert len(labels) >= 5, [w.objectName() for w, _c, _b in labels]
            return [
                f"{type(w).__name__} {w.objectName()!r}: {fg} on {QColor(bg or window).name()}"
                for w, fg, bg in labels
                if contrast(fg, bg or window) < AA
            ]

        assert low_contrast() == []
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        assert theme.scheme() == theme.DARK
        assert low_contrast() == []
        hints.colorSchemeChanged.emit(Qt.ColorScheme.Light)
        assert theme.scheme() == theme.LIGHT
        assert low_contrast() == []
    finally:
        appearance.deleteLater()
        qapp.setPalette(before)
        theme.restyle_all()


def test_a_control_under_a_style_sheet_takes_the_dark_palette(
    qapp: QApplication, qtbot: QtBot
) -> None:
    """The main window's frame has a style sheet (the environment's colour): the inputs
    under it turn dark with the rest (Qt keeps the palette they were polished with)."""
    from PySide6.QtWidgets import QLineEdit, QVBoxLayout

    before = qapp.palette()
    appearance = follow_system_appearance(qapp)
    frame = QWidget()
    frame.setObjectName("centralFrame")
    frame.setStyleSheet(theme.frame_style("sandbox"))
    editor = QLineEdit()
    QVBoxLayout(frame).addWidget(editor)
    qtbot.addWidget(frame)
    frame.show()
    try:
        qapp.styleHints().colorSchemeChanged.emit(Qt.ColorScheme.Dark)
        base = editor.palette().color(QPalette.ColorRole.Base)
        assert base == qapp.palette().color(QPalette.ColorRole.Base) and base.lightness() < 128
        assert contrast(editor.palette().color(QPalette.ColorRole.Text), base) >= AA
    finally:
        appearance.deleteLater()
        qapp.setPalette(before)
        theme.restyle_all()


def test_no_fixed_colour_outside_the_theme() -> None:
    """A colour written into a page would not follow the scheme: colours live in the theme
    (and the palettes of appearance.py, the Scan banner's own backgrounds)."""
    from pathlib import Path

    gui = Path(theme.__file__).parents[1]
    allowed = {"core/theme.py", "core/appearance.py", "scan/presenter.py"}
    fixed = [
        f"{path.relative_to(gui)}:{number}"
        for path in sorted(gui.rglob("*.py"))
        if path.relative_to(gui).as_posix() not in allowed
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if re.search(r"#[0-9a-fA-F]{6}\b|GlobalColor\.(?!white)", line)
    ]
    assert fixed == []
