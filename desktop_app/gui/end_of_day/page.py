"""End of day page: today's shipments per carrier, pickup requests, manifests, pickup history.

`EndOfDayPage` composes the waiting-shipments tree, the manifest and pickup request forms and
the pickup history table, and forwards to `EndOfDayPresenter` (handover.py), which loads the
day, checks and sends pickup requests and makes and prints manifests; the widget shows what it
reports. The rules of what waits for a pickup are in pickups.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.end_of_day.partials.handover_boxes import (
    ManifestBox,
    PickupRequestBox,
    fill_carriers,
)
from desktop_app.gui.end_of_day.partials.history_table import PickupHistoryTable
from desktop_app.gui.end_of_day.partials.waiting_tree import WaitingShipmentsTree
from desktop_app.gui.end_of_day.pickups import CarrierDay, default_window, pickup_body
from desktop_app.gui.end_of_day.presenter import EndOfDayPresenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.fixed_rows import scrolled

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class EndOfDayPage(QWidget):
    """The End of day page: end of day per carrier, request a pickup, pickup history."""

    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("pickups")
        self.presenter = EndOfDayPresenter(ctx, self)
        self.tasks = self.presenter.tasks
        #: a pickup was requested (the PickupRequest answered by the service)
        self.pickup_requested = self.presenter.pickup_requested

        self.tree = WaitingShipmentsTree()
        self.reload_button = QPushButton(translate("Pickups", "Reload"))
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet(f"color: {color(MUTED)};")
        self.request_box = PickupRequestBox()
        box = self.request_box
        self.carrier_combo, self.request_button = box.carrier_combo, box.request_button
        self.all_radio, self.chosen_radio = box.all_radio, box.chosen_radio
        self.request_problems = box.request_problems
        self.manifest_box = ManifestBox()
        self.manifest_carrier_combo = self.manifest_box.manifest_carrier_combo
        self.manifest_button = self.manifest_box.manifest_button
        self.print_manifest_button = self.manifest_box.print_manifest_button
        self.manifest_note = self.manifest_box.manifest_note
        self.history_table = PickupHistoryTable()
        history_box = QGroupBox(translate("Pickups", "Pickup history"))
        QVBoxLayout(history_box).addWidget(self.history_table)
        self.message = QLabel()
        self.message.setObjectName("pickup_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        top = QWidget()
        tl = QVBoxLayout(top)
        tl.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        title = QLabel(
            translate("Pickups", "End of day: today's labelled shipments not yet picked up")
        )
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        head.addWidget(title, 1)
        head.addWidget(self.reload_button)
        tl.addLayout(head)
        tl.addWidget(self.tree, 1)
        tl.addWidget(self.summary)
        # side by side, and the history scrolling in its own place: the page fits a 1024x600
        # screen, so Create manifest, Request pickup and their answer below stay in view
        boxes = QHBoxLayout()
        boxes.addWidget(self.manifest_box, 1)
        boxes.addWidget(self.request_box, 1)
        tl.addLayout(boxes)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(scrolled(history_box))
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        layout.addWidget(self.message)

        presenter = self.presenter
        self.reload_button.clicked.connect(lambda: self.tasks.spawn(self.reload()))
        self.request_button.clicked.connect(self.confirm_request)
        self.manifest_button.clicked.connect(lambda: self.tasks.spawn(self.create_manifest()))
        self.print_manifest_button.clicked.connect(lambda: self.tasks.spawn(self.print_manifest()))
        self.request_box.changed.connect(self._check)
        self.tree.itemChanged.connect(lambda *_: self._check())
        presenter.loaded.connect(self._show_day)
        presenter.busy_changed.connect(self._check)
        presenter.message_shown.connect(self.show_message)
        presenter.manifest_note_changed.connect(self.manifest_note.setText)
        # a batch creates many at once: reload once, and only while the page is shown (it
        # reloads when it is shown anyway)
        self._created_timer = QTimer(self)
        self._created_timer.setSingleShot(True)
        self._created_timer.setInterval(300)
        self._created_timer.timeout.connect(presenter.spawn_reload)
        ctx.shipment_created.connect(
            lambda *_: self._created_timer.start() if self.isVisible() else None
        )
        self.set_pickup_window(*default_window())
        self._check()

    # --- what the presenter holds and does, reachable from the page (tests) --------------------

    @property
    def days(self) -> dict[str, CarrierDay]:
        """Today's shipments per carrier: waiting, and left out with the reason."""
        return self.presenter.days

    @property
    def handed_over(self) -> dict[str, str]:
        """Shipment id -> the carrier reference of the manifest it was handed over with."""
        return self.presenter.handed_over

    @property
    def last_manifest_file(self) -> Path | None:
        """The last manifest's PDF."""
        return self.presenter.last_manifest_file

    def listed_ids(self, carrier: str) -> list[str]:
        """Ids of the carrier's shipments waiting for a pickup."""
        return self.presenter.listed_ids(carrier)

    def not_handed_over(self, carrier: str) -> list[str]:
        """Ids of the carrier's listed shipments that are on no manifest yet."""
        return self.presenter.not_handed_over(carrier)

    async def reload(self) -> None:
        """Read the pickup history from the service and the shipments from the store."""
        await self.presenter.reload()

    async def create_manifest(self) -> Any:
        """Hand over the chosen carrier's shipments not yet on a manifest (None: failed)."""
        return await self.presenter.create_manifest(self.manifest_box.carrier())

    async def print_manifest(self) -> Any:
        """Print the last manifest on the profile's printer (None: no printer)."""
        return await self.presenter.print_manifest()

    def show_message(self, text: str, error: bool = False) -> None:
        """A line at the bottom of the page."""
        self.message.setStyleSheet(f"color: {color(ERROR)};" if error else "")
        self.message.setText(text)
        self.message_shown.emit(text)

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        """The end of day changes all day: reload when the page is shown."""
        super().showEvent(event)
        self.presenter.spawn_reload()

    def _show_day(self) -> None:
        presenter = self.presenter
        self.tree.show_days(presenter.days, presenter.handed_over)
        fill_carriers(self.carrier_combo, presenter.pickup_carriers())
        fill_carriers(self.manifest_carrier_combo, presenter.manifest_carriers())
        self.summary.setText(presenter.summary())
        self.history_table.show_requests(presenter.history)
        self._check()

    # --- choosing ------------------------------------------------------------------------------

    def set_pickup_window(self, earliest: datetime, latest: datetime) -> None:
        """Put a pickup window into the time fields."""
        self.request_box.set_pickup_window(earliest, latest)

    def pickup_window(self) -> tuple[datetime, datetime]:
        """The pickup window in the time fields (local time, with offset)."""
        return self.request_box.pickup_window()

    def carrier(self) -> str | None:
        """The carrier chosen for the request."""
        return self.request_box.carrier()

    def checked_ids(self, carrier: str | None = None) -> list[str]:
        """Ids of the checked shipments (of `carrier`)."""
        return self.tree.checked_ids(carrier)

    def set_checked(self, ids: Iterable[str]) -> None:
        """Check exactly these shipments."""
        self.tree.set_checked(ids)

    def chosen_ids(self) -> list[str]:
        """The shipments the request would name."""
        carrier = self.carrier()
        if carrier is None:
            return []
        if self.all_radio.isChecked():
            return self.listed_ids(carrier)
        return self.checked_ids(carrier)

    def draft(self) -> dict[str, Any] | None:
        """The request body as it would be sent now."""
        carrier = self.carrier()
        if carrier is None:
            return None
        return pickup_body(carrier, *self.pickup_window(), self.chosen_ids())

    def _check(self) -> list[str]:
        problems = self.presenter.request_problems(
            self.carrier(), *self.pickup_window(), self.chosen_ids()
        )
        self.request_box.show_problems(problems, self.presenter.can_request(problems))
        presenter = self.presenter
        self.manifest_box.update_buttons(
            self.ctx.client is not None and not presenter.making_manifest,
            presenter.last_manifest_file is not None,
        )
        return problems

    # --- request -------------------------------------------------------------------------------

    def confirm_request(self) -> bool:
        """Ask (carrier, how many shipments, the time window), then request; True if sent."""
        carrier = self.carrier()
        if carrier is None or self._check():
            return False
        answer = QMessageBox.question(
            self,
            translate("Pickups", "Request pickup"),
            self.presenter.question(carrier, len(self.chosen_ids()), *self.pickup_window()),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self.tasks.spawn(self.request())
        return True

    async def request(self, shipment_ids: Sequence[str] | None = None) -> Any:
        """Request the pickup (the chosen shipments, or `shipment_ids`); returns the request."""
        ids = list(shipment_ids) if shipment_ids is not None else self.chosen_ids()
        return await self.presenter.request(self.carrier(), *self.pickup_window(), ids)
