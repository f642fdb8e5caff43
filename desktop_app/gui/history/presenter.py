"""What the History page decides, without a window: `HistoryPresenter`.

It holds the query, the "show deleted" choice and the table model; searches the profile store
(debounced, the previous search cancelled, at most `PAGE_SIZE` rows and the total counted),
reprints through the print queue, deletes on the service and brings the stored tracking
statuses up to date from it. The page widget shows what its signals say and forwards the
user's actions; `available_actions()` and `delete_question()` say what the selection allows
and what Delete asks.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Coroutine, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.core.sandbox_printer import printer_title
from desktop_app.gui.history.table_model import ShipmentHistoryModel, deletable, tracking_numbers
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import time_of_day
from desktop_app.gui.widgets.tasks import service_text
from desktop_app.profiles.store import ProfileStore, StoredShipment

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.gui.core.context import AppContext
    from desktop_app.printing.printers import PrinterDefinition

#: how many of the newest shipments the page shows (the search reaches all of them)
PAGE_SIZE = 500
#: how many stored shipments a refresh brings up to date, newest first
REFRESH_LIMIT = 200
#: shipments missing from the service's list are asked for one by one, at most this many
REFRESH_SINGLE_LOOKUPS = 25
SEARCH_DEBOUNCE_MS = 200
#: a shown page refreshes from the service by itself at most this often (seconds)
AUTO_REFRESH_EVERY = 60.0
# The desk's clock and the service's may differ; ask the service a little further back.
CLOCK_SKEW = timedelta(hours=1)


@dataclass(frozen=True)
class HistoryActions:
    """What the selection allows: which actions are enabled, and Delete's tooltip."""

    open: bool
    copy_tracking: bool
    reprint: bool
    delete: bool
    delete_tip: str


def available_actions(shipments: Sequence[StoredShipment]) -> HistoryActions:
    """Open and copy need one shipment (copy: with a tracking number); reprint, none deleted;
    delete, every one deletable (the tooltip names the first reason why not)."""
    one = len(shipments) == 1
    reasons = [deletable(s)[1] for s in shipments]
    return HistoryActions(
        open=one,
        copy_tracking=one and bool(tracking_numbers(shipments[0])),
        reprint=bool(shipments) and not any(s.deleted for s in shipments),
        delete=bool(shipments) and not any(reasons),
        delete_tip=next(
            (translate("History", "Cannot delete: {r}").format(r=r) for r in reasons if r),
            translate("History", "Delete on the service (Del)"),
        ),
    )


def delete_question(shipments: Sequence[StoredShipment]) -> str:
    """What Delete asks: how many, the first five by name."""
    names = ", ".join(s.reference_number or s.recipient or s.id for s in shipments[:5])
    if len(shipments) > 5:
        names += translate("History", " and {0} more").format(len(shipments) - 5)
    return translate(
        "History",
        "Delete %n shipment(s) on the service?\n\n{names}\n\nTheir labels can no longer be used.",
        None,
        len(shipments),
    ).format(names=names)


def count_text(shown: int, total: int, searching: bool) -> str:
    """The line under the table: how many shipments, or that none match."""
    if total == 0:
        if searching:
            return translate("History", "No shipments match")
        return translate("History", "No shipments yet")
    if shown < total:
        return translate("History", "Showing the newest {0} of %n shipment(s)", None, total).format(
            shown
        )
    return translate("History", "%n shipment(s)", None, total)


def query_store(
    store: ProfileStore, query: str, include_deleted: bool
) -> tuple[list[StoredShipment], int]:
    """The newest `PAGE_SIZE` shipments matching `query`, and how many match in all."""
    q = query.strip() or None
    found = store.list_shipments(q, limit=PAGE_SIZE, include_deleted=include_deleted)
    total = (
        len(found)
        if len(found) < PAGE_SIZE
        else store.count_shipments(q, include_deleted=include_deleted)
    )
    return found, total


class HistoryPresenter(Presenter):
    """The History page's state and work: search, reprint, delete, refresh from the service."""

    #: a search or reload finished; the argument is the query
    search_finished = Signal(str)
    #: the model holds a new result; reselect these shipment ids (a set) where shown
    reselect = Signal(object)
    #: the count line changed (its text)
    count_changed = Signal(str)
    #: a refresh from the service started (True) or ended (False)
    refreshing_changed = Signal(bool)
    #: another profile was opened: nothing of the last one is shown (the query is cleared)
    profile_switched = Signal()
    #: a shipment was deleted on the service (its id)
    shipment_deleted = Signal(str)
    #: a reprint was queued (the print job id)
    reprint_queued = Signal(int)
    #: a refresh from the service finished (how many shipments it updated)
    refreshed = Signal(int)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.model = ShipmentHistoryModel(self)
        self.query = ""
        self.include_deleted = False
        #: the ids the user has selected (the page keeps it current); a reload keeps them
        self.selection: list[str] = []
        #: refresh from the service when the page is shown (at most once a minute)
        self.auto_refresh = True
        self.last_refresh: float | None = None
        #: messages shown so far: a refresh's routine line never replaces an answer shown
        #: while it ran (a Reprint clicked as the page's automatic refresh was under way)
        self.messages_shown = 0
        self._search_task: asyncio.Task[None] | None = None
        self._profile_id: str | None = ctx.profile.id if ctx.profile is not None else None
        self.debounce = QTimer(self)
        self.debounce.setSingleShot(True)
        self.debounce.setInterval(SEARCH_DEBOUNCE_MS)
        self.debounce.timeout.connect(self.search_now)
        ctx.profile_changed.connect(self._on_profile_changed)

    # --- context access (one place, so the context's shape matters only here) ------------------

    @property
    def store(self) -> ProfileStore | None:
        """The current profile's store."""
        return self.ctx.store

    @property
    def client(self) -> ShippingClient | None:
        """The current profile's client (None while the service is not connected)."""
        return self.ctx.client

    def printer(self) -> PrinterDefinition | None:
        """The printer assigned to the current profile."""
        printer: PrinterDefinition | None = self.ctx.printer()
        return printer

    def show_message(self, text: str, error: bool = False) -> None:
        """Tell the user `text` ("" clears the message), counting what was said."""
        self.messages_shown += 1
        super().show_message(text, error)

    # --- tasks ---------------------------------------------------------------------------------

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `coro` in the background; a failure is shown as a message."""
        return self.tasks.spawn(coro)

    async def wait_idle(self) -> None:
        """Wait for the searches, refreshes, deletes and reprints started so far."""
        await self.tasks.wait_idle()

    def stop(self) -> None:
        """Stop the debounce and every task (the page closes)."""
        self.debounce.stop()
        self.tasks.cancel()

    # --- search --------------------------------------------------------------------------------

    def set_query(self, text: str) -> None:
        """The user typed: search for `text` after the debounce."""
        self.query = text
        self.debounce.start()

    def set_include_deleted(self, include: bool) -> None:
        """Show deleted shipments too (or not): search again at once."""
        self.include_deleted = include
        self.search_now()

    def search_now(self) -> None:
        """Run the search now, cancelling one still running (its result would be stale)."""
        self.debounce.stop()
        if self._search_task is not None and not self._search_task.done():
            self._search_task.cancel()
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            # no loop yet (the window is being built before the loop runs): the store is fast
            store = self.store
            shipments, total = (
                query_store(store, self.query, self.include_deleted) if store else ([], 0)
            )
            self.model.set_shipments(shipments)
            self.count_changed.emit(count_text(len(shipments), total, bool(self.query.strip())))
            return
        self._search_task = self.spawn(self._search(self.query))

    async def reload(self) -> None:
        """Load the history again with the current query and wait for it."""
        self.search_now()
        task = self._search_task
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _search(self, query: str) -> None:
        store = self.store
        if store is None:
            self.model.set_shipments([])
            self.count_changed.emit(count_text(0, 0, bool(query.strip())))
            self.search_finished.emit(query)
            return
        try:
            shipments, total = await asyncio.to_thread(
                query_store, store, query, self.include_deleted
            )
        except Exception as exc:  # a store closed by a profile switch meanwhile
            if store is not self.store:
                return
            raise exc
        if store is not self.store:
            return  # the profile changed while this ran
        selected = set(self.selection)
        self.model.set_shipments(shipments)
        self.reselect.emit(selected)
        self.count_changed.emit(count_text(len(shipments), total, bool(query.strip())))
        self.search_finished.emit(query)

    # --- profile switch and automatic refresh ----------------------------------------------------

    def _on_profile_changed(self, profile: Any = None) -> None:
        """Another profile: nothing is carried over (table, search, messages); same one: reload."""
        profile_id = getattr(profile, "id", None)
        if profile_id == self._profile_id:
            self.search_now()  # the same profile was edited (e.g. its printer)
            return
        self._profile_id = profile_id
        self.tasks.cancel()
        self.model.set_shipments([])
        self.selection = []
        self.query = ""
        self.show_message("")
        self.profile_switched.emit()
        self.last_refresh = None
        self.search_now()

    def maybe_auto_refresh(self) -> None:
        """Refresh from the service if allowed and not done in the last minute."""
        recent = (
            self.last_refresh is not None
            and time.monotonic() - self.last_refresh < AUTO_REFRESH_EVERY
        )
        if self.auto_refresh and self.client is not None and not recent:
            with contextlib.suppress(RuntimeError):  # no running loop: skip the refresh
                asyncio.get_running_loop()
                self.last_refresh = time.monotonic()  # a second call meanwhile: no second one
                self.spawn(self.refresh_from_service())

    # --- reprint -------------------------------------------------------------------------------

    async def reprint(self, shipments: Sequence[StoredShipment]) -> list[int]:
        """Queue one copy of each label on the profile's printer; returns the job ids."""
        printer = self.printer()
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
                    name=printer_title(printer.name)
                )
            )
        parts += problems
        self.show_message(" ".join(parts))
        return jobs

    # --- delete --------------------------------------------------------------------------------

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
                        _name(store, shipment_id), service_text(exc)
                    )
                )
                deleted.append(shipment_id)
                continue
            except APIError as exc:
                errors.append(f"{_name(store, shipment_id)}: {service_text(exc)}")
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

    # --- refresh -------------------------------------------------------------------------------

    async def refresh_from_service(self) -> int:
        """Update the stored shipments (tracking statuses) from the service; returns how many."""
        client, store = self.client, self.store
        if client is None or store is None:
            self.show_message(translate("History", "Not connected to the service yet."))
            return 0
        self.last_refresh = time.monotonic()
        shown_before = self.messages_shown
        self.refreshing_changed.emit(True)
        try:
            outcome = await update_from_service(client, store)
        finally:
            self.refreshing_changed.emit(False)
        if outcome.error:
            self.show_message(
                translate("History", "Could not refresh from the service: {0}").format(
                    outcome.error
                )
            )
            return outcome.updated
        if outcome.looked_at and store is self.store:
            await self.reload()
            if self.messages_shown == shown_before:  # an answer shown meanwhile stays
                self.show_message(
                    translate("History", "Updated from the service at {0}.").format(
                        time_of_day(datetime.now())
                    )
                )
        self.refreshed.emit(outcome.updated)
        return outcome.updated


@dataclass(frozen=True)
class RefreshOutcome:
    """What a refresh from the service did: stored shipments looked at, updated, the error."""

    looked_at: int
    updated: int
    error: str = ""


async def update_from_service(client: ShippingClient, store: ProfileStore) -> RefreshOutcome:
    """Record the service's state of the newest `REFRESH_LIMIT` stored shipments: one listing,
    then single lookups for those it missed (those the service no longer has are marked
    deleted). An error stops it; what was recorded until then stays."""
    from desktop_app.client.errors import APIError, NotFoundError

    stored: list[StoredShipment] = await asyncio.to_thread(
        store.list_shipments, None, REFRESH_LIMIT
    )
    if not stored:
        return RefreshOutcome(0, 0)
    wanted = {s.id for s in stored}
    oldest = min(datetime.fromisoformat(s.created_at) for s in stored)
    seen: set[str] = set()
    updated = 0
    try:
        async for shipment in client.shipments.iter_all(
            created_at_gt=oldest - CLOCK_SKEW, limit=REFRESH_LIMIT * 5
        ):
            if shipment.id in wanted and shipment.id not in seen:
                seen.add(shipment.id)
                updated += await _record(store, shipment)
        for shipment_id in [i for i in wanted if i not in seen][:REFRESH_SINGLE_LOOKUPS]:
            try:
                shipment = await client.shipments.get(shipment_id)
            except NotFoundError:
                await asyncio.to_thread(store.mark_deleted, shipment_id)
                updated += 1
                continue
            updated += await _record(store, shipment)
    except APIError as exc:
        return RefreshOutcome(len(stored), updated, service_text(exc) or str(exc))
    return RefreshOutcome(len(stored), updated)


def _name(store: ProfileStore, shipment_id: str) -> str:
    try:
        shipment = store.get_shipment(shipment_id)
    except LookupError:
        return shipment_id
    return shipment.reference_number or shipment.recipient or shipment_id


async def _record(store: ProfileStore, shipment: Any) -> int:
    data = shipment.model_dump(mode="json", by_alias=True, exclude_none=True)
    await asyncio.to_thread(store.update_tracking, shipment.id, shipment.tracking_status, data)
    return 1
