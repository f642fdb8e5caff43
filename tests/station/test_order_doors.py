"""Every door gives the same orders and the same labels: each platform's export (the fixtures
of tests/orders/fixtures/platforms/) dropped into the watched folder and shipped by scanning
its order numbers at the Scan page's flow, run through `packdesk batch`, and imported by
`packdesk orders import` - on profiles with no default carrier or package (the shipping
presets decide) and the product catalogue of products.csv for the weights (and Shopware's
ids said once for the profile)."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from desktop_app.client import ShippingClient
from desktop_app.orders.cli import orders_main
from desktop_app.orders.products import import_products
from desktop_app.orders.watched_folder import WatchedFolder
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.catalogue import Catalogue
from desktop_app.profiles.models import Preferences
from tests.fixtures.service import REPO_ROOT, RunningService
from tests.orders.helpers import SHOPWARE_IDS, make_station
from tests.orders.helpers import Station as StationProfile
from tests.station.conftest import Desk

pytestmark = pytest.mark.timeout(240)

PLATFORMS = Path(__file__).parents[1] / "orders" / "fixtures" / "platforms"
#: every platform's export (Shopware's with its ids said once for the profile)
EXPORTS = [
    "shopify_orders_export.csv",
    "shopware6_orders.csv",
    "woocommerce_advanced_order_export.csv",
    "woocommerce_customer_order_export.csv",
    "amazon_unshipped_orders.txt",
    "ebay_orders_report.csv",
    "ebay_de_orders_report.csv",
    "etsy_sold_order_items.csv",
    "etsy_sold_orders.csv",
    "kaufland_order_units.csv",
    "german_spreadsheet_cp1252.csv",
    "german_spreadsheet_utf8bom.csv",
]


def _presets_only(station: StationProfile) -> StationProfile:
    """The profile with no default carrier or package (its shipping presets decide), and the
    catalogue of products.csv."""
    profile = station.manager.update(
        station.profile.model_copy(update={"preferences": Preferences()})
    )
    catalogue = Catalogue.of_profile(station.manager.profile_data_dir(profile))
    assert import_products(PLATFORMS / "products.csv", catalogue).added == 3
    for kind, ids in SHOPWARE_IDS.items():
        catalogue.learn_shop_ids(kind, ids)
    station.profile = profile
    return station


def _label_facts(shipment: Any) -> tuple[Any, ...]:
    """What a label says about an order: reference, receiver, carrier, service, parcel."""
    wire = shipment.to_wire()
    to = wire.get("to") or {}
    receiver = tuple(to.get(k) for k in ("company", "first_name", "last_name", "street",
                                         "street_no", "zip_code", "city", "country"))  # fmt: skip
    packages = [
        (round(p.get("weight") or 0, 3), p.get("length"), p.get("width"), p.get("height"))
        for p in wire.get("packages") or []
    ]
    return (wire.get("reference_number"), receiver, wire.get("carrier"), wire.get("service"),
            tuple(packages))  # fmt: skip


async def _shipments(client: ShippingClient) -> list[tuple[Any, ...]]:
    return sorted([_label_facts(s) async for s in client.shipments.iter_all()], key=str)


async def _orders(client: ShippingClient) -> list[tuple[Any, ...]]:
    out = []
    async for order in client.orders.iter_all():
        wire = order.to_wire()
        address = {k: v for k, v in (wire.get("delivery_address") or {}).items() if k != "id"}
        items = sorted((i["sku"], i["quantity"], i["price"]) for i in wire["order_line_items"])
        out.append((wire["external_order_id"], tuple(sorted(address.items())), tuple(items),
                    wire.get("total_weight")))  # fmt: skip
    return sorted(out, key=str)


@pytest.mark.parametrize("name", EXPORTS)
async def test_same_orders_and_labels_through_every_door(
    name: str,
    desk: Desk,
    tmp_path: Path,
    local_service: RunningService,
    vprinter: VirtualPrinter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # door 1: the watched folder, then the Scan page's flow scans each order number
    _presets_only(desk.profile)
    desk.station.profile = desk.profile.profile
    desk.station.print_slip = False
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    shutil.copy(PLATFORMS / name, inbox / name)
    (report,) = await WatchedFolder(inbox, settle=0).poll(desk.client, desk.store)
    assert report.status == "done" and not report.refused, report.to_json()
    numbers = [entry["external_order_id"] for entry in report.imported]
    assert len(numbers) == 4
    for number in numbers:
        outcome = await desk.station.scan(number)
        assert outcome.kind == "shipped", outcome
        for job in outcome.jobs:
            assert (await desk.queue.wait_for(job, 60)).state == "done"
    scanned = await _shipments(desk.client)
    watched_orders = await _orders(desk.client)
    assert len(vprinter.jobs) == 4

    # door 2: `packdesk batch` on a station of its own (another account), same printer
    batch_station = _presets_only(
        make_station(tmp_path / "batch", local_service, local_service.add_account()["sandbox_key"])
    )
    batch_station.add_printer(
        PrinterDefinition(name="Zebra", kind="zpl", transport=vprinter.uri, dpi=203, stock="4x6in")
    )
    process = await asyncio.create_subprocess_exec(
        *batch_station.command(str(PLATFORMS / name), "--printer", "Zebra"),
        cwd=REPO_ROOT,
        env=batch_station.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(process.communicate(), 180)
    assert process.returncode == 0, out.decode() + err.decode()
    assert "4 rows: 4 created, 0 failed, 0 invalid" in out.decode(), out.decode()
    assert "4 labels printed on Zebra" in out.decode()
    async with batch_station.client() as client:
        assert await _shipments(client) == scanned
    await vprinter.wait_for_jobs(8)

    # door 3: `packdesk orders import` on a third account stores the same orders
    import_station = _presets_only(
        make_station(tmp_path / "import", local_service, local_service.add_account()["sandbox_key"])
    )
    for key, value in import_station.env().items():
        if key.startswith("PACKDESK_"):
            monkeypatch.setenv(key, value)
    code = await asyncio.to_thread(
        orders_main, ["import", str(PLATFORMS / name), "--profile", "Station"]
    )
    assert code == 0
    async with import_station.client() as client:
        assert await _orders(client) == watched_orders
