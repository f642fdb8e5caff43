"""The client itself: who the key belongs to (`me`)."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from desktop_app.domain.models import Me


async def test_me_reports_the_sandbox(client: ShippingClient) -> None:
    me = await client.me()
    assert isinstance(me, Me)
    assert me.environment == "sandbox"
    assert me.id
