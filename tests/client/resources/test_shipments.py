"""Every resource method of ShippingClient against the real local service over HTTPS."""

from __future__ import annotations

import asyncio
import json
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from desktop_app.client import NotFoundError, ShippingClient
from desktop_app.domain.models import (
    Address,
    AddressResponse,
    CarrierDescription,
    Me,
    Quote,
    Shipment,
    ShipmentRequest,
    Webhook,
    WebhookCreate,
)
from tests.client.conftest import shipment_request, watched_client
from tests.fixtures.receiver import Receiver
from tests.fixtures.service import RunningService
from tests.payloads import PACKAGE, RECEIVER, SENDER


async def test_me_reports_the_sandbox(client: ShippingClient) -> None:
    me = await client.me()
    assert isinstance(me, Me)
    assert me.environment == "sandbox"
    assert me.id


async def test_create_get_list_update_delete_shipment(client: ShippingClient) -> None:
    reference = f"R-{uuid.uuid4().hex[:10]}"
    request = ShipmentRequest.model_validate(shipment_request(reference_number=reference))
    created = await client.shipments.create(request)
    assert isinstance(created, Shipment)
    assert len(created.id) == 40
    assert created.reference_number == reference
    assert created.label_url and created.label_url.startswith("https://")
    assert created.carrier_tracking_no

    fetched = await client.shipments.get(created.id)
    assert fetched.id == created.id
    assert fetched.to is not None and fetched.to.last_name == RECEIVER["last_name"]

    listed = await client.shipments.list(reference_number=reference)
    assert [s.id for s in listed] == [created.id]
    since = await client.shipments.list(
        reference_number=reference, created_at_gt=datetime.now(UTC) - timedelta(hours=1)
    )
    assert [s.id for s in since] == [created.id]

    # a prepared shipment (no label yet) may be replaced
    prepared = await client.shipments.create(
        shipment_request(create_shipping_label=False, reference_number=reference + "p")
    )
    assert prepared.label_url is None
    updated = await client.shipments.update(
        prepared.id,
        shipment_request(create_shipping_label=False, reference_number=reference + "u"),
    )
    assert updated.id == prepared.id
    assert updated.reference_number == reference + "u"

    await client.shipments.delete(prepared.id)
    with pytest.raises(NotFoundError):
        await client.shipments.get(prepared.id)


async def test_paging_helpers_walk_every_page(client: ShippingClient) -> None:
    reference = f"P-{uuid.uuid4().hex[:10]}"
    created = await asyncio.gather(
        *(client.shipments.create(shipment_request(reference_number=reference)) for _ in range(5))
    )
    first_page = await client.shipments.list(reference_number=reference, per_page=2, page=1)
    assert len(first_page) == 2
    seen = [s.id async for s in client.shipments.iter_all(reference_number=reference, per_page=2)]
    assert sorted(seen) == sorted(s.id for s in created)
    limited = [s async for s in client.shipments.iter_all(reference_number=reference, limit=3)]
    assert len(limited) == 3


async def test_label_download_sends_no_key(client_service: object) -> None:

    assert isinstance(client_service, RunningService)
    seen: list[tuple[str, bool]] = []

    async def record(request: object) -> None:

        assert isinstance(request, httpx.Request)
        seen.append((request.url.path, "authorization" in request.headers))

    async with watched_client(client_service, record) as client:
        shipment = await client.shipments.create(shipment_request())
        assert shipment.label_url
        data = await client.labels.download(shipment.label_url)
    assert data.startswith(b"%PDF")
    api_calls = [auth for path, auth in seen if path.startswith("/v1/shipments")]
    label_calls = [auth for path, auth in seen if not path.startswith("/v1/shipments")]
    assert api_calls == [True]
    assert label_calls == [False]


async def test_zpl_label(client: ShippingClient) -> None:
    shipment = await client.shipments.create(
        shipment_request(label={"format": "zpl2_100x70mm_203dpi"})
    )
    assert shipment.label_url
    data = await client.labels.download(shipment.label_url)
    assert data.lstrip().startswith(b"^XA")


async def test_addresses(client: ShippingClient) -> None:
    created = await client.addresses.create(Address.model_validate(SENDER))
    assert isinstance(created, AddressResponse)
    assert created.id and created.company == SENDER["company"]
    fetched = await client.addresses.get(created.id)
    assert fetched.city == SENDER["city"]
    listed = await client.addresses.list(per_page=100)
    assert created.id in {a.id for a in listed}
    everything = [a.id async for a in client.addresses.iter_all(per_page=1)]
    assert created.id in everything
    # a shipment may refer to the stored address by id alone
    shipment = await client.shipments.create(shipment_request(**{"from": {"id": created.id}}))
    assert shipment.from_ is not None and shipment.from_.company == SENDER["company"]


async def test_carriers(client: ShippingClient) -> None:
    carriers = await client.carriers.list()
    assert all(isinstance(c, CarrierDescription) for c in carriers)
    by_name = {c.name: c for c in carriers}
    assert {"dhl", "dpd", "dpag", "ups", "hermes"} <= set(by_name)
    assert "zpl2_100x70mm_203dpi" in by_name["dhl"].label_formats["standard"]


async def test_quote(client: ShippingClient) -> None:
    quote = await client.quotes.create(
        {
            "carrier": "dhl",
            "service": "standard",
            "from": SENDER,
            "to": RECEIVER,
            "package": PACKAGE,
        }
    )
    assert isinstance(quote, Quote)
    assert quote.price >= 0


async def test_webhooks(client: ShippingClient, webhook_receiver: Receiver) -> None:
    created = await client.webhooks.create(
        WebhookCreate.model_validate(
            {"url": webhook_receiver.url, "event_types": ["shipment.tracking.*"]}
        )
    )
    assert isinstance(created, Webhook)
    assert created.url == webhook_receiver.url
    assert (await client.webhooks.get(created.id)).id == created.id
    assert created.id in {w.id for w in await client.webhooks.list()}
    assert created.id in {w.id async for w in client.webhooks.iter_all()}

    await client.webhooks.test(created.id)
    delivered = await asyncio.to_thread(webhook_receiver.wait_for, 1)
    assert delivered[0].json()["type"] == "example.event"

    reactivated = await client.webhooks.reactivate(created.id)
    assert reactivated.deactivated is False

    await client.webhooks.delete(created.id)
    with pytest.raises(NotFoundError):
        await client.webhooks.get(created.id)


#: a parcel to the UK crosses a customs border: a small gift declared
GIFT: dict[str, Any] = {
    "contents_type": "gift",
    "currency": "EUR",
    "total_value_amount": 20,
    "items": [
        {
            "origin_country": "DE",
            "description": "Paperback novel",
            "quantity": 1,
            "value_amount": "20",
            "net_weight": 0.4,
        }
    ],
}


async def test_writes_go_out_in_the_carriers_spelling(client_service: RunningService) -> None:
    """ "de" and "sw1a1aa" pass the rules; what leaves the desk is "DE" and "SW1A 1AA"."""
    sent: list[dict[str, Any]] = []

    async def record(request: httpx.Request) -> None:
        if request.method in ("POST", "PUT"):
            sent.append(json.loads(request.content))

    async with watched_client(client_service, record) as client:
        to = {**RECEIVER, "country": "gb", "zip_code": "sw1a1aa", "city": "London"}
        shipment = await client.shipments.create(
            shipment_request(to=to, create_shipping_label=False, customs_declaration=GIFT)
        )
        changed = shipment_request(
            to={**to, "zip_code": "ec1a1bb"}, create_shipping_label=False, customs_declaration=GIFT
        )
        await client.shipments.update(shipment.id, changed)
        await client.addresses.create({**RECEIVER, "country": "nl", "zip_code": "1011ab"})
    assert [(b["to"]["country"], b["to"]["zip_code"]) for b in sent[:2]] == [
        ("GB", "SW1A 1AA"),
        ("GB", "EC1A 1BB"),
    ]
    assert (sent[2]["country"], sent[2]["zip_code"]) == ("NL", "1011 AB")
