"""AppContext: the one object every widget receives (profile, client, store, printers, queue).

Switching profile replaces everything profile-bound at once (store, print queue, client,
creator, carrier offers); nothing is carried over. The work is done by plain collaborators
it composes (background tasks, the profile's printing, the service connection, the offers);
Qt only adds signals on top of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop_app.client.presence import Presence
from desktop_app.gui.core import connection
from desktop_app.gui.core.background import BackgroundTasks
from desktop_app.gui.core.journal import JournalWatch
from desktop_app.gui.core.offers import CarrierOffer, auto_format, catalog_offers
from desktop_app.gui.core.profile_printing import ContextNotReady, ProfilePrinting
from desktop_app.gui.core.sandbox_printer import SandboxPrinter
from desktop_app.gui.i18n import translate
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Profile

if TYPE_CHECKING:
    # the HTTP client, the journaled creator, the print queue and the sandbox launcher are
    # imported when a profile opens, after the first window is painted
    from desktop_app.client import ShippingClient
    from desktop_app.client.journaled_creation import ReconcileReport, ShipmentCreator
    from desktop_app.printing.queue import PrinterStatus, PrintJob, PrintQueue
    from desktop_app.profiles.local_sandbox import LocalSandbox
    from desktop_app.profiles.store import ProfileStore, StoredShipment
    from desktop_app.shops.rounds import ShopRounds
    from desktop_app.station.customs_papers import PapersOutcome

__all__ = ["AppContext", "CarrierOffer", "ContextNotReady"]

log = logging.getLogger(__name__)

# pending creations are looked at again this often (the journal reconciles them)
RECONCILE_INTERVAL_MS = 30_000


class AppContext(QObject):
    """Profile manager, current profile, client, store, creator, printers and print queue."""

    profile_changed = Signal(object)  # Profile, after store and queue are swapped
    connection_changed = Signal(str, str)  # state (starting|connecting|connected|error), message
    rate_limit_changed = Signal(object)  # RateLimitState
    print_job_changed = Signal(object)  # PrintJob
    shipment_created = Signal(object)  # StoredShipment
    journal_changed = Signal(int)  # creations awaiting a check
    offers_changed = Signal()
    sandbox_job_received = Signal()  # the built-in virtual printer stored (and rendered) a job
    closing = Signal()  # the app is closing: widgets cancel their own background tasks now
    shop_round_done = Signal(object)  # ShopRound: the open profile's shops were synced

    def __init__(
        self,
        manager: ProfileManager,
        printers: PrinterBook | None = None,
        *,
        sandbox: LocalSandbox | None = None,
        shop_interval: float | None = None,
        shop_options: dict[str, Any] | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.manager = manager
        self.printing = ProfilePrinting(printers if printers is not None else PrinterBook())
        self.tasks = BackgroundTasks()
        self._sandbox = sandbox
        self.profile: Profile | None = None
        self.store: ProfileStore | None = None
        self.client: ShippingClient | None = None
        self.creator: ShipmentCreator | None = None
        self.offers: dict[str, CarrierOffer] = catalog_offers()
        self.connection_state = "offline"
        self.connection_message = translate("Window", "not connected")
        self._connected_text = ""
        self.journal = JournalWatch(self.journal_changed.emit, self.shipment_created.emit)
        self._generation = 0
        self._switch_lock = asyncio.Lock()
        self._unsubscribe: list[Any] = []
        self._reconcile_timer = QTimer(self)
        self._reconcile_timer.setInterval(RECONCILE_INTERVAL_MS)
        self._reconcile_timer.timeout.connect(self._reconcile_tick)
        #: the open profile's shop rounds (None until connected); `shop_options` go to each
        #: shop connection (a test shop's own CA)
        self.shops: ShopRounds | None = None
        #: who works at this station (sign_in_required: the state is "sign_in" until then)
        self.presence = Presence()
        self._shops_task: asyncio.Task[Any] | None = None
        self._shop_interval = shop_interval
        self._shop_options = dict(shop_options or {})
        self.shipment_created.connect(self._label_made)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `coro` in the background, keeping a reference until it ends (errors logged)."""
        return self.tasks.spawn(coro)

    # --- state ------------------------------------------------------------------------------

    @property
    def printers(self) -> PrinterBook:
        """The printer book of this desk."""
        return self.printing.printers

    @property
    def queue(self) -> PrintQueue | None:
        """The current profile's print queue (None until a profile opened)."""
        return self.printing.queue

    @property
    def sandbox_printer(self) -> SandboxPrinter | None:
        """The built-in virtual label printer (Local sandbox), once started."""
        return self.printing.sandbox_printer

    @property
    def pending_creations(self) -> int:
        """Creations of the current profile awaiting a check (as last counted)."""
        return self.journal.pending

    @property
    def last_reconcile(self) -> ReconcileReport | None:
        """What the last reconciliation settled."""
        return self.journal.last_report

    @property
    def environment(self) -> str:
        """The current profile's environment ("sandbox" or "live")."""
        return self.profile.environment if self.profile is not None else "sandbox"

    @property
    def profile_key(self) -> tuple[str, str, str] | None:
        """What a page's loaded content depends on: which profile, its environment and
        service (a page reloads when it changes)."""
        profile = self.profile
        if profile is None:
            return None
        return (profile.id, profile.environment, profile.base_url)

    @property
    def connected(self) -> bool:
        """True when the client and creator of the current profile are ready."""
        return self.connection_state == "connected" and self.creator is not None

    @property
    def sandbox(self) -> LocalSandbox:
        """The Local sandbox launcher (created on first use)."""
        if self._sandbox is None:
            from desktop_app.profiles.local_sandbox import LocalSandbox

            self._sandbox = LocalSandbox.for_manager(self.manager)
        return self._sandbox

    def _set_connection(self, state: str, message: str) -> None:
        self.connection_state = state
        self.connection_message = message
        self.connection_changed.emit(state, message)

    def printer(self) -> PrinterDefinition | None:
        """The printer assigned to the current profile, if it is defined."""
        return self.printing.printer(self.profile)

    def printer_status(self) -> PrinterStatus | None:
        """The assigned printer's queue status."""
        return self.printing.status(self.profile)

    def uses_sandbox_printer(self) -> bool:
        """True when the current profile prints to the running built-in virtual printer."""
        return self.printing.uses_sandbox_printer(self.profile)

    def auto_format(self, carrier: str | None, service: str | None) -> tuple[str | None, str]:
        """The label format the assigned printer wants for this carrier/service, and why."""
        return auto_format(self.offers, self.profile, self.printer(), carrier, service)

    # --- profile switching --------------------------------------------------------------------

    def switch_profile(self, profile: Profile) -> asyncio.Task[Any]:
        """Switch to `profile` in the background (the task is kept and returned)."""
        return self.spawn(self.open_profile(profile))

    async def open_profile(self, profile: Profile) -> None:
        """Make `profile` current: new store, queue, client; nothing of the old one stays."""
        self._generation += 1
        generation = self._generation
        async with self._switch_lock:
            if generation != self._generation:
                return  # a later switch superseded this one
            await self._teardown()
            self.profile = profile
            self.offers = catalog_offers()
            try:
                self.store = await asyncio.to_thread(self.manager.open_store, profile)
                data_dir = Path(self.manager.profile_data_dir(profile))
                self.profile = profile = await self.printing.open(
                    self.manager, profile, data_dir, self.sandbox_job_received.emit
                )
            except Exception as exc:  # a damaged or foreign data folder: say so, stay usable
                log.exception("opening the data of profile %s failed", profile.name)
                self.profile_changed.emit(profile)
                self._set_connection(
                    "error",
                    translate("Window", "The profile's data cannot be opened: {exc}").format(
                        exc=exc
                    ),
                )
                return
            self._unsubscribe.append(self.printing.add_listener(self.print_job_changed.emit))
            with contextlib.suppress(Exception):
                self.manager.set_last_used(profile.id)
            self.profile_changed.emit(profile)
            self.offers_changed.emit()
            await self._refresh_journal()
        await self._connect(generation)

    def update_preferences(self, **changes: Any) -> bool:
        """Save `changes` into the open profile's preferences and re-read the profile (pages
        follow through `profile_changed`); False without an open profile. Raises what saving
        raises (ProfileError), before anything is re-read."""
        profile = self.profile
        if profile is None:
            return False
        preferences = profile.preferences.model_copy(update=changes)
        self.manager.update(profile.model_copy(update={"preferences": preferences}))
        self.reload_profile()
        return True

    def reload_profile(self) -> None:
        """Re-read the current profile (after Settings changed it) without reconnecting."""
        if self.profile is None:
            return
        with contextlib.suppress(Exception):
            self.profile = self.manager.get(self.profile.id)
            self.profile_changed.emit(self.profile)

    async def _connect(self, generation: int) -> None:
        from desktop_app.client.journaled_creation import ShipmentCreator

        profile = self.profile
        assert profile is not None
        try:
            self._set_connection(*connection.connecting_text(profile))
            if profile.builtin_local:
                await self.sandbox.start()
            if generation != self._generation:
                return
            sandbox = self._sandbox if profile.builtin_local else None
            service = await connection.connect(self.manager, profile, sandbox)
            if generation != self._generation:
                await service.client.aclose()
                return
            self.client = client = service.client
            self.creator = ShipmentCreator(client, self._require_store())
            self.offers = service.offers
            self.presence = service.presence
            self._connected_text = connection.connected_text(service)
            self._unsubscribe.append(client.on_rate_limit(self.rate_limit_changed.emit))
            self.rate_limit_changed.emit(client.rate_limit)
            self.offers_changed.emit()
            if service.presence.sign_in_required:
                self._set_connection("sign_in", connection.sign_in_text())
                return
            await self._start_work(client)
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if generation != self._generation:
                return
            log.warning("connecting profile %s failed: %s", profile.name, exc)
            self._set_connection("error", connection.failure_text(exc))

    async def _start_work(self, client: ShippingClient) -> None:
        """Connected (and signed in where the station needs it): the pages may work."""
        self._set_connection("connected", self._connected_text)
        self._reconcile_timer.start()
        self._start_shops(client)
        # start-up reconciliation: cheap when nothing is pending (no request at all)
        await self.reconcile()

    async def person_signed_in(self, presence: Presence) -> None:
        """A person signed in at this station: read the carriers, then let the pages work."""
        client = self.client
        if client is None:
            raise ContextNotReady("the profile is not connected")
        self.presence = presence
        self.offers = await connection.signed_in_offers(client)
        self.offers_changed.emit()
        await self._start_work(client)

    def person_signed_out(self) -> None:
        """Back to the sign-in screen: the pages stop working until the next person signs in."""
        if self.client is None or not self.presence.sign_in_required and not self.presence.person:
            return
        self._reconcile_timer.stop()
        shops, self.shops = self.shops, None
        task, self._shops_task = self._shops_task, None
        if task is not None:
            task.cancel()  # the outbox is let go once the round has stopped
        if shops is not None:
            if task is None:
                shops.close()
            else:
                task.add_done_callback(lambda _task: shops.close())
        self.presence = Presence(sign_in_required=True, station=self.presence.station)
        self._set_connection("sign_in", connection.sign_in_text())

    async def reconnect(self) -> None:
        """Try again to connect the current profile (after an error)."""
        if self.profile is not None and not self.connected:
            await self._connect(self._generation)

    def _require_store(self) -> ProfileStore:
        if self.store is None:
            raise ContextNotReady("no profile is open")
        return self.store

    async def _teardown(self) -> None:
        """Close what belongs to the current profile (its background work first)."""
        self._reconcile_timer.stop()
        self.creator = None
        self.presence = Presence()
        self.connection_state = "offline"
        await self.tasks.cancel()
        shops, self.shops = self.shops, None
        if shops is not None:
            shops.close()
        for unsubscribe in self._unsubscribe:
            with contextlib.suppress(Exception):
                unsubscribe()
        self._unsubscribe.clear()
        client, self.client = self.client, None
        store, self.store = self.store, None
        await self.printing.close_queue()
        if client is not None:
            with contextlib.suppress(Exception):
                await client.aclose()
        if store is not None:
            await asyncio.to_thread(store.close)

    async def aclose(self) -> None:
        """On exit: let the queue finish, close the client and store, stop our local service."""
        if self.tasks.closed:
            return
        self.tasks.closed = True
        self._generation += 1
        self.closing.emit()
        await self.tasks.cancel()
        async with self._switch_lock:
            await self._teardown()
        await self.printing.stop_sandbox_printer()
        if self._sandbox is not None:
            await self._sandbox.stop()  # stops the service only if this instance owns it
        # asyncio closes a socket one loop turn after `close()` (TLS needs a few more): let
        # them finish, or a loop stopped right after this leaves them to the garbage collector
        for _ in range(5):
            await asyncio.sleep(0)

    # --- shops -----------------------------------------------------------------------------------

    @property
    def shop_options(self) -> dict[str, Any]:
        """What each shop connection is opened with (a test shop's own CA)."""
        return dict(self._shop_options)

    def _start_shops(self, client: ShippingClient) -> None:
        """Sync the profile's shops and write labels back every few minutes while it is open."""
        from desktop_app.shops.rounds import DEFAULT_INTERVAL, ShopRounds

        profile, store = self.profile, self.store
        if profile is None or store is None:
            return
        try:
            self.shops = ShopRounds.of_profile(
                self.manager,
                profile,
                store,
                client,
                interval=self._shop_interval or DEFAULT_INTERVAL,
                connect_options=self._shop_options,
                on_round=self.shop_round_done.emit,
            )
        except Exception:  # a damaged outbox file: the desk works on without shops
            log.exception("the shops of profile %s cannot be opened", profile.name)
            return
        self._shops_task = self.spawn(self.shops.run())

    def _label_made(self, _stored: object) -> None:
        if self.shops is not None:
            self.shops.wake()

    # --- journal --------------------------------------------------------------------------------

    async def _refresh_journal(self) -> None:
        self.journal.recount(self.store)

    def _reconcile_tick(self) -> None:
        if self.pending_creations and self.connected:
            self.spawn(self.reconcile())

    async def reconcile(self, **kwargs: Any) -> ReconcileReport | None:
        """Settle pending creations through the journal (adopting what the service has)."""
        return await self.journal.reconcile(self.creator, self.store, **kwargs)

    async def journal_changed_now(self) -> None:
        """Recount pending creations (after a creation ended or was abandoned)."""
        self.journal.recount(self.store)

    def print_label(self, stored: StoredShipment, copies: int | None = None) -> list[PrintJob]:
        """Queue the label of `stored` for the assigned printer (ValueError if impossible)."""
        return self.printing.print_label(self.profile, stored, copies)

    async def print_customs_papers(self, stored: StoredShipment) -> PapersOutcome | None:
        """The customs papers of `stored` on the profile's A4 printer, else saved beside the
        label (None: it has none; ContextNotReady while the profile is not connected)."""
        if self.client is None or self.store is None:
            raise ContextNotReady("the profile is not connected")
        folder = self.store.profile_dir / "customs"
        return await self.printing.print_customs_papers(self.profile, self.client, stored, folder)
