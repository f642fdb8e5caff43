"""The background tasks of the current profile: kept while they run, cancelled together.

Plain asyncio (no Qt): `AppContext.spawn` hands its coroutines here, a profile switch or the
app's close cancels them all.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

log = logging.getLogger(__name__)

# how long background reads may finish before a switch or close cancels them
CANCEL_GRACE_S = 0.5


class BackgroundTasks:
    """Tasks started by the pages and the context; errors are logged, never lost silently."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `coro` in the background, keeping a reference until it ends (errors logged)."""
        task = asyncio.ensure_future(coro)
        if self.closed:
            task.cancel()  # the app is closing: nothing new starts
            return task
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            level = logging.DEBUG if self.closed else logging.ERROR
            log.log(level, "background task failed", exc_info=task.exception())

    def running(self) -> list[asyncio.Task[Any]]:
        """The tasks not done yet, but the calling one."""
        current = asyncio.current_task()
        return [t for t in self._tasks if t is not current and not t.done()]

    async def cancel(self, grace: float = CANCEL_GRACE_S) -> None:
        """Cancel every task (all but the calling one), after `grace` seconds to end alone."""
        running = self.running()
        if running:
            # short reads (page reloads) may end on their own first: an httpx request cancelled
            # mid-connection leaves its socket to the garbage collector (ResourceWarning)
            await asyncio.wait(running, timeout=grace)
        for _ in range(10):  # a cancelled task may start another; a few rounds settle it
            tasks = self.running()
            if not tasks:
                return
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
