"""The open profile's shops, synced and written back while the app runs (no Qt).

`AppContext` starts `ShopRounds.run` as one of its background tasks once a profile is
connected; a profile switch or the app's close cancels it with the others and `close` lets go
of the outbox. A round runs at once, every `interval` seconds, and as soon as `wake` is called
(a label was made at the desk, the Scan page or by a batch; "Sync now" in Settings), so a
label for a shop order is written back without `packdesk shops sync`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.shops.book import ShopBook
from desktop_app.shops.outbox import ShopOutbox
from desktop_app.shops.rounds import DEFAULT_INTERVAL, ShopRound, ShopRunner

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile
    from desktop_app.profiles.store import ProfileStore

__all__ = ["ShopRounds"]

log = logging.getLogger(__name__)


class ShopRounds:
    """Rounds over the shops of one open profile; `on_round` hears each round's result."""

    def __init__(
        self,
        manager: ProfileManager,
        profile: Profile,
        store: ProfileStore,
        client: ShippingClient,
        *,
        interval: float = DEFAULT_INTERVAL,
        connect_options: dict[str, Any] | None = None,
        on_round: Callable[[ShopRound], None] | None = None,
    ) -> None:
        from desktop_app.profiles.catalogue import Catalogue

        data_dir = Path(manager.profile_data_dir(profile))
        self.book = ShopBook(data_dir, profile.id, profile.environment, manager.secrets)
        self.outbox = ShopOutbox(data_dir)
        self.runner = ShopRunner(
            self.book,
            self.outbox,
            store,
            client,
            catalogue=Catalogue.of_profile(data_dir),
            connect_options=connect_options,
        )
        self.interval = interval
        self.on_round = on_round
        self.last_round: ShopRound | None = None
        self._wake = asyncio.Event()
        self._busy = asyncio.Lock()

    def wake(self) -> None:
        """Run a round now (or right after the one running)."""
        self._wake.set()

    async def run_once(self) -> ShopRound:
        """One round now (never two at once)."""
        async with self._busy:
            result = await self.runner.run_once()
        self.last_round = result
        if self.on_round is not None:
            self.on_round(result)
        return result

    async def run(self) -> None:
        """Rounds until cancelled: now, on `wake`, and every `interval` seconds."""
        while True:
            self._wake.clear()
            if self.book.list():
                try:
                    await self.run_once()
                except asyncio.CancelledError:
                    raise
                except Exception:  # a damaged outbox or store: said in the log, tried again
                    log.exception("a round over the shops failed")
            # asyncio.timeout, not wait_for: see ShopRunner.run
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.interval):
                    await self._wake.wait()

    def close(self) -> None:
        """Let go of the outbox (after the task was cancelled)."""
        with contextlib.suppress(Exception):
            self.outbox.close()
