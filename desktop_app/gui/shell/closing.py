"""What closing the window means while work is in flight: `close_question` decides, the window asks.

A creation being awaited is finished first (the label is stored, never half-made); print jobs
not yet sent stay in the profile's print queue on disk and are sent when the app opens that
profile again; a job being sent gets a few seconds to finish.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QMessageBox, QWidget

from desktop_app.gui.i18n import translate

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

#: job states that are still to be printed (see desktop_app.printing.queue)
WAITING_STATES = ("queued", "sending", "waiting")


@dataclass(frozen=True, slots=True)
class CloseQuestion:
    """The question to ask before closing: text, details, the button that goes ahead."""

    text: str
    details: str
    proceed: str


def close_question(creating: bool, waiting_jobs: int) -> CloseQuestion | None:
    """None when nothing is in flight (close at once); else what to ask."""
    if not creating and waiting_jobs <= 0:
        return None
    parts: list[str] = []
    if creating:
        parts.append(
            translate(
                "Closing",
                "The label being created is finished and stored first, then Packdesk closes.",
            )
        )
    if waiting_jobs > 0:
        parts.append(
            translate(
                "Closing",
                "%n label(s) waiting to print stay in the print queue and are printed when "
                "Packdesk opens this profile again.",
                None,
                waiting_jobs,
            )
        )
    if creating:
        return CloseQuestion(
            translate("Closing", "A label is being created."),
            " ".join(parts),
            translate("Closing", "Finish, then close"),
        )
    return CloseQuestion(
        translate("Closing", "Labels are waiting to print."),
        " ".join(parts),
        translate("Closing", "Close"),
    )


def nothing_left_question() -> CloseQuestion:
    """The open question once what it waited for is done (the label stored, the jobs sent)."""
    return CloseQuestion(
        translate("Closing", "Nothing is being created or printed any more."),
        "",
        translate("Closing", "Close"),
    )


def follow(box: QMessageBox, question: CloseQuestion) -> None:
    """Make an open close question say what is in flight now (its go-ahead button too)."""
    box.setText(question.text)
    box.setInformativeText(question.details)
    for button in box.buttons():
        if box.buttonRole(button) == QMessageBox.ButtonRole.AcceptRole:
            button.setText(question.proceed)


def ask_before_closing(
    parent: QWidget, question: CloseQuestion, proceed: Callable[[], None]
) -> QMessageBox:
    """Open (window-modal, not blocking) the box asking `question`; `proceed` runs when the
    user goes ahead. "Keep working" (and Esc) leave the window open."""
    box = QMessageBox(parent)
    box.setObjectName("closeConfirmation")
    box.setIcon(QMessageBox.Icon.Question)
    box.setWindowTitle(translate("MainWindow", "Close Packdesk"))
    box.setText(question.text)
    box.setInformativeText(question.details)
    go_ahead = box.addButton(question.proceed, QMessageBox.ButtonRole.AcceptRole)
    stay = box.addButton(translate("MainWindow", "Keep working"), QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(go_ahead)
    box.setEscapeButton(stay)

    def decided(_result: int) -> None:
        if box.clickedButton() is go_ahead:
            proceed()
        box.deleteLater()

    box.finished.connect(decided)
    box.open()
    return box


async def finish_and_close(shipment_page: Any, context: AppContext) -> None:
    """The window's shutdown: a creation in flight finishes (stored, journal settled), the
    draft is kept, then the context closes (queue, client, service)."""
    import asyncio

    creation = getattr(shipment_page, "creation", None)
    task = getattr(creation, "task", None)
    if task is not None and not task.done():
        await asyncio.wait([task])
    save = getattr(shipment_page, "save_draft_now", None)
    if callable(save):
        save()
    await context.aclose()
