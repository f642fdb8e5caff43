"""CPU work of the service off its event loop: in a worker process, else in a thread.

A thread of the service process does not free the loop: it holds the GIL while it works, C
code such as `json.loads` of a large body for its whole run, Python code in turns of 5 ms,
after each of which the loop waits for the GIL again (a thread checking 1 MB bodies held the
loop up to ~30 ms and tripled another station's p99). A worker process works on another core
instead; only its arguments and result cross (pickled). A frozen app (PyInstaller would start
itself again as the child), `processes=0`, or a pool that broke work in a thread instead.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from desktop_app.parent_watch import exit_with_pool_parent

log = logging.getLogger(__name__)

T = TypeVar("T")


def _logged(name: str, preload: Callable[[], object]) -> None:
    """`preload`, logging a failure (a warm-up never stops the service; the work reports it)."""
    try:
        preload()
    except Exception:
        log.exception("%s: loading in advance failed", name)


class WorkerPool:
    """Runs functions in up to `processes` worker processes (0: in threads of the service).

    The pool starts on its first use or `warm`, not with the object: a service that never
    needs it (most test services) pays nothing. Work submitted while all workers are busy
    queues, so a flood of costly requests waits there instead of taking turns with the loop.
    """

    def __init__(self, name: str, processes: int = 1) -> None:
        self.name = name
        self.processes = max(0, processes)
        self._pool: ProcessPoolExecutor | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        self._in_progress = 0
        self._unavailable = self.processes == 0 or bool(getattr(sys, "frozen", False))

    def _executor(self) -> Executor:
        with self._lock:
            if not self._unavailable:
                if self._pool is None:
                    # spawn, because forking a process with running threads (aiosqlite,
                    # uvicorn) is unsafe
                    self._pool = ProcessPoolExecutor(
                        max_workers=self.processes,
                        mp_context=multiprocessing.get_context("spawn"),
                        initializer=exit_with_pool_parent,
                    )
                return self._pool
            if self._threads is None:
                self._threads = ThreadPoolExecutor(
                    max(1, self.processes), thread_name_prefix=self.name.replace(" ", "-")
                )
            return self._threads

    def warm(self, preload: Callable[[], object]) -> Future[None] | None:
        """Start the workers and run `preload` (imports, fonts) in them now, in the background;
        otherwise the first piece of work waits for that (~0.4 s). Its future, or None when
        no worker could start (the work falls back to a thread then)."""
        try:
            return self._executor().submit(_logged, self.name, preload)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:
            log.warning("%s process not started (%s)", self.name, exc)
            return None

    def pids(self) -> list[int]:
        """The worker processes running now (none before the first use, or in threads)."""
        pool = self._pool
        processes = getattr(pool, "_processes", None) or {}
        return list(processes)

    async def run(self, func: Callable[..., T], *args: Any) -> T:
        """`func(*args)` in a worker (or a thread), never on the event loop; its result or its
        exception (both pickled across when in a process)."""
        loop = asyncio.get_running_loop()
        executor = self._executor()
        call = functools.partial(func, *args)
        self._in_progress += 1
        try:
            try:
                return await loop.run_in_executor(executor, call)
            except (BrokenProcessPool, OSError) as exc:
                if executor is not self._pool:
                    raise
                # a killed worker or no way to start one: keep serving, in a thread
                log.warning("%s process unavailable (%s); working in a thread", self.name, exc)
                self._discard(executor)
            return await loop.run_in_executor(self._executor(), call)
        finally:
            self._in_progress -= 1

    def in_progress(self) -> int:
        """Calls of `run` not answered yet (running in a worker or waiting for one)."""
        return self._in_progress

    def _discard(self, executor: Executor) -> None:
        with self._lock:
            if self._pool is executor:
                self._pool = None
                self._unavailable = True
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (service shutdown)."""
        with self._lock:
            pool, self._pool = self._pool, None
            threads, self._threads = self._threads, None
        for executor in (pool, threads):
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)
