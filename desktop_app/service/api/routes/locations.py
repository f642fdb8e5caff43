"""`GET /v1/pickup_dropoff_locations`: locker stations, post branches and parcel shops near an
address or a point, from the sandbox directory, nearest first."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.models import PickupDropoffLocationList
from desktop_app.domain.sanitize import sanitize_str
from desktop_app.service.api.deps import CurrentKey
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping.locations import (
    DEFAULT_LIMIT,
    DEFAULT_RADIUS_M,
    MAX_LIMIT,
    Point,
    geocode,
    search,
)

router = APIRouter(prefix="/pickup_dropoff_locations", tags=["pickup_dropoff_locations"])

Text = Annotated[str | None, Query(max_length=255)]


def _carriers(text: str) -> frozenset[str]:
    names = {part.strip().casefold() for part in text.split(",") if part.strip()}
    if not names:
        raise ServiceError(400, ["carriers: name at least one carrier, e.g. dhl,hermes"])
    unknown = sorted(names - set(load_catalog().carriers))
    if unknown:
        known = ", ".join(load_catalog().carriers)
        raise ServiceError(400, [f"carriers: unknown carrier {unknown[0]!r}; known: {known}"])
    return frozenset(names)


@router.get(
    "",
    response_model=None,
    responses={200: {"model": PickupDropoffLocationList}, **error_responses(400, 401, 422, 429)},
)
async def find_locations(
    _key: CurrentKey,
    carriers: Annotated[
        str, Query(max_length=255, description="Carrier codes, comma separated: dhl,dpd,hermes.")
    ],
    street: Text = None,
    zip_code: Text = None,
    city: Text = None,
    state: Text = None,
    country: Text = None,
    latitude: Annotated[float | None, Query(ge=-90, le=90)] = None,
    longitude: Annotated[float | None, Query(ge=-180, le=180)] = None,
    radius: Annotated[
        int, Query(ge=1, le=2_147_483_647, description="Search radius in metres.")
    ] = DEFAULT_RADIUS_M,
    limit: Annotated[int, Query(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
) -> dict[str, Any]:
    """Locations of the carriers near `latitude`/`longitude`, or near the address (postcode or
    city; street and state do not move the point in the sandbox), within `radius` metres."""
    wanted = _carriers(carriers)
    if (latitude is None) != (longitude is None):
        raise ServiceError(400, ["latitude: give latitude and longitude together"])
    if latitude is not None and longitude is not None:
        origin = Point(latitude, longitude)
    elif zip_code or city:
        located = geocode(
            sanitize_str(zip_code or ""), sanitize_str(city or ""), sanitize_str(country or "")
        )
        if located is None:
            # a real address the sandbox directory does not cover: nothing near it
            return {"pickup_dropoff_locations": []}
        origin = located
    else:
        raise ServiceError(
            400, ["zip_code: give an address (zip_code or city) or latitude and longitude"]
        )
    del street, state  # accepted as the real service does; the sandbox geocodes by postcode/city
    return {"pickup_dropoff_locations": search(wanted, origin, radius, limit)}
