"""Background tasks the service runs for its whole life (webhook delivery, sandbox clean-up...).

Every module named in `TASK_MODULES` may define
`BACKGROUND_TASKS: list[Callable[[ServiceContext], Awaitable[None]]]`; each is started as
an asyncio task on startup and cancelled on shutdown. A task that crashes is logged and
restarted after a short pause, so one bad record cannot stop webhook delivery for good.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import Awaitable, Callable

from desktop_app.service.context import ServiceContext
from desktop_app.service.storage.outage import report_failure

log = logging.getLogger("packdesk.service")

TaskFn = Callable[[ServiceContext], Awaitable[None]]

TASK_MODULES: tuple[str, ...] = (
    "desktop_app.service.notifications.webhooks",
    "desktop_app.service.shipping.lifecycle",
    "desktop_app.service.notifications.mail",
    "desktop_app.service.storage.health_probe",
    "desktop_app.service.storage.shared_limits",
    "desktop_app.service.storage.attempt_windows",
    "desktop_app.service.logs",
)
RESTART_PAUSE_SECONDS = 1.0


def load_tasks() -> list[TaskFn]:
    """The `BACKGROUND_TASKS` of every module in `TASK_MODULES` (a missing one fails)."""
    tasks: list[TaskFn] = []
    for name in TASK_MODULES:
        tasks.extend(getattr(importlib.import_module(name), "BACKGROUND_TASKS", []))
    return tasks


async def _supervise(fn: TaskFn, ctx: ServiceContext) -> None:
    while True:
        try:
            await fn(ctx)
            return
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            report_failure(ctx.outage, exc, f"background task {getattr(fn, '__name__', fn)}")
            await asyncio.sleep(RESTART_PAUSE_SECONDS)


class BackgroundTasks:
    """Holds references to the running tasks (so they are not garbage-collected)."""

    def __init__(self) -> None:
        self._tasks: list[asyncio.Task[None]] = []

    def start(self, ctx: ServiceContext, fns: list[TaskFn] | None = None) -> None:
        """Start every task."""
        for fn in load_tasks() if fns is None else fns:
            name = getattr(fn, "__qualname__", repr(fn))
            self._tasks.append(asyncio.create_task(_supervise(fn, ctx), name=name))

    async def stop(self) -> None:
        """Cancel the tasks and wait for them."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks.clear()
