"""The service's log, bounded: it can neither fill the disk nor break a request.

- Lines any client without a key can cause (a stalled connection cut, a connection refused or
  closed to make room, a request refused) go through `THROTTLE`: one line per address (or
  message) and minute; what was left out is counted, and the count is logged when the minute
  ends (`flush`, run by the background task below) or with the next such line.
- The file rotates by size: `service.log` and `LOG_BACKUPS` older files of at most
  `LOG_MAX_BYTES` each, so the log never takes more than `LOG_TOTAL_BYTES` (under systemd the
  journal has its own limits; see docs/serve.md).
- A line that cannot be written (full disk, read-only data dir) is dropped and counted, never
  raised into the request that logged it and never printed as a traceback; once writing works
  again, one line says how many were lost.
"""

from __future__ import annotations

import asyncio
import logging
import logging.handlers
import os
import sys
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

LOG_MAX_BYTES = 10 * 1024 * 1024
LOG_BACKUPS = 4
LOG_TOTAL_BYTES = LOG_MAX_BYTES * (LOG_BACKUPS + 1)
THROTTLE_SECONDS = 60.0
# at most this many keys are remembered (addresses beyond it share one key: still bounded)
THROTTLE_KEYS = 4096
SUMMARY_SECONDS = 5.0
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class SafeRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A size-rotated log file whose failures are counted instead of raised or printed."""

    def __init__(self, path: Path, max_bytes: int = LOG_MAX_BYTES, backups: int = LOG_BACKUPS):
        # delay: a read-only data dir fails at the first line (counted), not in the constructor
        super().__init__(
            path, maxBytes=max_bytes, backupCount=backups, encoding="utf-8", delay=True
        )
        self.lost = 0
        self.first_loss = ""
        # the file's size before the line being written: a line the disk took only part of
        # is cut back to it, so the log never holds half a line
        self._line_start: int | None = None

    def _size(self) -> int | None:
        try:
            return os.path.getsize(self.baseFilename)
        except OSError:
            return None

    def emit(self, record: logging.LogRecord) -> None:
        self._line_start = self._size()
        if self.lost:
            lost, self.lost = self.lost, 0
            note = logging.LogRecord(
                record.name,
                logging.WARNING,
                __file__,
                0,
                "%d log lines could not be written (%s)",
                (lost, self.first_loss),
                None,
            )
            super().emit(note)
            if self.lost:  # still failing: the count goes on
                self.lost += lost
                return
        super().emit(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802, ARG002
        exc = sys.exc_info()[1]
        if not self.lost:
            self.first_loss = f"{type(exc).__name__}: {exc}" if exc else "unknown error"
        self.lost += 1
        if self.stream is not None:  # reopen at the next line (the file may be back)
            try:
                self.stream.close()
            except OSError:
                pass
            self.stream = None  # type: ignore[assignment]
        if self._line_start is not None and (self._size() or 0) > self._line_start:
            try:
                os.truncate(self.baseFilename, self._line_start)
            except OSError:
                pass


class QuietStreamHandler(logging.StreamHandler):  # type: ignore[type-arg]
    """stderr (the journal under systemd): a failed write is dropped, never printed."""

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802, ARG002
        return


@dataclass
class _Window:
    since: float
    suppressed: int
    level: int
    text: str


class LogThrottle:
    """At most one line per key and `interval`; the lines left out are counted and reported."""

    def __init__(
        self,
        logger: logging.Logger,
        interval: float = THROTTLE_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger = logger
        self.interval = interval
        self._clock = clock
        self._windows: dict[Hashable, _Window] = {}
        self._lock = threading.Lock()  # uvicorn's loggers may be called from other threads

    def log(self, level: int, key: Hashable, msg: str, *args: Any) -> None:
        """Log `msg % args` unless a line of `key` was logged less than `interval` ago."""
        now = self._clock()
        with self._lock:
            window = self._windows.get(key)
            if window is not None and now - window.since < self.interval:
                window.suppressed += 1
                return
            if window is not None:
                self._summarise(window)
            if len(self._windows) >= THROTTLE_KEYS:
                self._expire(now)
                if len(self._windows) >= THROTTLE_KEYS:
                    key = "(too many addresses)"
            text = msg % args if args else msg
            self._windows[key] = _Window(now, 0, level, text)
        self.logger.log(level, "%s (at most one such line a minute)", text)

    def flush(self) -> None:
        """Report the counts of windows that have ended, and forget them."""
        with self._lock:
            self._expire(self._clock())

    def _expire(self, now: float) -> None:
        ended = [k for k, w in self._windows.items() if now - w.since >= self.interval]
        for key in ended:
            self._summarise(self._windows.pop(key))

    def _summarise(self, window: _Window) -> None:
        if window.suppressed:
            self.logger.log(
                window.level,
                "%d more such lines in %.0f s, not logged: %s",
                window.suppressed,
                self.interval,
                window.text,
            )
            window.suppressed = 0


class RepeatFilter(logging.Filter):
    """Lets each distinct message of other libraries' loggers (uvicorn's "Invalid HTTP request
    received.", one per bad request) through once a minute, counting the rest."""

    def __init__(self, throttle: LogThrottle) -> None:
        super().__init__()
        self.throttle = throttle

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno >= logging.ERROR and record.exc_info:
            return True  # a crash keeps its traceback
        key = (record.name, str(record.msg))
        self.throttle.log(record.levelno, key, "%s", record.getMessage())
        return False


log = logging.getLogger("packdesk.service")
# lines any client can cause, throttled per address (connections.py, middleware.py)
THROTTLE = LogThrottle(log)
THROTTLE_OTHERS = LogThrottle(logging.getLogger("packdesk.service.repeated"))


def setup_logging(log_file: Path, level: str) -> None:
    """stderr and the rotated `log_file`; no logging failure reaches the caller."""
    logging.raiseExceptions = False  # a last resort: nothing printed for a failed line
    root = logging.getLogger()
    root.setLevel(level.upper())
    # fontTools' subsetter logs ~70 INFO lines (glyph lists, tables pruned) for every PDF label
    # rendered in this process (the thread fallback, manifests): its warnings are enough
    logging.getLogger("fontTools").setLevel(max(logging.WARNING, root.level))
    fmt = logging.Formatter(FORMAT)
    handlers: list[logging.Handler] = [QuietStreamHandler(sys.stderr)]
    handlers.append(SafeRotatingFileHandler(log_file))
    for handler in handlers:
        handler.setFormatter(fmt)
        root.addHandler(handler)
    repeat = RepeatFilter(THROTTLE_OTHERS)
    for name in ("uvicorn.error", "asyncio"):
        logging.getLogger(name).addFilter(repeat)


async def run_log_summaries(_ctx: object) -> None:
    """Background task: the counts of throttled lines, once their minute has ended."""
    while True:
        await asyncio.sleep(SUMMARY_SECONDS)
        THROTTLE.flush()
        THROTTLE_OTHERS.flush()


BACKGROUND_TASKS = [run_log_summaries]
