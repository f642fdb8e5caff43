"""Asking the database whether it answers, timed on a loop of its own.

The health probe's `SELECT 1` ran on the service's event loop with a 2 s timeout: when a flood
of connections kept that loop busy, the answer came back late and the probe reported "database
unreachable" (and `/health` 503) while the database answered in a millisecond. Here the query
runs on an event loop in a thread of its own, with its own engine (one connection), so the
timeout measures the database alone; the service's loop only waits for the outcome.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import sys
import threading
from collections.abc import Callable
from typing import TypeVarTuple, Unpack

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from desktop_app.service.storage.db import make_engine
from desktop_app.service.storage.outage import PING_TIMEOUT_SECONDS


def _never_creating(url: str) -> str:
    """A SQLite URL opened read-write only: a ping never creates a missing database file
    (an empty file would hide the missing database from the next start)."""
    prefix = "sqlite+aiosqlite:///"
    if not url.startswith(prefix) or ":memory:" in url or "?" in url:
        return url
    return f"{prefix}file:{url[len(prefix) :]}?mode=rw&uri=true"


if sys.platform == "win32":
    _LoopBase = asyncio.ProactorEventLoop
else:
    _LoopBase = asyncio.SelectorEventLoop


_Args = TypeVarTuple("_Args")


class _PingLoop(_LoopBase):
    """The ping's own loop, which takes a database driver's late answer after it closed.

    A connect that failed or ran out of time ends in aiosqlite's connection thread with a
    `stop` whose answer comes back to this loop; when the ping had closed it first (a loaded
    machine runs that thread late), asyncio raised "Event loop is closed" in the thread and
    ended it with an error. Nothing waits for such an answer any more: it is dropped.
    """

    def call_soon_threadsafe(
        self,
        callback: Callable[[Unpack[_Args]], object],
        *args: *_Args,
        context: contextvars.Context | None = None,
    ) -> asyncio.Handle:
        try:
            return super().call_soon_threadsafe(callback, *args, context=context)
        except RuntimeError:
            if not self.is_closed():
                raise
            dropped = asyncio.Handle(callback, args, self, context)
            dropped.cancel()
            return dropped


class DatabasePing:
    """`SELECT 1` (PostgreSQL: and whether it is read-only) on a loop of its own."""

    def __init__(self, url: str, timeout: float = PING_TIMEOUT_SECONDS) -> None:
        self._url = _never_creating(url)
        self.timeout = timeout
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._engine: AsyncEngine | None = None
        self._lock = threading.Lock()

    def _running_loop(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._loop is None:
                loop = _PingLoop()
                thread = threading.Thread(
                    target=loop.run_forever, name="packdesk-db-ping", daemon=True
                )
                thread.start()
                self._loop, self._thread = loop, thread
            return self._loop

    async def problem(self, *, check_read_only: bool = False) -> str | None:
        """None when the database answered within `timeout`, else what went wrong."""
        future = asyncio.run_coroutine_threadsafe(self._ping(check_read_only), self._running_loop())
        return await asyncio.wrap_future(future)

    async def _ping(self, check_read_only: bool) -> str | None:
        """On the ping loop: the query and its timeout."""
        if self._engine is None:
            # the service's own settings (SQLite's pragmas: a read-only directory fails them)
            self._engine = make_engine(self._url)
        try:
            async with asyncio.timeout(self.timeout), self._engine.connect() as conn:
                await conn.execute(text("SELECT 1"))
                if check_read_only and self._engine.dialect.name == "postgresql":
                    read_only = await conn.scalar(text("SHOW transaction_read_only"))
                    if read_only == "on":
                        return "the database is read-only (a standby, or set read-only)"
        except Exception as exc:  # any failure means "cannot take a write" here
            return f"the database does not answer ({type(exc).__name__}: {str(exc)[:200]})"
        return None

    def close(self) -> None:
        """Dispose of the engine and end the thread."""
        with self._lock:
            loop, thread, self._loop, self._thread = self._loop, self._thread, None, None
        if loop is None or thread is None:
            return
        if self._engine is not None:
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self._engine.dispose(), loop).result(5)
            self._engine = None
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
        loop.close()
