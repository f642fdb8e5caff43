"""The End of day page's pickup history: when requested, carrier, the carrier's pickup number,
the window and how many shipments."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from desktop_app.domain.catalog import load_catalog
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import date_time


def _when(value: Any) -> str:
    if isinstance(value, datetime):
        return date_time(value)
    return str(value or "")


def _when_str(value: str) -> str:
    try:
        return _when(datetime.fromisoformat(value))
    except ValueError:
        return value


def request_row(request: Any) -> tuple[str, str, str, str, str]:
    """A pickup request's cells: requested at, carrier, pickup number, window, shipments."""
    spec = load_catalog().carriers.get(request.carrier or "")
    window = request.pickup_time
    created = getattr(request, "created_at", None) or (request.model_extra or {}).get("created_at")
    return (
        _when_str(str(created or "")),
        spec.display_name if spec else str(request.carrier or ""),
        request.carrier_pickup_number or "",
        f"{_when(window.earliest)} – {_when(window.latest)}" if window else "",
        str(len(request.shipments)),
    )


class PickupHistoryTable(QTableWidget):
    """One row per pickup request of the account."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(0, 5, parent)
        self.setObjectName("pickup_history")
        self.setHorizontalHeaderLabels(
            [
                translate("Pickups", "Requested"),
                translate("Pickups", "Carrier"),
                translate("Pickups", "Pickup number"),
                translate("Pickups", "Window"),
                translate("Pickups", "Shipments"),
            ]
        )
        self.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.verticalHeader().setVisible(False)
        self.setWordWrap(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for column in (0, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)

    def show_requests(self, requests: Sequence[Any]) -> None:
        """Show these pickup requests, in the service's order."""
        self.setRowCount(len(requests))
        for r, request in enumerate(requests):
            for c, value in enumerate(request_row(request)):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, request.id)
                self.setItem(r, c, item)
