"""The History page's table: `ShipmentHistoryModel`, stored shipments as rows (date, receiver,
carrier/service, reference, tracking numbers, status, price), and the texts and rules a row
shows (`status_text`, `deletable`). Plain Qt model, no widget: tests fill it directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QColor

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import carrier_name, date_time, money, service_name
from desktop_app.gui.widgets.tracking_events import STATUS_TEXT
from desktop_app.profiles.store import StoredShipment

ModelIndex = QModelIndex | QPersistentModelIndex

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


def tracking_numbers(shipment: StoredShipment) -> str:
    """The shipment's tracking numbers (its own and its packages'), comma-separated."""
    numbers: list[str] = []
    if shipment.carrier_tracking_no:
        numbers.append(shipment.carrier_tracking_no)
    for package in shipment.data.get("packages") or []:
        number = package.get("carrier_tracking_no") if isinstance(package, dict) else None
        if number and number not in numbers:
            numbers.append(str(number))
    return ", ".join(numbers)


def last_event(shipment: StoredShipment) -> str:
    """The newest tracking event: local time, details and location."""
    events: list[dict[str, Any]] = []
    for package in shipment.data.get("packages") or []:
        if isinstance(package, dict):
            events += [e for e in package.get("tracking_events") or [] if isinstance(e, dict)]
    if not events:
        return ""
    last = max(events, key=lambda e: str(e.get("timestamp") or ""))
    parts = [date_time(str(last.get("timestamp") or "")), str(last.get("details") or "")]
    location = last.get("location")
    if location:
        parts.append(f"({location})")
    return " ".join(p for p in parts if p)


def made_by(s: StoredShipment) -> str:
    """Who made the label at which station (the service says it to those who may see it)."""
    made = s.data.get("made_by")
    if not isinstance(made, dict) or not made.get("person"):
        return ""
    station = made.get("station")
    if not station:
        return str(made["person"])
    return translate("History", "{person} at {station}").format(
        person=made["person"], station=station
    )


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
        QT_TRANSLATE_NOOP("History", "Made by"),
    )
    DATE, RECEIVER, CARRIER, REFERENCE, TRACKING, STATUS, PRICE, MADE_BY = range(len(COLUMNS))
    #: role giving the StoredShipment of a row
    ShipmentRole = Qt.ItemDataRole.UserRole + 1
    #: role giving a raw value to sort by
    SortRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: QObject | None = None) -> None:
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
            return QColor(color(MUTED))
        if role == Qt.ItemDataRole.TextAlignmentRole and column == self.PRICE:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _display(self, s: StoredShipment, column: int) -> str:
        if column == self.DATE:
            return date_time(s.created_at)
        if column == self.RECEIVER:
            return s.recipient
        if column == self.CARRIER:
            carrier = carrier_name(s.carrier)
            return f"{carrier} / {service_name(s.carrier, s.service)}" if s.service else carrier
        if column == self.REFERENCE:
            return s.reference_number or ""
        if column == self.TRACKING:
            return tracking_numbers(s)
        if column == self.STATUS:
            return status_text(s)
        if column == self.PRICE:
            return "" if s.price is None else money(s.price)
        if column == self.MADE_BY:
            return made_by(s)
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
            return last_event(s) or None
        if column == self.TRACKING:
            url = s.data.get("tracking_url")
            return str(url) if url else None
        if column == self.RECEIVER:
            to = s.data.get("to") or {}
            place = " ".join(str(to.get(k) or "") for k in ("zip_code", "city", "country"))
            return place.strip() or None
        return None
