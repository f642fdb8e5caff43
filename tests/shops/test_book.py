"""Shop connections of a profile: credentials in the secret store only, HTTPS only, a test
shop for a sandbox profile and a live shop for a live one; and the WooCommerce test server
refuses what the published reference refuses (so the connector's tests can fail)."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from desktop_app.profiles.secrets import EnvSecretStore, FileSecretStore
from desktop_app.shops import ShopConfig, ShopConfigError
from desktop_app.shops.book import ShopBook
from tests.fixtures.shops.woocommerce import KEY, SECRET, make_order
from tests.shops.conftest import RunningWoo

CREDENTIALS = {"consumer_key": "ck_" + "1" * 40, "consumer_secret": "cs_" + "2" * 40}


def book(tmp_path: Path, environment: str = "sandbox") -> ShopBook:
    secrets = EnvSecretStore(FileSecretStore(tmp_path / "secrets.json"))
    return ShopBook(tmp_path / "profile", "p-1", environment, secrets)


def config(environment: str = "test", url: str = "https://shop.example") -> ShopConfig:
    return ShopConfig(name="Woo", platform="woocommerce", url=url,
                      environment=environment)  # type: ignore[arg-type]  # fmt: skip


def test_credentials_live_in_the_secret_store_not_in_the_shops_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PACKDESK_API_KEY", "the-api-key-override")
    shops = book(tmp_path)
    shops.add(config(), CREDENTIALS)

    text = shops.path.read_text(encoding="utf-8")
    assert CREDENTIALS["consumer_secret"] not in text and "consumer" not in text
    assert shops.credentials("woo") == CREDENTIALS  # not the API key override
    assert [c.name for c in shops.list()] == ["Woo"]
    shops.remove("Woo")
    assert shops.list() == [] and shops.credentials("Woo") == {}


@pytest.mark.parametrize("url", ["http://shop.example", "shop.example", "ftp://shop.example"])
def test_only_https_shops(url: str) -> None:
    with pytest.raises(ShopConfigError, match="https://"):
        config(url=url)


def test_a_sandbox_profile_never_gets_a_live_shop(tmp_path: Path) -> None:
    with pytest.raises(ShopConfigError, match="live shop and belongs to a live profile"):
        book(tmp_path, "sandbox").add(config("live"), CREDENTIALS)
    with pytest.raises(ShopConfigError, match="test shop and belongs to a sandbox profile"):
        book(tmp_path, "live").add(config("test"), CREDENTIALS)


def test_a_shop_added_before_is_refused_when_the_profile_does_not_fit(tmp_path: Path) -> None:
    book(tmp_path, "sandbox").add(config("test"), CREDENTIALS)
    with pytest.raises(ShopConfigError, match="sandbox profile, not a live one"):
        book(tmp_path, "live").connect("Woo")


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/orders?status=shipped", None),  # no such status
        ("GET", "/orders?modified_since=2026-01-01", None),  # no such parameter
        ("PUT", "/orders/701", {"status": "shipped"}),
        ("PUT", "/orders/701", {"number": "9"}),  # read-only
        ("POST", "/orders/701/notes", {"customer_note": True}),  # `note` is mandatory
    ],
)
def test_the_test_server_refuses_what_the_reference_refuses(
    woo: RunningWoo, method: str, path: str, body: object
) -> None:
    woo.shop.add(make_order(1))
    with httpx.Client(verify=woo.server.ssl_context(), auth=(KEY, SECRET)) as http:
        answer = http.request(method, f"{woo.server.base_url}/wp-json/wc/v3{path}", json=body)
    assert answer.status_code == 400
    assert len(woo.shop.violations) == 1
    woo.shop.violations.clear()
