"""client.locations: carrier service points near an address, nearest first, with opening hours."""

from __future__ import annotations

from desktop_app.client import ShippingClient


async def test_locations(fresh_client: ShippingClient) -> None:
    found = await fresh_client.locations.find(["dhl"], zip_code="51147", city="Köln", radius=20_000)
    assert len(found) >= 3
    assert (
        len(await fresh_client.locations.find(["dhl"], zip_code="51147", radius=20_000, limit=2))
        == 2
    )
    first = found[0]
    assert (first.carrier_code, first.service_point_id, first.location_type) == (
        "dhl",
        "155",
        "Locker",
    )
    assert first.hours_text() == "Mo-Su 00:00-24:00"
    assert [loc.distance for loc in found] == sorted(loc.distance or 0 for loc in found)
    branch = next(loc for loc in found if loc.location_type == "PostOffice")
    assert branch.hours_text() == "Mo-Fr 09:00-18:00, Sa 09:00-13:00"
    assert await fresh_client.locations.find(["dhl"], zip_code="99999") == []
