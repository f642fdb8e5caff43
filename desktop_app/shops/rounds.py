"""THE round loop over a profile's shops: each shop synced, the labels made since queued and
written back. `packdesk shops sync` and "Sync now" run one round (`run_once`); while the app
runs, `run` is one of its background tasks (the GUI only starts, wakes and shows it).

One round: each shop's open orders changed since its cursor into the profile's orders
(`sync.sync_shop`), then the labels made since for shop orders queued in the outbox
(whichever door made them: desk, scan station, batch) and the due write-backs sent. A shop
that cannot be reached or refuses the credentials is said in words for that shop; the other
shops' rounds go on. `run` does a round at once, as soon as `wake` is called (a label was
made; "Sync now") and every `interval` seconds, until `stop` or its task is cancelled.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.shops import ShopConnection, ShopError
from desktop_app.shops.book import ShopBook
from desktop_app.shops.outbox import Delivery, ShopOutbox
from desktop_app.shops.sync import ShopSync, sync_shop

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile
    from desktop_app.profiles.store import ProfileStore

__all__ = ["DEFAULT_INTERVAL", "ShopRound", "ShopRounds"]

log = logging.getLogger(__name__)

#: seconds between two rounds while the app runs
DEFAULT_INTERVAL = 300.0


@dataclass
class ShopRound:
    """What one round did."""

    synced: dict[str, ShopSync] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    """Shop -> why it could not be synced, in words."""
    delivery: Delivery = field(default_factory=Delivery)


class ShopRounds:
    """The shops of one profile, its outbox, its store and its service client; `on_round`
    hears each round's result."""

    def __init__(
        self,
        book: ShopBook,
        outbox: ShopOutbox,
        store: ProfileStore,
        client: ShippingClient,
        *,
        catalogue: Catalogue | None = None,
        connect_options: dict[str, Any] | None = None,
        interval: float = DEFAULT_INTERVAL,
        on_round: Callable[[ShopRound], None] | None = None,
    ) -> None:
        self.book = book
        self.outbox = outbox
        self.store = store
        self.client = client
        self.catalogue = catalogue
        self.connect_options = dict(connect_options or {})
        self.interval = interval
        self.on_round = on_round
        self.last_round: ShopRound | None = None
        self._wake = asyncio.Event()
        self._stopped = False
        self._busy = asyncio.Lock()

    @classmethod
    def of_profile(
        cls,
        manager: ProfileManager,
        profile: Profile,
        store: ProfileStore,
        client: ShippingClient,
        **options: Any,
    ) -> ShopRounds:
        """The rounds of an open profile: its shops.json and outbox opened here, the catalogue
        the store's (`close` lets go of the outbox)."""
        data_dir = Path(manager.profile_data_dir(profile))
        book = ShopBook(data_dir, profile.id, profile.environment, manager.secrets)
        return cls(book, ShopOutbox(data_dir), store, client, catalogue=store.catalogue, **options)

    def _connect(self, name: str) -> ShopConnection:
        return self.book.connect(name, **self.connect_options)

    def _cancelled(self, shipment_id: str) -> bool:
        try:
            return self.store.shipments.get(shipment_id).deleted
        except LookupError:
            return True  # a shipment the store no longer has is not written

    async def run_once(
        self, names: Iterable[str] | None = None, *, full: bool = False
    ) -> ShopRound:
        """One round now over the shops (those named, or all); never two at once."""
        async with self._busy:
            result = await self._round(names, full=full)
        self.last_round = result
        if self.on_round is not None:
            self.on_round(result)
        return result

    async def _round(self, names: Iterable[str] | None, *, full: bool) -> ShopRound:
        wanted = {n.casefold() for n in names} if names is not None else None
        result = ShopRound()
        for config in self.book.list():
            if wanted is not None and config.name.casefold() not in wanted:
                continue
            try:
                async with self._connect(config.name) as connection:
                    result.synced[config.name] = await sync_shop(
                        connection,
                        self.outbox,
                        self.client,
                        catalogue=self.catalogue,
                        store=self.store,
                        full=full,
                    )
            except ShopError as exc:
                result.errors[config.name] = str(exc)
            self.outbox.note_sync(config.name, result.errors.get(config.name))
        await asyncio.to_thread(self.outbox.enqueue_shipped, self.store)
        result.delivery = await self.outbox.deliver(self._connect, self._cancelled)
        return result

    def wake(self) -> None:
        """Run a round now (or right after the one running)."""
        self._wake.set()

    def stop(self) -> None:
        """End `run` after the round running (if any)."""
        self._stopped = True
        self._wake.set()

    async def run(self) -> None:
        """Rounds until `stop` or cancelled: now, on `wake`, and every `interval` seconds; a
        profile without shops has no rounds (until one is added and `wake` is called)."""
        while not self._stopped:
            self._wake.clear()
            if self.book.list():
                try:
                    await self.run_once()
                except asyncio.CancelledError:
                    raise
                except Exception:  # a damaged outbox or store: said in the log, tried again
                    log.exception("a round over the shops failed")
            if self._stopped:
                return
            # asyncio.timeout, not wait_for: wait_for wraps the wait in a task of its own, which
            # a loop ending right after a cancel leaves as a coroutine never awaited
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.interval):
                    await self._wake.wait()

    def close(self) -> None:
        """Let go of the outbox (after the task was cancelled)."""
        with contextlib.suppress(Exception):
            self.outbox.close()
