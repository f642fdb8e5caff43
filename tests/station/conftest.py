"""Fixtures of the station tests: a desk on the test service (own account), its store, print
queue with the virtual printer, orders inbox and scan flow."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from desktop_app.client import ShippingClient
from desktop_app.client.journaled_creation import ShipmentCreator
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue import PrintQueue
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.store import ProfileStore
from desktop_app.station.flow import Station
from desktop_app.station.inbox import OrdersInbox
from tests.fixtures.service import RunningService
from tests.orders.helpers import Station as StationProfile
from tests.orders.helpers import make_station

MUG, TEA, BOOK = "4006381333931", "4006381333948", "9783161484100"


def order_body(number: str, *, country: str = "DE", items: list[tuple[str, int]] | None = None,
               weight: float | None = 0.4) -> dict[str, Any]:  # fmt: skip
    """An order for `POST /v1/orders`: a receiver in `country`, items (GTIN, quantity)."""
    zips = {"DE": "80331", "AT": "1010", "NL": "1012 AB"}
    lines = []
    for n, (gtin, quantity) in enumerate(items or [(MUG, 1)]):
        line: dict[str, Any] = {
            "sku": f"SKU-{gtin[-4:]}",
            "title": {"fallback": f"Artikel {gtin[-4:]}"},
            "quantity": quantity,
            "price": 10.0 + n,
            "vat": 1.9,
            "currency": "EUR",
            "gtin": gtin,
        }
        if weight is not None:
            line["weight"] = weight
            line["weight_unit"] = "kg"
        lines.append(line)
    body: dict[str, Any] = {
        "external_order_id": number,
        "placed_at": "2026-11-24T09:30:00Z",
        "currency": "EUR",
        "total_price": sum(li["price"] * li["quantity"] for li in lines),
        "total_vat": sum(li["vat"] * li["quantity"] for li in lines),
        "delivery_address": {
            "first_name": "Erika",
            "last_name": f"Kundin {number}",
            "street": "Nebenweg",
            "street_no": "12a",
            "zip_code": zips[country],
            "city": "Stadt",
            "country": country,
        },
        "order_line_items": lines,
    }
    if weight is not None:
        body["total_weight"] = round(sum(weight * q for _, q in items or [(MUG, 1)]), 3)
        body["weight_unit"] = "kg"
    return body


@dataclass
class Desk:
    """Everything a station runs on, in this process."""

    profile: StationProfile
    store: ProfileStore
    client: ShippingClient
    queue: PrintQueue
    printer: PrinterDefinition
    inbox: OrdersInbox
    station: Station

    async def add_orders(self, *bodies: dict[str, Any]) -> None:
        """Store orders on the service and read them into the inbox."""
        for body in bodies:
            await self.client.orders.create(body)
        await self.inbox.refresh(force=True)


@pytest.fixture
async def desk(
    tmp_path: Path,
    local_service: RunningService,
    vprinter: VirtualPrinter,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[Desk]:
    monkeypatch.delenv("PACKDESK_API_KEY", raising=False)
    account = local_service.add_account()
    profile = make_station(tmp_path, local_service, account["sandbox_key"])
    printer = PrinterDefinition(
        name="Zebra", kind="zpl", transport=vprinter.uri, dpi=203, stock="4x6in"
    )
    queue = PrintQueue(tmp_path / "queue.sqlite", {"Zebra": printer})
    await queue.start()
    store = profile.manager.open_store(profile.profile)
    try:
        async with profile.client() as client:
            inbox = OrdersInbox(store, client)
            station = Station(
                profile.profile, inbox, ShipmentCreator(client, store), queue, printer
            )
            yield Desk(profile, store, client, queue, printer, inbox, station)
    finally:
        await queue.close()
        store.close()
