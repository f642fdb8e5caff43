"""Every shop of a profile synced and written back: once (`packdesk shops sync`, a Sync
button) or every few minutes while the app runs (`ShopRunner.run`).

One round: each shop's open orders changed since its cursor into the profile's orders
(`shop_sync.sync_shop`), then the labels made since for shop orders queued in the outbox
(whichever door made them: desk, scan station, batch) and the due write-backs sent. A shop
that cannot be reached or refuses the credentials is said in words for that shop; the other
shops' rounds go on.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from desktop_app.shops import ShopError
from desktop_app.shops.outbox import Delivery
from desktop_app.shops.sync import ShopSync, sync_shop

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.profiles.store import ProfileStore
    from desktop_app.shops.book import ShopBook
    from desktop_app.shops.outbox import ShopOutbox

__all__ = ["DEFAULT_INTERVAL", "ShopRound", "ShopRunner"]

#: seconds between two rounds while the app runs
DEFAULT_INTERVAL = 300.0


@dataclass
class ShopRound:
    """What one round did."""

    synced: dict[str, ShopSync] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)
    """Shop -> why it could not be synced, in words."""
    delivery: Delivery = field(default_factory=Delivery)


class ShopRunner:
    """The shops of one profile, its outbox, its store and its service client."""

    def __init__(
        self,
        book: ShopBook,
        outbox: ShopOutbox,
        store: ProfileStore,
        client: ShippingClient,
        *,
        catalogue: Catalogue | None = None,
        connect_options: dict[str, Any] | None = None,
    ) -> None:
        self.book = book
        self.outbox = outbox
        self.store = store
        self.client = client
        self.catalogue = catalogue
        self.connect_options = dict(connect_options or {})

    def _connect(self, name: str) -> Any:
        return self.book.connect(name, **self.connect_options)

    def _cancelled(self, shipment_id: str) -> bool:
        try:
            return self.store.get_shipment(shipment_id).deleted
        except LookupError:
            return True  # a shipment the store no longer has is not written

    async def run_once(
        self, names: Iterable[str] | None = None, *, full: bool = False
    ) -> ShopRound:
        """One round over the shops (those named, or all)."""
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

    async def run(self, stop: asyncio.Event, interval: float = DEFAULT_INTERVAL) -> None:
        """A round now and every `interval` seconds until `stop` is set."""
        while not stop.is_set():
            await self.run_once()
            # asyncio.timeout, not wait_for: wait_for wraps the wait in a task of its own, which a
            # loop ending right after a cancel leaves as a coroutine never awaited
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(interval):
                    await stop.wait()
