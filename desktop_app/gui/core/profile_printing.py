"""The printers of the desk and what prints for the open profile: its print queue and the
built-in virtual printer of the Local sandbox.

Plain asyncio (no widget); `AppContext` composes one and swaps what it holds on a profile
switch. The print queue (and the label converters under it) is imported when a profile opens,
after the first window is painted.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.gui.core.sandbox_printer import (
    JOBS_FOLDER,
    SANDBOX_PRINTER_NAME,
    SandboxPrinter,
    wants_sandbox_printer,
)
from desktop_app.gui.i18n.words import carrier_name
from desktop_app.paths import PRINT_QUEUE_DB_NAME
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.models import Profile

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.printing.queue import PrinterStatus, PrintJob, PrintQueue
    from desktop_app.profiles.store import StoredShipment
    from desktop_app.station.customs_papers import PapersOutcome

log = logging.getLogger(__name__)


class ContextNotReady(RuntimeError):
    """The profile is not connected yet (or is being switched)."""


class ProfilePrinting:
    """The printer book, and the open profile's print queue and built-in virtual printer."""

    def __init__(self, printers: PrinterBook) -> None:
        self.printers = printers
        self.queue: PrintQueue | None = None
        self.sandbox_printer: SandboxPrinter | None = None

    def printer(self, profile: Profile | None) -> PrinterDefinition | None:
        """The printer assigned to `profile`, if it is defined."""
        if profile is None or not profile.printer:
            return None
        return self.printers.get(profile.printer)

    def status(self, profile: Profile | None) -> PrinterStatus | None:
        """The queue status of the printer assigned to `profile`."""
        printer = self.printer(profile)
        if printer is None or self.queue is None:
            return None
        return self.queue.status(printer.name)

    async def open(
        self,
        manager: ProfileManager,
        profile: Profile,
        data_dir: Path,
        on_sandbox_job: Callable[[], None],
    ) -> Profile:
        """Start the virtual printer (Local sandbox) and open the profile's print queue.

        Returns the profile as stored (a first start assigns it the virtual printer)."""
        from desktop_app.printing.queue import PrintQueue

        # before the queue starts, so jobs left from the last run find the new port
        profile = await self._start_sandbox_printer(manager, profile, data_dir, on_sandbox_job)
        # the workers on a thread of their own: a label reaches the printer whatever the
        # window's thread is doing (busy, frozen, closing); the window only shows the jobs
        self.queue = PrintQueue(data_dir / PRINT_QUEUE_DB_NAME, self.printers, own_thread=True)
        await self.queue.start()
        return profile

    async def _start_sandbox_printer(
        self,
        manager: ProfileManager,
        profile: Profile,
        data_dir: Path,
        on_job: Callable[[], None],
    ) -> Profile:
        """Local sandbox: run the built-in virtual printer and assign it on a first start."""
        if not wants_sandbox_printer(profile, self.printers):
            await self.stop_sandbox_printer()  # e.g. a live profile: nothing of it runs
            return profile
        if self.sandbox_printer is None:
            self.sandbox_printer = SandboxPrinter(self.printers, data_dir / JOBS_FOLDER)
        try:
            await self.sandbox_printer.start()
        except Exception:  # the desk works without it; Settings can still add a printer
            log.exception("the virtual label printer could not start")
            return profile
        assert self.sandbox_printer.printer is not None
        self.sandbox_printer.printer.on_job = lambda _job: on_job()
        if profile.printer is None:
            with contextlib.suppress(Exception):
                profile = manager.update(
                    profile.model_copy(update={"printer": SANDBOX_PRINTER_NAME})
                )
        return profile

    async def stop_sandbox_printer(self) -> None:
        """Stop the built-in virtual printer if it runs."""
        if self.sandbox_printer is not None and self.sandbox_printer.running:
            with contextlib.suppress(Exception):
                await self.sandbox_printer.stop()

    def uses_sandbox_printer(self, profile: Profile | None) -> bool:
        """True when `profile` prints to the running built-in virtual printer."""
        printer = self.printer(profile)
        return (
            printer is not None
            and printer.name == SANDBOX_PRINTER_NAME
            and self.sandbox_printer is not None
            and self.sandbox_printer.running
        )

    async def close_queue(self) -> None:
        """Close the print queue (jobs still printing get two seconds)."""
        queue, self.queue = self.queue, None
        if queue is not None:
            await queue.close(grace=2.0)

    def print_label(
        self, profile: Profile | None, stored: StoredShipment, copies: int | None = None
    ) -> list[PrintJob]:
        """Queue the label of `stored` for the printer of `profile` (ValueError if impossible)."""
        printer = self.printer(profile)
        if printer is None:
            raise ValueError("No printer is assigned to this profile. Choose one in Settings.")
        if self.queue is None:
            raise ContextNotReady("the print queue is not open")
        if stored.label_path is None or not stored.label_path.is_file():
            raise ValueError("This shipment has no label file yet.")
        document = stored.label_path.read_bytes()
        count = copies or (profile.preferences.copies if profile else 1)
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

    async def print_customs_papers(
        self, profile: Profile | None, client: ShippingClient, stored: StoredShipment, folder: Path
    ) -> PapersOutcome | None:
        """The customs papers of `stored` on the profile's A4 printer (else a label printer
        that prints PDF pages), or saved beside the label: the Scan page's decision
        (`station.customs_papers`). None when the shipment has no papers."""
        from desktop_app.station.customs_papers import print_customs_papers

        a4 = profile.preferences.documents_printer if profile is not None else None
        return await print_customs_papers(
            client,
            self.queue,
            stored,
            (self.printers.get(a4) if a4 else None, self.printer(profile)),
            reference=stored.reference_number or stored.id,
            folder=folder,
        )

    def add_listener(self, listener: Callable[[PrintJob], Any]) -> Callable[[], None]:
        """Call `listener` with every job change of the open queue; returns the unsubscribe."""
        assert self.queue is not None
        return self.queue.add_listener(listener)
