"""`QueueBase`: what the print queue holds (its table, settings and listeners), shared by its
worker side (`worker`) and its public side (`print_queue`).

Threads: the table's reads and writes run off the event loop (a connection shared under one
lock); each listener is called on the loop it was added from (thread-safe hand-over), after
the change is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

from desktop_app.printing.health import HealthChecker
from desktop_app.printing.payload import Payload
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue.jobs import PrintJob
from desktop_app.printing.queue.table import JobTable
from desktop_app.printing.transports import Transport, create_transport

log = logging.getLogger(__name__)


class PrinterSource(Protocol):
    """Anything with `get(name)` returning a definition or None (e.g. a PrinterBook or a dict)."""

    def get(self, name: str, /) -> PrinterDefinition | None: ...


JobListener = Callable[[PrintJob], None]
TransportFactory = Callable[[PrinterDefinition], Transport]
_T = TypeVar("_T")


class QueueBase:
    """The queue's table, settings and listeners; `PrintQueue` is the class to use."""

    def __init__(
        self,
        db_path: Path,
        printers: PrinterSource | None = None,
        *,
        backoff_initial: float = 1.0,
        backoff_max: float = 30.0,
        transport_factory: TransportFactory = create_transport,
        synchronous: Literal["NORMAL", "FULL"] = "NORMAL",
        health: HealthChecker | bool = True,
        hold_poll: float = 2.0,
        own_thread: bool = False,
    ) -> None:
        self.db_path = Path(db_path)
        self._printers = printers
        self.backoff_initial = backoff_initial
        self.backoff_max = backoff_max
        self._transport_factory = transport_factory
        # printer health: True = ask ZPL printers before and after each job (see module doc)
        self.health: HealthChecker | None = (
            (HealthChecker() if health else None) if isinstance(health, bool) else health
        )
        self.hold_poll = hold_poll
        self._table = JobTable(self.db_path, synchronous=synchronous)
        # the loop's thread and executor threads share the table's connection
        self._lock = self._table.lock
        # inserted by `enqueue_async` but not announced yet: the worker waits for them
        self._unpublished: set[int] = set()
        self._calls: set[asyncio.Future[Any]] = set()  # storage calls running off the loop
        # each listener with the loop it is called on (None: called where the change happens)
        self._listeners: list[tuple[JobListener, asyncio.AbstractEventLoop | None]] = []
        self.own_thread = own_thread
        self._loop: asyncio.AbstractEventLoop | None = None  # where the workers run
        self._thread: threading.Thread | None = None
        self._workers: dict[str, asyncio.Task[None]] = {}
        self._wakes: dict[str, asyncio.Event] = {}
        self._prepared: dict[int, tuple[PrinterDefinition, Payload]] = {}
        self._started = False
        self._closing = False

    # --- storage -------------------------------------------------------------------------

    def _row(self, job_id: int) -> PrintJob:
        return self._table.row(job_id)

    def _write(self, job_id: int, fields: dict[str, Any]) -> PrintJob:
        """Change a job's fields (blocking); the changed job, not announced yet."""
        return self._table.write(job_id, fields)

    def _update(self, job_id: int, **fields: Any) -> PrintJob:
        job = self._write(job_id, fields)
        self._emit(job)
        return job

    async def _update_async(self, job_id: int, **fields: Any) -> PrintJob:
        """`_update` with the write off the event loop; listeners are called on the loop."""
        job = await self._off_loop(self._write, job_id, fields)
        self._emit(job)
        return job

    async def _off_loop(self, func: Callable[..., _T], *args: Any) -> _T:
        """Run a storage call in a thread. Cancelling the caller never drops a write that was
        handed over (shielded), and `close()` waits for it before closing the connection."""
        future = asyncio.ensure_future(asyncio.to_thread(func, *args))
        self._calls.add(future)
        future.add_done_callback(self._calls.discard)
        return await asyncio.shield(future)

    def _document(self, job_id: int) -> tuple[bytes, PrinterDefinition]:
        return self._table.document(job_id)

    def document(self, job_id: int) -> bytes:
        """The label document of a job, as enqueued."""
        return self._document(job_id)[0]

    # --- listeners -----------------------------------------------------------------------

    def add_listener(self, listener: JobListener) -> Callable[[], None]:
        """Call `listener(job)` after every state change, on the loop running here (if any);
        returns a function that removes it."""
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        entry = (listener, loop)
        self._listeners.append(entry)
        return lambda: self._listeners.remove(entry) if entry in self._listeners else None

    def _emit(self, job: PrintJob) -> None:
        try:
            here: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        for listener, loop in list(self._listeners):
            if loop is not None and loop is not here:
                with contextlib.suppress(RuntimeError):  # that loop is closed: nobody listens
                    loop.call_soon_threadsafe(self._call, listener, job)
                continue
            self._call(listener, job)

    @staticmethod
    def _call(listener: JobListener, job: PrintJob) -> None:
        try:
            listener(job)
        except Exception:
            log.exception("print job listener failed")

    # --- printers ------------------------------------------------------------------------

    def _resolve(self, name: str, snapshot: PrinterDefinition) -> PrinterDefinition:
        # the machine's current definition wins (dpi or address may have been edited since)
        live = self._printers.get(name) if self._printers is not None else None
        return live or snapshot
