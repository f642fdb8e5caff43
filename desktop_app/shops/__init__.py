"""The shop feature: a profile's connected shops (WooCommerce, Shopware 6, Shopify) pulled into
its orders through the import engine and given back the tracking numbers of their labels.

- `base`: ShopConnection (pull open orders as the engine's records, write a tracking number
  back, describe its credentials), the errors, `shop_item`, `CredentialField`.
- one module per platform: `woocommerce`, `shopware`, `shopify`; registered in PLATFORMS below.
- `book`: the profile's connections (shops.json) and their credentials (keyring).
- `sync`: a shop's orders changed since its cursor into the profile's orders.
- `outbox`: the write-backs queued, sent, retried; each shop's cursor and last sync.
- `rounds`: THE round loop over a profile's shops (sync, queue, write back), once or on a
  timer and on a wake-up; `packdesk shops sync` and the app's background task both run it.
- `cli`: `packdesk shops add/list/remove/sync`.

A new platform is its module (a ShopConnection subclass) plus its line in PLATFORMS.
In detail (the map is docs/ARCHITECTURE.md):

the shop feature, above orders (it feeds the import engine): base.py (ShopConnection: pull open
orders since a cursor, page by page, as ShopOrders holding the engine's OrderRecord made field
by field (a Receiver, the order date, items); its own credential fields (CredentialField: label,
secret or not, help) that the CLI asks for and Settings › Shops builds its form from;
write_back(tracking) that repeats harmlessly; one request helper: 429/5xx waited out after
Retry-After, 401/403 as ShopAuthError, answers in words; https:// only; a test shop for a
sandbox profile, a live one for live), one module per platform (woocommerce.py: REST API v3;
shopware.py: Admin API with a client_credentials token; shopify.py: Admin GraphQL 2025-07, cost-
based throttling honoured) and the registry PLATFORMS in __init__.py (a new platform: its module
+ its line there); book.py: the profile's shops.json (no secrets) + credentials in the secret
store; outbox.py: the write-back outbox (own SQLite file): a label for a shop order (a live
shipment made for it: the store keeps each shipment's order identity - shop connection + the
shop's own order id, or file + number - never matched by the order number alone) is queued once,
written once, retried with back-off, not written when cancelled, kept with the shop's answer
when refused. The connectors bring each item's weight in kg (WooCommerce: product/variation
weight in the store's woocommerce_weight_unit; Shopware: the product's weight, inherited by a
variant; Shopify: the variant's inventory item measurement). shops/sync.py puts the pulled
orders through engine.py into the service's orders (an order the service has from the same shop
order, or from a file for the same receiver, is skipped; another shop's order of the same number
is stored as its own) and records each one's identity in the profile store; shops/rounds.py: THE
round loop (ShopRounds) over a profile's shops (sync, queue the labels made since, send the due
write-backs; a shop that is down said in words, the others go on): run_once for `packdesk shops
sync` (shops/cli.py) and Sync now; run() as a background task of the AppContext (started on
connect with ShopRounds.of_profile, cancelled on a profile switch or close; the GUI only wakes
it and shows its rounds), now, every 5 minutes and as soon as a label is made (shipment_created:
the desk's form, the Scan page, a batch), so desk and Scan labels for shop orders are written
back without `packdesk shops sync`; the outbox keeps each shop's last sync (and its failure in
words) for Settings › Shops
"""

from __future__ import annotations

from desktop_app.shops.base import (
    CredentialField,
    ShopAuthError,
    ShopConfig,
    ShopConfigError,
    ShopConnection,
    ShopError,
    ShopOrder,
    ShopUnavailable,
    Tracking,
    shop_item,
)
from desktop_app.shops.shopify import ShopifyConnection
from desktop_app.shops.shopware import ShopwareConnection
from desktop_app.shops.woocommerce import WooCommerceConnection

#: platform name -> its connection class, in the order the platforms are offered
PLATFORMS: dict[str, type[ShopConnection]] = {
    cls.platform: cls
    for cls in (
        WooCommerceConnection,
        ShopwareConnection,
        ShopifyConnection,
    )
}

__all__ = [
    "PLATFORMS",
    "CredentialField",
    "ShopAuthError",
    "ShopConfig",
    "ShopConfigError",
    "ShopConnection",
    "ShopError",
    "ShopOrder",
    "ShopUnavailable",
    "ShopifyConnection",
    "ShopwareConnection",
    "Tracking",
    "WooCommerceConnection",
    "shop_item",
]
