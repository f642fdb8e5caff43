"""Tracking in the history: a shipment's status and events as a timeline, refreshed on demand
and periodically for open shipments (within the rate limit); on a local sandbox service a
button moves a shipment to its next status.

`timeline_entries()` and `is_open()` are plain functions over the stored shipment JSON.
`TrackingTimelineWidget` shows one shipment; `TrackingRefresher` keeps open shipments fresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.history.table_model import STATUS_TEXT
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import carrier_name, date_time, time_of_day
from desktop_app.gui.shell.theme import MUTED_COLOR
from desktop_app.gui.widgets.tasks import TaskSet, service_text
from desktop_app.profiles.models import is_loopback_host
from desktop_app.profiles.store import ProfileStore, ShipmentNotFoundError, StoredShipment

if TYPE_CHECKING:
    from desktop_app.gui.shell.context import AppContext

log = logging.getLogger(__name__)

#: statuses after which nothing more happens to a shipment (no periodic refresh)
FINAL_STATUSES = frozenset({"delivered", "canceled", "destroyed"})
#: open shipments older than this are not refreshed periodically (sandbox ones are gone)
OPEN_MAX_AGE = timedelta(days=30)
#: periodic refresh of open shipments
REFRESH_INTERVAL_MS = 5 * 60_000
#: a periodic refresh leaves this share of the rate-limit window to the desk's real work
RATE_RESERVE_SHARE = 0.25
#: at most this many single GETs per periodic refresh (the list call covers the rest)
MAX_SINGLE_LOOKUPS = 10
CLOCK_SKEW = timedelta(hours=1)


def status_label(status: str | None) -> str:
    """A tracking status as words."""
    if not status:
        return translate("History", "No tracking yet")
    if status in STATUS_TEXT:
        return translate("History", STATUS_TEXT[status])
    return status.replace("_", " ").capitalize()


# --- pure functions -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TimelineEntry:
    """One tracking event as the timeline shows it."""

    timestamp: str
    status: str | None
    location: str
    details: str
    package: str  # tracking number of the package when the shipment has several

    @property
    def moment(self) -> datetime | None:
        """The timestamp parsed (UTC if it has no offset)."""
        try:
            value = datetime.fromisoformat(self.timestamp)
        except ValueError:
            return None
        return value if value.tzinfo is not None else value.replace(tzinfo=UTC)

    def local_time(self) -> str:
        """The time in the desk's time zone."""
        moment = self.moment
        return date_time(moment) if moment else self.timestamp


def timeline_entries(data: dict[str, Any]) -> list[TimelineEntry]:
    """Every tracking event of every package, oldest first (the same event once)."""
    packages = [p for p in data.get("packages") or [] if isinstance(p, dict)]
    several = len(packages) > 1
    seen: set[Any] = set()
    out: list[TimelineEntry] = []
    for package in packages:
        for event in package.get("tracking_events") or []:
            if not isinstance(event, dict):
                continue
            key = event.get("id") or (event.get("timestamp"), event.get("status"))
            package_no = str(package.get("carrier_tracking_no") or "") if several else ""
            if not several and key in seen:
                continue
            seen.add(key)
            out.append(
                TimelineEntry(
                    timestamp=str(event.get("timestamp") or ""),
                    status=event.get("status"),
                    location=str(event.get("location") or ""),
                    details=str(event.get("details") or ""),
                    package=package_no,
                )
            )
    out.sort(key=lambda e: (e.moment or datetime.min.replace(tzinfo=UTC), e.package))
    return out


def current_status(shipment: StoredShipment) -> str | None:
    """The stored status, else the newest event's, else label_created once a label exists."""
    if shipment.tracking_status:
        return shipment.tracking_status
    entries = timeline_entries(shipment.data)
    if entries:
        return entries[-1].status
    has_label = shipment.label_path is not None or bool(shipment.data.get("label_url"))
    return "label_created" if has_label else None


def is_open(shipment: StoredShipment, now: datetime | None = None) -> bool:
    """True while the shipment may still move: not deleted, not final, not too old."""
    if shipment.deleted or (current_status(shipment) or "") in FINAL_STATUSES:
        return False
    try:
        created = datetime.fromisoformat(shipment.created_at)
    except ValueError:
        return True
    if created.tzinfo is None:
        created = created.replace(tzinfo=UTC)
    return (now or datetime.now(UTC)) - created < OPEN_MAX_AGE


def sandbox_moves_allowed(ctx: AppContext) -> bool:
    """The sandbox endpoint exists on Packdesk's own (local) service, with a sandbox key."""
    profile = ctx.profile
    if profile is None or profile.environment != "sandbox":
        return False
    if profile.builtin_local:
        return True
    return is_loopback_host(urlsplit(profile.base_url).hostname or "")


async def record_shipment(store: ProfileStore, shipment: Any) -> StoredShipment:
    """Write a shipment answered by the service into the store (status and JSON)."""
    data = shipment.model_dump(mode="json", by_alias=True, exclude_none=True)
    status = getattr(shipment, "tracking_status", None)
    if status is None:
        events = timeline_entries(data)
        status = events[-1].status if events else None
    return await asyncio.to_thread(store.update_tracking, shipment.id, status, data)


# --- the timeline widget ---------------------------------------------------------------------


class TrackingTimelineWidget(QWidget):
    """Status and tracking events of one shipment, newest on top; refresh and sandbox "next"."""

    #: the shipment was updated from the service (the StoredShipment)
    shipment_updated = Signal(object)
    #: a message was shown (the text)
    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("trackingTimeline")
        self.shipment: StoredShipment | None = None
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
        self.subtitle.setStyleSheet(f"color: {MUTED_COLOR};")
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
        ctx.profile_changed.connect(lambda *_: self.show_shipment(None))
        ctx.connection_changed.connect(lambda *_: self._update_buttons())
        self.show_shipment(None)

    def show_message(self, text: str) -> None:
        """Show a line under the timeline."""
        self.message.setText(text)
        self.message_shown.emit(text)

    def show_shipment(self, shipment: StoredShipment | None) -> None:
        """Show `shipment`'s status and events (None: nothing selected)."""
        changed = (shipment.id if shipment else None) != (
            self.shipment.id if self.shipment else None
        )
        self.shipment = shipment
        self.events.clear()
        if changed:
            self.message.clear()
        if shipment is None:
            self.title.setText(translate("History", "Select one shipment to see its tracking."))
            self.subtitle.clear()
            self._update_buttons()
            return
        status = (
            translate("History", "Deleted")
            if shipment.deleted
            else status_label(current_status(shipment))
        )
        who = shipment.reference_number or shipment.recipient or shipment.id
        self.title.setText(f"{who}: {status}")
        numbers = shipment.carrier_tracking_no or ""
        url = shipment.data.get("tracking_url") or shipment.data.get("carrier_tracking_url")
        parts = [f"{carrier_name(shipment.carrier)} {numbers}".strip()]
        if url:
            parts.append(str(url))
        entries = timeline_entries(shipment.data)
        if not entries:
            parts.append(translate("History", "no tracking events yet"))
        self.subtitle.setText(" · ".join(parts))
        for entry in reversed(entries):
            details = entry.details + (f" [{entry.package}]" if entry.package else "")
            item = QTreeWidgetItem(
                [entry.local_time(), status_label(entry.status), entry.location, details]
            )
            item.setData(0, Qt.ItemDataRole.UserRole, entry.status)
            self.events.addTopLevelItem(item)
        self._update_buttons()

    def statuses(self) -> list[str | None]:
        """The statuses shown, newest first (for tests and screen readers)."""
        return [
            self.events.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole)
            for i in range(self.events.topLevelItemCount())
        ]

    def _update_buttons(self) -> None:
        shipment = self.shipment
        live_ok = shipment is not None and not shipment.deleted and self.ctx.client is not None
        self.refresh_button.setEnabled(live_ok)
        sandbox = sandbox_moves_allowed(self.ctx)
        self.next_button.setVisible(sandbox)
        final = shipment is not None and (current_status(shipment) or "") in FINAL_STATUSES
        self.next_button.setEnabled(live_ok and sandbox and not final)

    async def refresh(self) -> StoredShipment | None:
        """Fetch the shown shipment from the service and show it again."""
        from desktop_app.client.errors import APIError, NotFoundError

        shipment, client, store = self.shipment, self.ctx.client, self.ctx.store
        if shipment is None or client is None or store is None:
            return None
        try:
            fresh = await client.shipments.get(shipment.id)
        except NotFoundError:
            stored = await asyncio.to_thread(store.mark_deleted, shipment.id)
            self._shown(stored)
            self.show_message(
                translate("History", "The service no longer has this shipment (deleted).")
            )
            return stored
        except APIError as exc:
            self.show_message(
                translate("History", "Could not refresh: {0}").format(service_text(exc))
            )
            return None
        stored = await record_shipment(store, fresh)
        self._shown(stored)
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
        if not sandbox_moves_allowed(self.ctx):
            self.show_message(
                translate("History", "Only shipments of the local sandbox can be moved along.")
            )
            return None
        self.next_button.setEnabled(False)
        try:
            fresh = await client.sandbox.add_tracking_event(shipment.id, status)
        except APIError as exc:
            self.show_message(
                translate("History", "Could not move the shipment on: {0}").format(
                    service_text(exc)
                )
            )
            self._update_buttons()
            return None
        stored = await record_shipment(store, fresh)
        self._shown(stored)
        self.show_message(
            translate("History", "Moved to: {0}.").format(status_label(stored.tracking_status))
        )
        return stored

    def _shown(self, stored: StoredShipment) -> None:
        if self.shipment is not None and self.shipment.id == stored.id:
            self.show_shipment(stored)
        self.shipment_updated.emit(stored)


# --- periodic refresh ------------------------------------------------------------------------


class TrackingRefresher(QObject):
    """Refreshes the open shipments of the current profile every few minutes.

    One list call per 100 shipments, plus a few single lookups for those the list missed; a
    refresh stops while fewer than a quarter of the rate-limit window's calls remain, so the
    desk's own work (creating labels) is never starved.
    """

    #: a refresh ended: how many stored shipments it updated
    refreshed = Signal(int)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.tasks = TaskSet(ctx=ctx)
        self.last_run: float | None = None
        self.skipped_for_rate_limit = 0
        self.timer = QTimer(self)
        self.timer.setInterval(REFRESH_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        if self.ctx.connected and not len(self.tasks):
            self.tasks.spawn(self.refresh_open())

    def budget(self) -> int | None:
        """Calls this refresh may still make (None: the service sets no limit known yet)."""
        client = self.ctx.client
        if client is None:
            return 0
        state = client.rate_limit
        if state.limit is None or state.remaining is None:
            return None
        if state.reset_at is not None and state.reset_at <= time.time():
            return max(0, int(state.limit * (1 - RATE_RESERVE_SHARE)))
        return max(0, state.remaining - int(state.limit * RATE_RESERVE_SHARE))

    def _spend(self) -> bool:
        budget = self.budget()
        if budget is not None and budget <= 0:
            self.skipped_for_rate_limit += 1
            return False
        return True

    async def refresh_open(self, shipments: Sequence[StoredShipment] | None = None) -> int:
        """Bring the open shipments (or `shipments`) up to date; returns how many were updated."""
        from desktop_app.client.errors import APIError, NotFoundError

        client, store = self.ctx.client, self.ctx.store
        if client is None or store is None:
            return 0
        self.last_run = time.monotonic()
        if shipments is None:
            stored = await asyncio.to_thread(store.list_shipments, None, 500)
            shipments = [s for s in stored if is_open(s)]
        wanted = {s.id: s for s in shipments}
        updated = 0
        if not wanted:
            self.refreshed.emit(0)
            return 0
        oldest = min(datetime.fromisoformat(s.created_at) for s in wanted.values())
        seen: set[str] = set()
        try:
            page = 1
            while self._spend():
                batch = await client.shipments.list(
                    page=page, per_page=100, created_at_gt=oldest - CLOCK_SKEW
                )
                for shipment in batch:
                    if shipment.id in wanted and shipment.id not in seen:
                        seen.add(shipment.id)
                        await record_shipment(store, shipment)
                        updated += 1
                if len(batch) < 100 or len(seen) == len(wanted):
                    break
                page += 1
            missing = [i for i in wanted if i not in seen][:MAX_SINGLE_LOOKUPS]
            for shipment_id in missing:
                if not self._spend():
                    break
                try:
                    fresh = await client.shipments.get(shipment_id)
                except NotFoundError:
                    with contextlib.suppress(ShipmentNotFoundError):
                        await asyncio.to_thread(store.mark_deleted, shipment_id)
                    updated += 1
                    continue
                await record_shipment(store, fresh)
                updated += 1
        except APIError as exc:
            log.warning("periodic tracking refresh failed: %s", exc)
        self.refreshed.emit(updated)
        return updated

    def stop(self) -> None:
        """Stop the timer and any refresh running."""
        self.timer.stop()
        self.tasks.cancel()


def attach_to_history(
    history: Any, ctx: AppContext
) -> tuple[TrackingTimelineWidget, TrackingRefresher]:
    """Show the selected shipment's timeline under the history table; refresh open ones."""
    from PySide6.QtWidgets import QSplitter

    timeline = TrackingTimelineWidget(ctx)
    refresher = TrackingRefresher(ctx, timeline)
    splitter = QSplitter(Qt.Orientation.Vertical)
    splitter.setObjectName("history_splitter")
    layout = history.layout()
    layout.replaceWidget(history.table, splitter)
    splitter.addWidget(history.table)
    splitter.addWidget(timeline)
    splitter.setStretchFactor(0, 3)
    splitter.setStretchFactor(1, 2)

    def selected() -> None:
        shipments = history.selected_shipments()
        timeline.show_shipment(shipments[0] if len(shipments) == 1 else None)

    def updated(stored: StoredShipment) -> None:
        history.model.update_shipment(stored)

    history.table.selectionModel().selectionChanged.connect(lambda *_: selected())
    history.model.modelReset.connect(selected)
    timeline.shipment_updated.connect(updated)

    def refreshed(count: int) -> None:
        if count:
            ctx.spawn(history.reload())

    refresher.refreshed.connect(refreshed)
    history.timeline = timeline
    history.tracking_refresher = refresher
    return timeline, refresher
