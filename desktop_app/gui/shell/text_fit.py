"""Which shown texts do not fit their control: the test probe's `cut_texts` and `out_of_view`.

A text is cut when the control paints less than the whole of it: elided ("…"), wider than the
control's contents, or (a word-wrapped label) taller than the height it has. Every visible
label, button, group box title, tab, header section, combo box and line edit of the open
windows is measured with its own font (QFontMetrics) against its contents rect.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from PySide6 import QtGui
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QRadioButton,
    QStackedWidget,
    QStatusBar,
    QStyle,
    QStyleOptionComboBox,
    QTabBar,
    QTabWidget,
    QToolButton,
    QWidget,
)

#: a pixel either way is rounding, not a cut
SLACK = 1
#: room a push or tool button keeps around its text (frame and the least padding)
BUTTON_PADDING = 8
_INVISIBLE = str.maketrans("", "", "\u200b\u00ad")
_might_be_rich = QtGui.Qt.mightBeRichText  # type: ignore[attr-defined]


def plain(text: str) -> str:
    """`text` as painted: mnemonic ampersands gone ("&&" is one "&"), soft breaks gone."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").translate(_INVISIBLE)


def open_windows() -> list[QWidget]:
    """The visible windows a user reads (Qt's file dialog, tooltips and popups aside)."""
    skipped = (Qt.WindowType.ToolTip, Qt.WindowType.Popup)
    return [
        w
        for w in QApplication.topLevelWidgets()
        if w.isVisible() and not isinstance(w, QFileDialog) and w.windowType() not in skipped
    ]


def page_of(widget: QWidget) -> str:
    """Where `widget` is: a dialog's title, then each tab it lies in ("Settings › Shops"), or
    "status bar"."""
    names: list[str] = []
    child: QWidget = widget
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QStatusBar):
            names.append("status bar")
        grand = parent.parentWidget()
        if isinstance(parent, QStackedWidget) and isinstance(grand, QTabWidget):
            index = grand.indexOf(child)
            if index >= 0:
                names.append(plain(grand.tabText(index)))
        child, parent = parent, grand
    window = widget.window()
    if window is not widget and not isinstance(window, QMainWindow):
        names.append(window.windowTitle())  # a dialog's title; the main window's pages suffice
    return " › ".join(reversed([n for n in names if n][:4]))


def _entry(text: str, widget: QWidget, needed: int, has: int, what: str = "") -> dict[str, Any]:
    return {
        "text": text[:200],
        "widget": f"{type(widget).__name__}#{widget.objectName()}" + (f" {what}" if what else ""),
        "page": page_of(widget),
        "needed": int(needed),
        "has": int(has),
    }


def _lines_width(metrics: QFontMetrics, text: str) -> int:
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)


def label_cut(label: QLabel) -> dict[str, Any] | None:
    """The label's text when it is elided, wider or (wrapped) taller than the label."""
    text = label.text()
    if not text or label.pixmap() is not None and not label.pixmap().isNull():
        return None
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and _might_be_rich(text)
    )
    contents = label.contentsRect()
    indent = max(0, label.margin()) * 2
    width, height = contents.width() - indent, contents.height() - indent
    shown = getattr(label, "shown_text", None)
    if callable(shown) and shown() != text:  # an ElidedLabel painting "…"
        metrics = label.fontMetrics()
        return _entry(text, label, metrics.horizontalAdvance(text), width, "elided")
    if rich:
        document = QTextDocument()
        document.setDefaultFont(label.font())
        document.setDocumentMargin(0)
        document.setHtml(text)
        if label.wordWrap():
            document.setTextWidth(width)
        needed_w, needed_h = int(document.idealWidth()), int(document.size().height())
        shown_text = document.toPlainText()
    else:
        metrics = label.fontMetrics()
        shown_text = plain(text) if label.buddy() is not None else text
        if label.wordWrap():
            box = metrics.boundingRect(
                QRect(0, 0, max(1, width), 100000), int(Qt.TextFlag.TextWordWrap.value), shown_text
            )
            needed_w, needed_h = box.width(), box.height()
        else:
            needed_w = _lines_width(metrics, shown_text)
            needed_h = metrics.height() * (shown_text.count("\n") + 1)
    if needed_w > width + SLACK:
        return _entry(shown_text, label, needed_w, width, "wider")
    if needed_h > height + SLACK:
        return _entry(shown_text, label, needed_h, height, "taller")
    return None


def button_cut(button: QAbstractButton) -> dict[str, Any] | None:
    """The button's text when it is wider than the button leaves room for."""
    text = plain(button.text())
    if not text or _paints_no_text(button):
        return None
    metrics = button.fontMetrics()
    needed = _lines_width(metrics, text)
    if not button.icon().isNull():
        needed += button.iconSize().width() + 4
    style = button.style()
    if isinstance(button, QCheckBox | QRadioButton):
        indicator = style.PixelMetric.PM_IndicatorWidth
        if isinstance(button, QRadioButton):
            indicator = style.PixelMetric.PM_ExclusiveIndicatorWidth
        spacing = style.pixelMetric(style.PixelMetric.PM_CheckBoxLabelSpacing, None, button)
        needed += style.pixelMetric(indicator, None, button) + spacing
    else:
        needed += BUTTON_PADDING
    has = button.width()
    if needed > has + SLACK:
        return _entry(text, button, needed, has)
    lines_height = metrics.height() * (text.count("\n") + 1)
    if lines_height > button.height() + SLACK:
        return _entry(text, button, lines_height, button.height(), "taller")
    return None


def _paints_no_text(button: QAbstractButton) -> bool:
    """A line edit's action button, or a tool button showing its icon only."""
    if isinstance(button.parentWidget(), QLineEdit):
        return True
    icon_only = Qt.ToolButtonStyle.ToolButtonIconOnly
    return (
        isinstance(button, QToolButton)
        and button.toolButtonStyle() == icon_only
        and not button.icon().isNull()
    )


def group_cut(box: QGroupBox) -> dict[str, Any] | None:
    """A group box's title when it is wider than the box."""
    text = plain(box.title())
    if not text:
        return None
    needed = box.fontMetrics().horizontalAdvance(text) + 2 * BUTTON_PADDING
    if box.isCheckable():
        needed += box.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, box)
    return _entry(text, box, needed, box.width()) if needed > box.width() + SLACK else None


def header_cuts(header: QHeaderView) -> Iterator[dict[str, Any]]:
    """Header sections in view whose title is wider (or, several lines, taller) than the
    section."""
    model = header.model()
    if model is None:
        return
    metrics = header.fontMetrics()
    margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    horizontal = header.orientation() == Qt.Orientation.Horizontal
    seen = header.viewport().rect()
    for section in range(header.count()):
        if header.isSectionHidden(section):
            continue
        start = header.sectionViewportPosition(section)
        size = header.sectionSize(section)
        span = QRect(start, 0, size, seen.height()) if horizontal else QRect(0, start, 1, size)
        if not span.intersects(seen):
            continue
        text = str(model.headerData(section, header.orientation()) or "")
        if not text:
            continue
        needed = _lines_width(metrics, text) + margin
        if header.isSortIndicatorShown() and header.sortIndicatorSection() == section:
            needed += metrics.height()
        has = size if horizontal else header.width()
        if needed > has + SLACK:
            yield _entry(text, header, needed, has, f"section {section}")
            continue
        lines = metrics.height() * (text.count("\n") + 1)
        if horizontal and lines > header.height() + SLACK:
            yield _entry(text, header, lines, header.height(), f"section {section} taller")


def tab_cuts(bar: QTabBar) -> Iterator[dict[str, Any]]:
    """Tabs whose title is elided, or which lie (partly) outside the bar (scrolled away)."""
    metrics = bar.fontMetrics()
    space = bar.style().pixelMetric(QStyle.PixelMetric.PM_TabBarTabHSpace, None, bar)
    for index in range(bar.count()):
        if not bar.isTabVisible(index):
            continue
        text = plain(bar.tabText(index))
        rect = bar.tabRect(index)
        needed = metrics.horizontalAdvance(text) + space // 2
        if not bar.rect().contains(rect):
            yield _entry(text, bar, rect.width(), rect.intersected(bar.rect()).width(), "outside")
        elif text and needed > rect.width() + SLACK:
            yield _entry(text, bar, needed, rect.width(), f"tab {index}")


def combo_cut(combo: QComboBox) -> dict[str, Any] | None:
    """A non-editable combo box's current text when wider than its text field (an editable
    one's line edit is measured as a line edit)."""
    text = combo.currentText()
    if not text or combo.isEditable():
        return None
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
    )
    needed = combo.fontMetrics().horizontalAdvance(text)
    if not combo.itemIcon(combo.currentIndex()).isNull():
        needed += combo.iconSize().width() + 4
    return _entry(text, combo, needed, field.width()) if needed > field.width() + SLACK else None


def line_edit_cut(edit: QLineEdit) -> dict[str, Any] | None:
    """A line edit's text (or, empty, its placeholder) when wider than its text area."""
    text = edit.text() or edit.placeholderText()
    if not text or edit.echoMode() != QLineEdit.EchoMode.Normal:
        return None
    margins = edit.textMargins()
    frame = edit.style().pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, edit)
    side = sum(
        child.width()
        for child in edit.findChildren(QWidget)
        if child.isVisible() and child.parentWidget() is edit
    )
    has = (
        edit.contentsRect().width()
        - margins.left()
        - margins.right()
        - 4  # QLineEdit's own horizontal margin, both sides
        - (2 * frame if edit.hasFrame() else 0)
        - side
    )
    needed = edit.fontMetrics().horizontalAdvance(text)
    return _entry(text, edit, needed, has) if needed > has + SLACK else None


def cut_texts(windows: list[QWidget] | None = None) -> list[dict[str, Any]]:
    """Every visible text of the open windows that its control does not show whole."""
    found: list[dict[str, Any]] = []
    for top in open_windows() if windows is None else windows:
        for widget in [top, *top.findChildren(QWidget)]:
            if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
                continue
            if isinstance(widget, QHeaderView):
                found += header_cuts(widget)
            elif isinstance(widget, QTabBar):
                found += tab_cuts(widget)
            else:
                entry = _one_cut(widget)
                if entry is not None:
                    found.append(entry)
    return found


def _one_cut(widget: QWidget) -> dict[str, Any] | None:
    if isinstance(widget, QLabel):
        return label_cut(widget)
    if isinstance(widget, QAbstractButton) and not isinstance(widget.parentWidget(), QTabBar):
        return button_cut(widget)
    if isinstance(widget, QGroupBox):
        return group_cut(widget)
    if isinstance(widget, QComboBox):
        return combo_cut(widget)
    if isinstance(widget, QLineEdit):
        return line_edit_cut(widget)
    return None


# --- out of view ----------------------------------------------------------------------------


def shown_text(widget: QWidget) -> str:
    """The text a label, button, line edit or combo box shows ("" for other controls)."""
    if isinstance(widget, QLabel):
        text = widget.text()
        if _might_be_rich(text):
            document = QTextDocument()
            document.setHtml(text)
            text = document.toPlainText()
        return text.translate(_INVISIBLE)
    if isinstance(widget, QAbstractButton):
        return plain(widget.text())
    if isinstance(widget, QLineEdit):
        return widget.text()
    if isinstance(widget, QComboBox):
        return widget.currentText()
    return ""


def _rect_list(rect: QRect) -> list[int]:
    return [rect.x(), rect.y(), rect.width(), rect.height()]


def _global(widget: QWidget) -> QRect:
    return QRect(widget.mapToGlobal(widget.rect().topLeft()), widget.size())


def in_view(widget: QWidget) -> bool:
    """Whether the whole of `widget` is inside every scroll area's visible part above it,
    its window and the screen (not scrolled away, not below the fold)."""
    rect = _global(widget)
    parent = widget.parentWidget()
    while parent is not None:
        area = parent.parentWidget()
        if isinstance(area, QAbstractScrollArea) and area.viewport() is parent:
            if not _global(parent).adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(rect):
                return False
        parent = area
    window = widget.window()
    if not _global(window).adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(rect):
        return False
    screen = window.screen()
    return screen is None or screen.geometry().contains(rect)


def where_shown(texts: list[str]) -> dict[str, dict[str, Any]]:
    """For each of `texts`: whether a visible control shows it, and whether that control is
    in view (of several showing it, one in view counts)."""
    answers: dict[str, dict[str, Any]] = {
        text: {"found": False, "in_view": False, "widget": "", "page": ""} for text in texts
    }
    for top in open_windows():
        for widget in [top, *top.findChildren(QWidget)]:
            if not widget.isVisible():
                continue
            text = shown_text(widget)
            if not text:
                continue
            for wanted, answer in answers.items():
                if wanted not in text or answer["in_view"]:
                    continue
                answer.update(
                    found=True,
                    in_view=in_view(widget),
                    widget=f"{type(widget).__name__}#{widget.objectName()}",
                    page=page_of(widget),
                    rect=_rect_list(_global(widget)),
                )
    return answers


def names_in_view(names: list[str]) -> dict[str, dict[str, Any]]:
    """For each object name: whether a visible control has it, and whether it is in view."""
    answers: dict[str, dict[str, Any]] = {}
    for name in names:
        shown = [
            widget
            for top in open_windows()
            for widget in [top, *top.findChildren(QWidget, name)]
            if widget.objectName() == name and widget.isVisible()
        ]
        answers[name] = {
            "found": bool(shown),
            "in_view": any(in_view(widget) for widget in shown),
            "page": page_of(shown[0]) if shown else "",
            "rect": _rect_list(_global(shown[0])) if shown else [],
        }
    return answers
