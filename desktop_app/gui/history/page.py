"""History page: the shipments of the current profile, searchable; reprint, open, delete, refresh.

`ShipmentHistoryModel` is a plain table model over `StoredShipment`s (testable without a
window). `HistoryWidget` fills it from the profile store (searches debounced, the previous one
cancelled), refreshes tracking statuses from the service, and sends reprints through the print
queue. It reads everything from the app context and follows its `profile_changed` signal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP,
    QAbstractTableModel,
    QMetaMethod,
    QModelIndex,
    QPersistentModelIndex,
    QPoint,
    QSortFilterProxyModel,
    Qt,
    QTimer,
    QUrl,
    Signal,
)
from PySide6.QtGui import QAction, QColor, QDesktopServices, QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import carrier_name, date_time, money, service_name, time_of_day
from desktop_app.gui.widgets.tasks import service_text
from desktop_app.profiles.store import ProfileStore, StoredShipment

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.gui.shell.context import AppContext
    from desktop_app.printing.printers import PrinterDefinition

log = logging.getLogger(__name__)

ModelIndex = QModelIndex | QPersistentModelIndex

#: how many of the newest shipments the page shows (the search reaches all of them)
PAGE_SIZE = 500
#: how many stored shipments a refresh brings up to date, newest first
REFRESH_LIMIT = 200
#: shipments missing from the service's list are asked for one by one, at most this many
REFRESH_SINGLE_LOOKUPS = 25
SEARCH_DEBOUNCE_MS = 200
# The desk's clock and the service's may differ; ask the service a little further back.
CLOCK_SKEW = timedelta(hours=1)

#: statuses after which the real service no longer deletes a shipment (it has been picked up)
PICKED_UP_STATUSES = frozenset(
    {
        "picked_up",
        "transit",
        "out_for_delivery",
        "delivered",
        "awaits_pickup_by_receiver",
        "not_delivered",
        "destroyed",
        "delayed",
    }
)
STATUS_TEXT = {
    "label_created": QT_TRANSLATE_NOOP("History", "Label created"),
    "picked_up": QT_TRANSLATE_NOOP("History", "Picked up"),
    "transit": QT_TRANSLATE_NOOP("History", "In transit"),
    "out_for_delivery": QT_TRANSLATE_NOOP("History", "Out for delivery"),
    "delivered": QT_TRANSLATE_NOOP("History", "Delivered"),
    "awaits_pickup_by_receiver": QT_TRANSLATE_NOOP("History", "Awaits pickup by receiver"),
    "canceled": QT_TRANSLATE_NOOP("History", "Canceled"),
    "delayed": QT_TRANSLATE_NOOP("History", "Delayed"),
    "exception": QT_TRANSLATE_NOOP("History", "Problem (exception)"),
    "not_delivered": QT_TRANSLATE_NOOP("History", "Not delivered"),
    "destroyed": QT_TRANSLATE_NOOP("History", "Destroyed"),
    "notification": QT_TRANSLATE_NOOP("History", "Notification"),
    "unknown": QT_TRANSLATE_NOOP("History", "Unknown"),
}


def status_text(shipment: StoredShipment) -> str:
    """The tracking status as shown in the history."""
    if shipment.deleted:
        return translate("History", "Deleted")
    status = shipment.tracking_status
    if not status:
        return (
            translate("History", "Label created")
            if shipment.label_path is not None
            else translate("History", "Created")
        )
    if status in STATUS_TEXT:
        return translate("History", STATUS_TEXT[status])
    return status.replace("_", " ").capitalize()


def deletable(shipment: StoredShipment) -> tuple[bool, str]:
    """Whether Delete is offered for this shipment, and why not."""
    if shipment.deleted:
        return False, translate("History", "already deleted")
    if (shipment.tracking_status or "") in PICKED_UP_STATUSES:
        return False, translate(
            "History", "picked up by the carrier: the service no longer deletes it"
        )
    return True, ""


def _local_time(value: str) -> str:
    return date_time(value)


def _tracking_numbers(shipment: StoredShipment) -> str:
    numbers: list[str] = []
    if shipment.carrier_tracking_no:
        numbers.append(shipment.carrier_tracking_no)
    for package in shipment.data.get("packages") or []:
        number = package.get("carrier_tracking_no") if isinstance(package, dict) else None
        if number and number not in numbers:
            numbers.append(str(number))
    return ", ".join(numbers)


def _last_event(shipment: StoredShipment) -> str:
    events: list[dict[str, Any]] = []
    for package in shipment.data.get("packages") or []:
        if isinstance(package, dict):
            events += [e for e in package.get("tracking_events") or [] if isinstance(e, dict)]
    if not events:
        return ""
    last = max(events, key=lambda e: str(e.get("timestamp") or ""))
    parts = [_local_time(str(last.get("timestamp") or "")), str(last.get("details") or "")]
    location = last.get("location")
    if location:
        parts.append(f"({location})")
    return " ".join(p for p in parts if p)


class ShipmentHistoryModel(QAbstractTableModel):
    """Stored shipments as rows: date, receiver, carrier/service, reference, tracking, status."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("History", "Date"),
        QT_TRANSLATE_NOOP("History", "Receiver"),
        QT_TRANSLATE_NOOP("History", "Carrier / service"),
        QT_TRANSLATE_NOOP("History", "Reference"),
        QT_TRANSLATE_NOOP("History", "Tracking no."),
        QT_TRANSLATE_NOOP("History", "Status"),
        QT_TRANSLATE_NOOP("History", "Price"),
    )
    DATE, RECEIVER, CARRIER, REFERENCE, TRACKING, STATUS, PRICE = range(len(COLUMNS))
    #: role giving the StoredShipment of a row
    ShipmentRole = Qt.ItemDataRole.UserRole + 1
    #: role giving a raw value to sort by
    SortRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: list[StoredShipment] = []
        self._position: dict[str, int] = {}

    # --- contents -----------------------------------------------------------------------------

    def set_shipments(self, shipments: Sequence[StoredShipment]) -> None:
        """Replace every row."""
        self.beginResetModel()
        self._rows = list(shipments)
        self._position = {s.id: i for i, s in enumerate(self._rows)}
        self.endResetModel()

    def update_shipment(self, shipment: StoredShipment) -> None:
        """Replace the row of the same id (no-op if it is not shown)."""
        for i, old in enumerate(self._rows):
            if old.id == shipment.id:
                self._rows[i] = shipment
                self.dataChanged.emit(self.index(i, 0), self.index(i, len(self.COLUMNS) - 1))
                return

    def shipments(self) -> list[StoredShipment]:
        """The shipments shown, in model order."""
        return list(self._rows)

    def shipment(self, row: int) -> StoredShipment:
        """The shipment of a row."""
        return self._rows[row]

    def row_of(self, shipment_id: str) -> int:
        """The row of a shipment id, or -1."""
        return self._position.get(shipment_id, -1)

    # --- Qt model API -------------------------------------------------------------------------

    def rowCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: ModelIndex = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(  # noqa: N802
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return translate("History", self.COLUMNS[section])
        return None

    def data(self, index: ModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        shipment = self._rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(shipment, column)
        if role == self.ShipmentRole:
            return shipment
        if role == self.SortRole:
            return self._sort_value(shipment, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(shipment, column)
        if role == Qt.ItemDataRole.ForegroundRole and shipment.deleted:
            return QColor("#8a8a8a")
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.PRICE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _display(self, s: StoredShipment, column: int) -> str:
        if column == self.DATE:
            return _local_time(s.created_at)
        if column == self.RECEIVER:
            return s.recipient
        if column == self.CARRIER:
            carrier = carrier_name(s.carrier)
            return f"{carrier} / {service_name(s.carrier, s.service)}" if s.service else carrier
        if column == self.REFERENCE:
            return s.reference_number or ""
        if column == self.TRACKING:
            return _tracking_numbers(s)
        if column == self.STATUS:
            return status_text(s)
        if column == self.PRICE:
            return "" if s.price is None else money(s.price)
        return ""

    def _sort_value(self, s: StoredShipment, column: int) -> Any:
        if column == self.DATE:
            # the service's times may have whole seconds only: ties keep the store's order
            return f"{s.created_at}#{len(self._rows) - self._position.get(s.id, 0):08d}"
        if column == self.PRICE:
            return s.price if s.price is not None else -1.0
        return self._display(s, column).casefold()

    def _tooltip(self, s: StoredShipment, column: int) -> str | None:
        if column == self.STATUS:
            return _last_event(s) or None
        if column == self.TRACKING:
            url = s.data.get("tracking_url")
            return str(url) if url else None
        if column == self.RECEIVER:
            to = s.data.get("to") or {}
            place = " ".join(str(to.get(k) or "") for k in ("zip_code", "city", "country"))
            return place.strip() or None
        return None


class HistoryWidget(QWidget):
    """The History page of the main window."""

    #: the user asked to see a shipment's label (the main window shows it in the preview)
    label_open_requested = Signal(object)
    #: a search or reload finished; the argument is the query
    search_finished = Signal(str)
    #: a shipment was deleted on the service (its id)
    shipment_deleted = Signal(str)
    #: a reprint was queued (the print job id)
    reprint_queued = Signal(int)
    #: a refresh from the service finished (how many shipments it updated)
    refreshed = Signal(int)
    #: a message was shown (for tests and the status bar)
    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self._tasks: set[asyncio.Task[Any]] = set()
        self._search_task: asyncio.Task[None] | None = None
        self._last_refresh: float | None = None
        #: refresh from the service when the page is shown (at most once a minute)
        self.auto_refresh = True
        #: more row actions for the context menu (returns, ...)
        self.extra_actions: list[QAction] = []
        self.setObjectName("history")

        self.search_edit = QLineEdit()
        self.search_edit.setObjectName("history_search")
        self.search_edit.setPlaceholderText(
            translate("History", "Search name, reference or tracking number  (Ctrl+F)")
        )
        self.search_edit.setClearButtonEnabled(True)
        self.show_deleted = QCheckBox(translate("History", "Show deleted"))
        self.refresh_button = QPushButton(translate("History", "Refresh from service"))
        self.refresh_button.setToolTip(
            translate("History", "Update tracking statuses from the service (F5)")
        )

        self.model = ShipmentHistoryModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(ShipmentHistoryModel.SortRole)
        self.table = QTableView()
        self.table.setObjectName("history_table")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(ShipmentHistoryModel.DATE, Qt.SortOrder.DescendingOrder)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(ShipmentHistoryModel.RECEIVER, QHeaderView.ResizeMode.Stretch)
        header.setStretchLastSection(False)
        for column, width in (
            (ShipmentHistoryModel.DATE, 130),
            (ShipmentHistoryModel.CARRIER, 150),
            (ShipmentHistoryModel.REFERENCE, 170),
            (ShipmentHistoryModel.TRACKING, 170),
            (ShipmentHistoryModel.STATUS, 130),
            (ShipmentHistoryModel.PRICE, 70),
        ):
            self.table.setColumnWidth(column, width)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)

        self.reprint_button = QPushButton(translate("History", "Reprint"))
        self.open_button = QPushButton(translate("History", "Open label"))
        self.delete_button = QPushButton(translate("History", "Delete…"))
        self.count_label = QLabel()
        self.count_label.setObjectName("history_count")
        self.message = QLabel()
        self.message.setObjectName("history_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message.hide()

        top = QHBoxLayout()
        top.addWidget(self.search_edit, 1)
        top.addWidget(self.show_deleted)
        top.addWidget(self.refresh_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label)
        bottom.addStretch(1)
        bottom.addWidget(self.reprint_button)
        bottom.addWidget(self.open_button)
        bottom.addWidget(self.delete_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)
        layout.addLayout(bottom)

        # actions: the same objects serve the buttons, the context menu and the keyboard
        def action(
            text: str, keys: Sequence[QKeySequence | str], slot: Callable[[], Any]
        ) -> QAction:
            act = QAction(text, self)
            act.setShortcuts([QKeySequence(k) for k in keys])
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            act.triggered.connect(slot)
            self.addAction(act)
            return act

        self.reprint_action = action(translate("History", "Reprint"), ["Ctrl+R"], self._on_reprint)
        self.open_action = action(translate("History", "Open label"), [], self._on_open)
        self.delete_action = action(
            translate("History", "Delete…"), [QKeySequence.StandardKey.Delete], self._on_delete
        )
        self.refresh_action = action(
            translate("History", "Refresh from service"), ["F5"], self._on_refresh
        )
        self.copy_action = action(
            translate("History", "Copy tracking number"), [], self._copy_tracking
        )
        self.find_action = action(
            translate("History", "Search"), [QKeySequence.StandardKey.Find], self._focus_search
        )
        self.reprint_button.clicked.connect(self.reprint_action.trigger)
        self.open_button.clicked.connect(self.open_action.trigger)
        self.delete_button.clicked.connect(self.delete_action.trigger)
        self.refresh_button.clicked.connect(self.refresh_action.trigger)
        self.table.activated.connect(lambda _index: self.open_action.trigger())
        self.table.customContextMenuRequested.connect(self._context_menu)
        self.table.selectionModel().selectionChanged.connect(self._update_actions)
        self.model.modelReset.connect(self._update_actions)
        self.model.dataChanged.connect(self._update_actions)

        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(SEARCH_DEBOUNCE_MS)
        self._debounce.timeout.connect(self._start_search)
        self.search_edit.textChanged.connect(lambda _text: self._debounce.start())
        self.search_edit.returnPressed.connect(self._start_search)
        self.show_deleted.toggled.connect(lambda _on: self._start_search())

        setTabOrder = QWidget.setTabOrder  # noqa: N806
        setTabOrder(self.search_edit, self.show_deleted)
        setTabOrder(self.show_deleted, self.refresh_button)
        setTabOrder(self.refresh_button, self.table)
        setTabOrder(self.table, self.reprint_button)
        setTabOrder(self.reprint_button, self.open_button)
        setTabOrder(self.open_button, self.delete_button)

        self._profile_id: str | None = ctx.profile.id if ctx.profile is not None else None
        ctx.profile_changed.connect(self._on_profile_changed)
        ctx.connection_changed.connect(self._on_connection_changed)
        ctx.shipment_created.connect(self._on_shipment_created)
        self._update_actions()
        self._start_search()

    # --- context access (one place, so the context's shape matters only here) ------------------

    @property
    def store(self) -> ProfileStore | None:
        """The current profile's store."""
        return self.ctx.store

    @property
    def client(self) -> ShippingClient | None:
        """The current profile's client (None while the service is not connected)."""
        return self.ctx.client

    def _printer(self) -> PrinterDefinition | None:
        """The printer assigned to the current profile."""
        printer: PrinterDefinition | None = self.ctx.printer()
        return printer

    # --- tasks ---------------------------------------------------------------------------------

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            exc = task.exception()
            log.error("history task failed", exc_info=exc)
            self.show_message(translate("History", "Something went wrong: {exc}").format(exc=exc))

    async def wait_idle(self) -> None:
        """Wait for the searches, refreshes, deletes and reprints started so far (for tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def closeEvent(self, event: Any) -> None:  # noqa: N802
        """Stop background work with the page."""
        self._debounce.stop()
        for task in list(self._tasks):
            task.cancel()
        super().closeEvent(event)

    # --- search --------------------------------------------------------------------------------

    def search(self, text: str) -> None:
        """Type a query into the search box (the search runs after the debounce)."""
        self.search_edit.setText(text)

    def _start_search(self) -> None:
        """Run the search now, cancelling one still running (its result would be stale)."""
        self._debounce.stop()
        if self._search_task is not None and not self._search_task.done():
            self._search_task.cancel()
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            # no loop yet (the window is being built before the loop runs): the store is fast
            self._search_sync(self.search_edit.text())
            return
        self._search_task = self._spawn(self._search(self.search_edit.text()))

    def _search_sync(self, query: str) -> None:
        store = self.store
        shipments, total = (
            self._query_store(store, query, self.show_deleted.isChecked())
            if store is not None
            else ([], 0)
        )
        self.model.set_shipments(shipments)
        self._show_count(len(shipments), total)

    async def reload(self) -> None:
        """Load the history again with the current query and wait for it."""
        self._start_search()
        task = self._search_task
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _search(self, query: str) -> None:
        store = self.store
        if store is None:
            self.model.set_shipments([])
            self._show_count(0, 0)
            self.search_finished.emit(query)
            return
        include_deleted = self.show_deleted.isChecked()
        try:
            shipments, total = await asyncio.to_thread(
                self._query_store, store, query, include_deleted
            )
        except Exception as exc:  # a store closed by a profile switch meanwhile
            if store is not self.store:
                return
            raise exc
        if store is not self.store:
            return  # the profile changed while this ran
        selected = set(self.selected_ids())
        self.model.set_shipments(shipments)
        self._reselect(selected)
        self._show_count(len(shipments), total)
        self.search_finished.emit(query)

    @staticmethod
    def _query_store(
        store: ProfileStore, query: str, include_deleted: bool
    ) -> tuple[list[StoredShipment], int]:
        q = query.strip() or None
        found = store.list_shipments(q, limit=PAGE_SIZE, include_deleted=include_deleted)
        total = (
            len(found)
            if len(found) < PAGE_SIZE
            else store.count_shipments(q, include_deleted=include_deleted)
        )
        return found, total

    def _show_count(self, shown: int, total: int) -> None:
        if total == 0:
            text = (
                translate("History", "No shipments match")
                if self.search_edit.text().strip()
                else translate("History", "No shipments yet")
            )
        elif shown < total:
            text = translate(
                "History", "Showing the newest {0} of %n shipment(s)", None, total
            ).format(shown)
        else:
            text = translate("History", "%n shipment(s)", None, total)
        self.count_label.setText(text)

    def _focus_search(self) -> None:
        self.search_edit.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search_edit.selectAll()

    # --- selection -----------------------------------------------------------------------------

    def selected_shipments(self) -> list[StoredShipment]:
        """The selected shipments, in view order."""
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [
            self.model.shipment(self.proxy.mapToSource(self.proxy.index(r, 0)).row()) for r in rows
        ]

    def selected_ids(self) -> list[str]:
        """Ids of the selected shipments."""
        return [s.id for s in self.selected_shipments()]

    def select_ids(self, ids: Sequence[str]) -> None:
        """Select these shipments (those shown)."""
        self.table.clearSelection()
        self._reselect(set(ids))

    def _reselect(self, ids: set[str]) -> None:
        from PySide6.QtCore import QItemSelectionModel

        flags = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
        first = True
        for shipment_id in ids:
            row = self.model.row_of(shipment_id)
            if row < 0:
                continue
            index = self.proxy.mapFromSource(self.model.index(row, 0))
            self.table.selectionModel().select(index, flags)
            if first:
                self.table.setCurrentIndex(index)
                self.table.selectionModel().select(index, flags)
                first = False

    def _update_actions(self, *_args: Any) -> None:
        shipments = self.selected_shipments()
        one = len(shipments) == 1
        self.open_action.setEnabled(one)
        self.copy_action.setEnabled(one and bool(_tracking_numbers(shipments[0])))
        self.reprint_action.setEnabled(bool(shipments) and not any(s.deleted for s in shipments))
        reasons = [deletable(s)[1] for s in shipments]
        self.delete_action.setEnabled(bool(shipments) and not any(reasons))
        self.delete_button.setToolTip(
            next(
                (translate("History", "Cannot delete: {r}").format(r=r) for r in reasons if r),
                translate("History", "Delete on the service (Del)"),
            )
        )
        self.reprint_button.setToolTip(
            translate("History", "Print the label again on this profile's printer (Ctrl+R)")
        )
        for button, act in (
            (self.reprint_button, self.reprint_action),
            (self.open_button, self.open_action),
            (self.delete_button, self.delete_action),
        ):
            button.setEnabled(act.isEnabled())

    def _context_menu(self, pos: QPoint) -> None:
        menu = QMenu(self)
        for act in (self.reprint_action, self.open_action, self.copy_action):
            menu.addAction(act)
        menu.addSeparator()
        menu.addAction(self.delete_action)
        menu.addAction(self.refresh_action)
        if self.extra_actions:  # added by other features (e.g. "Create return label…")
            menu.addSeparator()
            for act in self.extra_actions:
                menu.addAction(act)
        menu.popup(self.table.viewport().mapToGlobal(pos))

    def _copy_tracking(self) -> None:
        shipments = self.selected_shipments()
        if shipments:
            QGuiApplication.clipboard().setText(_tracking_numbers(shipments[0]))

    def show_message(self, text: str) -> None:
        """Show a message under the table."""
        self.message.setText(text)
        self.message.setVisible(bool(text))
        self.message_shown.emit(text)

    # --- profile switch ------------------------------------------------------------------------

    def _on_profile_changed(self, profile: Any = None) -> None:
        """Another profile: nothing is carried over (table, search, messages); same one: reload."""
        profile_id = getattr(profile, "id", None)
        if profile_id == self._profile_id:
            self._start_search()  # the same profile was edited (e.g. its printer)
            return
        self._profile_id = profile_id
        for task in list(self._tasks):
            task.cancel()
        self.model.set_shipments([])
        self.show_message("")
        self.search_edit.blockSignals(True)
        self.search_edit.clear()
        self.search_edit.blockSignals(False)
        self._last_refresh = None
        self._start_search()

    def _on_connection_changed(self, state: str, _message: str = "") -> None:
        if state == "connected" and self.isVisible():
            self._maybe_auto_refresh()

    def _on_shipment_created(self, *_args: Any) -> None:
        # a hidden page loads again when it is shown (showEvent): reading up to PAGE_SIZE
        # shipments after every label at the desk made each label slower as the day went on
        if self.isVisible():
            self._start_search()

    def showEvent(self, event: Any) -> None:  # noqa: N802
        """Bring the statuses up to date when the page is shown."""
        super().showEvent(event)
        self._start_search()
        self._maybe_auto_refresh()

    def _maybe_auto_refresh(self) -> None:
        recent = self._last_refresh is not None and time.monotonic() - self._last_refresh < 60.0
        if self.auto_refresh and self.client is not None and not recent:
            with contextlib.suppress(RuntimeError):  # no running loop: skip the refresh
                asyncio.get_running_loop()
                self._spawn(self.refresh_from_service())

    # --- open ----------------------------------------------------------------------------------

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

    # --- reprint -------------------------------------------------------------------------------

    def _on_reprint(self) -> None:
        shipments = [s for s in self.selected_shipments() if not s.deleted]
        if shipments:
            self._spawn(self.reprint(shipments))

    async def reprint(self, shipments: Sequence[StoredShipment]) -> list[int]:
        """Queue one copy of each label on the profile's printer; returns the job ids."""
        printer = self._printer()
        if printer is None:
            self.show_message(
                translate(
                    "History",
                    "No printer is assigned to this profile: add one in Settings › Printers "
                    "and assign it.",
                )
            )
            return []
        jobs: list[int] = []
        problems: list[str] = []
        for shipment in shipments:
            name = shipment.reference_number or shipment.id
            try:
                queued = self.ctx.print_label(shipment, copies=1)
            except (ValueError, RuntimeError) as exc:
                problems.append(f"{name}: {exc}")
                continue
            for job in queued:
                jobs.append(job.id)
                self.reprint_queued.emit(job.id)
        parts = []
        if jobs:
            parts.append(
                translate("History", "%n label(s) sent to {name}.", None, len(jobs)).format(
                    name=printer.name
                )
            )
        parts += problems
        self.show_message(" ".join(parts))
        return jobs

    # --- delete --------------------------------------------------------------------------------

    def _on_delete(self) -> None:
        shipments = [s for s in self.selected_shipments() if deletable(s)[0]]
        if not shipments:
            return
        names = ", ".join(s.reference_number or s.recipient or s.id for s in shipments[:5])
        if len(shipments) > 5:
            names += translate("History", " and {0} more").format(len(shipments) - 5)
        answer = QMessageBox.question(
            self,
            translate("History", "Delete shipments"),
            translate(
                "History",
                "Delete %n shipment(s) on the service?\n\n{names}\n\n"
                "Their labels can no longer be used.",
                None,
                len(shipments),
            ).format(names=names),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self._spawn(self.delete([s.id for s in shipments]))

    async def delete(self, ids: Sequence[str]) -> list[str]:
        """Delete shipments on the service and mark them deleted here; returns those deleted."""
        from desktop_app.client.errors import APIError, NotFoundError

        client, store = self.client, self.store
        if client is None or store is None:
            self.show_message(
                translate("History", "Not connected to the service yet: try again in a moment.")
            )
            return []
        deleted: list[str] = []
        errors: list[str] = []
        for shipment_id in ids:
            try:
                await client.shipments.delete(shipment_id)
            except NotFoundError as exc:
                # gone on the service already (deleted elsewhere, or sandbox expiry)
                await asyncio.to_thread(store.mark_deleted, shipment_id)
                errors.append(
                    translate("History", "{0}: the service no longer has it ({1}).").format(
                        self._name(store, shipment_id), service_text(exc)
                    )
                )
                deleted.append(shipment_id)
                continue
            except APIError as exc:
                errors.append(f"{self._name(store, shipment_id)}: {service_text(exc)}")
                continue
            await asyncio.to_thread(store.mark_deleted, shipment_id)
            deleted.append(shipment_id)
            self.shipment_deleted.emit(shipment_id)
        if store is self.store:
            await self.reload()
        text = (
            translate("History", "Deleted %n shipment(s).", None, len(deleted)) if deleted else ""
        )
        if errors:
            text = (text + " " if text else "") + " ".join(errors)
        self.show_message(text)
        return deleted

    @staticmethod
    def _name(store: ProfileStore, shipment_id: str) -> str:
        try:
            shipment = store.get_shipment(shipment_id)
        except LookupError:
            return shipment_id
        return shipment.reference_number or shipment.recipient or shipment_id

    # --- refresh -------------------------------------------------------------------------------

    def _on_refresh(self) -> None:
        self._spawn(self.refresh_from_service())

    async def refresh_from_service(self) -> int:
        """Update the stored shipments (tracking statuses) from the service; returns how many."""
        from desktop_app.client.errors import APIError, NotFoundError

        client, store = self.client, self.store
        if client is None or store is None:
            self.show_message(translate("History", "Not connected to the service yet."))
            return 0
        self._last_refresh = time.monotonic()
        self.refresh_action.setEnabled(False)
        self.refresh_button.setEnabled(False)
        self.refresh_button.setText(translate("History", "Refreshing…"))
        updated = 0
        try:
            stored: list[StoredShipment] = await asyncio.to_thread(
                store.list_shipments, None, REFRESH_LIMIT
            )
            if not stored:
                self.refreshed.emit(0)
                return 0
            wanted = {s.id: s for s in stored}
            oldest = min(datetime.fromisoformat(s.created_at) for s in stored)
            seen: set[str] = set()
            async for shipment in client.shipments.iter_all(
                created_at_gt=oldest - CLOCK_SKEW, limit=REFRESH_LIMIT * 5
            ):
                if shipment.id in wanted and shipment.id not in seen:
                    seen.add(shipment.id)
                    updated += await self._record(store, shipment)
            for shipment_id in [i for i in wanted if i not in seen][:REFRESH_SINGLE_LOOKUPS]:
                try:
                    shipment = await client.shipments.get(shipment_id)
                except NotFoundError:
                    await asyncio.to_thread(store.mark_deleted, shipment_id)
                    updated += 1
                    continue
                updated += await self._record(store, shipment)
        except APIError as exc:
            self.show_message(
                translate("History", "Could not refresh from the service: {0}").format(
                    service_text(exc)
                )
            )
            return updated
        finally:
            self.refresh_button.setText(translate("History", "Refresh from service"))
            self.refresh_button.setEnabled(True)
            self.refresh_action.setEnabled(True)
        if store is self.store:
            await self.reload()
            self.show_message(
                translate("History", "Updated from the service at {0}.").format(
                    time_of_day(datetime.now())
                )
            )
        self.refreshed.emit(updated)
        return updated

    @staticmethod
    async def _record(store: ProfileStore, shipment: Any) -> int:
        data = shipment.model_dump(mode="json", by_alias=True, exclude_none=True)
        await asyncio.to_thread(store.update_tracking, shipment.id, shipment.tracking_status, data)
        return 1
