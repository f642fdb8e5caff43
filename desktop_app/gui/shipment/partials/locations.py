"""Find near the receiver: locker stations and post branches around the receiver's postcode.

Shown under the receiver while its mode is a locker station or a post branch. The list comes
from `GET /v1/pickup_dropoff_locations` (the carrier chosen, else the one whose keyword the
mode uses), nearest first, with distance and opening hours; choosing one fills the station or
branch number, postcode, city and country of the receiver.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.client.errors import APIError
from desktop_app.domain.models import PickupDropoffLocation
from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.widgets.address_form import LOCKER_STATION, POST_BRANCH, AddressFormWidget
from desktop_app.gui.widgets.tasks import TaskSet

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

#: the LocationType of the directory that each receiver mode looks for
LOCATION_TYPES = {LOCKER_STATION: "Locker", POST_BRANCH: "PostOffice"}
#: the carrier whose keyword (PACKSTATION, POSTFILIALE) the modes use, when none is chosen
DEFAULT_CARRIER = "dhl"
SEARCH_LIMIT = 30
SHOWN = 10


class LocationFinderWidget(QWidget):
    """A "Find near the receiver" button with the list of what it found."""

    chosen = Signal(object)  # the PickupDropoffLocation put into the receiver

    def __init__(
        self,
        ctx: AppContext,
        receiver: AddressFormWidget,
        carrier: Callable[[], str | None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("location_finder")
        self.ctx = ctx
        self.receiver = receiver
        self.carrier = carrier
        self.locations: list[PickupDropoffLocation] = []
        self.tasks = TaskSet(lambda text: self._say(text, error=True), ctx)
        self.find_button = QPushButton(self.tr("Find near the receiver"))
        self.find_button.setObjectName("find_locations")
        self.find_button.setToolTip(
            self.tr("List the stations or branches near the receiver's postcode, nearest first")
        )
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.table = QTableWidget(0, 4)
        self.table.setObjectName("locations")
        self.table.setHorizontalHeaderLabels(
            [self.tr("Location"), self.tr("Address"), self.tr("Distance"), self.tr("Opening hours")]
        )
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.use_button = QPushButton(self.tr("Use this location"))
        self.use_button.setObjectName("use_location")
        row = QHBoxLayout()
        row.addWidget(self.find_button)
        row.addWidget(self.note, 1)
        row.addWidget(self.use_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.table)
        self.find_button.clicked.connect(lambda: self.tasks.spawn(self.find_locations()))
        self.use_button.clicked.connect(self.use_selected)
        self.table.cellDoubleClicked.connect(lambda r, _c: self.choose(r))
        self.table.itemSelectionChanged.connect(self._update_use_button)
        receiver.mode_combo.currentIndexChanged.connect(lambda _i: self._on_mode())
        self._show_results(False)
        self._on_mode()

    # --- state ---------------------------------------------------------------------------------

    def _say(self, text: str, error: bool = False) -> None:
        self.note.setStyleSheet(f"color: {color(ERROR)};" if error else f"color: {color(MUTED)};")
        self.note.setText(text)

    def _show_results(self, shown: bool) -> None:
        self.table.setVisible(shown)
        self.use_button.setVisible(shown)

    def _on_mode(self) -> None:
        wanted = self.receiver.mode in LOCATION_TYPES
        self.setVisible(wanted)
        if not wanted and self.locations:
            self.clear()
        self._update_use_button()

    def _update_use_button(self) -> None:
        self.use_button.setEnabled(bool(self.table.selectedItems()))

    def clear(self) -> None:
        """Forget the list (another mode, the next shipment)."""
        self.locations = []
        self.table.clearSelection()
        self.table.setRowCount(0)
        self.note.clear()
        self._show_results(False)

    # --- search --------------------------------------------------------------------------------

    async def find_locations(self) -> list[PickupDropoffLocation]:
        """Look up the locations of the mode's kind near the receiver's postcode or city."""
        mode = self.receiver.mode
        client = self.ctx.client
        if mode not in LOCATION_TYPES or client is None:
            return []
        address = self.receiver.address()
        zip_code, city = address.get("zip_code"), address.get("city")
        if not zip_code and not city:
            self._say(self.tr("Enter the receiver's postcode or city first."), error=True)
            return []
        self.find_button.setEnabled(False)
        self._say(self.tr("Looking for locations…"))
        try:
            found = await client.locations.find(
                [self.carrier() or DEFAULT_CARRIER],
                zip_code=zip_code,
                city=city,
                country=address.get("country"),
                limit=SEARCH_LIMIT,
            )
        except APIError as exc:
            self._say(self.tr("The locations could not be looked up: {0}").format(exc), True)
            return []
        finally:
            self.find_button.setEnabled(True)
        kind = LOCATION_TYPES[mode]
        self.locations = [loc for loc in found if loc.location_type == kind][:SHOWN]
        self._fill()
        return self.locations

    def _fill(self) -> None:
        self.table.setRowCount(len(self.locations))
        for index, loc in enumerate(self.locations):
            place = f"{loc.street1 or ''} {loc.house_number or ''}, {loc.zip_code} {loc.city}"
            cells = (loc.name1 or loc.service_point_id, place.strip(), self._distance(loc))
            for column, text in enumerate((*cells, loc.hours_text())):
                self.table.setItem(index, column, QTableWidgetItem(text))
        self._show_results(bool(self.locations))
        if self.locations:
            self._say(
                self.tr("%n location(s) near the receiver: choose one.", "", len(self.locations))
            )
        else:
            self._say(self.tr("No location of this kind near the receiver."), error=True)
        self._update_use_button()

    def _distance(self, loc: PickupDropoffLocation) -> str:
        meters = loc.distance or 0
        if meters < 1000:
            return self.tr("{0} m").format(meters)
        return self.tr("{0} km").format(f"{meters / 1000:.1f}")

    # --- choice --------------------------------------------------------------------------------

    def use_selected(self) -> None:
        """Put the selected location into the receiver."""
        rows = {item.row() for item in self.table.selectedItems()}
        if rows:
            self.choose(min(rows))

    def choose(self, row: int) -> None:
        """Fill the station or branch number, postcode, city and country from location `row`."""
        if not 0 <= row < len(self.locations):
            return
        loc = self.locations[row]
        fields = self.receiver.fields
        for name, value in (
            ("street_no", loc.service_point_id),
            ("zip_code", loc.zip_code),
            ("city", loc.city),
            ("country", loc.country_code),
        ):
            if value:
                fields[name].set_text(value)
                fields[name].touched = True
        self.receiver.edited.emit()
        self._say(self.tr("{0} is the receiver's location now.").format(loc.name1))
        self.chosen.emit(loc)
