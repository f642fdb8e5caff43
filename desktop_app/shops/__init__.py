"""Shop connections (WooCommerce, ...): a base class, one module per platform, a registry."""

from __future__ import annotations

from desktop_app.shops.base import (
    ShopAuthError,
    ShopConfig,
    ShopConfigError,
    ShopConnection,
    ShopError,
    ShopItem,
    ShopOrder,
    ShopUnavailable,
    Tracking,
)
from desktop_app.shops.shopify import ShopifyConnection
from desktop_app.shops.shopware import ShopwareConnection
from desktop_app.shops.woocommerce import WooCommerceConnection

#: platform name -> its connection class
PLATFORMS: dict[str, type[ShopConnection]] = {
    cls.platform: cls for cls in (WooCommerceConnection, ShopwareConnection, ShopifyConnection)
}

__all__ = [
    "PLATFORMS",
    "ShopAuthError",
    "ShopConfig",
    "ShopConfigError",
    "ShopConnection",
    "ShopError",
    "ShopItem",
    "ShopOrder",
    "ShopUnavailable",
    "ShopifyConnection",
    "ShopwareConnection",
    "Tracking",
    "WooCommerceConnection",
]
