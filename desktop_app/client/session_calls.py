"""The calls of one person's session at a station: cut at once when the session ends.

A call made while someone is signed in belongs to that session. When the session ends (Sign
out, idle, or the service refusing it), every call of it that is still waiting for the pacer or
for its answer is cut: its task is cancelled right there and the call raises
`SessionEndedError`, its pacer slot given back. So nothing of one person's session outlives it,
and the next person never waits behind it.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from desktop_app.client.errors import SessionEndedError


class SessionCalls:
    """The calls of one session still waiting or in flight."""

    def __init__(self) -> None:
        self._scopes: dict[asyncio.Timeout, asyncio.AbstractEventLoop] = {}
        self.ended = False

    def __len__(self) -> int:
        return len(self._scopes)

    @contextlib.asynccontextmanager
    async def call(self, what: str) -> AsyncIterator[None]:
        """Run the block as one call of this session (`what` names it in the error)."""
        if self.ended:
            raise SessionEndedError(f"{what}: the session ended before it was sent")
        scope = asyncio.timeout(None)  # due only when the session ends (`end`)
        try:
            async with scope:
                self._scopes[scope] = asyncio.get_running_loop()
                try:
                    yield
                finally:
                    self._scopes.pop(scope, None)
        except TimeoutError as exc:
            if scope.expired():
                raise SessionEndedError(f"{what}: the session ended before the answer") from exc
            raise

    def end(self) -> int:
        """Cut every call still waiting or in flight; returns how many there were."""
        self.ended = True
        scopes, self._scopes = self._scopes, {}
        for scope, loop in scopes.items():
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            if running is loop:
                _cut(scope)
            elif not loop.is_closed():
                loop.call_soon_threadsafe(_cut, scope)
        return len(scopes)


def _cut(scope: asyncio.Timeout) -> None:
    """Make `scope` due now: its task is cancelled at the next turn, and the call says why."""
    with contextlib.suppress(RuntimeError):  # it has ended on its own meanwhile
        scope.reschedule(0.0)  # (any time before the loop's now)
