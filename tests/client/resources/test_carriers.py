"""client.carriers: the carriers the service offers, their services and label formats."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from desktop_app.domain.models import CarrierDescription


async def test_carriers(client: ShippingClient) -> None:
    carriers = await client.carriers.list()
    assert all(isinstance(c, CarrierDescription) for c in carriers)
    by_name = {c.name: c for c in carriers}
    assert {"dhl", "dpd", "dpag", "ups", "hermes"} <= set(by_name)
    assert "zpl2_100x70mm_203dpi" in by_name["dhl"].label_formats["standard"]
