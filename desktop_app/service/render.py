"""Label files rendered off the event loop: in a worker process, else in a thread.

Rendering a PDF label is pure-Python CPU work (fpdf2, segno, python-barcode): a few ms per
label. In a thread it still holds the GIL, so under concurrent creates it stalls the event
loop and every request in flight waits for it (the service then added 40-100 ms to a create
under 8 clients). A worker process renders on another core instead. A frozen app (PyInstaller
would start itself again as the child), `processes=0`, or a pool that broke render in a thread.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.connection
import sys
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from desktop_app.parent_watch import exit_with_pool_parent
from desktop_app.service.labels import label_pages_for_shipment, preload, render_label

log = logging.getLogger(__name__)

RenderedFiles = tuple[bytes, list[bytes]]


def render_files(
    body: Mapping[str, Any], numbers: Sequence[str], urls: Sequence[str], sandbox: bool, fmt: str
) -> RenderedFiles:
    """The whole label and one single-page label per package (the same one for one package)."""
    pages = label_pages_for_shipment(body, list(numbers), sandbox, list(urls))
    whole = render_label(pages, fmt)
    singles = [render_label([page], fmt) for page in pages] if len(pages) > 1 else [whole]
    return whole, singles


def _preload_logged() -> None:
    """`preload`, logging a failure (a warm-up never stops the service; a render reports it)."""
    try:
        preload()
    except Exception:
        log.exception("loading the label stack in advance failed")


class LabelRenderer:
    """Renders label files in up to `processes` worker processes (0: in a thread)."""

    def __init__(self, processes: int = 1) -> None:
        self.processes = max(0, processes)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._unavailable = self.processes == 0 or bool(getattr(sys, "frozen", False))

    def _executor(self) -> Executor | None:
        if self._unavailable:
            return None
        with self._lock:
            if self._pool is None:
                # started on the first label, not at start-up: a service that never renders
                # (most test services) pays nothing; spawn, because forking a process with
                # running threads (aiosqlite, uvicorn) is unsafe
                self._pool = ProcessPoolExecutor(
                    max_workers=self.processes,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=exit_with_pool_parent,
                )
            return self._pool

    def warm(self) -> None:
        """Start the worker and load the PDF stack in it now, in the background (start-up).

        Otherwise the first label after start-up waits for that: ~0.4 s alone, ~1 s for the
        first labels of a batch arriving together (spawning the worker, importing fpdf2,
        reading the fonts). Without a worker the service process loads it in a thread.
        """
        executor = self._executor()
        if executor is None:
            threading.Thread(target=_preload_logged, name="label-warm-up", daemon=True).start()
            return
        try:
            executor.submit(_preload_logged)
        except (BrokenProcessPool, RuntimeError, OSError) as exc:  # a render falls back then
            log.warning("label render process not started (%s)", exc)

    async def render(
        self,
        body: Mapping[str, Any],
        numbers: Sequence[str],
        urls: Sequence[str],
        sandbox: bool,
        fmt: str,
    ) -> RenderedFiles:
        """`render_files` in a worker process (or a thread), never on the event loop."""
        args = (dict(body), tuple(numbers), tuple(urls), sandbox, fmt)
        executor = self._executor()
        if executor is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(
                    executor, render_files, *args
                )
            except (BrokenProcessPool, OSError) as exc:
                # a killed worker or no way to start one: keep serving, in a thread
                log.warning("label render process unavailable (%s); rendering in a thread", exc)
                self._discard(executor)
        return await asyncio.to_thread(render_files, *args)

    def _discard(self, executor: Executor) -> None:
        with self._lock:
            if self._pool is executor:
                self._pool = None
                self._unavailable = True
        executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker processes (service shutdown)."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
