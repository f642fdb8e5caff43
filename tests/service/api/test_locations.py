"""`GET /v1/pickup_dropoff_locations` end to end over HTTPS: the OpenAPI's parameters, real
distance ordering, geocoding by postcode and city, errors, and the same public directory for
every account (a key is needed)."""

from __future__ import annotations

import math
from typing import Any

import httpx

from desktop_app.service.shipping.locations import Point, distance_m
from tests.fixtures.service import RunningService

PATH = "/v1/pickup_dropoff_locations"
BRANDENBURG_GATE = (52.516275, 13.377704)
ALEXANDERPLATZ = (52.521918, 13.413215)


def _find(client: httpx.Client, **params: Any) -> list[dict[str, Any]]:
    response = client.get(PATH, params=params)
    assert response.status_code == 200, response.text
    return response.json()["pickup_dropoff_locations"]


def _cosine_law_m(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Independent check of the distance: the spherical law of cosines."""
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    c = math.sin(la1) * math.sin(la2) + math.cos(la1) * math.cos(la2) * math.cos(lo2 - lo1)
    return 6_371_008.8 * math.acos(min(1.0, c))


def test_distance_is_the_great_circle() -> None:
    meters = distance_m(Point(*BRANDENBURG_GATE), Point(*ALEXANDERPLATZ))
    assert 2_480 < meters < 2_500  # about 2.49 km across Mitte
    assert abs(meters - _cosine_law_m(BRANDENBURG_GATE, ALEXANDERPLATZ)) < 1.0
    assert distance_m(Point(52.5, 13.4), Point(52.5, 13.4)) == 0.0


def test_nearest_first_by_coordinates(sandbox: httpx.Client) -> None:
    found = _find(sandbox, carriers="dhl,dpd,hermes", latitude=52.52031, longitude=13.38762)
    assert found, "Berlin Mitte has locations"
    assert found[0]["service_point_id"] == "101" and found[0]["distance"] == 0
    distances = [loc["distance"] for loc in found]
    assert distances == sorted(distances)
    for loc in found:
        here = (float(loc["latitude"]), float(loc["longitude"]))
        assert abs(loc["distance"] - _cosine_law_m((52.52031, 13.38762), here)) <= 1
        assert loc["distance_unit_of_measure"] == "M"
        assert loc["city"] == "Berlin"  # 10 km around Mitte: no other city
    assert {loc["carrier_code"] for loc in found} == {"dhl", "dpd", "hermes"}
    first = found[0]
    assert first["name1"] == "Packstation 101" and first["street1"] == "Friedrichstraße"
    assert len(first["pudo_hours"]) == 7 and first["pudo_hours"][0]["day"] == 1
    types = {p["sub_type"] for loc in found for p in loc["pudo_additional_properties"]}
    assert types == {"Locker", "PostOffice", "ParcelShop"}


def test_carriers_radius_and_limit(sandbox: httpx.Client) -> None:
    hamburg = {"latitude": 53.5511, "longitude": 10.0}
    dhl = _find(sandbox, carriers="dhl", **hamburg)
    assert dhl and {loc["carrier_code"] for loc in dhl} == {"dhl"}
    both = _find(sandbox, carriers="dpd, hermes", **hamburg)
    assert both and {loc["carrier_code"] for loc in both} == {"dpd", "hermes"}
    assert _find(sandbox, carriers="ups", **hamburg) == []  # no UPS points in the sandbox
    every = _find(sandbox, carriers="dhl,dpd,hermes", limit=100, **hamburg)
    near = _find(sandbox, carriers="dhl,dpd,hermes", radius=1500, limit=100, **hamburg)
    assert 0 < len(near) < len(every)
    assert all(loc["distance"] <= 1500 for loc in near)
    assert max(loc["distance"] for loc in every) > 1500
    two = _find(sandbox, carriers="dhl,dpd,hermes", limit=2, **hamburg)
    assert two == every[:2]
    assert len(_find(sandbox, carriers="dhl,dpd,hermes", **hamburg)) == min(10, len(every))


def test_address_is_geocoded_by_postcode_or_city(sandbox: httpx.Client) -> None:
    by_zip = _find(sandbox, carriers="dhl", zip_code="51147", city="Köln", country="DE")
    assert by_zip[0]["service_point_id"] == "155"  # Packstation 155 in Porz-Grengel
    assert by_zip[0]["zip_code"] == "51147"
    by_city = _find(sandbox, carriers="dhl", city="Muenchen", street="Marienplatz 1")
    assert by_city and by_city[0]["city"] == "München"
    assert _find(sandbox, carriers="dhl", zip_code="99999", country="DE") == []
    assert _find(sandbox, carriers="dhl", zip_code="10115", country="AT") == []


def test_bad_parameters(sandbox: httpx.Client) -> None:
    def status(**params: Any) -> tuple[int, list[str]]:
        response = sandbox.get(PATH, params=params)
        return response.status_code, response.json()["errors"]

    code, errors = status(carriers="dhl")
    assert code == 400 and errors[0].startswith("zip_code:")
    code, errors = status(carriers="acme", zip_code="10115")
    assert code == 400 and "unknown carrier 'acme'" in errors[0]
    code, errors = status(carriers=" , ", zip_code="10115")
    assert code == 400 and errors[0].startswith("carriers:")
    code, errors = status(carriers="dhl", latitude=52.5)
    assert code == 400 and errors[0].startswith("latitude:")
    assert status(zip_code="10115")[0] == 422  # carriers is required
    assert status(carriers="dhl", zip_code="10115", limit=101)[0] == 422
    assert status(carriers="dhl", latitude=91, longitude=0)[0] == 422


def test_same_directory_for_every_account_and_a_key_needed(
    local_service: RunningService, anonymous: httpx.Client
) -> None:
    a, b = local_service.add_account(), local_service.add_account()
    params = {"carriers": "dhl,dpd,hermes", "zip_code": "50667", "limit": 100}
    with (
        local_service.client(a["sandbox_key"]) as a_client,
        local_service.client(b["live_key"]) as b_client,
    ):
        assert _find(a_client, **params) == _find(b_client, **params)
    assert anonymous.get(PATH, params=params).status_code == 401
