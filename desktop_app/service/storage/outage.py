"""Storage trouble: telling an unreachable database apart from a bug, and saying so once.

A database that is stopped or restarting (PostgreSQL), a SQLite file that is gone or read-only,
a full disk: each is a temporary condition. Requests meeting one are answered `503` with
`Retry-After` (never `500`), and the log gets one line when the outage starts and one when
the database answers again, not a traceback per request. A request is acknowledged only
after its commit returned, so an outage never turns into a false acknowledgement.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
import os
import stat
import time
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import exc as sa_exc
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger("packdesk.service")

PING_TIMEOUT_SECONDS = 2.0
# SQLSTATE classes of an unreachable or unusable server: connection exception (08),
# insufficient resources (53: disk full, out of memory, too many connections), operator
# intervention (57: shutting down, starting up), system error (58: I/O error)
_UNAVAILABLE_SQLSTATE_CLASSES = ("08", "53", "57", "58")
_UNAVAILABLE_ERRNOS = {
    errno.ENOSPC,
    errno.EROFS,
    errno.EACCES,
    errno.EPERM,
    errno.EIO,
    errno.EDQUOT,
    errno.ENOENT,
    errno.ECONNREFUSED,
    errno.ECONNRESET,
    errno.EPIPE,
    errno.ETIMEDOUT,
    errno.EHOSTUNREACH,
    errno.ENETUNREACH,
}
_SQLITE_UNAVAILABLE = (
    "readonly database",
    "disk is full",
    "disk i/o error",
    "unable to open database file",
    "database is locked",
    "no such table",  # the file was replaced by an empty one
)


def _sqlstate(error: BaseException) -> str | None:
    for name in ("sqlstate", "pgcode"):
        value = getattr(error, name, None)
        if isinstance(value, str) and len(value) == 5:
            return value
    return None


def _chain(error: BaseException) -> list[BaseException]:
    """The exception with its causes and wrapped DBAPI errors."""
    seen: list[BaseException] = []
    todo: list[BaseException | None] = [error]
    while todo:
        item = todo.pop()
        if item is None or item in seen or len(seen) > 16:
            continue
        seen.append(item)
        todo += [item.__cause__, item.__context__, getattr(item, "orig", None)]
    return seen


def is_storage_unavailable(error: BaseException) -> bool:
    """True when `error` says the database (or the disk under it) cannot be used right now."""
    for item in _chain(error):
        if isinstance(item, sa_exc.DBAPIError) and item.connection_invalidated:
            return True
        if isinstance(item, sa_exc.DisconnectionError | sa_exc.TimeoutError):
            return True
        sqlstate = _sqlstate(item)
        if sqlstate is not None and sqlstate[:2] in _UNAVAILABLE_SQLSTATE_CLASSES:
            return True
        if isinstance(item, OSError) and item.errno in _UNAVAILABLE_ERRNOS:
            return True
        if isinstance(item, ConnectionError):
            return True
        message = str(item).lower()
        if type(item).__module__.startswith(("sqlite3", "aiosqlite")) or isinstance(
            item, sa_exc.OperationalError
        ):
            if any(text_ in message for text_ in _SQLITE_UNAVAILABLE):
                return True
        if type(item).__module__.startswith("asyncpg") and (
            "connection" in message or "closed" in message or "shutting down" in message
        ):
            return True
    return False


def report_failure(outage: StorageOutage | None, error: BaseException, what: str) -> None:
    """Log a failed background pass: once per outage when the database is unreachable,
    else with its traceback (call it inside the `except` block)."""
    if outage is not None and is_storage_unavailable(error):
        outage.failed(error, what)
    else:
        log.exception("%s failed", what)


def _short(error: BaseException) -> str:
    text_ = " ".join(str(error).split())
    return f"{type(error).__name__}: {text_[:240]}"


# an outage ends after this many write probes in a row succeeded (health.py runs them):
# a read that happens to succeed, or one write that finds room, does not end it
RECOVERY_PROBES = 2


@dataclass
class StorageOutage:
    """Whether the database is down now, and since when (one log line per change).

    Any request or task that meets an unusable database starts an outage; only the write
    probe ends it, after `RECOVERY_PROBES` passes in a row, so a full disk that lets some
    writes through is one outage, not a "reachable again" line per successful read.
    """

    down_since: float | None = None
    failed_requests: int = 0
    # why the last failure happened (for /health and the log)
    reason: str = ""
    good_probes: int = 0
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    @property
    def down(self) -> bool:
        """True between the first failure and the next success."""
        return self.down_since is not None

    def failed(self, error: BaseException, where: str) -> None:
        """A request or task met an unreachable database."""
        self.failed_requests += 1
        self.probe_failed(error, where)

    def probe_failed(self, error: BaseException, where: str) -> None:
        """The database cannot take a write (the probe found it, or a request did)."""
        self.good_probes = 0
        if self.down_since is None:
            self.down_since = time.monotonic()
            self.reason = _short(error)
            log.error(
                "database unreachable (%s, during %s): answering 503 with Retry-After until it "
                "is back; further failures are not logged",
                _short(error),
                where,
            )

    def probe_passed(self) -> None:
        """The write probe succeeded: the outage ends after `RECOVERY_PROBES` in a row."""
        self.good_probes += 1
        if self.good_probes >= RECOVERY_PROBES:
            self.succeeded()

    def succeeded(self) -> None:
        """The database takes writes again: end the outage, if any."""
        if self.down_since is not None:
            seconds = time.monotonic() - self.down_since
            log.warning(
                "database reachable again after %.1f s (%d requests answered 503 meanwhile)",
                seconds,
                self.failed_requests,
            )
            self.down_since = None
            self.failed_requests = 0
            self.reason = ""


def private_data_dir(data_dir: Path) -> list[str]:
    """The data dir 0700 and the files directly in it 0600, whatever made them (an older
    release, a copy, another umask); a read-only data dir is left as it is. One line per file
    that was looser, for the log."""
    tightened: list[str] = []
    with contextlib.suppress(OSError):
        os.chmod(data_dir, 0o700)
        for path in data_dir.iterdir():
            if path.is_dir() and not path.is_symlink():
                os.chmod(path, 0o700)
            elif path.is_file() and not path.is_symlink():
                mode = stat.S_IMODE(path.stat().st_mode)
                os.chmod(path, 0o600)
                if mode & 0o077:
                    tightened.append(f"{path} was {mode:04o}: set to 0600")
    return tightened


def sqlite_file(engine: AsyncEngine) -> Path | None:
    """The database file of a file-based SQLite engine, else None."""
    url = engine.url
    if engine.dialect.name != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


@dataclass
class SqliteFileWatch:
    """Notices a SQLite file deleted or replaced while the service runs.

    SQLite keeps writing into a deleted file's open inode: every write would be answered 200
    and lost at the next start. The service checks the file before it acknowledges a write.
    """

    path: Path
    identity: tuple[int, int] | None = None

    def remember(self) -> None:
        """Note the file's device and inode (at start-up, once the tables exist)."""
        self.identity = self._current()

    def _current(self) -> tuple[int, int] | None:
        try:
            info = os.stat(self.path)
        except OSError:
            return None
        return info.st_dev, info.st_ino

    def problem(self) -> str | None:
        """None while the file is the one the service opened, else what is wrong."""
        if self.identity is None:
            return None
        current = self._current()
        if current is None:
            return (
                f"the database file {self.path} is gone (restore it from a backup and restart "
                "the service)"
            )
        if current != self.identity:
            return f"the database file {self.path} was replaced (restart the service to use it)"
        return None
