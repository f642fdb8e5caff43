"""client.shipments against the real local service over HTTPS: create, get, list, update,
delete, the paging helpers, and the carrier's spelling of what goes out."""

from __future__ import annotations

import asyncio
import json
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest

from desktop_app.client import NotFoundError, ShippingClient
from desktop_app.domain.models import Shipment, ShipmentRequest
from tests.client.conftest import shipment_request, watched_client
from tests.fixtures.service import RunningService
from tests.payloads import GIFT_DECLARATION, RECEIVER


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


async def test_writes_go_out_in_the_carriers_spelling(client_service: RunningService) -> None:
    """ "de" and "sw1a1aa" pass the rules; what leaves the desk is "DE" and "SW1A 1AA"."""
    sent: list[dict[str, Any]] = []

    async def record(request: httpx.Request) -> None:
        if request.method in ("POST", "PUT"):
            sent.append(json.loads(request.content))

    async with watched_client(client_service, record) as client:
        to = {**RECEIVER, "country": "gb", "zip_code": "sw1a1aa", "city": "London"}
        shipment = await client.shipments.create(
            shipment_request(
                to=to, create_shipping_label=False, customs_declaration=GIFT_DECLARATION
            )
        )
        changed = shipment_request(
            to={**to, "zip_code": "ec1a1bb"},
            create_shipping_label=False,
            customs_declaration=GIFT_DECLARATION,
        )
        await client.shipments.update(shipment.id, changed)
        await client.addresses.create({**RECEIVER, "country": "nl", "zip_code": "1011ab"})
    assert [(b["to"]["country"], b["to"]["zip_code"]) for b in sent[:2]] == [
        ("GB", "SW1A 1AA"),
        ("GB", "EC1A 1BB"),
    ]
    assert (sent[2]["country"], sent[2]["zip_code"]) == ("NL", "1011 AB")
