"""AppContext: the one object every widget receives (profile, client, store, printers, queue).

Switching profile replaces everything profile-bound at once (store, print queue, client,
creator, carrier offers); nothing is carried over. Qt only adds signals on top of the
Qt-free layers below.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop_app.client import APIError
from desktop_app.domain.catalog import load_catalog
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.gui.i18n.words import carrier_name, label_format_name
from desktop_app.gui.shell.sandbox_printer import (
    JOBS_FOLDER,
    SANDBOX_PRINTER_NAME,
    SandboxPrinter,
    printer_title,
    wants_sandbox_printer,
)
from desktop_app.printing.formats import FormatChoice, FormatRefused, choose_format
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.printing.queue import PrinterStatus, PrintJob, PrintQueue
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Profile
from desktop_app.profiles.store import ProfileStore, StoredShipment

if TYPE_CHECKING:
    # the HTTP client, the journaled creator and the sandbox launcher (httpx under them all)
    # are imported when a profile opens, after the first window is painted
    from desktop_app.client import ShippingClient
    from desktop_app.client.desk import ReconcileReport, ShipmentCreator
    from desktop_app.profiles.local_sandbox import LocalSandbox

log = logging.getLogger(__name__)

QUEUE_DB = "print_queue.sqlite"
DEFAULT_FORMAT = "pdf_a6"
# pending creations are looked at again this often (the journal reconciles them)
RECONCILE_INTERVAL_MS = 30_000
# how long background reads may finish before a switch or close cancels them
CANCEL_GRACE_S = 0.5


@dataclass(frozen=True, slots=True)
class CarrierOffer:
    """What one carrier offers to this profile (from `/v1/carriers`, else the catalog)."""

    code: str
    display_name: str
    services: tuple[str, ...]
    package_types: tuple[str, ...]
    additional_services: tuple[str, ...]
    label_formats: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def formats_for(self, service: str | None) -> tuple[str, ...]:
        """Label formats for `service` (for a service it lacks: all the carrier has)."""
        if service and service in self.label_formats:
            return self.label_formats[service]
        if "*" in self.label_formats:
            return self.label_formats["*"]
        union: dict[str, None] = {}
        for formats in self.label_formats.values():
            union.update(dict.fromkeys(formats))
        return tuple(union)


def catalog_offers() -> dict[str, CarrierOffer]:
    """Offers straight from the built-in catalog (used until the service answered)."""
    cat = load_catalog()
    offers: dict[str, CarrierOffer] = {}
    for code, spec in cat.carriers.items():
        formats = {s: tuple(cat.label_formats_for(code, s)) for s in spec.services}
        offers[code] = CarrierOffer(
            code,
            spec.display_name,
            tuple(spec.services),
            tuple(spec.package_types),
            tuple(spec.additional_services),
            formats,
        )
    return offers


def offers_from_service(descriptions: Iterable[Any]) -> dict[str, CarrierOffer]:
    """Offers from `/v1/carriers`, limited to carriers the catalog (and so the rules) knows."""
    known = load_catalog().carriers
    offers: dict[str, CarrierOffer] = {}
    for d in descriptions:
        if d.name not in known:
            continue
        formats = {k: tuple(v) for k, v in (d.label_formats or {}).items()}
        offers[d.name] = CarrierOffer(
            d.name,
            d.display_name or known[d.name].display_name,
            tuple(d.services),
            tuple(d.package_types),
            tuple(d.additional_services),
            formats,
        )
    return offers or catalog_offers()


class ContextNotReady(RuntimeError):
    """The profile is not connected yet (or is being switched)."""


def format_reason(printer: PrinterDefinition, choice: FormatChoice) -> str:
    """Why the automatic label format suits the printer, in plain words (no format codes)."""
    name, fmt = printer_title(printer.name), label_format_name(choice.request_format)
    if choice.convert:
        return translate(
            "Window",
            "{printer}: the carrier has no label made for this printer, so the {format} label "
            "is converted for it ({dpi} dpi).",
        ).format(printer=name, format=fmt, dpi=choice.target_dpi)
    if choice.label_format.kind == "zpl":
        return translate("Window", "{printer}: {format}, made for this printer.").format(
            printer=name, format=fmt
        )
    return translate("Window", "{printer}: {format} fits the paper.").format(
        printer=name, format=fmt
    )


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

    def __init__(
        self,
        manager: ProfileManager,
        printers: PrinterBook | None = None,
        *,
        sandbox: LocalSandbox | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.manager = manager
        self.printers = printers if printers is not None else PrinterBook()
        self._sandbox = sandbox
        self.profile: Profile | None = None
        self.store: ProfileStore | None = None
        self.queue: PrintQueue | None = None
        self.client: ShippingClient | None = None
        self.creator: ShipmentCreator | None = None
        self.offers: dict[str, CarrierOffer] = catalog_offers()
        self.connection_state = "offline"
        self.connection_message = translate("Window", "not connected")
        self.pending_creations = 0
        self.sandbox_printer: SandboxPrinter | None = None
        self.last_reconcile: ReconcileReport | None = None
        self._generation = 0
        self._switch_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._unsubscribe: list[Any] = []
        self._closed = False
        self._reconcile_timer = QTimer(self)
        self._reconcile_timer.setInterval(RECONCILE_INTERVAL_MS)
        self._reconcile_timer.timeout.connect(self._reconcile_tick)

    # --- background tasks -----------------------------------------------------------------

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `coro` in the background, keeping a reference until it ends (errors logged)."""
        task = asyncio.ensure_future(coro)
        if self._closed:
            task.cancel()  # the app is closing: nothing new starts
            return task
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            level = logging.DEBUG if self._closed else logging.ERROR
            log.log(level, "background task failed", exc_info=task.exception())

    async def _cancel_tasks(self) -> None:
        """Cancel the background work of the current profile (all but the calling task)."""
        current = asyncio.current_task()
        running = [t for t in self._tasks if t is not current and not t.done()]
        if running:
            # short reads (page reloads) may end on their own first: an httpx request cancelled
            # mid-connection leaves its socket to the garbage collector (ResourceWarning)
            await asyncio.wait(running, timeout=CANCEL_GRACE_S)
        for _ in range(10):  # a cancelled task may start another; a few rounds settle it
            tasks = [t for t in self._tasks if t is not current and not t.done()]
            if not tasks:
                return
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

    # --- state ------------------------------------------------------------------------------

    @property
    def environment(self) -> str:
        """The current profile's environment ("sandbox" or "live")."""
        return self.profile.environment if self.profile is not None else "sandbox"

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
        if self.profile is None or not self.profile.printer:
            return None
        return self.printers.get(self.profile.printer)

    def printer_status(self) -> PrinterStatus | None:
        """The assigned printer's queue status."""
        printer = self.printer()
        if printer is None or self.queue is None:
            return None
        return self.queue.status(printer.name)

    def auto_format(self, carrier: str | None, service: str | None) -> tuple[str | None, str]:
        """The label format the assigned printer wants for this carrier/service, and why."""
        offer = self.offers.get(carrier or "")
        offered = list(offer.formats_for(service)) if offer else []
        prefs = self.profile.preferences if self.profile else None
        if prefs is not None and prefs.label_format_override in offered:
            return prefs.label_format_override, translate(
                "Window", "the profile's preferred format"
            )
        printer = self.printer()
        if not offered:
            return None, translate("Window", "choose a carrier")
        if printer is None:
            fmt = DEFAULT_FORMAT if DEFAULT_FORMAT in offered else offered[0]
            return fmt, translate("Window", "no printer assigned")
        try:
            choice = choose_format(printer, offered)
        except FormatRefused:
            return None, translate(
                "Window",
                "{printer} cannot print any label format this carrier offers for this service.",
            ).format(printer=printer_title(printer.name))
        return choice.request_format, format_reason(printer, choice)

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
                data_dir = self.manager.profile_data_dir(profile)
                # before the queue starts, so jobs left from the last run find the new port
                profile = await self._start_sandbox_printer(profile, Path(data_dir))
                self.profile = profile
                self.queue = PrintQueue(Path(data_dir) / QUEUE_DB, self.printers)
                await self.queue.start()
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
            self._unsubscribe.append(self.queue.add_listener(self.print_job_changed.emit))
            with contextlib.suppress(Exception):
                self.manager.set_last_used(profile.id)
            self.profile_changed.emit(profile)
            self.offers_changed.emit()
            await self._refresh_journal()
        await self._connect(generation)

    async def _start_sandbox_printer(self, profile: Profile, data_dir: Path) -> Profile:
        """Local sandbox: run the built-in virtual printer and assign it on a first start."""
        if not wants_sandbox_printer(profile, self.printers):
            if self.sandbox_printer is not None and self.sandbox_printer.running:
                await self.sandbox_printer.stop()  # e.g. a live profile: nothing of it runs
            return profile
        if self.sandbox_printer is None:
            self.sandbox_printer = SandboxPrinter(self.printers, data_dir / JOBS_FOLDER)
        try:
            await self.sandbox_printer.start()
        except Exception:  # the desk works without it; Settings can still add a printer
            log.exception("the virtual label printer could not start")
            return profile
        assert self.sandbox_printer.printer is not None
        self.sandbox_printer.printer.on_job = lambda _job: self.sandbox_job_received.emit()
        if profile.printer is None:
            with contextlib.suppress(Exception):
                profile = self.manager.update(
                    profile.model_copy(update={"printer": SANDBOX_PRINTER_NAME})
                )
        return profile

    def uses_sandbox_printer(self) -> bool:
        """True when the current profile prints to the running built-in virtual printer."""
        printer = self.printer()
        return (
            printer is not None
            and printer.name == SANDBOX_PRINTER_NAME
            and self.sandbox_printer is not None
            and self.sandbox_printer.running
        )

    def reload_profile(self) -> None:
        """Re-read the current profile (after Settings changed it) without reconnecting."""
        if self.profile is None:
            return
        with contextlib.suppress(Exception):
            self.profile = self.manager.get(self.profile.id)
            self.profile_changed.emit(self.profile)

    async def _connect(self, generation: int) -> None:
        from desktop_app.client import ShippingClient
        from desktop_app.client.desk import ShipmentCreator

        profile = self.profile
        assert profile is not None
        try:
            if profile.builtin_local:
                self._set_connection("starting", translate("Window", "Starting local sandbox..."))
                await self.sandbox.start()
            else:
                self._set_connection(
                    "connecting",
                    translate("Window", "Connecting to {base_url}...").format(
                        base_url=profile.base_url
                    ),
                )
            if generation != self._generation:
                return
            creds = self.manager.credentials(
                profile, self._sandbox if profile.builtin_local else None
            )
            client = ShippingClient(
                creds.base_url,
                creds.api_key,
                ca_file=creds.ca_file,
                environment=creds.environment,
                key_environment=creds.environment if creds.verified else None,
            )
            try:
                await client.me()  # proves the key and its environment before any work
                descriptions = await client.carriers.list()
            except BaseException:
                await client.aclose()
                raise
            if generation != self._generation:
                await client.aclose()
                return
            self.client = client
            self.creator = ShipmentCreator(client, self._require_store())
            self.offers = offers_from_service(descriptions)
            self._unsubscribe.append(client.on_rate_limit(self.rate_limit_changed.emit))
            self.rate_limit_changed.emit(client.rate_limit)
            self.offers_changed.emit()
            self._set_connection(
                "connected",
                translate("Window", "Connected to {base_url}").format(base_url=creds.base_url),
            )
            self._reconcile_timer.start()
            # start-up reconciliation: cheap when nothing is pending (no request at all)
            await self.reconcile()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            if generation != self._generation:
                return
            message = (
                client_error_text(exc)
                or getattr(exc, "user_message", None)
                or str(exc).splitlines()[0]
            )
            log.warning("connecting profile %s failed: %s", profile.name, exc)
            self._set_connection("error", message)

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
        self.connection_state = "offline"
        await self._cancel_tasks()
        for unsubscribe in self._unsubscribe:
            with contextlib.suppress(Exception):
                unsubscribe()
        self._unsubscribe.clear()
        client, self.client = self.client, None
        self.creator = None
        queue, self.queue = self.queue, None
        store, self.store = self.store, None
        self.connection_state = "offline"
        if queue is not None:
            await queue.close(grace=2.0)
        if client is not None:
            with contextlib.suppress(Exception):
                await client.aclose()
        if store is not None:
            await asyncio.to_thread(store.close)

    async def aclose(self) -> None:
        """On exit: let the queue finish, close the client and store, stop our local service."""
        if self._closed:
            return
        self._closed = True
        self._generation += 1
        self.closing.emit()
        await self._cancel_tasks()
        async with self._switch_lock:
            await self._teardown()
        if self.sandbox_printer is not None:
            with contextlib.suppress(Exception):
                await self.sandbox_printer.stop()
        if self._sandbox is not None:
            await self._sandbox.stop()  # stops the service only if this instance owns it
        # asyncio closes a socket one loop turn after `close()` (TLS needs a few more): let
        # them finish, or a loop stopped right after this leaves them to the garbage collector
        for _ in range(5):
            await asyncio.sleep(0)

    # --- journal --------------------------------------------------------------------------------

    async def _refresh_journal(self) -> None:
        store = self.store
        if store is None:
            return
        # two indexed reads of a small table: quicker inline than a thread hop
        pending = store.list_pending()
        decide = store.list_needs_decision()
        self.pending_creations = len(pending) + len(decide)
        self.journal_changed.emit(self.pending_creations)

    def _reconcile_tick(self) -> None:
        if self.pending_creations and self.connected:
            self.spawn(self.reconcile())

    async def reconcile(self, **kwargs: Any) -> ReconcileReport | None:
        """Settle pending creations through the journal (adopting what the service has)."""
        creator = self.creator
        if creator is None:
            return None
        try:
            report = await creator.reconcile(**kwargs)
        except APIError as exc:
            log.warning("reconcile failed: %s", exc)
            return None
        self.last_reconcile = report
        for stored in report.adopted:
            self.shipment_created.emit(stored)
        await self._refresh_journal()
        return report

    async def journal_changed_now(self) -> None:
        """Recount pending creations (after a creation ended or was abandoned)."""
        await self._refresh_journal()

    # --- printing --------------------------------------------------------------------------------

    def print_label(self, stored: StoredShipment, copies: int | None = None) -> list[PrintJob]:
        """Queue the label of `stored` for the assigned printer (ValueError if impossible)."""
        printer = self.printer()
        if printer is None:
            raise ValueError("No printer is assigned to this profile. Choose one in Settings.")
        if self.queue is None:
            raise ContextNotReady("the print queue is not open")
        if stored.label_path is None or not stored.label_path.is_file():
            raise ValueError("This shipment has no label file yet.")
        document = stored.label_path.read_bytes()
        count = copies or (self.profile.preferences.copies if self.profile else 1)
        return [
            self.queue.enqueue(
                printer,
                document,
                title=f"{carrier_name(stored.carrier)} {stored.carrier_tracking_no or stored.id}",
                source_format=stored.label_format,
                reference=stored.reference_number,
            )
            for _ in range(count)
        ]
