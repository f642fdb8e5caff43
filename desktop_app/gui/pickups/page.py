"""Pickups: the end-of-day view and pickup requests.

`open_for_pickup()` sorts today's labelled shipments of the desk by carrier, leaving out what
cannot or need not be picked up (returns, deleted, already moving, already in a pickup
request), each left-out one with its reason. The page lists them per carrier, requests a
pickup for one carrier with a time window and the checked shipments (or all listed), and
shows the pickup history with the carrier's pickup number.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QDateTime, QLocale, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDateTimeEdit,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.rules import validate_pickup_request
from desktop_app.gui.history.tracking import current_status, status_label
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import carrier_name, date_time, time_of_day
from desktop_app.gui.shell.theme import ERROR_COLOR, MUTED_COLOR
from desktop_app.gui.widgets.problems import problem_text, problems_text
from desktop_app.gui.widgets.tasks import TaskSet, service_text
from desktop_app.profiles.store import StoredShipment

if TYPE_CHECKING:
    from desktop_app.gui.shell.context import AppContext

log = logging.getLogger(__name__)

#: statuses in which a parcel still waits at the desk
WAITING_STATUSES = frozenset({None, "label_created"})
#: how many of the newest stored shipments the end-of-day view looks at
LOOK_AT = 1000
DEFAULT_LATEST = time(18, 0)


@dataclass
class CarrierDay:
    """One carrier's part of the end-of-day view."""

    code: str
    name: str
    pickup_offered: bool
    open: list[StoredShipment] = field(default_factory=list)
    #: shipments of today that are not offered for pickup, with the reason
    left_out: list[tuple[StoredShipment, str]] = field(default_factory=list)


def _local_day(created_at: str) -> date | None:
    try:
        moment = datetime.fromisoformat(created_at)
    except ValueError:
        return None
    return moment.astimezone().date() if moment.tzinfo else moment.date()


def open_for_pickup(
    shipments: Iterable[StoredShipment], requested: set[str], day: date | None = None
) -> dict[str, CarrierDay]:
    """Today's labelled shipments per carrier: those to pick up, and those left out and why."""
    day = day or datetime.now().astimezone().date()
    catalog = load_catalog()
    out: dict[str, CarrierDay] = {}
    for s in shipments:
        if _local_day(s.created_at) != day:
            continue
        spec = catalog.carriers.get(s.carrier)
        entry = out.get(s.carrier)
        if entry is None:
            entry = out[s.carrier] = CarrierDay(
                s.carrier,
                spec.display_name if spec else s.carrier,
                bool(spec and spec.pickup_requests),
            )
        status = current_status(s)
        if s.deleted:
            entry.left_out.append((s, translate("Pickups", "deleted")))
        elif s.service == "returns":
            entry.left_out.append((s, translate("Pickups", "a return: the customer hands it in")))
        elif s.label_path is None and not s.data.get("label_url"):
            entry.left_out.append((s, translate("Pickups", "no label yet")))
        elif s.id in requested:
            entry.left_out.append((s, translate("Pickups", "pickup already requested")))
        elif status not in WAITING_STATUSES:
            entry.left_out.append(
                (
                    s,
                    translate("Pickups", "on its way: {status}").format(
                        status=status_label(status)
                    ),
                )
            )
        else:
            entry.open.append(s)
    for entry in out.values():
        entry.open.sort(key=lambda s: s.created_at)
    return dict(sorted(out.items(), key=lambda kv: kv[1].name.casefold()))


def default_window(now: datetime | None = None) -> tuple[datetime, datetime]:
    """From the next half hour to 18:00 today (or two hours when it is later than that)."""
    now = (now or datetime.now()).astimezone()
    start = now.replace(second=0, microsecond=0) + timedelta(minutes=30 - now.minute % 30)
    end = start.replace(hour=DEFAULT_LATEST.hour, minute=DEFAULT_LATEST.minute)
    if end - start < timedelta(hours=2):
        end = start + timedelta(hours=2)
    return start, end


def pickup_body(
    carrier: str, earliest: datetime, latest: datetime, shipment_ids: Sequence[str]
) -> dict[str, Any]:
    """The `POST /v1/pickup_requests` body (times with the desk's UTC offset)."""
    return {
        "carrier": carrier,
        "pickup_time": {
            "earliest": earliest.astimezone().isoformat(timespec="seconds"),
            "latest": latest.astimezone().isoformat(timespec="seconds"),
        },
        "shipments": [{"id": i} for i in shipment_ids],
    }


def pickup_question(
    carrier: str, count: int, earliest: datetime, latest: datetime, live: bool
) -> str:
    """What "Request pickup" asks before the carrier is sent a driver."""
    text = translate(
        "Pickups",
        "Request a {carrier} pickup of %n shipment(s) between {earliest} and {latest}?",
        None,
        count,
    ).format(
        carrier=carrier_name(carrier),
        earliest=date_time(earliest),
        latest=date_time(latest) if latest.date() != earliest.date() else time_of_day(latest),
    )
    if live:
        text += "\n\n" + translate(
            "Pickups", "This is a live profile: the carrier sends a driver and may charge for it."
        )
    return text


def _when(value: Any) -> str:
    if isinstance(value, datetime):
        return date_time(value)
    return str(value or "")


class PickupsWidget(QWidget):
    """The Pickups page: end of day per carrier, request a pickup, pickup history."""

    #: a pickup was requested (the PickupRequest answered by the service)
    pickup_requested = Signal(object)
    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("pickups")
        self.tasks = TaskSet(lambda text: self.show_message(text, error=True), ctx)
        self.days: dict[str, CarrierDay] = {}
        self.history: list[Any] = []
        #: shipment id -> the carrier reference of the manifest it was handed over with
        self.handed_over: dict[str, str] = {}
        self.last_manifest: Any = None
        self.last_manifest_file: Path | None = None

        self.tree = QTreeWidget()
        self.tree.setObjectName("pickup_tree")
        self.tree.setHeaderLabels(
            [
                translate("Pickups", "Carrier / shipment"),
                translate("Pickups", "Receiver"),
                translate("Pickups", "Labelled at"),
                translate("Pickups", "Note"),
            ]
        )
        self.tree.setColumnWidth(0, 220)
        self.tree.setColumnWidth(1, 220)
        self.tree.setColumnWidth(2, 90)
        self.reload_button = QPushButton(translate("Pickups", "Reload"))
        self.summary = QLabel()
        self.summary.setWordWrap(True)

        self.carrier_combo = QComboBox()
        self.carrier_combo.setObjectName("pickup_carrier")
        self.earliest_edit = QDateTimeEdit()
        self.latest_edit = QDateTimeEdit()
        for edit in (self.earliest_edit, self.latest_edit):
            edit.setCalendarPopup(True)
            edit.setDisplayFormat(QLocale().dateTimeFormat(QLocale.FormatType.ShortFormat))
        self.all_radio = QRadioButton(translate("Pickups", "All listed shipments of the carrier"))
        self.chosen_radio = QRadioButton(translate("Pickups", "Only the checked shipments"))
        self.all_radio.setChecked(True)
        self.request_button = QPushButton(translate("Pickups", "Request pickup"))
        self.request_button.setObjectName("pickup_request")
        self.request_problems = QLabel()
        self.request_problems.setWordWrap(True)
        self.request_problems.setStyleSheet(f"color: {ERROR_COLOR};")
        request_box = QGroupBox(translate("Pickups", "Request a pickup"))
        grid = QGridLayout(request_box)
        grid.addWidget(QLabel(translate("Pickups", "Carrier")), 0, 0)
        grid.addWidget(self.carrier_combo, 0, 1, 1, 3)
        grid.addWidget(QLabel(translate("Pickups", "Earliest")), 1, 0)
        grid.addWidget(self.earliest_edit, 1, 1)
        grid.addWidget(QLabel(translate("Pickups", "Latest")), 1, 2)
        grid.addWidget(self.latest_edit, 1, 3)
        grid.addWidget(self.all_radio, 2, 0, 1, 2)
        grid.addWidget(self.chosen_radio, 2, 2, 1, 2)
        grid.addWidget(self.request_problems, 3, 0, 1, 3)
        grid.addWidget(self.request_button, 3, 3)

        self.manifest_carrier_combo = QComboBox()
        self.manifest_carrier_combo.setObjectName("manifest_carrier")
        self.manifest_button = QPushButton(self.tr("Create manifest"))
        self.manifest_button.setObjectName("manifest_create")
        self.manifest_button.setToolTip(
            self.tr(
                "Hand over the carrier's listed shipments not yet on a manifest: the service "
                "makes the handover list (with a barcode per shipment) for the driver to sign"
            )
        )
        self.print_manifest_button = QPushButton(self.tr("Print manifest"))
        self.print_manifest_button.setObjectName("manifest_print")
        self.manifest_note = QLabel()
        self.manifest_note.setWordWrap(True)
        manifest_box = QGroupBox(self.tr("Hand over: manifest"))
        manifest_grid = QGridLayout(manifest_box)
        manifest_grid.addWidget(QLabel(self.tr("Carrier")), 0, 0)
        manifest_grid.addWidget(self.manifest_carrier_combo, 0, 1)
        manifest_grid.addWidget(self.manifest_button, 0, 2)
        manifest_grid.addWidget(self.print_manifest_button, 0, 3)
        manifest_grid.addWidget(self.manifest_note, 1, 0, 1, 4)

        self.history_table = QTableWidget(0, 5)
        self.history_table.setObjectName("pickup_history")
        self.history_table.setHorizontalHeaderLabels(
            [
                translate("Pickups", "Requested"),
                translate("Pickups", "Carrier"),
                translate("Pickups", "Pickup number"),
                translate("Pickups", "Window"),
                translate("Pickups", "Shipments"),
            ]
        )
        self.history_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.history_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.history_table.verticalHeader().setVisible(False)
        self.history_table.setWordWrap(False)
        history_header = self.history_table.horizontalHeader()
        history_header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for column in (0, 2):
            history_header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
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
        tl.addWidget(manifest_box)
        tl.addWidget(request_box)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(top)
        splitter.addWidget(history_box)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        layout.addWidget(self.message)

        self.reload_button.clicked.connect(lambda: self.tasks.spawn(self.reload()))
        self.request_button.clicked.connect(self.confirm_request)
        self.manifest_button.clicked.connect(lambda: self.tasks.spawn(self.create_manifest()))
        self.print_manifest_button.clicked.connect(lambda: self.tasks.spawn(self.print_manifest()))
        self.carrier_combo.currentIndexChanged.connect(lambda _i: self._check())
        self.earliest_edit.dateTimeChanged.connect(lambda _v: self._check())
        self.latest_edit.dateTimeChanged.connect(lambda _v: self._check())
        self.chosen_radio.toggled.connect(lambda _on: self._check())
        self.tree.itemChanged.connect(lambda *_: self._check())
        ctx.profile_changed.connect(lambda *_: self._on_profile_changed())
        ctx.connection_changed.connect(self._on_connection_changed)
        # a batch creates many at once: reload once, and only while the page is shown (it
        # reloads when it is shown anyway)
        self._created_timer = QTimer(self)
        self._created_timer.setSingleShot(True)
        self._created_timer.setInterval(300)
        self._created_timer.timeout.connect(self._spawn_reload)
        ctx.shipment_created.connect(
            lambda *_: self._created_timer.start() if self.isVisible() else None
        )
        self.set_window(*default_window())
        self._check()

    # --- helpers -------------------------------------------------------------------------------

    def show_message(self, text: str, error: bool = False) -> None:
        """A line at the bottom of the page."""
        self.message.setStyleSheet(f"color: {ERROR_COLOR};" if error else "")
        self.message.setText(text)
        self.message_shown.emit(text)

    def set_window(self, earliest: datetime, latest: datetime) -> None:
        """Put a pickup window into the time fields."""
        for edit, moment in ((self.earliest_edit, earliest), (self.latest_edit, latest)):
            edit.setDateTime(QDateTime(moment.astimezone().replace(tzinfo=None)))

    def window(self) -> tuple[datetime, datetime]:
        """The pickup window in the time fields (local time, with offset)."""
        earliest = self.earliest_edit.dateTime().toPython().astimezone()  # type: ignore[union-attr]
        latest = self.latest_edit.dateTime().toPython().astimezone()  # type: ignore[union-attr]
        return earliest, latest

    def _spawn_reload(self) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self.tasks.spawn(self.reload())

    def _on_profile_changed(self) -> None:
        key = _profile_key(self.ctx)
        if key == getattr(self, "_shown_profile", None):
            return  # the same profile re-read (a new default sender...): the list still holds
        self._shown_profile = key
        self.tasks.cancel()
        self.days = {}
        self.history = []
        self.tree.clear()
        self.history_table.setRowCount(0)
        self.message.clear()
        self._spawn_reload()

    def _on_connection_changed(self, state: str, _message: str = "") -> None:
        if state == "connected":
            self._spawn_reload()

    def showEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        """The end of day changes all day: reload when the page is shown."""
        super().showEvent(event)
        self._spawn_reload()

    # --- loading -------------------------------------------------------------------------------

    async def reload(self) -> None:
        """Read the pickup history from the service and the shipments from the store."""
        from desktop_app.client.errors import APIError

        store, client = self.ctx.store, self.ctx.client
        if store is None:
            return
        history: list[Any] = self.history
        if client is not None:
            try:
                history = [p async for p in client.pickups.iter_all(limit=500)]
            except APIError as exc:
                self.show_message(
                    translate("Pickups", "Could not load the pickup history: {0}").format(
                        service_text(exc)
                    ),
                    error=True,
                )
        handed_over = self.handed_over
        if client is not None:
            try:
                manifests = await client.manifests.list()
            except APIError:
                manifests = []  # a service without a manifest list (the real one): none known
            handed_over = {
                sid: m.carrier_reference_number or m.id for m in manifests for sid in m.shipments
            }
        shipments = await asyncio.to_thread(store.list_shipments, None, LOOK_AT, 0)
        if store is not self.ctx.store:
            return
        self.handed_over = handed_over
        self.history = history
        requested = {ref.id for p in history for ref in p.shipments}
        self.days = open_for_pickup(shipments, requested)
        self._fill_tree()
        self._fill_history()
        self._check()

    def _fill_tree(self) -> None:
        checked = set(self.checked_ids())
        current = self.carrier_combo.currentData()
        self.tree.blockSignals(True)
        self.tree.clear()
        combo = self.carrier_combo
        combo.blockSignals(True)
        combo.clear()
        total_open = 0
        for code, day in self.days.items():
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
            self.tree.addTopLevelItem(top)
            for s in day.open:
                manifest = self.handed_over.get(s.id)
                on_manifest = self.tr("on manifest {0}").format(manifest) if manifest else ""
                child = QTreeWidgetItem(
                    [
                        s.reference_number or s.id[:12],
                        s.recipient,
                        _time_str(s.created_at),
                        on_manifest,
                    ]
                )
                child.setData(0, Qt.ItemDataRole.UserRole, s.id)
                if day.pickup_offered:
                    child.setFlags(child.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    state = Qt.CheckState.Checked if s.id in checked else Qt.CheckState.Unchecked
                    child.setCheckState(0, state)
                top.addChild(child)
            for s, why in day.left_out:
                child = QTreeWidgetItem(
                    [s.reference_number or s.id[:12], s.recipient, _time_str(s.created_at), why]
                )
                child.setData(0, Qt.ItemDataRole.UserRole, s.id)
                child.setForeground(3, Qt.GlobalColor.gray)
                child.setDisabled(True)
                top.addChild(child)
            top.setExpanded(True)
            total_open += len(day.open)
            if day.pickup_offered and day.open:
                combo.addItem(f"{day.name} ({len(day.open)})", code)
        index = combo.findData(current)
        combo.setCurrentIndex(max(index, 0))
        combo.blockSignals(False)
        self.tree.blockSignals(False)
        self._fill_manifest_carriers()
        carriers = sum(1 for d in self.days.values() if d.open)
        self.summary.setText(
            translate(
                "Pickups", "%n shipment(s) waiting for pickup with {0}.", None, total_open
            ).format(translate("Pickups", "%n carrier(s)", None, carriers))
            if total_open
            else translate("Pickups", "Nothing waits for a pickup today.")
        )
        self.summary.setStyleSheet(f"color: {MUTED_COLOR};")

    def _fill_history(self) -> None:
        table = self.history_table
        table.setRowCount(len(self.history))
        catalog = load_catalog()
        for r, p in enumerate(self.history):
            spec = catalog.carriers.get(p.carrier or "")
            window = p.pickup_time
            created = getattr(p, "created_at", None) or (p.model_extra or {}).get("created_at")
            values = (
                _when_str(str(created or "")),
                spec.display_name if spec else str(p.carrier or ""),
                p.carrier_pickup_number or "",
                f"{_when(window.earliest)} – {_when(window.latest)}" if window else "",
                str(len(p.shipments)),
            )
            for c, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setData(Qt.ItemDataRole.UserRole, p.id)
                table.setItem(r, c, item)

    # --- choosing ------------------------------------------------------------------------------

    def carrier(self) -> str | None:
        """The carrier chosen for the request."""
        data = self.carrier_combo.currentData()
        return str(data) if data else None

    def _items(self, carrier: str | None = None) -> list[QTreeWidgetItem]:
        items = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if carrier is not None and top.data(0, Qt.ItemDataRole.UserRole) != carrier:
                continue
            items += [
                top.child(j)
                for j in range(top.childCount())
                if top.child(j).flags() & Qt.ItemFlag.ItemIsUserCheckable
            ]
        return items

    def listed_ids(self, carrier: str) -> list[str]:
        """Ids of the carrier's shipments waiting for a pickup."""
        day = self.days.get(carrier)
        return [s.id for s in day.open] if day else []

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
        earliest, latest = self.window()
        return pickup_body(carrier, earliest, latest, self.chosen_ids())

    def _check(self) -> list[str]:
        draft = self.draft()
        problems: list[str] = []
        if draft is None:
            problems.append(translate("Pickups", "No carrier has shipments waiting for a pickup."))
        else:
            problems += [problem_text(p) for p in validate_pickup_request(draft)]
            if not draft["shipments"]:
                problems.append(translate("Pickups", "Check the shipments to be picked up."))
            if self.window()[1] <= datetime.now().astimezone():
                problems.append(
                    translate("Pickups", "The latest pickup time must be in the future.")
                )
        self.request_problems.setText("\n".join(problems))
        self.request_button.setEnabled(not problems and self.ctx.client is not None)
        return problems

    # --- manifest ------------------------------------------------------------------------------

    def not_handed_over(self, carrier: str) -> list[str]:
        """Ids of the carrier's listed shipments that are on no manifest yet."""
        return [i for i in self.listed_ids(carrier) if i not in self.handed_over]

    def _fill_manifest_carriers(self) -> None:
        combo = self.manifest_carrier_combo
        current = combo.currentData()
        combo.clear()
        for code, day in self.days.items():
            waiting = len(self.not_handed_over(code))
            if waiting:
                combo.addItem(
                    self.tr("{name} (%n to hand over)", "", waiting).format(name=day.name), code
                )
        combo.setCurrentIndex(max(combo.findData(current), 0))
        self._update_manifest_buttons()

    def _update_manifest_buttons(self) -> None:
        connected = self.ctx.client is not None
        self.manifest_button.setEnabled(connected and self.manifest_carrier_combo.count() > 0)
        self.print_manifest_button.setEnabled(self.last_manifest_file is not None)

    async def create_manifest(self) -> Any:
        """Hand over the chosen carrier's shipments not yet on a manifest; keep its PDF in the
        profile's data folder for printing. Returns the manifest (None when it failed)."""
        from desktop_app.client.errors import APIError

        client, store = self.ctx.client, self.ctx.store
        carrier = self.manifest_carrier_combo.currentData()
        if client is None or store is None or not carrier:
            return None
        ids = self.not_handed_over(str(carrier))
        if not ids:
            return None
        self.manifest_button.setEnabled(False)
        try:
            manifest = await client.manifests.create(str(carrier), ids)
            document = await client.manifests.document(manifest)
        except APIError as exc:
            self.show_message(
                self.tr("The manifest was not created: {0}").format(service_text(exc)), True
            )
            self._update_manifest_buttons()
            return None
        folder = Path(store.profile_dir) / "manifests"
        name = f"manifest-{manifest.carrier_reference_number or manifest.id}.pdf"
        path = folder / name

        def save() -> None:
            folder.mkdir(parents=True, exist_ok=True)
            path.write_bytes(document)

        await asyncio.to_thread(save)
        self.last_manifest, self.last_manifest_file = manifest, path
        self.manifest_note.setText(
            self.tr("Manifest {number}: %n shipment(s), saved as {file}.", "", len(ids)).format(
                number=manifest.carrier_reference_number, file=str(path)
            )
        )
        self.show_message(
            self.tr("Manifest {number} created: print it for the driver to sign.").format(
                number=manifest.carrier_reference_number
            )
        )
        await self.reload()
        return manifest

    async def print_manifest(self) -> Any:
        """Send the last manifest PDF to the profile's printer (the print queue converts it
        for a label printer); the job, or None when there is no printer."""
        path, queue, printer = self.last_manifest_file, self.ctx.queue, self.ctx.printer()
        if path is None:
            return None
        if queue is None or printer is None:
            self.show_message(
                self.tr("No printer is assigned to this profile: the manifest is at {0}.").format(
                    str(path)
                ),
                True,
            )
            return None
        number = getattr(self.last_manifest, "carrier_reference_number", "") or path.stem
        job = await queue.enqueue_async(printer, path, title=f"Manifest {number}")
        self.show_message(self.tr("Manifest {0} sent to {1}.").format(number, printer.name))
        return job

    # --- request -------------------------------------------------------------------------------

    def confirm_request(self) -> bool:
        """Ask (carrier, how many shipments, the time window), then request; True if sent."""
        carrier = self.carrier()
        if carrier is None or self._check():
            return False
        earliest, latest = self.window()
        profile = self.ctx.profile
        answer = QMessageBox.question(
            self,
            translate("Pickups", "Request pickup"),
            pickup_question(
                carrier,
                len(self.chosen_ids()),
                earliest,
                latest,
                live=profile is not None and profile.environment == "live",
            ),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer != QMessageBox.StandardButton.Yes:
            return False
        self.tasks.spawn(self.request())
        return True

    async def request(self, shipment_ids: Sequence[str] | None = None) -> Any:
        """Request the pickup (the chosen shipments, or `shipment_ids`); returns the request."""
        from desktop_app.client.errors import APIError

        client, carrier = self.ctx.client, self.carrier()
        if client is None or carrier is None:
            self.show_message(translate("Pickups", "Not connected to the service yet."), error=True)
            return None
        earliest, latest = self.window()
        ids = list(shipment_ids) if shipment_ids is not None else self.chosen_ids()
        body = pickup_body(carrier, earliest, latest, ids)
        problems = validate_pickup_request(body)
        if problems:
            self.show_message(problems_text(problems, "; "), error=True)
            return None
        self.request_button.setEnabled(False)
        try:
            created = await client.pickups.create(body)
        except APIError as exc:
            self.show_message(
                translate("Pickups", "The pickup was not requested: {0}").format(service_text(exc)),
                error=True,
            )
            self._check()
            return None
        name = load_catalog().carriers[carrier].display_name
        self.show_message(
            translate(
                "Pickups",
                "{name} pickup requested for %n shipment(s): pickup number {number}.",
                None,
                len(created.shipments),
            ).format(name=name, number=created.carrier_pickup_number)
        )
        self.pickup_requested.emit(created)
        await self.reload()
        return created


def _time_str(value: str) -> str:
    """The local time of day (the view shows today only)."""
    return time_of_day(value)


def _when_str(value: str) -> str:
    try:
        return _when(datetime.fromisoformat(value))
    except ValueError:
        return value


def _profile_key(ctx: Any) -> tuple[str, str, str] | None:
    """What this page's content depends on: which profile, its environment and service."""
    profile = ctx.profile
    if profile is None:
        return None
    return (profile.id, profile.environment, profile.base_url)
