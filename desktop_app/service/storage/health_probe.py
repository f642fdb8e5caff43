"""The write probe behind `/health`: can the database take a write right now?

A `SELECT 1` answers on a full disk, on a read-only mount and from a deleted SQLite file, so
health built on it said "ok" while every write failed. Every `PROBE_SECONDS` the service
instead writes (and syncs, then removes) a small file next to the database and in the data dir
(labels, log), checks that the SQLite file is still the one it opened, and asks the database
(PostgreSQL: also whether it is read-only). The query is timed on a loop of its own
(db_ping.py), so a busy service loop never looks like a database outage. A failure starts an
outage (one log line); the outage ends after `storage.RECOVERY_PROBES` passes in a row (one
more line), so `/health` answers 503 for as long as writes cannot be stored, and flapping
requests log nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from pathlib import Path

from desktop_app.service.storage.db_ping import DatabasePing
from desktop_app.service.storage.outage import sqlite_file
from desktop_app.service.storage.running import RunningService

PROBE_SECONDS = 1.0
PROBE_BYTES = 4096
PROBE_NAME = ".packdesk-write-probe"


def write_problem(directory: Path) -> str | None:
    """None when a small file can be written, synced and removed in `directory`, else why."""
    path = directory / PROBE_NAME
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            if os.write(fd, b"\0" * PROBE_BYTES) != PROBE_BYTES:
                raise OSError(28, os.strerror(28))  # a short write: the disk is full
            os.fsync(fd)
        finally:
            os.close(fd)
        os.unlink(path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(path)
        why = os.strerror(exc.errno) if exc.errno else str(exc)
        return f"cannot write in {directory} ({why})"
    return None


def probe_directories(ctx: RunningService) -> list[Path]:
    """The data dir and, for SQLite, the database file's directory."""
    directories = [ctx.settings.data_dir]
    database = sqlite_file(ctx.engine)
    if database is not None and database.parent not in directories:
        directories.append(database.parent)
    return directories


async def storage_problem(ctx: RunningService) -> str | None:
    """None when the database (and the disk under it) can take a write, else what is wrong."""
    if ctx.db_file_watch is not None and (problem := ctx.db_file_watch.problem()):
        return problem
    for directory in probe_directories(ctx):
        if problem := await asyncio.to_thread(write_problem, directory):
            return problem
    if ctx.ping is None:
        ctx.ping = DatabasePing(ctx.settings.db_url)
    # timed on a loop of its own: a busy service loop is no database outage
    return await ctx.ping.problem(check_read_only=True)


async def run_write_probe(ctx: RunningService) -> None:
    """Background task: probe every `PROBE_SECONDS`, starting and ending outages."""
    while True:
        problem = await storage_problem(ctx)
        if problem is None:
            ctx.outage.probe_passed()
        else:
            ctx.outage.probe_failed(OSError(problem), "the write probe")
        await asyncio.sleep(PROBE_SECONDS)


BACKGROUND_TASKS = [run_write_probe]
