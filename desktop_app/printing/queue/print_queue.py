"""`PrintQueue`: the print queue's public side: add, cancel, retry, redirect and reprint jobs,
read them and their printers' status (the workers that send them: `worker`).

`enqueue_async` reads the label file and inserts the job off the loop; its job is only seen
by the worker once `enqueue_async` has announced it (so listeners see `queued` first).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable
from pathlib import Path

from desktop_app.printing.health import PROBLEMS
from desktop_app.printing.payload import detect_kind
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue.jobs import SETTLED, PrinterStatus, PrintJob, QueueError
from desktop_app.printing.queue.worker import QueueWorkers

#: a job put back in the queue as new (a retry, a redirect): no attempts, no error, not held
QUEUED_AFRESH = {
    "state": "queued",
    "attempts": 0,
    "connected": 0,
    "next_attempt_at": None,
    "last_error": None,
    "held_reason": None,
}


class PrintQueue(QueueWorkers):
    """Jobs per printer, sent in order by one worker task per printer on the running loop."""

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
            job = self._write(job_id, dict(QUEUED_AFRESH))
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
                    **QUEUED_AFRESH,
                    "printer": printer.name,
                    "printer_json": json.dumps(printer.to_json()),
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
