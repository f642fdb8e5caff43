"""The End of day page's two forms: "Request a pickup" (carrier, time window, which shipments)
and "Hand over: manifest" (carrier, create, print). They hold the fields and buttons only; the
page asks `EndOfDayPresenter` what to offer and what is allowed."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from PySide6.QtCore import QDateTime, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDateTimeEdit,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import date_time_format
from desktop_app.gui.widgets.elided import reserve_lines


def fill_carriers(combo: QComboBox, options: Sequence[tuple[str, str]]) -> None:
    """Offer these (code, text) carriers, keeping the chosen one when it is still offered."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for code, text in options:
        combo.addItem(text, code)
    combo.setCurrentIndex(max(combo.findData(current), 0))
    combo.blockSignals(False)


def chosen_carrier(combo: QComboBox) -> str | None:
    """The carrier code chosen in `combo` (None when none is offered)."""
    data = combo.currentData()
    return str(data) if data else None


class PickupRequestBox(QGroupBox):
    """Carrier, earliest and latest pickup time, all listed or only the checked shipments."""

    #: a field changed (the request is checked again)
    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("Pickups", "Request a pickup"), parent)
        self.carrier_combo = QComboBox()
        self.carrier_combo.setObjectName("pickup_carrier")
        self.earliest_edit = QDateTimeEdit()
        self.latest_edit = QDateTimeEdit()
        for edit in (self.earliest_edit, self.latest_edit):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat(date_time_format())
        self.all_radio = QRadioButton(translate("Pickups", "All listed shipments of the carrier"))
        self.chosen_radio = QRadioButton(translate("Pickups", "Only the checked shipments"))
        self.all_radio.setChecked(True)
        self.request_button = QPushButton(translate("Pickups", "Request pickup"))
        self.request_button.setObjectName("pickup_request")
        self.request_problems = QLabel()
        self.request_problems.setWordWrap(True)
        self.request_problems.setStyleSheet(f"color: {color(ERROR)};")
        reserve_lines(self.request_problems, 3)  # problems coming and going move nothing
        # narrow enough to stand beside the manifest box at 1024x600, German too: the choices
        # one under another, the problems on lines of their own (a grid squeezed them)
        grid = QGridLayout()
        grid.addWidget(QLabel(translate("Pickups", "Carrier")), 0, 0)
        grid.addWidget(self.carrier_combo, 0, 1, 1, 3)
        grid.addWidget(QLabel(translate("Pickups", "Earliest")), 1, 0)
        grid.addWidget(self.earliest_edit, 1, 1)
        grid.addWidget(QLabel(translate("Pickups", "Latest")), 1, 2)
        grid.addWidget(self.latest_edit, 1, 3)
        grid.addWidget(self.all_radio, 2, 0, 1, 4)
        grid.addWidget(self.chosen_radio, 3, 0, 1, 4)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(3, 1)
        row = QHBoxLayout()
        row.addWidget(self.request_problems, 1)
        row.addWidget(self.request_button, 0, Qt.AlignmentFlag.AlignTop)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addLayout(row)
        self.carrier_combo.currentIndexChanged.connect(lambda _i: self.changed.emit())
        self.earliest_edit.dateTimeChanged.connect(lambda _v: self.changed.emit())
        self.latest_edit.dateTimeChanged.connect(lambda _v: self.changed.emit())
        self.chosen_radio.toggled.connect(lambda _on: self.changed.emit())

    def carrier(self) -> str | None:
        """The carrier chosen for the request."""
        return chosen_carrier(self.carrier_combo)

    def set_pickup_window(self, earliest: datetime, latest: datetime) -> None:
        """Put a pickup window into the time fields."""
        for edit, moment in ((self.earliest_edit, earliest), (self.latest_edit, latest)):
            edit.setDateTime(QDateTime(moment.astimezone().replace(tzinfo=None)))

    def pickup_window(self) -> tuple[datetime, datetime]:
        """The pickup window in the time fields (local time, with offset)."""
        return _local_moment(self.earliest_edit), _local_moment(self.latest_edit)

    def show_problems(self, problems: Sequence[str], can_request: bool) -> None:
        """What holds the request back, and whether Request is offered."""
        self.request_problems.setText("\n".join(problems))
        self.request_button.setEnabled(can_request)


class ManifestBox(QGroupBox):
    """The carrier to hand over, "Create manifest", "Print manifest" and what the last holds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("EndOfDayPage", "Hand over: manifest"), parent)
        self.manifest_carrier_combo = QComboBox()
        self.manifest_carrier_combo.setObjectName("manifest_carrier")
        self.manifest_button = QPushButton(translate("EndOfDayPage", "Create manifest"))
        self.manifest_button.setObjectName("manifest_create")
        self.manifest_button.setToolTip(
            translate(
                "EndOfDayPage",
                "Hand over the carrier's listed shipments not yet on a manifest: the service "
                "makes the handover list (with a barcode per shipment) for the driver to sign",
            )
        )
        self.print_manifest_button = QPushButton(translate("EndOfDayPage", "Print manifest"))
        self.print_manifest_button.setObjectName("manifest_print")
        self.manifest_note = QLabel()
        self.manifest_note.setWordWrap(True)
        # the carrier with its count on a line of its own, the buttons under it: beside the
        # pickup box the combo box cut "DHL (1 to hand over)"
        carrier_row = QHBoxLayout()
        carrier_row.addWidget(QLabel(translate("EndOfDayPage", "Carrier")))
        carrier_row.addWidget(self.manifest_carrier_combo, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.manifest_button)
        buttons.addWidget(self.print_manifest_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(carrier_row)
        layout.addLayout(buttons)
        layout.addWidget(self.manifest_note)
        layout.addStretch(1)

    def carrier(self) -> str | None:
        """The carrier chosen for the manifest."""
        return chosen_carrier(self.manifest_carrier_combo)

    def update_buttons(self, can_create: bool, can_print: bool) -> None:
        """Create needs a carrier to hand over (and the service); Print, a manifest made."""
        self.manifest_button.setEnabled(can_create and self.manifest_carrier_combo.count() > 0)
        self.print_manifest_button.setEnabled(can_print)


def _local_moment(edit: QDateTimeEdit) -> datetime:
    """The edit's date and time as an aware datetime in the local time zone."""
    moment = edit.dateTime().toPython()
    if not isinstance(moment, datetime):  # toPython() is typed `object`; a QDateTime gives datetime
        raise TypeError(f"QDateTime.toPython() gave {type(moment).__name__}")
    return moment.astimezone()
