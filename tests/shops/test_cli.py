"""`packdesk shops add/list/remove/sync` on a station profile with the WooCommerce test
server: orders into the service, the label's tracking number back to the shop."""

from __future__ import annotations

import json

import pytest

from desktop_app.profiles.store import OrderOrigin
from desktop_app.shops.cli import shops_main
from tests.fixtures.shops.woocommerce import KEY, SECRET, make_order
from tests.orders.conftest import on_station, station  # noqa: F401  (fixtures)
from tests.orders.helpers import Station
from tests.profiles.store_child import shipment
from tests.shops.conftest import RunningWoo


def lines(capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_add_sync_write_back_list_remove(
    on_station: Station,  # noqa: F811
    woo: RunningWoo,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("PACKDESK_SHOP_CONSUMER_KEY", KEY)
    monkeypatch.setenv("PACKDESK_SHOP_CONSUMER_SECRET", SECRET)
    monkeypatch.setenv("SSL_CERT_FILE", str(woo.server.ca_file))  # the shop's CA, as a system's
    base = ["--profile", "Station", "--name", "Woo"]
    woo.shop.add(make_order(1), make_order(2))

    insecure = [*base, "--platform", "woocommerce", "--environment", "test"]
    assert shops_main(["add", *insecure, "--url", "http://127.0.0.1:1"]) == 2
    assert shops_main(["add", *base, "--platform", "woocommerce", "--url",
                       woo.server.base_url, "--environment", "live"]) == 2  # fmt: skip
    assert shops_main(["add", *insecure, "--url", woo.server.base_url]) == 0
    capsys.readouterr()

    assert shops_main(["sync", *base]) == 0
    assert {str(line["external_order_id"]) for line in lines(capsys)} == {"701", "702"}

    data = shipment(1, "ef")
    data["reference_number"] = "701"
    with on_station.manager.open_store(on_station.profile) as store:
        made_for = OrderOrigin(number="701", shop="Woo", shop_order_id="701")
        store.add_shipment(data, b"%PDF-1.4 label", "pdf_a6", order=made_for)
    assert shops_main(["sync", *base]) == 0
    assert {"external_order_id": "701", "tracking_written": True} in lines(capsys)
    assert woo.shop.orders[701]["status"] == "completed" and len(woo.shop.notes[701]) == 1

    assert shops_main(["list", "--profile", "Station"]) == 0
    [listed] = lines(capsys)
    assert listed["write_backs"] == {"pending": 0, "written": 1, "failed": 0}
    assert SECRET not in json.dumps(listed)
    assert shops_main(["remove", *base]) == 0
    assert shops_main(["list", "--profile", "Station"]) == 0
    assert lines(capsys) == []
