"""`packdesk batch`'s progress: a text bar on a terminal, one plain line per finished row in a
log (a redirected stderr)."""

from __future__ import annotations

import sys
import time
from typing import IO

from desktop_app.batch_runs.rows import BatchRow

__all__ = ["ProgressBar"]


class ProgressBar:
    """A text progress bar on a TTY; one plain line per finished row otherwise."""

    WIDTH = 30

    def __init__(self, total: int, stream: IO[str] | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.done: set[int] = set()
        self.counts: dict[str, int] = {}
        self._last_draw = 0.0
        self._started = time.monotonic()

    def row_changed(self, row: BatchRow) -> None:
        """Called by the runner after every change of a row."""
        if row.status in ("created", "failed", "canceled") and row.index not in self.done:
            self.done.add(row.index)
            self.counts[row.status] = self.counts.get(row.status, 0) + 1
            if not self.tty:
                self._line(row)
        if self.tty:
            self._draw()

    def _line(self, row: BatchRow) -> None:
        n = len(self.done)
        if row.status == "created":
            what = f"created {row.reference} tracking {row.tracking_no or '-'}"
            if row.note:
                what += f" ({row.note})"
        elif row.status == "failed":
            what = f"FAILED {row.reference}: {row.error}"
        else:
            what = f"canceled {row.reference}"
        elapsed = time.monotonic() - self._started
        line = f"[{n}/{self.total} {elapsed:.1f}s] row {row.number}: {what}"
        print(line, file=self.stream, flush=True)

    def _draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last_draw < 0.1:
            return
        self._last_draw = now
        n = len(self.done)
        filled = int(self.WIDTH * n / self.total) if self.total else self.WIDTH
        bar = "#" * filled + "-" * (self.WIDTH - filled)
        parts = ", ".join(f"{v} {k}" for k, v in sorted(self.counts.items()))
        elapsed = now - self._started
        self.stream.write(f"\r[{bar}] {n}/{self.total} {parts} {elapsed:.0f}s ")
        self.stream.flush()

    def finish(self) -> None:
        """End the bar's line."""
        if self.tty:
            self._draw(force=True)
            self.stream.write("\n")
            self.stream.flush()
