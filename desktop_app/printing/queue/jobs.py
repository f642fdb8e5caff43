"""A print job as the queue stores it, a printer's queue status, and the queue's error."""

from __future__ import annotations

import sqlite3
import time
from dataclasses import dataclass
from typing import Literal

JobState = Literal["queued", "sending", "done", "waiting", "failed", "canceled", "needs_attention"]
PENDING: frozenset[str] = frozenset({"queued", "waiting"})
SETTLED: frozenset[str] = frozenset({"done", "failed", "canceled", "needs_attention"})
INTERRUPTED_MESSAGE = (
    "interrupted while sending: the printer may have printed this label; retry to print it again"
)


class QueueError(ValueError):
    """An operation is not allowed on a job in its current state (the message says why)."""


@dataclass(frozen=True, slots=True)
class PrintJob:
    """One job as stored (without its document bytes)."""

    id: int
    printer: str
    state: JobState
    title: str
    reference: str | None
    doc_kind: str
    source_format: str | None
    attempts: int
    connected: bool
    last_error: str | None
    notes: str | None
    next_attempt_at: float | None
    held_reason: str | None
    created_at: float
    updated_at: float
    acknowledged_at: float | None

    @classmethod
    def from_row(cls, row: sqlite3.Row) -> PrintJob:
        """Build from a `SELECT table.COLUMNS` row."""
        data = dict(row)
        data["connected"] = bool(data["connected"])
        return cls(**data)

    @property
    def status_text(self) -> str:
        """A one-line status for lists and the CLI."""
        if self.state == "waiting" and self.held_reason:
            return f"held: {self.held_reason}"
        if self.state == "waiting" and self.next_attempt_at is not None:
            wait = max(0.0, self.next_attempt_at - time.time())
            return f"waiting: {self.last_error} (retry in {wait:.0f} s)"
        if self.last_error and self.state in ("failed", "needs_attention"):
            return f"{self.state}: {self.last_error}"
        return self.state


@dataclass(frozen=True, slots=True)
class PrinterStatus:
    """What a printer's queue is doing: idle, printing, waiting (unreachable) or attention."""

    printer: str
    state: Literal["idle", "printing", "waiting", "attention"]
    message: str
    pending: int
    problem: str = ""  # the printer's own problem the health check last saw (`PROBLEMS` key)
