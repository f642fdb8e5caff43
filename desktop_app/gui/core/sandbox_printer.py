"""The built-in "Virtual label printer (sandbox)": a first label prints with nothing set up.

The Local sandbox profile gets a real TCP label printer (the virtual printer, 203 dpi ZPL on
4x6 in stock) running inside the app on loopback. Its definition in the printer book keeps a
stable name; only its port can change between starts (the last port is tried first), so the
print queue, Settings and a restart all find it. Never started for a live profile.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from desktop_app.gui.i18n import translate
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.profiles.models import Profile

if TYPE_CHECKING:
    # the printer itself (and its ZPL renderer) is imported when it starts, after the first
    # window is painted
    from desktop_app.printing.virtual_printer import ReceivedJob, VirtualPrinter

log = logging.getLogger(__name__)

# the name is stored in printers.json (a key, not a text): shown through printer_title()
SANDBOX_PRINTER_NAME = "Virtual label printer (sandbox)"


def printer_title(name: str) -> str:
    """A printer's name as shown: the built-in virtual printer's in the UI language."""
    if name == SANDBOX_PRINTER_NAME:
        return translate("Window", "Virtual label printer (sandbox)")
    return name


JOBS_FOLDER = "virtual-printer"
HOST = "127.0.0.1"


def is_sandbox_printer(name: str | None) -> bool:
    """True for the built-in virtual printer's definition name."""
    return name == SANDBOX_PRINTER_NAME


def wants_sandbox_printer(profile: Profile, book: PrinterBook) -> bool:
    """Whether opening `profile` should run the virtual printer (Local sandbox only).

    It runs when the profile uses it, or on a first start (no printer assigned and the
    definition never made): a user who unassigned it later is not overruled.
    """
    if not profile.builtin_local or profile.environment != "sandbox":
        return False
    if is_sandbox_printer(profile.printer):
        return True
    return profile.printer is None and SANDBOX_PRINTER_NAME not in book


@dataclass(slots=True)
class LastJob:
    """The newest complete job at the virtual printer and its rendered images."""

    path: Path
    pngs: list[Path]


class SandboxPrinter:
    """Runs the virtual printer and keeps its printer-book definition pointing at it."""

    def __init__(self, book: PrinterBook, jobs_dir: Path) -> None:
        self.book = book
        self.jobs_dir = Path(jobs_dir)
        self.printer: VirtualPrinter | None = None

    @property
    def running(self) -> bool:
        """True while the virtual printer listens."""
        return self.printer is not None

    def _last_port(self) -> int:
        existing = self.book.get(SANDBOX_PRINTER_NAME)
        if existing is None or existing.scheme != "tcp":
            return 0
        try:
            return urlsplit(existing.transport).port or 0
        except ValueError:
            return 0

    async def start(self) -> PrinterDefinition:
        """Listen (on the last port if it is free) and save the definition; returns it."""
        if self.printer is None:
            from desktop_app.printing.virtual_printer import VirtualPrinter

            printer: VirtualPrinter | None = None
            for port in dict.fromkeys((self._last_port(), 0)):
                candidate = VirtualPrinter(self.jobs_dir, host=HOST, port=port, dpi=203)
                try:
                    await candidate.start()
                except OSError as exc:
                    log.info("virtual printer: port %s is taken (%s); choosing another", port, exc)
                    continue
                printer = candidate
                break
            if printer is None:  # port 0 cannot be taken; only a broken network stack gets here
                raise OSError("the virtual label printer could not listen on loopback")
            self.printer = printer
        definition = self.definition()
        if self.book.get(SANDBOX_PRINTER_NAME) != definition:
            self.book.put(definition)
        return definition

    def definition(self) -> PrinterDefinition:
        """The printer-book entry that reaches the running printer."""
        port = self.printer.port if self.printer is not None else self._last_port()
        old = self.book.get(SANDBOX_PRINTER_NAME)
        fresh = PrinterDefinition(
            name=SANDBOX_PRINTER_NAME,
            kind="zpl",
            transport=f"tcp://{HOST}:{port}",
            dpi=203,
            stock="4x6in",
        )
        if old is not None and old.kind == "zpl" and old.dpi == 203:
            # keep what the user tuned in Settings (offsets, darkness); only the port moves
            return old.with_changes(transport=fresh.transport)
        return fresh

    async def stop(self) -> None:
        """Stop listening (on exit)."""
        printer, self.printer = self.printer, None
        if printer is not None:
            await printer.stop()

    def last_job(self) -> LastJob | None:
        """The newest complete job in the jobs folder (this run or an earlier one)."""
        if self.printer is not None and self.printer.jobs:
            job: ReceivedJob = self.printer.jobs[-1]
            return LastJob(job.path, list(job.pngs))
        if not self.jobs_dir.is_dir():
            return None
        jobs = sorted(
            p for p in self.jobs_dir.glob("job-*.*") if p.suffix in (".zpl", ".pdf", ".bin")
        )
        if not jobs:
            return None
        last = jobs[-1]
        return LastJob(last, sorted(self.jobs_dir.glob(f"{last.stem}-*.png")))
