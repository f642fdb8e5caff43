"""The End of day page's list: per carrier, today's shipments waiting for a pickup (checkable
where the carrier takes pickup requests) and those left out, greyed, with the reason."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from desktop_app.gui.core.theme import MUTED
from desktop_app.gui.end_of_day.pickups import CarrierDay
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import time_of_day
from desktop_app.gui.widgets.meaning_items import MeaningTreeItem
from desktop_app.gui.widgets.tables import fit_titles
from desktop_app.profiles.store import StoredShipment


def _row(shipment: StoredShipment, note: str) -> MeaningTreeItem:
    """A shipment's row: reference, receiver, labelled at (today: the time only), note."""
    item = MeaningTreeItem(
        [
            shipment.reference_number or shipment.id[:12],
            shipment.recipient,
            time_of_day(shipment.created_at),
            note,
        ]
    )
    item.setData(0, Qt.ItemDataRole.UserRole, shipment.id)
    return item


class WaitingShipmentsTree(QTreeWidget):
    """Carriers as top rows, their shipments below; the checked ones can be picked up."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pickup_tree")
        self.setHeaderLabels(
            [
                translate("Pickups", "Carrier / shipment"),
                translate("Pickups", "Receiver"),
                translate("Pickups", "Labelled at"),
                translate("Pickups", "Note"),
            ]
        )
        self.setColumnWidth(0, 220)
        self.setColumnWidth(1, 220)
        self.setColumnWidth(2, 90)
        fit_titles(self.header())

    def show_days(self, days: Mapping[str, CarrierDay], handed_over: Mapping[str, str]) -> None:
        """Show the day (the checked shipments stay checked), each shipment's manifest noted."""
        checked = set(self.checked_ids())
        self.blockSignals(True)
        self.clear()
        for code, day in days.items():
            note = (
                ""
                if day.pickup_offered
                else translate("Pickups", "{name} takes no pickup requests").format(name=day.name)
            )
            top = QTreeWidgetItem(
                [
                    translate("Pickups", "{name} ({0} open)").format(len(day.open), name=day.name),
                    "",
                    "",
                    note,
                ]
            )
            top.setData(0, Qt.ItemDataRole.UserRole, code)
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            self.addTopLevelItem(top)
            for s in day.open:
                manifest = handed_over.get(s.id)
                child = _row(
                    s,
                    translate("EndOfDayPage", "on manifest {0}").format(manifest)
                    if manifest
                    else "",
                )
                if day.pickup_offered:
                    child.setFlags(child.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    state = Qt.CheckState.Checked if s.id in checked else Qt.CheckState.Unchecked
                    child.setCheckState(0, state)
                top.addChild(child)
            for s, why in day.left_out:
                child = _row(s, why)
                child.meanings[3] = MUTED  # the reason it is left out
                child.setDisabled(True)
                top.addChild(child)
            top.setExpanded(True)
        self.blockSignals(False)

    def _items(self, carrier: str | None = None) -> list[QTreeWidgetItem]:
        items = []
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            if top is None or (
                carrier is not None and top.data(0, Qt.ItemDataRole.UserRole) != carrier
            ):
                continue
            children = (top.child(j) for j in range(top.childCount()))
            items += [
                child
                for child in children
                if child is not None and child.flags() & Qt.ItemFlag.ItemIsUserCheckable
            ]
        return items

    def checked_ids(self, carrier: str | None = None) -> list[str]:
        """Ids of the checked shipments (of `carrier`)."""
        return [
            str(item.data(0, Qt.ItemDataRole.UserRole))
            for item in self._items(carrier)
            if item.checkState(0) == Qt.CheckState.Checked
        ]

    def set_checked(self, ids: Iterable[str]) -> None:
        """Check exactly these shipments."""
        wanted = set(ids)
        for item in self._items():
            state = item.data(0, Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(0, Qt.CheckState.Checked if state else Qt.CheckState.Unchecked)
