"""Background tasks of a widget (`TaskSet`) and the service's error text (`service_text`)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.gui.widgets.problems import message_text

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)


def service_text(exc: BaseException) -> str:
    """The service's own error messages, else the client's explanation in the UI language."""
    errors = getattr(exc, "errors", None)
    if errors:
        return "; ".join(message_text(str(e)) for e in errors)
    return client_error_text(exc) or str(getattr(exc, "user_message", None) or exc)


class TaskSet:
    """Keeps references to a widget's background tasks; failures go to `on_error`.

    With the app context the tasks are also the context's, so closing the app cancels them
    before the client and store they use are closed.
    """

    def __init__(
        self, on_error: Callable[[str], None] | None = None, ctx: AppContext | None = None
    ) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()
        self._on_error = on_error
        self._ctx = ctx

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run `coro` in the background."""
        if self._ctx is not None:
            task = self._ctx.spawn(coro)  # the context logs a failure
        else:
            task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        exc = task.exception()
        if exc is None:
            return
        if self._ctx is None:
            log.error("background task failed", exc_info=exc)
        if self._on_error is not None:
            with contextlib.suppress(RuntimeError):  # the widget is gone
                self._on_error(
                    translate("Form", "Something went wrong: {0}").format(service_text(exc))
                )

    def cancel(self) -> None:
        """Cancel every task."""
        for task in list(self._tasks):
            task.cancel()

    async def wait_idle(self) -> None:
        """Wait until every task started so far (and those they start) ended."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    def __len__(self) -> int:
        return len(self._tasks)
