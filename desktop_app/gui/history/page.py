"""History page: the shipments of the current profile, searchable; reprint, open, delete, refresh.

`HistoryPage` composes the search bar, the table and the action row, and forwards the user's
actions to `HistoryPresenter` (listing.py), which searches the profile store, reprints,
deletes and refreshes tracking statuses from the service; the widget shows what it reports.
It follows the app context's `profile_changed` (through the presenter), `connection_changed`
and `shipment_created` signals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QMetaMethod, QPoint, Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QLabel, QMessageBox, QVBoxLayout, QWidget

from desktop_app.gui.history.partials.action_row import HistoryActionRow
from desktop_app.gui.history.partials.row_actions import HistoryRowActions
from desktop_app.gui.history.partials.search_bar import HistorySearchBar
from desktop_app.gui.history.partials.shipment_table import ShipmentTableView
from desktop_app.gui.history.presenter import (
    HistoryPresenter,
    available_actions,
    delete_question,
)
from desktop_app.gui.history.table_model import deletable, tracking_numbers
from desktop_app.gui.i18n import translate
from desktop_app.profiles.store import StoredShipment

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class HistoryPage(QWidget):
    """The History page of the main window."""

    #: the user asked to see a shipment's label (the main window shows it in the preview)
    label_open_requested = Signal(object)
    #: a message was shown (for tests and the status bar)
    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.presenter = HistoryPresenter(ctx, self)
        self.model = self.presenter.model
        # the presenter's signals, reachable from the page: a search finished (the query), a
        # shipment deleted (its id), a reprint queued (the job id), a refresh done (how many)
        self.search_finished = self.presenter.search_finished
        self.shipment_deleted = self.presenter.shipment_deleted
        self.reprint_queued = self.presenter.reprint_queued
        self.refreshed = self.presenter.refreshed
        self.setObjectName("history")

        self.search_bar = HistorySearchBar()
        self.search_edit = self.search_bar.search_edit
        self.show_deleted = self.search_bar.show_deleted
        self.refresh_button = self.search_bar.refresh_button
        self.table = ShipmentTableView(self.model)
        self.proxy = self.table.proxy
        self.action_row = HistoryActionRow()
        self.reprint_button = self.action_row.reprint_button
        self.open_button = self.action_row.open_button
        self.delete_button = self.action_row.delete_button
        self.count_label = self.action_row.count_label
        self.message = QLabel()
        self.message.setObjectName("history_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()

        layout = QVBoxLayout(self)
        layout.addWidget(self.search_bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.action_row)

        self.row_actions = HistoryRowActions(self)
        #: more row actions for the context menu (returns, ...)
        self.extra_actions = self.row_actions.extra
        self._connect_actions()
        self.table.activated.connect(lambda _index: self.row_actions.open.trigger())
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.table.selectionModel().selectionChanged.connect(self._on_selection_changed)
        self.model.modelReset.connect(self._update_actions)
        self.model.dataChanged.connect(self._update_actions)
        self.search_edit.textChanged.connect(self.presenter.set_query)
        self.search_edit.returnPressed.connect(self.presenter.search_now)
        self.show_deleted.toggled.connect(self.presenter.set_include_deleted)

        setTabOrder = QWidget.setTabOrder  # noqa: N806
        setTabOrder(self.search_edit, self.show_deleted)
        setTabOrder(self.show_deleted, self.refresh_button)
        setTabOrder(self.refresh_button, self.table)
        setTabOrder(self.table, self.reprint_button)
        setTabOrder(self.reprint_button, self.open_button)
        setTabOrder(self.open_button, self.delete_button)

        presenter = self.presenter
        presenter.message_shown.connect(self.show_message)
        presenter.count_changed.connect(self.count_label.setText)
        presenter.reselect.connect(self.table.add_to_selection)
        presenter.profile_switched.connect(self.search_bar.clear_search)
        presenter.refreshing_changed.connect(self._on_refreshing)
        ctx.connection_changed.connect(self._on_connection_changed)
        ctx.shipment_created.connect(self._on_shipment_created)
        self._update_actions()
        presenter.search_now()

    def _connect_actions(self) -> None:
        actions = self.row_actions
        for act, slot in (
            (actions.reprint, self._on_reprint),
            (actions.open, self._on_open),
            (actions.delete, self._on_delete),
            (actions.refresh, lambda: self.presenter.spawn(self.presenter.refresh_from_service())),
            (actions.copy_tracking, self._copy_tracking),
            (actions.find, self._focus_search),
        ):
            act.triggered.connect(slot)
        for button, act in (
            (self.reprint_button, actions.reprint),
            (self.open_button, actions.open),
            (self.delete_button, actions.delete),
            (self.refresh_button, actions.refresh),
        ):
            button.clicked.connect(act.trigger)

    # --- what the presenter does, reachable from the page (the main window, tests) -------------

    @property
    def auto_refresh(self) -> bool:
        """Refresh from the service when the page is shown (at most once a minute)."""
        return self.presenter.auto_refresh

    @auto_refresh.setter
    def auto_refresh(self, value: bool) -> None:
        self.presenter.auto_refresh = value

    async def reload(self) -> None:
        """Load the history again with the current query and wait for it."""
        await self.presenter.reload()

    async def wait_idle(self) -> None:
        """Wait for the searches, refreshes, deletes and reprints started so far (for tests)."""
        await self.presenter.wait_idle()

    async def reprint(self, shipments: Sequence[StoredShipment]) -> list[int]:
        """Queue one copy of each label on the profile's printer; returns the job ids."""
        return await self.presenter.reprint(shipments)

    async def delete(self, ids: Sequence[str]) -> list[str]:
        """Delete shipments on the service and mark them deleted here; returns those deleted."""
        return await self.presenter.delete(ids)

    async def refresh_from_service(self) -> int:
        """Update the stored tracking statuses from the service; returns how many."""
        return await self.presenter.refresh_from_service()

    def search(self, text: str) -> None:
        """Type a query into the search box (the search runs after the debounce)."""
        self.search_edit.setText(text)

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        """Stop background work with the page."""
        self.presenter.stop()
        super().closeEvent(event)

    def showEvent(self, event: Any) -> None:  # noqa: N802
        """Bring the statuses up to date when the page is shown."""
        super().showEvent(event)
        self.presenter.search_now()
        self.presenter.maybe_auto_refresh()

    def _on_connection_changed(self, state: str, _message: str = "") -> None:
        if state == "connected" and self.isVisible():
            self.presenter.maybe_auto_refresh()

    def _on_shipment_created(self, *_args: Any) -> None:
        # a hidden page loads again when it is shown (showEvent): reading up to PAGE_SIZE
        # shipments after every label at the desk made each label slower as the day went on
        if self.isVisible():
            self.presenter.search_now()

    def _on_refreshing(self, refreshing: bool) -> None:
        self.search_bar.set_refreshing(refreshing)
        self.row_actions.refresh.setEnabled(not refreshing)

    def show_message(self, text: str, error: bool = False) -> None:  # noqa: ARG002 - one look
        """Show a message under the table."""
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.message_shown.emit(text)

    def _focus_search(self) -> None:
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()

    # --- selection -----------------------------------------------------------------------------

    def selected_shipments(self) -> list[StoredShipment]:
        """The selected shipments, in view order."""
        return self.table.selected_shipments()

    def selected_ids(self) -> list[str]:
        """Ids of the selected shipments."""
        return [s.id for s in self.selected_shipments()]

    def select_ids(self, ids: Sequence[str]) -> None:
        """Select these shipments (those shown)."""
        self.table.clearSelection()
        self.table.add_to_selection(set(ids))

    def _on_selection_changed(self, *_args: Any) -> None:
        self.presenter.selection = self.selected_ids()
        self._update_actions()

    def _update_actions(self, *_args: Any) -> None:
        allowed = available_actions(self.selected_shipments())
        self.row_actions.show_allowed(allowed)
        self.action_row.show_allowed(allowed)

    def _context_menu(self, pos: QPoint) -> None:
        self.row_actions.menu().popup(self.table.viewport().mapToGlobal(pos))

    def _copy_tracking(self) -> None:
        shipments = self.selected_shipments()
        if shipments:
            QGuiApplication.clipboard().setText(tracking_numbers(shipments[0]))

    # --- the row actions -----------------------------------------------------------------------

    def _on_open(self) -> None:
        shipments = self.selected_shipments()
        if len(shipments) == 1:
            self.open_label(shipments[0])

    def open_label(self, shipment: StoredShipment) -> None:
        """Show the label in the preview (if the window listens) or in the system's viewer."""
        if not shipment.printable:
            self.show_message(
                translate("History", "The label of {0} is not on this computer.").format(
                    shipment.reference_number or shipment.id
                )
            )
            return
        if self.isSignalConnected(QMetaMethod.fromSignal(self.label_open_requested)):
            self.label_open_requested.emit(shipment)
            return
        assert shipment.label_path is not None
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(shipment.label_path))):
            self.show_message(
                translate("History", "No program opens {label_path}").format(
                    label_path=shipment.label_path
                )
            )

    def _on_reprint(self) -> None:
        shipments = [s for s in self.selected_shipments() if not s.deleted]
        if shipments:
            self.presenter.spawn(self.presenter.reprint(shipments))

    def _on_delete(self) -> None:
        shipments = [s for s in self.selected_shipments() if deletable(s)[0]]
        if not shipments:
            return
        answer = QMessageBox.question(
            self,
            translate("History", "Delete shipments"),
            delete_question(shipments),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.presenter.spawn(self.presenter.delete([s.id for s in shipments]))
