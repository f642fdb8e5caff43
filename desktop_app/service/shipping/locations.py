"""Pickup and drop-off locations: the sandbox directory under `resources/locations/`, a small
postcode geocoder, and the search by distance (great-circle, haversine)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from desktop_app.resources import resource_path

EARTH_RADIUS_M = 6_371_008.8  # mean radius (IUGG)
DEFAULT_RADIUS_M = 10_000
DEFAULT_LIMIT = 10
MAX_LIMIT = 100


@dataclass(frozen=True)
class Point:
    """A place in WGS84 degrees."""

    latitude: float
    longitude: float


def distance_m(a: Point, b: Point) -> float:
    """Great-circle distance in metres (haversine on the mean earth radius)."""
    lat1, lat2 = math.radians(a.latitude), math.radians(b.latitude)
    dlat = lat2 - lat1
    dlon = math.radians(b.longitude - a.longitude)
    h = math.sin(dlat / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin(dlon / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(h)))


@lru_cache(maxsize=1)
def _directory() -> tuple[dict[str, Any], ...]:
    path = resource_path("locations", "pickup_dropoff_locations.json")
    with path.open(encoding="utf-8") as fh:
        return tuple(json.load(fh)["locations"])


@lru_cache(maxsize=1)
def _geo() -> dict[str, Any]:
    with resource_path("locations", "postcodes_de.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


def _city_key(name: str) -> str:
    text = " ".join(name.split()).casefold()
    for umlaut, plain in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        text = text.replace(umlaut, plain)
    return text


def geocode(zip_code: str | None, city: str | None, country: str | None) -> Point | None:
    """The centre of the postcode, else of the city, from the sandbox table; None when unknown
    (another country, or a place the table does not have)."""
    geo = _geo()
    if country and country.strip().upper() != geo["country"]:
        return None
    postcodes: dict[str, Any] = geo["postcodes"]
    found = postcodes.get((zip_code or "").strip())
    if found is None and city:
        names = {_city_key(name): name for name in geo["city_centres"]}
        names.update({alias: name for alias, name in geo["aliases"].items()})
        name = names.get(_city_key(city))
        found = postcodes.get(geo["city_centres"][name]) if name else None
    if found is None:
        return None
    return Point(float(found["latitude"]), float(found["longitude"]))


def known_carriers() -> frozenset[str]:
    """Carriers the directory has locations of."""
    return frozenset(entry["carrier_code"] for entry in _directory())


def search(
    carriers: frozenset[str], origin: Point, radius_m: int, limit: int
) -> list[dict[str, Any]]:
    """Locations of `carriers` within `radius_m` of `origin`, nearest first (ties by id), at
    most `limit`, each with its `distance` in whole metres."""
    found = []
    for entry in _directory():
        if entry["carrier_code"] not in carriers:
            continue
        here = Point(float(entry["latitude"]), float(entry["longitude"]))
        meters = distance_m(origin, here)
        if meters <= radius_m:
            found.append((meters, entry["service_point_id"], entry))
    found.sort(key=lambda item: (item[0], item[1]))
    return [
        {**entry, "distance": round(meters), "distance_unit_of_measure": "M"}
        for meters, _, entry in found[:limit]
    ]
