"""`PrintQueue`: one worker task per printer sends its jobs in order (see the package doc).

Threads: the worker's reads and writes of the table run off the event loop (a connection
shared under one lock). With `own_thread=True` (the app) the workers run on a thread of their
own with its own event loop, so a label reaches the printer in the same time whether the
window's thread is busy, frozen or closing; the public methods stay callable from the
caller's loop, and each listener is called on the loop it was added from (thread-safe
hand-over), after the change is committed. Without it (the CLI, `packdesk batch`) the
workers run on the caller's loop.
`enqueue_async` also reads the label file and inserts the job off the loop; its job is only
seen by the worker once `enqueue_async` has announced it (so listeners see `queued` first).

Printer health: before each job, a ZPL printer on TCP or serial is asked for its state
(`~HS`, see `health`). One that cannot print (out of labels, head open, paused, ribbon out,
buffer full) or that reports another resolution than its definition holds the job: it stays
`waiting` with `held_reason` set and nothing sent, is asked again every `hold_poll` seconds,
and goes out by itself once the printer is ready. A held job was never claimed, so a restart
finds it waiting and nothing is lost or sent twice. After each job the printer is asked
again; a problem it reports then is noted on the job (the label may be in its buffer). A
printer that does not answer is sent to as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

from desktop_app.printing.health import PROBLEMS, HealthChecker
from desktop_app.printing.payload import Payload, PayloadRefused, detect_kind
from desktop_app.printing.ports import port_in_use
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue.converter import prepare_off_loop
from desktop_app.printing.queue.jobs import (
    INTERRUPTED_MESSAGE,
    PENDING,
    SETTLED,
    PrinterStatus,
    PrintJob,
    QueueError,
)
from desktop_app.printing.queue.table import JobTable
from desktop_app.printing.transports import (
    OutgoingJob,
    Transport,
    TransportError,
    create_transport,
)

log = logging.getLogger(__name__)


class PrinterSource(Protocol):
    """Anything with `get(name)` returning a definition or None (e.g. a PrinterBook or a dict)."""

    def get(self, name: str, /) -> PrinterDefinition | None: ...


JobListener = Callable[[PrintJob], None]
TransportFactory = Callable[[PrinterDefinition], Transport]
_T = TypeVar("_T")


class PrintQueue:
    """Jobs per printer, sent in order by one worker task per printer on the running loop."""

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

    # --- public API ------------------------------------------------------------------------

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

    async def start(self) -> None:
        """Recover jobs interrupted by a crash; start the workers of printers with pending jobs
        (on the queue's own thread with `own_thread`)."""
        if self._started:
            return
        if self.own_thread:
            loop = asyncio.new_event_loop()
            ready = threading.Event()

            def run() -> None:
                asyncio.set_event_loop(loop)
                loop.call_soon(ready.set)
                loop.run_forever()
                loop.run_until_complete(loop.shutdown_default_executor())
                loop.close()

            self._thread = threading.Thread(target=run, name="print-queue", daemon=True)
            self._thread.start()
            await asyncio.to_thread(ready.wait)
            self._loop = loop
            await self._in_queue_loop(self._start_here())
        else:
            self._loop = asyncio.get_running_loop()
            await self._start_here()

    async def _in_queue_loop(self, coro: Any) -> Any:
        """Run `coro` on the workers' loop and wait for it here."""
        assert self._loop is not None
        return await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coro, self._loop))

    async def _start_here(self) -> None:
        self._started = True
        self._closing = False
        # never connected: nothing can have reached the printer, so it is safe to send again
        await self._off_loop(self._table.recover_interrupted, INTERRUPTED_MESSAGE)
        for printer in await self._off_loop(self._table.printers_with_pending):
            self._wake_here(printer)

    async def close(self, grace: float = 5.0) -> None:
        """Stop the workers, letting a job being sent finish for up to `grace` seconds."""
        thread, loop = self._thread, self._loop
        if thread is not None and loop is not None:
            try:
                await self._in_queue_loop(self._close_here(grace))
            finally:
                loop.call_soon_threadsafe(loop.stop)
                await asyncio.to_thread(thread.join, 10)
                self._thread = None
            await self._calls_done()  # an `enqueue_async` of the caller's loop
            self._table.close()
            return
        await self._close_here(grace)
        self._table.close()

    async def _close_here(self, grace: float) -> None:
        self._closing = True
        for event in self._wakes.values():
            event.set()
        workers = list(self._workers.values())
        if workers:
            _, still = await asyncio.wait(workers, timeout=grace)
            for task in still:
                task.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
        await self._calls_done()
        self._workers.clear()
        self._wakes.clear()
        self._started = False

    async def _calls_done(self) -> None:
        """Writes handed to a thread finish before the connection closes (those started from
        another loop are waited for there)."""
        loop = asyncio.get_running_loop()
        calls = [call for call in self._calls if call.get_loop() is loop]
        if calls:
            await asyncio.gather(*calls, return_exceptions=True)

    async def __aenter__(self) -> PrintQueue:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def enqueue(
        self,
        printer: PrinterDefinition,
        document: bytes,
        *,
        title: str = "label",
        source_format: str | None = None,
        reference: str | None = None,
    ) -> PrintJob:
        """Add a label for `printer`; it prints after that printer's earlier jobs."""
        job = self._insert(printer, document, title, source_format, reference, hold=False)
        self._emit(job)
        self._wake(printer.name)
        return job

    async def enqueue_async(
        self,
        printer: PrinterDefinition,
        document: bytes | Path,
        *,
        title: str = "label",
        source_format: str | None = None,
        reference: str | None = None,
    ) -> PrintJob:
        """`enqueue` with the file read (`document` may be a path) and the insert off the loop.

        Calls awaited one after another enqueue in that order (ids, hence print order).
        """
        job = await self._off_loop(
            self._insert, printer, document, title, source_format, reference, True
        )
        with self._lock:
            self._unpublished.discard(job.id)
        self._emit(job)
        self._wake(printer.name)
        return job

    def _insert(
        self,
        printer: PrinterDefinition,
        document: bytes | Path,
        title: str,
        source_format: str | None,
        reference: str | None,
        hold: bool,
    ) -> PrintJob:
        """Insert a queued job (blocking); `hold`: the worker ignores it until announced."""
        if isinstance(document, Path):
            document = document.read_bytes()
        kind = detect_kind(document)
        with self._table.transaction() as conn:
            job_id = self._table.insert(
                conn, printer, document, kind, title, source_format, reference
            )
            if hold:
                self._unpublished.add(job_id)
            return self._row(job_id)

    def get(self, job_id: int) -> PrintJob:
        """The job with this id (QueueError if unknown)."""
        return self._row(job_id)

    def jobs(
        self, printer: str | None = None, states: Iterable[str] | None = None, limit: int = 500
    ) -> list[PrintJob]:
        """Jobs, oldest first, optionally of one printer and/or in some states."""
        return self._table.jobs(printer, states, limit)

    def cancel(self, job_id: int) -> PrintJob:
        """Cancel a job that is not printed and not being sent."""
        with self._lock:  # the check and the change are one step for the worker's threads
            job = self._row(job_id)
            if job.state == "sending":
                raise QueueError(
                    f"job {job_id} is being sent to {job.printer} and cannot be canceled"
                )
            if job.state in ("done", "canceled"):
                raise QueueError(f"job {job_id} is already {job.state}")
            job = self._write(job_id, {"state": "canceled", "next_attempt_at": None})
        self._prepared.pop(job_id, None)
        self._emit(job)
        self._wake(job.printer)
        return job

    def retry(self, job_id: int) -> PrintJob:
        """Try a waiting job now, or queue a failed/canceled/needs-attention job again."""
        with self._lock:
            job = self._row(job_id)
            if job.state == "done":
                raise QueueError(f"job {job_id} is already printed; use reprint to print it again")
            if job.state == "sending":
                raise QueueError(f"job {job_id} is being sent")
            job = self._write(
                job_id,
                {
                    "state": "queued",
                    "attempts": 0,
                    "connected": 0,
                    "next_attempt_at": None,
                    "last_error": None,
                    "held_reason": None,
                },
            )
        self._emit(job)
        self._wake(job.printer)
        return job

    def redirect(self, job_id: int, printer: PrinterDefinition) -> PrintJob:
        """Move a job that is not printed to another printer (converted again for it)."""
        with self._lock:
            job = self._row(job_id)
            if job.state in ("done", "sending"):
                raise QueueError(
                    f"job {job_id} is {job.state}; only unprinted jobs can be redirected"
                )
            old = job.printer
            job = self._write(
                job_id,
                {
                    "printer": printer.name,
                    "printer_json": json.dumps(printer.to_json()),
                    "state": "queued",
                    "attempts": 0,
                    "connected": 0,
                    "next_attempt_at": None,
                    "last_error": None,
                    "held_reason": None,
                    "notes": f"redirected from {old}",
                },
            )
        self._prepared.pop(job_id, None)
        self._emit(job)
        self._wake(old)
        self._wake(printer.name)
        return job

    def reprint(self, job_id: int, printer: PrinterDefinition | None = None) -> PrintJob:
        """A new job with the same label (on the same printer unless another is given)."""
        job = self._row(job_id)
        document, snapshot = self._document(job_id)
        target = printer or self._resolve(job.printer, snapshot)
        return self.enqueue(
            target,
            document,
            title=job.title,
            source_format=job.source_format,
            reference=job.reference,
        )

    def purge(self, older_than: float) -> int:
        """Delete settled jobs last updated before `older_than` (a UNIX time); returns the count."""
        return self._table.purge(older_than)

    def status(self, printer: str) -> PrinterStatus:
        """The printer's queue status, from its oldest unsettled job."""
        pending, head = self._table.status_head(printer)
        problem = self._known_problem(printer)
        if head is None:
            if problem:  # nothing to print, but it could not print now (paused, no labels)
                return PrinterStatus(printer, "attention", PROBLEMS[problem], 0, problem)
            return PrinterStatus(printer, "idle", "ready", 0)
        if head.state == "needs_attention":
            return PrinterStatus(printer, "attention", head.status_text, 0, problem)
        if head.state == "waiting":
            return PrinterStatus(printer, "waiting", head.status_text, pending, problem)
        return PrinterStatus(printer, "printing", f"{pending} job(s) to print", pending)

    def _known_problem(self, printer: str) -> str:
        """The printer's first problem in its last health report (no I/O); "" if none known."""
        definition = self._printers.get(printer) if self._printers is not None else None
        if definition is None or self.health is None:
            return ""
        report = self.health.last(definition)
        problems = report.status.problems if report is not None else []
        return problems[0] if problems else ""

    async def wait_for(
        self, job_id: int, timeout: float | None = None, states: Iterable[str] = SETTLED
    ) -> PrintJob:
        """Wait until the job reaches one of `states` (default: settled); TimeoutError otherwise."""
        wanted = frozenset(states)
        job = self._row(job_id)
        if job.state in wanted:
            return job
        future: asyncio.Future[PrintJob] = asyncio.get_running_loop().create_future()

        def listener(changed: PrintJob) -> None:
            if changed.id == job_id and changed.state in wanted and not future.done():
                future.set_result(changed)

        remove = self.add_listener(listener)
        try:
            return await asyncio.wait_for(future, timeout)
        finally:
            remove()

    # --- workers ---------------------------------------------------------------------------

    def _resolve(self, name: str, snapshot: PrinterDefinition) -> PrinterDefinition:
        # the machine's current definition wins (dpi or address may have been edited since)
        live = self._printers.get(name) if self._printers is not None else None
        return live or snapshot

    def _wake(self, printer: str) -> None:
        """Tell the printer's worker there is news (from any thread)."""
        loop = self._loop
        if self.own_thread and loop is not None:
            try:
                here: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
            except RuntimeError:
                here = None
            if here is not loop:
                with contextlib.suppress(RuntimeError):  # closed: the next start finds it
                    loop.call_soon_threadsafe(self._wake_here, printer)
                return
        self._wake_here(printer)

    def _wake_here(self, printer: str) -> None:
        if self._closing:
            return
        event = self._wakes.setdefault(printer, asyncio.Event())
        event.set()
        if not self._started:
            return
        task = self._workers.get(printer)
        if task is None or task.done():
            self._workers[printer] = asyncio.get_running_loop().create_task(
                self._worker(printer), name=f"print-queue:{printer}"
            )

    def _head(self, printer: str) -> PrintJob | None:
        """The printer's next job; None while it is one `enqueue_async` has not announced."""
        with self._lock:
            job = self._table.next_pending(printer)
            if job is None or job.id in self._unpublished:
                return None
        return job

    def _claim(self, job: PrintJob, fields: dict[str, Any]) -> PrintJob | None:
        """Mark the job `sending` unless it was canceled or redirected meanwhile (blocking)."""
        with self._lock:
            current = self._row(job.id)
            if current.state not in PENDING or current.printer != job.printer:
                return None
            if current.notes and current.notes.startswith("redirected"):
                notes = fields.get("notes")
                fields["notes"] = "; ".join(x for x in (current.notes, notes) if x)
            return self._write(job.id, fields)

    async def _worker(self, printer: str) -> None:
        wake = self._wakes.setdefault(printer, asyncio.Event())
        while not self._closing:
            wake.clear()
            job = await self._off_loop(self._head, printer)
            if job is None:
                await wake.wait()
                continue
            delay = (job.next_attempt_at or 0.0) - time.time()
            if job.state == "waiting" and delay > 0:
                await _wait_event(wake, delay)
                continue
            try:
                await self._attempt(job)
            except asyncio.CancelledError:
                raise
            except Exception:
                # a storage error must not kill this printer's worker for good
                log.exception("print queue worker for %s failed; retrying", printer)
                await _wait_event(wake, self.backoff_max)

    def _backoff(self, attempts: int) -> float:
        return float(min(self.backoff_max, self.backoff_initial * 2 ** max(0, attempts - 1)))

    async def _attempt(self, job: PrintJob) -> None:
        document, snapshot = await self._off_loop(self._document, job.id)
        printer = self._resolve(job.printer, snapshot)
        cached = self._prepared.get(job.id)
        if cached is not None and cached[0] == printer:
            payload = cached[1]
        else:
            try:
                payload = await prepare_off_loop(printer, document, job.source_format)
            except PayloadRefused as exc:
                await self._update_async(
                    job.id, state="failed", last_error=str(exc), next_attempt_at=None
                )
                return
            except Exception as exc:
                log.exception("preparing print job %s failed", job.id)
                await self._update_async(
                    job.id, state="failed", last_error=f"cannot prepare the label: {exc}"
                )
                return
            self._prepared[job.id] = (printer, payload)
        if self._closing:
            return
        try:
            transport = self._transport_factory(printer)
        except ValueError as exc:
            await self._update_async(
                job.id, state="failed", last_error=f"printer {printer.name}: {exc}"
            )
            return
        if self.health is not None:
            # a printer that cannot print keeps the job here, not in its buffer
            report = await self.health.check(printer, max_age=0.5)
            reason = report.hold_reason(printer) if report is not None else None
            if reason is not None:
                held = await self._off_loop(self._hold, job, reason)
                if held is not None:
                    self._emit(held)
                return
        # the conversion ran in an executor: the user may have canceled or redirected meanwhile
        fields = {
            "state": "sending",
            "connected": 0,
            "attempts": job.attempts + 1,
            "held_reason": None,
            "notes": "; ".join(payload.notes) or None,
        }
        claimed = await self._off_loop(self._claim, job, fields)
        if claimed is None:
            return
        self._emit(claimed)
        connected = False

        def on_connected() -> None:
            nonlocal connected
            connected = True
            self._update(job.id, connected=1)

        outgoing = OutgoingJob(payload.data, payload.kind, title=job.title, job_id=job.id)
        try:
            async with port_in_use(printer.transport):
                await transport.send(outgoing, on_connected)
        except TransportError as exc:
            await self._after_failure(job, exc.message, retryable=exc.retryable)
            return
        except asyncio.CancelledError:
            # stopped mid-send (queue closing): unknown outcome once connected
            if connected:
                self._update(job.id, state="needs_attention", last_error=INTERRUPTED_MESSAGE)
            else:
                self._update(job.id, state="queued")
            raise
        except Exception as exc:
            log.exception("print job %s: unexpected transport error", job.id)
            await self._after_failure(job, f"{type(exc).__name__}: {exc}", retryable=True)
            return
        self._prepared.pop(job.id, None)
        done = await self._update_async(
            job.id,
            state="done",
            acknowledged_at=time.time(),
            last_error=None,
            next_attempt_at=None,
        )
        if self.health is not None:
            after = await self.health.check(printer)
            reason = after.status.reason if after is not None else None
            if reason is not None:
                note = f"after this job the printer reported: {reason}"
                notes = "; ".join(x for x in (done.notes, note) if x)
                await self._update_async(job.id, notes=notes)

    def _hold(self, job: PrintJob, reason: str) -> PrintJob | None:
        """Keep a pending job waiting for its printer (blocking); None if it was canceled or
        redirected meanwhile."""
        with self._lock:
            current = self._row(job.id)
            if current.state not in PENDING or current.printer != job.printer:
                return None
            return self._write(
                job.id,
                {
                    "state": "waiting",
                    "held_reason": reason,
                    "last_error": reason,
                    "next_attempt_at": time.time() + self.hold_poll,
                },
            )

    async def _after_failure(self, job: PrintJob, message: str, *, retryable: bool) -> None:
        if not retryable:
            self._prepared.pop(job.id, None)
            await self._update_async(
                job.id, state="failed", last_error=message, next_attempt_at=None
            )
            return
        delay = self._backoff(job.attempts + 1)
        await self._update_async(
            job.id, state="waiting", last_error=message, next_attempt_at=time.time() + delay
        )


async def _wait_event(event: asyncio.Event, timeout: float) -> None:
    """Wait for `event` at most `timeout` seconds.

    Not `asyncio.wait_for(event.wait(), ...)`: on Python 3.11 that wraps the wait in a task of
    its own, and a worker cancelled at shutdown before that task ran left the coroutine never
    awaited (a RuntimeWarning, seen as a flaky test). `asyncio.timeout` awaits it in place.
    """
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(timeout):
            await event.wait()
