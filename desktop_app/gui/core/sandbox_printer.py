"""The built-in "Virtual label printer (sandbox)": a first label prints with nothing set up.

The Local sandbox profile gets a real TCP label printer (the virtual printer, 203 dpi ZPL on
4x6 in stock) running inside the app on loopback. Its definition in the printer book keeps a
stable name; only its port can change between starts (the last port is tried first), so the
print queue, Settings and a restart all find it. Never started for a live profile.

The printer runs on a thread and event loop of its own, like the print queue's workers: a label
reaches it while the window's thread is busy or held. Finished jobs are handed to the window's
loop (`on_job`, `finished`); everything else of the printer stays on its own thread.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import urlsplit

from desktop_app.gui.i18n import translate
from desktop_app.printing.printers import PrinterBook, PrinterDefinition
from desktop_app.profiles.models import Profile

if TYPE_CHECKING:
    # the printer itself (and its ZPL renderer) is imported when it starts, after the first
    # window is painted
    from desktop_app.printing.virtual_printer import ReceivedJob, VirtualPrinter

log = logging.getLogger(__name__)

T = TypeVar("T")

#: how long starting or stopping the printer's own loop may take (only a broken one reaches it)
THREAD_BOUND = 30.0

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
    """Runs the virtual printer on its own thread and keeps its printer-book definition
    pointing at it."""

    def __init__(self, book: PrinterBook, jobs_dir: Path) -> None:
        self.book = book
        self.jobs_dir = Path(jobs_dir)
        self.printer: VirtualPrinter | None = None
        self.on_job: Callable[[ReceivedJob], None] | None = None
        """Called on the window's loop with each finished (stored and rendered) job."""
        self.finished: list[ReceivedJob] = []
        """The jobs of this run handed to the window's loop, in order (read them there)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None

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

    def _start_thread(self) -> asyncio.AbstractEventLoop:
        loop = asyncio.new_event_loop()
        thread = threading.Thread(target=loop.run_forever, name="sandbox-printer", daemon=True)
        thread.start()
        self._loop, self._thread = loop, thread
        return loop

    async def _on_printer_loop(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run `coroutine` on the printer's own loop and wait for it without blocking ours."""
        assert self._loop is not None
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        return await asyncio.wait_for(asyncio.wrap_future(future), THREAD_BOUND)

    async def start(self) -> PrinterDefinition:
        """Listen (on the last port if it is free) and save the definition; returns it."""
        if self.printer is None:
            from desktop_app.printing.virtual_printer import VirtualPrinter

            self._start_thread()
            printer: VirtualPrinter | None = None
            for port in dict.fromkeys((self._last_port(), 0)):
                candidate = VirtualPrinter(self.jobs_dir, host=HOST, port=port, dpi=203)
                try:
                    await self._on_printer_loop(candidate.start())
                except OSError as exc:
                    log.info("virtual printer: port %s is taken (%s); choosing another", port, exc)
                    continue
                printer = candidate
                break
            if printer is None:  # port 0 cannot be taken; only a broken network stack gets here
                await self._stop_thread()
                raise OSError("the virtual label printer could not listen on loopback")
            window_loop = asyncio.get_running_loop()
            printer.on_job = lambda job: self._hand_over(window_loop, job)
            self.finished = []
            self.printer = printer
        definition = self.definition()
        if self.book.get(SANDBOX_PRINTER_NAME) != definition:
            self.book.put(definition)
        return definition

    def _hand_over(self, window_loop: asyncio.AbstractEventLoop, job: ReceivedJob) -> None:
        """On the printer's thread: pass a finished job to the window's loop."""
        try:
            window_loop.call_soon_threadsafe(self._job_done, job)
        except RuntimeError:  # the window's loop has closed (the app is exiting)
            log.debug("virtual printer: job %s finished after the window closed", job.path)

    def _job_done(self, job: ReceivedJob) -> None:
        self.finished.append(job)
        if self.on_job is not None:
            self.on_job(job)

    async def wait_for_jobs(self, count: int, timeout: float = 60.0) -> list[ReceivedJob]:
        """Wait (without holding the window) until the printer has received `count` complete
        jobs in this run; TimeoutError after `timeout` (a bound only a lost job reaches)."""
        if self.printer is None:
            raise RuntimeError("the virtual label printer is not running")
        jobs = await self._on_printer_loop(self.printer.wait_for_jobs(count, timeout))
        return list(jobs)

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
        """Stop listening and end the printer's thread (on exit)."""
        printer, self.printer = self.printer, None
        try:
            if printer is not None and self._loop is not None:
                await self._on_printer_loop(printer.stop())
        finally:
            await self._stop_thread()

    async def _stop_thread(self) -> None:
        loop, thread = self._loop, self._thread
        self._loop = self._thread = None
        if loop is None or thread is None:
            return
        future = asyncio.run_coroutine_threadsafe(loop.shutdown_default_executor(), loop)
        try:
            await asyncio.wait_for(asyncio.wrap_future(future), THREAD_BOUND)
        finally:
            loop.call_soon_threadsafe(loop.stop)
            await asyncio.to_thread(thread.join, THREAD_BOUND)
            if not thread.is_alive():
                loop.close()

    def last_job(self) -> LastJob | None:
        """The newest complete job in the jobs folder (this run or an earlier one)."""
        if self.finished:
            job = self.finished[-1]
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
