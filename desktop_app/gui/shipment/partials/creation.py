"""Creating the label: buttons that lock, a progress indicator, Cancel, errors in plain words.

The buttons lock synchronously in the click handler, before any await, so a double click or
a repeated key can never start a second creation. The creation runs through the journal
(`ShipmentCreator`): Cancel abandons the wait, the attempt stays pending and is reconciled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QProgressBar,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.client import APIError, UnprocessableEntityError
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.theme import ERROR, MUTED, color, look_for
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.gui.i18n.customs_papers import papers_note
from desktop_app.gui.i18n.words import carrier_name
from desktop_app.gui.shipment.partials.creation_message import CreationMessageWidget
from desktop_app.gui.shipment.partials.form import ShipmentFormWidget
from desktop_app.gui.shipment.partials.preview import LabelPreviewWidget
from desktop_app.gui.widgets.elided import ElidedLabel
from desktop_app.gui.widgets.tasks import service_text
from desktop_app.profiles.store import StoredShipment

log = logging.getLogger(__name__)


def error_details(exc: BaseException) -> str:
    """The technical side of an error, for the Details box (never the API key)."""
    lines = [f"{type(exc).__name__}: {exc}"]
    status = getattr(exc, "status_code", None)
    if status:
        lines.append(translate("Shipment", "HTTP status: {status}").format(status=status))
    errors = getattr(exc, "errors", None)
    if errors:
        lines.append(translate("Shipment", "Errors from the service:"))
        lines += [f"  - {e}" for e in errors]
    request_id = getattr(exc, "request_id", None)
    if request_id:
        lines.append(
            translate("Shipment", "Request id (for support): {request_id}").format(
                request_id=request_id
            )
        )
    cause = getattr(exc, "cause", None) or exc.__cause__
    if cause is not None and cause is not exc:
        lines.append(
            translate("Shipment", "Caused by: {kind}: {cause}").format(
                kind=type(cause).__name__, cause=cause
            )
        )
    return "\n".join(lines)


class CreationPanelWidget(QWidget):
    """Create label / Create and print / Cancel, the problem count, progress and messages."""

    shipment_created = Signal(object)  # StoredShipment
    busy_changed = Signal(bool)

    def __init__(
        self,
        context: AppContext,
        form: ShipmentFormWidget,
        preview: LabelPreviewWidget,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.context = context
        self.form = form
        self.preview = preview
        self.shown_environment: Callable[[], str] = lambda: context.environment
        self.busy = False
        self.task: asyncio.Task[Any] | None = None  # the creation being awaited
        self._outer: asyncio.Task[Any] | None = None
        self._cancel_requested = False
        self.created_count = 0
        self._profile_id: str | None = None

        self.create_button = QPushButton(translate("Shipment", "Create label"))
        self.create_button.setObjectName("createButton")
        self.create_button.setToolTip(
            translate("Shipment", "Create the shipment and its label (Ctrl+Enter)")
        )
        self.create_print_button = QPushButton(translate("Shipment", "Create and print"))
        self.create_print_button.setObjectName("createPrintButton")
        self.create_print_button.setToolTip(
            translate("Shipment", "Create, then print on the profile's printer (Ctrl+P)")
        )
        self.cancel_button = QPushButton(translate("Shipment", "Cancel"))
        self.cancel_button.setObjectName("cancelButton")
        self.cancel_button.setToolTip(translate("Shipment", "Stop waiting for the carrier (Esc)"))
        self.cancel_button.hide()
        self.create_button.clicked.connect(lambda: self.request_create(False))
        self.create_print_button.clicked.connect(lambda: self.request_create(True))
        self.cancel_button.clicked.connect(self.cancel)
        self.create_button.setDefault(False)
        self.create_button.setAutoDefault(False)
        self.create_print_button.setAutoDefault(False)

        self.problems_button = QToolButton()
        self.problems_button.setObjectName("problemsButton")
        self.problems_button.setAutoRaise(True)
        self.problems_button.setStyleSheet(f"color: {color(ERROR)}; font-weight: bold;")
        self.problems_button.setToolTip(translate("Shipment", "Show every problem of the form"))
        self.problems_button.clicked.connect(self.form.reveal_all)
        policy = self.problems_button.sizePolicy()
        policy.setRetainSizeWhenHidden(True)
        self.problems_button.setSizePolicy(policy)
        self.progress = QProgressBar()
        self.progress.setObjectName("creationProgress")
        self.progress.setRange(0, 0)  # busy indicator
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(8)
        self.progress.hide()
        self.state_label = ElidedLabel()  # one line whatever it says: the panel keeps its width
        self.state_label.setStyleSheet(f"color: {color(MUTED)};")
        # the row keeps the button's height while the label has it to itself (creating)
        self.state_label.setMinimumHeight(self.problems_button.sizeHint().height())
        self.messages = CreationMessageWidget()
        self.message, self.details = self.messages.message, self.messages.details
        self.details_button = self.messages.details_button

        # one button a row, the desk's main action first: the side panel is narrow (1024x600
        # screens) and German captions ("Erstellen und drucken") do not fit two abreast
        buttons = QVBoxLayout()
        buttons.addWidget(self.create_print_button)
        buttons.addWidget(self.create_button)
        buttons.addWidget(self.cancel_button)
        status = QHBoxLayout()
        status.addWidget(self.problems_button)
        status.addWidget(self.state_label, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addLayout(status)
        layout.addWidget(self.messages)

        form.problems_changed.connect(self._update_enabled)
        context.connection_changed.connect(lambda *_: self._update_enabled())
        context.profile_changed.connect(lambda *_: self._on_profile())
        self._update_enabled()

    # --- state ---------------------------------------------------------------------------------

    def _problem_count(self) -> int:
        return self.form.validation.count

    def _update_enabled(self, *_args: Any) -> None:
        count = self._problem_count()
        ready = self.context.connected and count == 0 and not self.busy
        self.create_button.setEnabled(ready)
        self.create_print_button.setEnabled(ready and self.context.printer() is not None)
        # an empty form (at start, after each label) nags about nothing: the button keeps its
        # place, so Create and the messages never move when it comes
        if count and (self.form.visible_problem_count() or not self.form.untouched()):
            self.problems_button.setText(translate("Shipment", "%n problem(s) — show", None, count))
            # red once a problem is on screen; grey while only untouched fields are missing
            meaning = ERROR if self.form.visible_problem_count() else MUTED
            self.problems_button.setStyleSheet(f"color: {color(meaning)}; font-weight: bold;")
            self.problems_button.show()
        else:
            self.problems_button.hide()
        if self.busy:
            return
        if not self.context.connected:
            self.state_label.setText(self.context.connection_message)
        elif count == 0:
            word = look_for(self.context.environment).word
            self.state_label.setText(
                translate("Shipment", "Ready to create a {word} label.").format(word=word)
            )
        else:
            self.state_label.setText("")

    def _on_profile(self) -> None:
        profile_id = self.context.profile.id if self.context.profile else None
        if profile_id != self._profile_id:
            self.show_message("", "")
        self._profile_id = profile_id
        self._update_enabled()

    def _lock(self, busy: bool) -> None:
        self.busy = busy
        self.cancel_button.setVisible(busy)
        self.progress.setVisible(busy)
        # while creating there are no problems to count: the hidden button's kept place
        # goes to the state text, which was cut to a few letters beside it in German
        policy = self.problems_button.sizePolicy()
        policy.setRetainSizeWhenHidden(not busy)
        self.problems_button.setSizePolicy(policy)
        window = self.window()
        set_busy = getattr(window, "set_busy", None)
        if callable(set_busy):
            set_busy(busy)
        self._update_enabled()
        self.busy_changed.emit(busy)

    def show_message(
        self, kind: str, text: str, details: str = "", saved: Path | None = None
    ) -> None:
        """A message under the buttons: kind error | ok | info ('' hides it); "Open folder"
        for a `saved` file."""
        self.messages.show_message(kind, text, details, saved)

    # --- creation --------------------------------------------------------------------------------

    def request_create(self, and_print: bool = False) -> asyncio.Task[Any] | None:
        """Start a creation unless one runs; with problems, show them all instead."""
        if self.busy:
            return None  # a second click or key press while creating does nothing
        if self._problem_count():
            self.form.reveal_all()
            return None
        if not self.context.connected or self.context.creator is None:
            self.show_message(
                "info",
                translate("Shipment", "Not connected yet: {connection_message}").format(
                    connection_message=self.context.connection_message
                ),
            )
            return None
        client = self.context.client
        shown = self.shown_environment()
        profile = self.context.profile
        if client is None or profile is None or client.environment != shown:
            # never a live label while the window shows SANDBOX, nor the reverse
            self.show_message(
                "error",
                translate(
                    "Shipment",
                    "Not created: the window shows {word} but the connection is {0}. "
                    "Switch profile again.",
                ).format(
                    look_for((client.environment if client else None) or "").word,
                    word=look_for(shown or "").word,
                ),
            )
            return None
        if and_print and self.context.printer() is None:
            self.show_message(
                "error", translate("Shipment", "No printer is assigned to this profile (Settings).")
            )
            return None
        # loaded with the connection (the creator exists): not before the first window
        from desktop_app.client.journaled_creation import generate_reference

        body = self.form.request_body()
        if not body.get("reference_number"):
            # known before sending, so a wait abandoned with Cancel can be named and found
            body["reference_number"] = generate_reference()
        self._lock(True)  # synchronously, before anything can await
        self._cancel_requested = False
        self.show_message("", "")
        self.state_label.setText(
            translate("Shipment", "Creating the {word} label…").format(word=look_for(shown).word)
        )
        from desktop_app.gui.shipment.order_entry import origin_for  # the order F7 put in

        order = origin_for(self.form, body)
        self.task = asyncio.ensure_future(self.context.creator.create(body, order=order))
        self._outer = asyncio.ensure_future(self._run(self.task, body, and_print))
        return self._outer

    def cancel(self) -> None:
        """Abandon the wait; the journal keeps the attempt and reconciles it later."""
        if self.task is not None and not self.task.done():
            self._cancel_requested = True
            self.task.cancel()

    async def _run(self, task: asyncio.Task[Any], body: dict[str, Any], and_print: bool) -> None:
        from desktop_app.client.journaled_creation import LabelDownloadError

        try:
            stored: StoredShipment = await task
        except asyncio.CancelledError:
            if not self._cancel_requested:
                raise
            self.show_message(
                "info",
                translate(
                    "Shipment",
                    "Stopped waiting. If the carrier still creates this shipment, Packdesk finds "
                    "it by its reference {0} and adds it to the history; nothing is sent twice.",
                ).format(body["reference_number"]),
            )
            self.context.spawn(self.context.journal_changed_now())
            self.context.spawn(self.context.reconcile())
        except UnprocessableEntityError as exc:
            self.form.show_server_errors(exc.field_errors, exc.general_errors)
            # the fields show their own messages; the headline names them by their labels
            headline = translate("Shipment", "The service did not accept the shipment: {0}")
            self.show_message("error", headline.format(service_text(exc)), error_details(exc))
        except LabelDownloadError as exc:
            self.show_message("error", client_error_text(exc) or "", error_details(exc))
            await self._created(exc.shipment, print_it=False)
        except APIError as exc:
            self.show_message("error", client_error_text(exc) or "", error_details(exc))
        except Exception as exc:
            log.exception("creation failed")
            message = client_error_text(exc) or translate(
                "Shipment", "The label could not be created."
            )
            self.show_message("error", message, error_details(exc))
        else:
            await self._created(stored, print_it=and_print or self.preview.auto_print)
        finally:
            self.task = None
            self._lock(False)
            with contextlib.suppress(RuntimeError):
                self.context.spawn(self.context.journal_changed_now())

    async def _created(self, stored: StoredShipment, *, print_it: bool) -> None:
        """Show, reset, announce and print, one loop turn each (still locked, so no second
        creation can start in between): together they held the loop for 15-30 ms."""
        self.created_count += 1
        tracking = stored.carrier_tracking_no or stored.id
        self.show_message(
            "ok",
            translate("Shipment", "Created: {0} {tracking}").format(
                carrier_name(stored.carrier), tracking=tracking
            ),
        )
        self.preview.show_shipment(stored)  # the PDF load and the view's layout
        await _next_turn()
        self.form.reset_for_next()
        self.form.focus_first()
        await _next_turn()
        self.context.shipment_created.emit(stored)
        self.shipment_created.emit(stored)
        if print_it and stored.printable:
            self.preview.print_current()
            await self._print_papers(stored)

    async def _print_papers(self, stored: StoredShipment) -> None:
        """The customs papers in the same action as the label (on the A4 printer, else saved
        and said where): the Scan page's decision, `station.customs_papers`."""
        created = self.message.text()
        try:
            papers = await self.context.print_customs_papers(stored)
        except Exception as exc:
            log.exception("customs papers not printed")
            failed = translate("Shipment", "The customs papers could not be printed: {0}")
            text = failed.format(client_error_text(exc) or str(exc))
            self.show_message("error", f"{created}\n{text}", error_details(exc))
            return
        if papers is not None:
            note = papers_note(papers.documents, papers.printer, papers.path)
            kind = "ok" if papers.path is None else "info"
            self.show_message(kind, f"{created}\n{note}", saved=papers.path)


async def _next_turn() -> None:
    """Let the event loop run once (paint, timers, input) before the next step."""
    await asyncio.sleep(0)
