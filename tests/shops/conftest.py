"""The shop test servers as fixtures; a test that made a request the platform's published
schema refuses fails."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from desktop_app.shops import (
    ShopConfig,
    ShopifyConnection,
    ShopwareConnection,
    WooCommerceConnection,
)
from tests.fixtures.shops.server import ShopServer, serve
from tests.fixtures.shops.shopify import TOKEN as SHOPIFY_TOKEN
from tests.fixtures.shops.shopify import ShopifyShop, shopify_app
from tests.fixtures.shops.shopware import CLIENT_ID, CLIENT_SECRET, ShopwareShop, shopware_app
from tests.fixtures.shops.woocommerce import KEY, SECRET, WooShop, woocommerce_app


@dataclass
class RunningWoo:
    shop: WooShop
    server: ShopServer

    def config(self, name: str = "Woo", environment: str = "test") -> ShopConfig:
        return ShopConfig(name=name, platform="woocommerce", url=self.server.base_url,
                          environment=environment)  # type: ignore[arg-type]  # fmt: skip

    def connect(self, page_size: int = 10, **credentials: str) -> WooCommerceConnection:
        creds = {"consumer_key": KEY, "consumer_secret": SECRET, **credentials}
        return WooCommerceConnection(
            self.config(), creds, verify=self.server.ssl_context(), page_size=page_size
        )


@pytest.fixture(scope="session")
def woo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[WooShop, ShopServer]]:
    holder = WooShop()
    app = woocommerce_app(holder)
    with serve(app, Path(tmp_path_factory.mktemp("woo-tls"))) as server:
        yield holder, server


@pytest.fixture
def woo(woo_server: tuple[WooShop, ShopServer]) -> Iterator[RunningWoo]:
    holder, server = woo_server
    holder.__dict__.update(WooShop().__dict__)  # a fresh shop behind the same server
    yield RunningWoo(holder, server)
    assert holder.violations == [], "requests the WooCommerce reference refuses"


@dataclass
class RunningShopware:
    shop: ShopwareShop
    server: ShopServer

    def connect(self, page_size: int = 10, **credentials: str) -> ShopwareConnection:
        creds = {"client_id": CLIENT_ID, "client_secret": CLIENT_SECRET, **credentials}
        config = ShopConfig(name="Shopware", platform="shopware6", url=self.server.base_url,
                            environment="test")  # fmt: skip
        return ShopwareConnection(
            config, creds, verify=self.server.ssl_context(), page_size=page_size
        )


@pytest.fixture(scope="session")
def shopware_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[ShopwareShop, ShopServer]]:
    holder = ShopwareShop()
    with serve(shopware_app(holder), Path(tmp_path_factory.mktemp("sw-tls"))) as server:
        yield holder, server


@pytest.fixture
def shopware(shopware_server: tuple[ShopwareShop, ShopServer]) -> Iterator[RunningShopware]:
    holder, server = shopware_server
    holder.__dict__.update(ShopwareShop().__dict__)  # a fresh shop behind the same server
    yield RunningShopware(holder, server)
    assert holder.violations == [], "requests the Shopware Admin API schema refuses"


@dataclass
class RunningShopify:
    shop: ShopifyShop
    server: ShopServer

    def connect(self, page_size: int = 10, **credentials: str) -> ShopifyConnection:
        config = ShopConfig(name="Shopify", platform="shopify", url=self.server.base_url,
                            environment="test")  # fmt: skip
        return ShopifyConnection(
            config,
            {"access_token": SHOPIFY_TOKEN, **credentials},
            verify=self.server.ssl_context(),
            page_size=page_size,
        )


@pytest.fixture(scope="session")
def shopify_server(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[tuple[ShopifyShop, ShopServer]]:
    holder = ShopifyShop()
    with serve(shopify_app(holder), Path(tmp_path_factory.mktemp("shopify-tls"))) as server:
        yield holder, server


@pytest.fixture
def shopify(shopify_server: tuple[ShopifyShop, ShopServer]) -> Iterator[RunningShopify]:
    holder, server = shopify_server
    holder.__dict__.update(ShopifyShop().__dict__)  # a fresh shop behind the same server
    yield RunningShopify(holder, server)
    assert holder.violations == [], "requests the Shopify Admin GraphQL schema refuses"
