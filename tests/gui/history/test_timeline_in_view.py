"""At 1024x600 the tracking timeline's buttons and their answer stand in view under History's
table: never below the fold of a scroll area nor under its scroll bar."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect
from PySide6.QtWidgets import QAbstractScrollArea, QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shell.main_window import HISTORY
from tests.gui.app_context import create
from tests.gui.shipment_desk import make_window, wait_until


def _hidden_by_scrolling(widget: QWidget) -> list[str]:
    """Where a scroll area around `widget` shows it only in part: below or right of its
    viewport, or under its vertical scroll bar."""
    found = []
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            view = parent.viewport()
            rect = QRect(widget.mapTo(view, QPoint(0, 0)), widget.size())
            if not view.rect().contains(rect):
                found.append(f"{widget.objectName()} at {rect} outside {view.rect()}")
            bar = parent.verticalScrollBar()
            if bar.isVisible():
                bar_rect = QRect(bar.mapTo(view, QPoint(0, 0)), bar.size())
                if bar_rect.intersects(rect):
                    found.append(f"{widget.objectName()} at {rect} under the bar {bar_rect}")
        parent = parent.parentWidget()
    return found


async def test_timeline_buttons_and_answer_in_view_at_1024x600(
    ctx: AppContext, qtbot: QtBot
) -> None:
    window = make_window(qtbot, ctx, operations=True)
    window.resize(1024, 600)
    await create(ctx, reference_number="VIEW-1")
    window.show_page(HISTORY)
    history = window.history_page
    await history.reload()
    history.table.selectRow(0)
    timeline = history.timeline
    await wait_until(lambda: timeline.shipment is not None)
    timeline.show_message("Tracking updated.")
    await wait_until(lambda: window.size().height() == 600 and timeline.message.isVisible())
    hidden = [
        problem
        for widget in (timeline.refresh_button, timeline.next_button, timeline.message)
        for problem in _hidden_by_scrolling(widget)
    ]
    assert hidden == []
    assert all(w.isVisibleTo(window) for w in (timeline.refresh_button, timeline.next_button))
