"""A shop's open orders through the import engine into the profile's orders.

`sync_shop()` pulls the orders changed since the shop's cursor, page by page; each page
holds the engine's `OrderRecord`s, made field by field by the shop's connection, read by
the engine (`orders_from_records`) as a file's orders are, then order drafts checked by the
domain's rules, then the service's orders (`store_orders`: an order the service has already -
from an earlier sync, or from the shop's file export for the same receiver - is skipped, so
the same order is never two; another shop's order of the same number is another order). The profile
store keeps which shop order each service order is (the identity a shipment made from it
carries, and the write-back goes by), the outbox remembers the shop's orders, and the cursor
advances only after a page is stored, so a sync cut off half-way starts again where it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from desktop_app.orders.engine import orders_from_records
from desktop_app.orders.service_orders import drafts_of, store_orders
from desktop_app.profiles.store import OrderOrigin
from desktop_app.shops import PLATFORMS, ShopError

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.orders.records import OrderFile
    from desktop_app.orders.service_orders import OrderDraft
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.profiles.store import ProfileStore
    from desktop_app.shops import ShopConnection
    from desktop_app.shops.book import ShopBook
    from desktop_app.shops.outbox import ShopOutbox

__all__ = ["ShopSync", "learn_ids_from_shop", "learn_ids_from_shops", "sync_shop"]


@dataclass
class ShopSync:
    """What one sync did."""

    pulled: int = 0
    stored: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    """Order numbers the service had already (from a file or an earlier sync)."""
    problems: dict[str, list[str]] = field(default_factory=dict)
    """Order number -> why the order was not stored (the domain's rules, the service)."""
    cursor: str | None = None


async def learn_ids_from_shop(
    connection: ShopConnection,
    unknown: Mapping[str, Mapping[str, list[str]]],
    catalogue: Catalogue,
) -> dict[str, dict[str, str]]:
    """Ask the shop what the ids a file names stand for and remember the answers in the
    profile's catalogue (no question to a person then); what it answered."""
    learned: dict[str, dict[str, str]] = {}
    for kind, ids in unknown.items():
        found = await connection.lookup_ids(kind, list(ids))
        if kind == "country":
            found = {shop_id: code.upper() for shop_id, code in found.items()}
        if found:
            catalogue.learn_shop_ids(kind, found)
            learned[kind] = found
    return learned


async def learn_ids_from_shops(
    book: ShopBook, orders: OrderFile, catalogue: Catalogue | None
) -> bool:
    """Ask the profile's shops of the export's platform what the file's unknown ids stand
    for (a shop that cannot be reached is passed over: a person is asked instead); True
    when one answered something."""
    if not orders.unknown_ids or orders.platform is None or catalogue is None:
        return False
    learned = False
    for config in book.list():
        platform = PLATFORMS.get(config.platform)
        if platform is None or orders.platform.key not in platform.file_exports:
            continue
        try:
            async with book.connect(config.name) as connection:
                learned = bool(await learn_ids_from_shop(connection, orders.unknown_ids,
                                                         catalogue)) or learned  # fmt: skip
        except ShopError:
            continue
    return learned


def _of_draft(origins: dict[int, OrderOrigin]) -> Callable[[OrderDraft], OrderOrigin]:
    """The origin of each draft of a page (by the draft object)."""
    return lambda draft: origins[id(draft)]


async def sync_shop(
    connection: ShopConnection,
    outbox: ShopOutbox,
    client: ShippingClient,
    *,
    catalogue: Catalogue | None = None,
    store: ProfileStore | None = None,
    full: bool = False,
) -> ShopSync:
    """Pull the shop's open orders changed since the last sync (all with `full`) into the
    profile's orders; `store` keeps which shop order each of them is (the identity a
    shipment made from it carries, and the write-back goes by)."""
    name = connection.config.name
    result = ShopSync(cursor=None if full else outbox.cursor(name))
    async for page in connection.pull(result.cursor):
        if not page:
            continue
        orders = orders_from_records(
            [order.record for order in page],
            source=f"{connection.title} {name}",
            catalogue=catalogue,
        )
        drafts = drafts_of(orders)
        for draft in drafts:
            if not draft.valid:
                result.problems[draft.external_order_id] = [str(p) for p in draft.problems]
        # one draft per record, one record per shop order, in the page's order
        origins = {id(draft): OrderOrigin(number=draft.external_order_id, shop=name,
                                          shop_order_id=order.shop_order_id)
                   for draft, order in zip(drafts, page, strict=True)}  # fmt: skip
        stored = await store_orders(client, drafts, store=store, origin=_of_draft(origins))
        result.stored += list(stored.stored)
        result.skipped += stored.skipped
        for number, error in stored.refused.items():
            result.problems[number] = [error]
        outbox.remember(name, page)
        result.pulled += len(page)
        if stored.refused:  # the next sync asks for these again
            continue
        newest = max((o.modified_at for o in page if o.modified_at), default=None)
        if newest and (result.cursor is None or newest > result.cursor):
            result.cursor = newest
            outbox.set_cursor(name, newest)
    return result
