"""`Presenter`: the base of every page's presenter (what a page shows and does, no widget).

It holds the app context, the presenter's background tasks (the context's too, so closing
the app cancels them first; a failure becomes an error message) and the one way a presenter
says something to its page: `message_shown(text, error)`, "" clearing the message.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from desktop_app.gui.widgets.tasks import TaskSet

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class Presenter(QObject):
    """A page's presenter: the context, its tasks and its messages."""

    #: a message for the page: its text ("" clears it) and whether it is an error
    message_shown = Signal(str, bool)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.tasks = TaskSet(lambda text: self.show_message(text, error=True), ctx)

    def show_message(self, text: str, error: bool = False) -> None:
        """Tell the user `text` (an error when `error`; "" clears the message)."""
        self.message_shown.emit(text, error)
