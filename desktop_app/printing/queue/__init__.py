"""The print queue: per-printer order, one job at a time, persisted in a SQLite file of its own.

The package: `jobs` (a job, a printer's status), `table` (the `print_jobs` table and its
versioned schema), `converter` (the label converter process), `base` (what the queue holds:
its table, settings and listeners), `worker` (the workers that send, hold and retry the jobs,
on their own thread or the caller's loop), `print_queue` (`PrintQueue`: add, cancel, retry,
redirect, reprint, status). Import from here: `from desktop_app.printing.queue import PrintQueue`.

Delivery guarantee
------------------
- A job is sent until its transport acknowledges it (see `transports`), then marked `done`
  and never sent again by the queue.
- `sending` is committed before any byte is written, and `connected` once the transport may
  have passed bytes on. After a crash or kill, a job found in `sending` goes back to the
  queue only if it never connected (nothing can have printed); otherwise it becomes
  `needs_attention` and is not resent until the user decides (retry = print it again).
- Within a running queue, an attempt that failed (refused, unreachable, stalled, dropped)
  was not acknowledged and is retried with back-off. A printer that dropped the connection
  mid-job discards a format cut before its `^XZ` (a multi-label job may have printed the
  labels before the cut, and they print again with the retry). A printer that
  stalled may hold the whole job in its buffer: the transport then resets (RST) the
  connection, so a printer that checks for a clean end drops it, but a raw printer that
  prints as it reads may still print it when it recovers (the same limit as CUPS' socket
  backend). So a label prints once per request, except after a stall on such a printer, and
  never silently again after an interrupted send.

Conversion: a PDF label for a ZPL printer is converted in a worker process (see
`converter`), not in a thread of the app: the conversion is CPU-bound Python that holds the
GIL, and the event loop's thread waited for the GIL behind it.

Durability: the table lives in the queue's own SQLite file (WAL; `paths.PRINT_QUEUE_DB_NAME`
in the profile's data folder for the app and `packdesk batch`). With the default
`synchronous="NORMAL"` every state change survives a crash or kill of the app; an OS crash or
power loss may undo the last changes (a few ms), which could send a job again. Pass
`synchronous="FULL"` to close that gap at the cost of an fsync per state change (four per job).

States: queued -> sending -> done | waiting (retry at next_attempt_at) | failed (permanent,
e.g. conversion refused) | canceled | needs_attention.
"""

from desktop_app.printing.queue.base import JobListener, PrinterSource, TransportFactory
from desktop_app.printing.queue.converter import (
    CONVERTER_NICE,
    conversion_executor,
    prepare_off_loop,
)
from desktop_app.printing.queue.jobs import (
    INTERRUPTED_MESSAGE,
    PENDING,
    SETTLED,
    JobState,
    PrinterStatus,
    PrintJob,
    QueueError,
)
from desktop_app.printing.queue.print_queue import PrintQueue
from desktop_app.printing.queue.table import SCHEMA_VERSION, JobTable

__all__ = [
    "CONVERTER_NICE",
    "INTERRUPTED_MESSAGE",
    "PENDING",
    "SCHEMA_VERSION",
    "SETTLED",
    "JobListener",
    "JobState",
    "JobTable",
    "PrintJob",
    "PrintQueue",
    "PrinterSource",
    "PrinterStatus",
    "QueueError",
    "TransportFactory",
    "conversion_executor",
    "prepare_off_loop",
]
