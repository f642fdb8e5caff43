"""Creating the valid rows of a batch concurrently, and printing their labels in file order.

Each row goes through `ShipmentCreator` (journal first), so a crash mid-batch loses nothing.
Rows are idempotent across runs: before a row is created, the profile store is asked for a
shipment made for the same order of the same file (created earlier: nothing to do; a shipment
from before shipments named their order counts by its reference) and the journal for an
earlier attempt (pending: reconciled against the service, which is listed by reference; only
an attempt the service provably does not have is sent again). Each shipment records the
order it was made for (`OrderOrigin`): the file's order of that number, or the connected
shop's pulled order with the same number and receiver (the shop's write-back then takes it).

The rate limit is the client's business (its pacer); this module only bounds concurrency.
Labels are enqueued by a `PrintSequencer`: row i is submitted only once every row before it
is settled (printed, failed, invalid or canceled), so the printer's FIFO queue prints in file
order whatever order the creations finish in.

Nothing here blocks the event loop (the GUI runs the batch on it): the store is read in
threads, and the sequencer reads label files and inserts print jobs off the loop, one after
another from a single task, so the submission order stays the file order.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from desktop_app.batch_runs.rows import SETTLED, Batch, BatchRow
from desktop_app.client.errors import APIConnectionError, APIError
from desktop_app.client.journaled_creation import (
    RECONCILE_MIN_AGE,
    LabelDownloadError,
    ShipmentCreator,
)
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue import PrintJob, PrintQueue
from desktop_app.profiles.store import JournalEntry, OrderOrigin, StoredShipment

log = logging.getLogger(__name__)

__all__ = ["DEFAULT_CONCURRENCY", "BatchRunner", "PrintSequencer", "RowConflict", "summarize"]

DEFAULT_CONCURRENCY = 8
# how often an earlier attempt too young to judge is looked up again on the service
PENDING_POLL_SECONDS = 1.0
# print jobs in these states hold the row's label already: never enqueue it a second time
_HELD_JOB_STATES = ("queued", "sending", "waiting", "done", "needs_attention")

RowListener = Callable[[BatchRow], None]


class RowConflict(APIError):
    """The service has several shipments for one earlier attempt of this row: a person decides."""

    default_user_message = (
        "Several shipments on the service carry this row's reference; decide in the History."
    )


class _Canceled(Exception):
    """The batch was canceled while this row waited."""


def _parse_time(value: str) -> datetime:
    moment = datetime.fromisoformat(value)
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _error_text(exc: APIError) -> str:
    if exc.errors:
        return "; ".join(exc.errors)
    return exc.user_message


def _tracking_no(stored: StoredShipment) -> str | None:
    if stored.carrier_tracking_no:
        return stored.carrier_tracking_no
    for package in stored.data.get("packages") or []:
        if isinstance(package, dict) and package.get("carrier_tracking_no"):
            return str(package["carrier_tracking_no"])
    return None


def held_jobs(queue: PrintQueue, printer: PrinterDefinition) -> dict[str, PrintJob]:
    """The printer's jobs that hold a label already, by reference (blocking: a thread)."""
    held: dict[str, PrintJob] = {}
    for job in queue.jobs(printer.name, _HELD_JOB_STATES, limit=1_000_000):
        if job.reference:
            held[job.reference] = job
    return held


def _notify_listener(listener: RowListener | None, row: BatchRow) -> None:
    """Tell the listener a row changed; its failure is logged, never breaks the batch."""
    if listener is not None:
        try:
            listener(row)
        except Exception:
            log.exception("batch row listener failed")


class PrintSequencer:
    """Submits the labels of created rows to the print queue strictly in file order."""

    def __init__(
        self,
        rows: Sequence[BatchRow],
        queue: PrintQueue,
        printer: PrinterDefinition,
        *,
        on_row: RowListener | None = None,
        held: Mapping[str, PrintJob] | None = None,
    ) -> None:
        self.rows = sorted(rows, key=lambda r: r.index)
        self._by_index = {r.index: r for r in self.rows}
        self.queue = queue
        self.printer = printer
        self.on_row = on_row
        self._cursor = 0
        self._jobs: dict[int, int] = {}  # print job id -> row index
        # labels an earlier (killed) run already handed to the queue: they print by themselves
        self._held = dict(held) if held is not None else held_jobs(queue, printer)
        # rows whose turn has come, submitted in this order by one task (`_drain`)
        self._due: collections.deque[BatchRow] = collections.deque()
        self._drain: asyncio.Task[None] | None = None
        self._remove = queue.add_listener(self._on_job)

    def close(self) -> None:
        """Stop following the queue."""
        self._remove()

    @property
    def submitted(self) -> list[int]:
        """Print job ids of this run's rows, in file order."""
        return [r.print_job_id for r in self.rows if r.print_job_id is not None]

    def advance(self) -> None:
        """Submit every created row whose predecessors are all settled (in the background,
        in file order; `flush()` waits for it)."""
        while self._cursor < len(self.rows):
            row = self.rows[self._cursor]
            if row.status not in SETTLED:
                break
            if row.status == "created" and row.print_job_id is None:
                self._due.append(row)
            self._cursor += 1
        if self._due and (self._drain is None or self._drain.done()):
            self._drain = asyncio.get_running_loop().create_task(
                self._submit_due(), name="batch-print-sequencer"
            )

    async def flush(self) -> None:
        """Wait until every row `advance` let through is in the print queue."""
        while self._drain is not None and not self._drain.done():
            await asyncio.shield(self._drain)

    async def _submit_due(self) -> None:
        while self._due:
            row = self._due.popleft()
            try:
                await self._submit(row)
            except Exception:  # one row's label must not stop the labels after it
                log.exception("queueing the label of batch row %s failed", row.number)
                row.print_state = "failed"
                self._notify(row)

    async def _submit(self, row: BatchRow) -> None:
        # only a shipment of an earlier run can have its label in the queue already
        held = self._held.get(row.reference) if row.resumed else None
        if held is not None:
            row.print_job_id = held.id
            row.print_state = held.state
            self._jobs[held.id] = row.index
            self._notify(row)
            return
        if row.label_path is None:
            row.print_state = "no label"
            self._notify(row)
            return
        try:
            job = await self.queue.enqueue_async(
                self.printer,
                row.label_path,  # read off the loop with the insert
                title=f"{row.reference} (row {row.number})",
                source_format=row.draft.get("label", {}).get("format"),
                reference=row.reference,
            )
        except FileNotFoundError:
            row.print_state = "no label"
            self._notify(row)
            return
        except (OSError, ValueError) as exc:
            row.print_state = "failed"
            row.note = f"label not queued: {exc}"
            self._notify(row)
            return
        row.print_job_id = job.id
        row.print_state = job.state
        self._jobs[job.id] = row.index
        self._notify(row)

    def _on_job(self, job: PrintJob) -> None:
        index = self._jobs.get(job.id)
        if index is None:
            return
        row = self._by_index.get(index)
        if row is not None and row.print_state != job.state:
            row.print_state = job.state
            self._notify(row)

    def _notify(self, row: BatchRow) -> None:
        _notify_listener(self.on_row, row)

    async def wait(self, timeout: float | None = None) -> list[PrintJob]:
        """Wait until every submitted job is settled (or `timeout` runs out); their states."""
        await self.flush()
        jobs = self.submitted

        async def settle_all() -> None:
            for job_id in jobs:
                await self.queue.wait_for(job_id)

        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                await settle_all()
        return [self.queue.get(job_id) for job_id in jobs]


@dataclass
class _Run:
    sequencer: PrintSequencer | None
    journal: dict[str, list[JournalEntry]]


class BatchRunner:
    """Creates a batch's valid rows (bounded concurrency), with cancel and retry of failures."""

    def __init__(
        self,
        batch: Batch,
        creator: ShipmentCreator,
        *,
        queue: PrintQueue | None = None,
        printer: PrinterDefinition | None = None,
        concurrency: int = DEFAULT_CONCURRENCY,
        reconcile_after: timedelta = RECONCILE_MIN_AGE,
        on_row: RowListener | None = None,
    ) -> None:
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        if (queue is None) != (printer is None):
            raise ValueError("printing needs both a queue and a printer")
        self.batch = batch
        self.creator = creator
        self.store = creator.store
        self.client = creator.client
        self.queue = queue
        self.printer = printer
        self.concurrency = concurrency
        self.reconcile_after = reconcile_after
        self.on_row = on_row
        self._canceled = False
        self.sequencer: PrintSequencer | None = None

    # --- public ------------------------------------------------------------------------------

    def cancel(self) -> None:
        """Send no further rows; rows being created finish (their outcome is kept)."""
        self._canceled = True

    @property
    def canceled(self) -> bool:
        """True after `cancel()` until the next run."""
        return self._canceled

    async def run(self, rows: Iterable[BatchRow] | None = None) -> list[BatchRow]:
        """Create the given rows (default: all); invalid ones are skipped. Returns the rows."""
        chosen = sorted(rows if rows is not None else self.batch.rows, key=lambda r: r.index)
        self._canceled = False
        for row in chosen:
            if row.status in ("failed", "canceled"):
                row.status = "invalid" if row.problems else "ready"
                row.error, row.failure = None, None
        journal = await asyncio.to_thread(self._journal_by_reference)
        if self.sequencer is not None:
            self.sequencer.close()
        sequencer = None
        if self.queue is not None and self.printer is not None:
            held = await asyncio.to_thread(held_jobs, self.queue, self.printer)
            sequencer = PrintSequencer(
                chosen, self.queue, self.printer, on_row=self.on_row, held=held
            )
        self.sequencer = sequencer
        run = _Run(sequencer, journal)
        semaphore = asyncio.Semaphore(self.concurrency)
        try:
            # tasks start in file order (the semaphore is fair), so labels flow out early
            tasks = [
                asyncio.create_task(
                    self._process(row, run, semaphore), name=f"batch-row-{row.number}"
                )
                for row in chosen
            ]
            if tasks:
                await asyncio.gather(*tasks)
        finally:
            if sequencer is not None:
                sequencer.advance()
                await sequencer.flush()  # every created row's label is in the queue
        return chosen

    async def retry_failed(self) -> list[BatchRow]:
        """Run every row not created yet: failed, canceled, or edited back to ready since.

        Their labels print after those of the earlier run (in file order among themselves).
        """
        again = [r for r in self.batch.rows if r.status in ("failed", "canceled", "ready")]
        return await self.run(again)

    async def wait_printed(self, timeout: float | None = None) -> list[PrintJob]:
        """Wait for the labels of the last run to print; the jobs' final (or current) states."""
        if self.sequencer is None:
            return []
        return await self.sequencer.wait(timeout)

    # --- one row -----------------------------------------------------------------------------

    def _notify(self, row: BatchRow) -> None:
        _notify_listener(self.on_row, row)

    def _settle(self, row: BatchRow, run: _Run) -> None:
        self._notify(row)
        if run.sequencer is not None:
            run.sequencer.advance()

    async def _process(self, row: BatchRow, run: _Run, semaphore: asyncio.Semaphore) -> None:
        if row.status == "invalid" or row.problems:
            row.status = "invalid"
            self._settle(row, run)
            return
        if row.status == "created":
            self._settle(row, run)
            return
        async with semaphore:
            if self._canceled:
                row.status = "canceled"
                self._settle(row, run)
                return
            row.status = "creating"
            self._notify(row)
            try:
                stored = await self._create(row, run)
            except _Canceled:
                row.status = "canceled"
                row.note = "an earlier attempt is still unsettled; the next run reconciles it"
            except LabelDownloadError as exc:
                self._created(row, exc.shipment)
                row.note = "created, but the label could not be downloaded"
                with contextlib.suppress(APIError, ValueError, LookupError):
                    self._created(row, await self.creator.download_label(exc.shipment.id))
                    row.note = None
            except APIConnectionError as exc:
                row.status = "failed"
                row.error, row.failure = _error_text(exc), exc
                if exc.outcome_unknown:
                    row.note = "outcome unknown: a retry or the next run reconciles it first"
            except APIError as exc:
                row.status = "failed"
                row.error, row.failure = _error_text(exc), exc
            except Exception as exc:  # a bug must fail one row, not the batch
                log.exception("batch row %s failed", row.number)
                row.status = "failed"
                row.error = f"{type(exc).__name__}: {exc}"
            else:
                self._created(row, stored)
        self._settle(row, run)

    def _created(self, row: BatchRow, stored: StoredShipment) -> None:
        row.status = "created"
        row.error, row.failure = None, None
        row.shipment_id = stored.id
        row.tracking_no = _tracking_no(stored)
        row.label_path = stored.label_path if stored.printable else None

    async def _create(self, row: BatchRow, run: _Run) -> StoredShipment:
        """The row's shipment: found in the store, settled from an earlier attempt, or new."""
        origin = await asyncio.to_thread(self.origin, row)
        earlier = await asyncio.to_thread(self._stored, row.reference, origin)
        if earlier is not None:
            row.note = "created by an earlier run"
            row.resumed = True
            return earlier
        for entry in run.journal.pop(row.reference, []):
            if entry.status == "failed":
                # the service refused that attempt: the current draft is sent afresh
                await asyncio.to_thread(self.store.discard, entry.id)
                continue
            stored = await self._settle_attempt(entry)
            row.note = "completed an interrupted attempt"
            row.resumed = True
            return stored
        return await self.creator.create(self.batch.request(row), order=origin)

    def origin(self, row: BatchRow) -> OrderOrigin:
        """The order a row is: the order of that number in the imported file - a connected
        shop's pulled order when that has the number and the receiver (blocking: a thread)."""
        name = self.batch.table.source.name
        receiver = row.draft.get("to")
        shop = self.store.shop_order_for(row.reference, receiver) if receiver else None
        if shop is not None:
            return replace(shop, file=name)
        return OrderOrigin(number=row.reference, file=name)

    def _stored(self, reference: str, origin: OrderOrigin) -> StoredShipment | None:
        """The row's shipment from an earlier run: made for the same order of the same file
        (or, made before shipments named their order, with the row's reference)."""
        for shipment in self.store.find_for_order(origin):
            if not shipment.deleted:
                return shipment
        for shipment in self.store.find_by_reference(reference):
            if not shipment.deleted and shipment.order is None:
                return shipment
        return None

    def _journal_by_reference(self) -> dict[str, list[JournalEntry]]:
        entries = self.store.list_journal(("pending", "needs_decision", "failed"), limit=10**9)
        out: dict[str, list[JournalEntry]] = {}
        for entry in entries:
            out.setdefault(entry.reference_number, []).append(entry)
        return out

    async def _settle_attempt(self, entry: JournalEntry) -> StoredShipment:
        """An earlier unsettled attempt: adopt the service's shipment, or send it again once
        the service provably has none (the attempt is older than `reconcile_after`)."""
        while True:
            # the creator's own test: same reference, created since the attempt, not yet stored
            matches = await self.creator.find_matches(entry)
            if len(matches) == 1:
                return await self.creator.adopt(entry.id, matches[0].id)
            if len(matches) > 1:
                ids = ", ".join(m.id for m in matches)
                reason = f"several shipments on the service match this attempt: {ids}"
                await asyncio.to_thread(self.store.mark_needs_decision, entry.id, reason)
                raise RowConflict(reason)
            age = datetime.now(UTC) - _parse_time(entry.attempted_at)
            if entry.status == "pending" and age < self.reconcile_after:
                # the request may still be with the carrier: look again shortly
                if self._canceled:
                    raise _Canceled
                wait = (self.reconcile_after - age).total_seconds()
                await asyncio.sleep(min(PENDING_POLL_SECONDS, max(wait, 0.0)))
                continue
            if entry.status == "pending":
                reason = "no shipment on the service: sent again by the batch"
                entry = await asyncio.to_thread(self.store.mark_needs_decision, entry.id, reason)
            return await self.creator.resend(entry.id)


def summarize(rows: Iterable[BatchRow]) -> dict[str, Any]:
    """Counts for a final report: created, failed, invalid, canceled, printed."""
    out = {"created": 0, "failed": 0, "invalid": 0, "canceled": 0, "ready": 0, "printed": 0}
    for row in rows:
        out[row.status] = out.get(row.status, 0) + 1
        if row.print_state == "done":
            out["printed"] += 1
    return out
