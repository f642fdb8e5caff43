"""`QueueWorkers`: one worker task per printer sends its jobs in order (see the package doc).

Threads: with `own_thread=True` (the app) the workers run on a thread of their own with its
own event loop, so a label reaches the printer in the same time whether the window's thread
is busy, frozen or closing; the public methods stay callable from the caller's loop. Without
it (the CLI, `packdesk batch`) the workers run on the caller's loop.

Printer health: before each job, a ZPL printer on TCP or serial is asked for its state
(`~HS`, see `health`). One that cannot print (out of labels, head open, paused, ribbon out,
buffer full) or that reports another resolution than its definition holds the job: it stays
`waiting` with `held_reason` set and nothing sent, is asked again every `hold_poll` seconds,
and goes out by itself once the printer is ready. A held job was never claimed, so a restart
finds it waiting and nothing is lost or sent twice. After each job the printer is asked
again; a problem it reports then is noted on the job (the label may be in its buffer). A
printer that does not answer is sent to as before.

Retries: an attempt that failed and may succeed later waits with back-off (`_backoff`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from typing import Any

from desktop_app.printing.payload import PayloadRefused
from desktop_app.printing.ports import port_in_use
from desktop_app.printing.queue.base import QueueBase
from desktop_app.printing.queue.converter import prepare_off_loop
from desktop_app.printing.queue.jobs import INTERRUPTED_MESSAGE, PENDING, PrintJob
from desktop_app.printing.transports import OutgoingJob, TransportError

log = logging.getLogger(__name__)


class QueueWorkers(QueueBase):
    """Starts and stops the per-printer workers, which send, hold and retry the jobs."""

    # --- start and stop ------------------------------------------------------------------

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

    # --- workers -------------------------------------------------------------------------

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
