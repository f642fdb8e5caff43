"""The orders inbox of a profile: its orders from `/v1/orders`, cached in the profile store.

`refresh()` reads the service's orders page by page (the client paces every request within
the account's rate limit) and stores them; a refresh asked for again within `min_interval`
seconds is answered from the cache, so a station scanning fast never floods the service.
A scan that finds nothing in the cache refreshes once before it says "not found".
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from desktop_app.profiles.store import ProfileStore, StoredOrder
from desktop_app.profiles.store.orders import put_service_orders

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient

__all__ = ["MIN_REFRESH_INTERVAL", "OrdersInbox"]

#: seconds between two reads of the service's orders (a scan of an unknown number may ask
#: sooner, at most once per `MIN_MISS_INTERVAL`)
MIN_REFRESH_INTERVAL = 30.0
MIN_MISS_INTERVAL = 2.0


class OrdersInbox:
    """The profile's orders: the store's cache, refreshed from the service."""

    def __init__(
        self,
        store: ProfileStore,
        client: ShippingClient | None,
        *,
        min_interval: float = MIN_REFRESH_INTERVAL,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.client = client
        self.min_interval = min_interval
        self._clock = clock
        self._refreshed_at: float | None = None
        self._lock = asyncio.Lock()

    async def refresh(self, *, force: bool = False, min_interval: float | None = None) -> int:
        """Read the service's orders into the cache; the number of new ones (0 when the last
        refresh is younger than `min_interval`, or without a client)."""
        if self.client is None:
            return 0
        wait = self.min_interval if min_interval is None else min_interval
        async with self._lock:
            now = self._clock()
            if not force and self._refreshed_at is not None and now - self._refreshed_at < wait:
                return 0
            new = await put_service_orders(self.store.orders, self.client.orders.iter_all())
            self._refreshed_at = self._clock()
        return new

    async def find(self, code: str) -> list[StoredOrder]:
        """Orders with this number or an item of this GTIN; refreshes once on a miss."""
        found = await asyncio.to_thread(self.store.orders.find, code)
        if not found and self.client is not None:
            await self.refresh(min_interval=MIN_MISS_INTERVAL)
            found = await asyncio.to_thread(self.store.orders.find, code)
        return found
