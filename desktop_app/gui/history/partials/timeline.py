"""One shipment's tracking timeline under the history table.

`TimelinePresenter` holds the shown shipment and decides what the timeline says (title, the
carrier and tracking link line, one row per event, newest first) and allows (Refresh needs
the service; "Next status" a local sandbox and a status that is not final); it refreshes the
shipment from the service (one the service no longer has is marked deleted) and, on the local
sandbox, moves it to its next status, recording each answer in the profile store.
`TrackingTimelineWidget` shows it.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import carrier_name, time_of_day
from desktop_app.gui.widgets.tasks import TaskSet, service_text
from desktop_app.gui.widgets.tracking_events import (
    FINAL_STATUSES,
    current_status,
    record_shipment,
    sandbox_moves_allowed,
    status_label,
    timeline_entries,
)
from desktop_app.profiles.store import StoredShipment

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

#: one event row: time, status, location, details (with the package when there are several)
EventRow = tuple[list[str], str | None]


class TimelinePresenter(Presenter):
    """The shown shipment's tracking: texts, what may be done, refresh and sandbox moves."""

    #: the shown shipment or what may be done with it changed
    changed = Signal()
    #: the shipment was updated from the service (the StoredShipment)
    shipment_updated = Signal(object)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.shipment: StoredShipment | None = None
        #: a move to the next status is on its way
        self.advancing = False
        ctx.profile_changed.connect(self._on_profile_changed)
        ctx.connection_changed.connect(lambda *_: self.changed.emit())

    def _on_profile_changed(self, *_args: Any) -> None:
        if self.show(None):
            self.show_message("")  # nothing of the last profile's shipment stays

    def show(self, shipment: StoredShipment | None) -> bool:
        """Show `shipment` (None: nothing selected); True if it is another one than before."""
        other = (shipment.id if shipment else None) != (self.shipment.id if self.shipment else None)
        self.shipment = shipment
        self.changed.emit()
        return other

    # --- what the timeline says ----------------------------------------------------------------

    def title(self) -> str:
        """Who and the status, or what to select."""
        shipment = self.shipment
        if shipment is None:
            return translate("History", "Select one shipment to see its tracking.")
        status = (
            translate("History", "Deleted")
            if shipment.deleted
            else status_label(current_status(shipment))
        )
        who = shipment.reference_number or shipment.recipient or shipment.id
        return f"{who}: {status}"

    def subtitle(self) -> str:
        """Carrier and tracking number, the tracking link, or that there are no events yet."""
        shipment = self.shipment
        if shipment is None:
            return ""
        numbers = shipment.carrier_tracking_no or ""
        url = shipment.data.get("tracking_url") or shipment.data.get("carrier_tracking_url")
        parts = [f"{carrier_name(shipment.carrier)} {numbers}".strip()]
        if url:
            parts.append(str(url))
        if not timeline_entries(shipment.data):
            parts.append(translate("History", "no tracking events yet"))
        return " · ".join(parts)

    def rows(self) -> list[EventRow]:
        """The events, newest first: the cells and the raw status."""
        if self.shipment is None:
            return []
        return [
            (
                [
                    entry.local_time(),
                    status_label(entry.status),
                    entry.location,
                    entry.details + (f" [{entry.package}]" if entry.package else ""),
                ],
                entry.status,
            )
            for entry in reversed(timeline_entries(self.shipment.data))
        ]

    def can_refresh(self) -> bool:
        """A shown shipment, not deleted, and the service connected."""
        shipment = self.shipment
        return shipment is not None and not shipment.deleted and self.ctx.client is not None

    def sandbox(self) -> bool:
        """The profile is on the local sandbox (the "next status" button is shown)."""
        return sandbox_moves_allowed(self.ctx)

    def can_advance(self) -> bool:
        """On the local sandbox, a shipment whose status is not final, no move running."""
        shipment = self.shipment
        final = shipment is not None and (current_status(shipment) or "") in FINAL_STATUSES
        return self.can_refresh() and self.sandbox() and not final and not self.advancing

    # --- from the service ----------------------------------------------------------------------

    async def refresh(self) -> StoredShipment | None:
        """Fetch the shown shipment from the service and record it."""
        from desktop_app.client.errors import APIError, NotFoundError

        shipment, client, store = self.shipment, self.ctx.client, self.ctx.store
        if shipment is None or client is None or store is None:
            return None
        try:
            fresh = await client.shipments.get(shipment.id)
        except NotFoundError:
            stored = await asyncio.to_thread(store.mark_deleted, shipment.id)
            self._updated(stored)
            self.show_message(
                translate("History", "The service no longer has this shipment (deleted).")
            )
            return stored
        except APIError as exc:
            self.show_message(
                translate("History", "Could not refresh: {0}").format(service_text(exc)), True
            )
            return None
        stored = await record_shipment(store, fresh)
        self._updated(stored)
        self.show_message(
            translate("History", "Tracking updated at {0}.").format(
                time_of_day(datetime.now(), seconds=True)
            )
        )
        return stored

    async def advance(self, status: str | None = None) -> StoredShipment | None:
        """Sandbox: move the shown shipment to its next (or the given) status."""
        from desktop_app.client.errors import APIError

        shipment, client, store = self.shipment, self.ctx.client, self.ctx.store
        if shipment is None or client is None or store is None:
            return None
        if not self.sandbox():
            self.show_message(
                translate("History", "Only shipments of the local sandbox can be moved along.")
            )
            return None
        self.advancing = True
        self.changed.emit()
        try:
            fresh = await client.sandbox.add_tracking_event(shipment.id, status)
        except APIError as exc:
            self.show_message(
                translate("History", "Could not move the shipment on: {0}").format(
                    service_text(exc)
                ),
                True,
            )
            return None
        finally:
            self.advancing = False
            self.changed.emit()
        stored = await record_shipment(store, fresh)
        self._updated(stored)
        self.show_message(
            translate("History", "Moved to: {0}.").format(status_label(stored.tracking_status))
        )
        return stored

    def _updated(self, stored: StoredShipment) -> None:
        if self.shipment is not None and self.shipment.id == stored.id:
            self.show(stored)
        self.shipment_updated.emit(stored)


class TrackingTimelineWidget(QWidget):
    """Status and tracking events of one shipment, newest on top; refresh and sandbox "next"."""

    #: a message was shown (the text)
    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("trackingTimeline")
        self.presenter = TimelinePresenter(ctx, self)
        #: the shipment was updated from the service (the StoredShipment)
        self.shipment_updated = self.presenter.shipment_updated
        self.tasks = TaskSet(self.show_message, ctx)

        self.title = QLabel(translate("History", "Select a shipment to see its tracking."))
        self.title.setObjectName("tracking_title")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.title.setWordWrap(True)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.subtitle = QLabel()
        self.subtitle.setWordWrap(True)
        self.subtitle.setStyleSheet(f"color: {color(MUTED)};")
        self.subtitle.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.events = QTreeWidget()
        self.events.setObjectName("tracking_events")
        self.events.setHeaderLabels(
            [
                translate("History", "Time"),
                translate("History", "Status"),
                translate("History", "Location"),
                translate("History", "Details"),
            ]
        )
        self.events.setRootIsDecorated(False)
        self.events.setAlternatingRowColors(True)
        self.events.setColumnWidth(0, 130)
        self.events.setColumnWidth(1, 140)
        self.events.setColumnWidth(2, 120)
        self.refresh_button = QPushButton(translate("History", "Refresh tracking"))
        self.refresh_button.setToolTip(
            translate("History", "Ask the service for this shipment's latest events")
        )
        self.next_button = QPushButton(translate("History", "Next status (sandbox)"))
        self.next_button.setObjectName("tracking_next")
        self.next_button.setToolTip(
            translate(
                "History",
                "Move this sandbox shipment one step along its life cycle (picked up, transit, …)",
            )
        )
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.setObjectName("tracking_message")

        buttons = QHBoxLayout()
        buttons.addWidget(self.refresh_button)
        buttons.addWidget(self.next_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.subtitle)
        layout.addWidget(self.events, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.message)

        self.refresh_button.clicked.connect(lambda: self.tasks.spawn(self.refresh()))
        self.next_button.clicked.connect(lambda: self.tasks.spawn(self.advance()))
        self.presenter.changed.connect(self._render)
        self.presenter.message_shown.connect(self.show_message)
        self.show_shipment(None)

    @property
    def shipment(self) -> StoredShipment | None:
        """The shipment shown (None: nothing selected)."""
        return self.presenter.shipment

    def show_message(self, text: str, error: bool = False) -> None:  # noqa: ARG002 - one look
        """Show a line under the timeline."""
        self.message.setText(text)
        self.message_shown.emit(text)

    def show_shipment(self, shipment: StoredShipment | None) -> None:
        """Show `shipment`'s status and events (None: nothing selected)."""
        if self.presenter.show(shipment):
            self.message.clear()

    async def refresh(self) -> StoredShipment | None:
        """Fetch the shown shipment from the service and show it again."""
        return await self.presenter.refresh()

    async def advance(self, status: str | None = None) -> StoredShipment | None:
        """Sandbox: move the shown shipment to its next (or the given) status."""
        return await self.presenter.advance(status)

    def statuses(self) -> list[str | None]:
        """The statuses shown, newest first (for tests and screen readers)."""
        items = (self.events.topLevelItem(i) for i in range(self.events.topLevelItemCount()))
        return [item.data(0, Qt.ItemDataRole.UserRole) for item in items if item is not None]

    def _render(self, *_args: Any) -> None:
        presenter = self.presenter
        self.title.setText(presenter.title())
        self.subtitle.setText(presenter.subtitle())
        self.events.clear()
        for cells, status in presenter.rows():
            item = QTreeWidgetItem(cells)
            item.setData(0, Qt.ItemDataRole.UserRole, status)
            self.events.addTopLevelItem(item)
        self.refresh_button.setEnabled(presenter.can_refresh())
        self.next_button.setVisible(presenter.sandbox())
        self.next_button.setEnabled(presenter.can_advance())
