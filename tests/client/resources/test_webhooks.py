"""client.webhooks: subscriptions created, listed, tested with a delivery to a real receiver,
reactivated and deleted."""

from __future__ import annotations

import asyncio

import pytest

from desktop_app.client import NotFoundError, ShippingClient
from desktop_app.domain.models import Webhook, WebhookCreate
from tests.fixtures.receiver import Receiver


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
