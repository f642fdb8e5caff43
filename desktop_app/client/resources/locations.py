"""`/v1/pickup_dropoff_locations`: locker stations, post branches and parcel shops nearby."""

from __future__ import annotations

from collections.abc import Iterable

from desktop_app.client._paging import query
from desktop_app.client.resources._resource import Resource, parse, unwrap
from desktop_app.client.types import PickupDropoffLocation


class Locations(Resource):
    """Pickup and drop-off locations."""

    async def find(
        self,
        carriers: Iterable[str],
        *,
        street: str | None = None,
        zip_code: str | None = None,
        city: str | None = None,
        state: str | None = None,
        country: str | None = None,
        latitude: float | None = None,
        longitude: float | None = None,
        radius: int | None = None,
        limit: int | None = None,
    ) -> list[PickupDropoffLocation]:
        """Locations of `carriers` near the address or the point, nearest first."""
        params = query(
            {
                "carriers": ",".join(carriers),
                "street": street,
                "zip_code": zip_code,
                "city": city,
                "state": state,
                "country": country,
                "latitude": latitude,
                "longitude": longitude,
                "radius": radius,
                "limit": limit,
            }
        )
        response = await self._client._request("GET", "pickup_dropoff_locations", params=params)
        items = unwrap(response.json(), "pickup_dropoff_locations")
        return [parse(PickupDropoffLocation, item) for item in items]
