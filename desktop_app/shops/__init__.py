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
