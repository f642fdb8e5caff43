"""Tracking in the history: the selected shipment's timeline under the table
(`attach_to_history()`), and the periodic refresh of open shipments within the rate limit
(`TrackingRefresher`). The timeline itself is in timeline.py, the functions over the stored
tracking JSON in tracking_events.py.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from desktop_app.gui.history.partials.timeline import TrackingTimelineWidget
from desktop_app.gui.widgets.tasks import TaskSet
from desktop_app.gui.widgets.tracking_events import is_open, record_shipment
from desktop_app.profiles.store import ShipmentNotFoundError, StoredShipment

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)

#: periodic refresh of open shipments
REFRESH_INTERVAL_MS = 5 * 60_000
#: a periodic refresh leaves this share of the rate-limit window to the desk's real work
RATE_RESERVE_SHARE = 0.25
#: at most this many single GETs per periodic refresh (the list call covers the rest)
MAX_SINGLE_LOOKUPS = 10
CLOCK_SKEW = timedelta(hours=1)


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

    from desktop_app.gui.widgets.fixed_rows import scrolled

    timeline = TrackingTimelineWidget(ctx)
    refresher = TrackingRefresher(ctx, timeline)
    splitter = QSplitter(Qt.Orientation.Vertical)
    splitter.setObjectName("history_splitter")
    layout = history.layout()
    layout.replaceWidget(history.table, splitter)
    splitter.addWidget(history.table)
    # the timeline scrolls in its own place: however long its texts, the History's buttons
    # under the splitter stay in view at 1024x600
    splitter.addWidget(scrolled(timeline))
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
