"""Pickup and drop-off locations (`GET /v1/pickup_dropoff_locations`): locker stations, post
branches and parcel shops with opening hours and distance."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from desktop_app.domain.models.base import ListResponse, NullableList, ResponseModel

DAY_NAMES = ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su")


class OpeningHours(ResponseModel):
    """One opening period of one weekday (1 = Monday ... 7 = Sunday)."""

    type: str | None = None
    day: int = Field(ge=1, le=7)
    time_from: str
    time_until: str


class LocationProperty(ResponseModel):
    """A typed property, e.g. `{"type": "LocationType", "sub_type": "Locker"}`."""

    type: str | None = None
    sub_type: str | None = None
    value: str | None = None


class PickupDropoffLocation(ResponseModel):
    """A location where parcels are dropped off or picked up."""

    carrier_code: str
    service_point_id: str = Field(description="The station, branch or shop number.")
    name1: str | None = None
    street1: str | None = None
    house_number: str | None = None
    zip_code: str | None = None
    city: str | None = None
    country_code: str | None = None
    latitude: str | None = None
    longitude: str | None = None
    distance: int | None = None
    distance_unit_of_measure: str | None = None
    telephone_number: str | None = None
    pudo_hours: Annotated[list[OpeningHours], NullableList] = []
    pudo_additional_properties: Annotated[list[LocationProperty], NullableList] = []

    @property
    def location_type(self) -> str | None:
        """`Locker`, `PostOffice`, `ParcelShop` ... (the LocationType property), or None."""
        for prop in self.pudo_additional_properties:
            if prop.type == "LocationType":
                return prop.sub_type
        return None

    def hours_text(self) -> str:
        """Opening hours in one line: `Mo-Fr 09:00-18:00, Sa 09:00-13:00` (days with the same
        periods grouped when consecutive); `0-24` periods read `00:00-24:00`."""
        periods: dict[int, list[str]] = {}
        for hours in sorted(self.pudo_hours, key=lambda h: (h.day, h.time_from)):
            periods.setdefault(hours.day, []).append(f"{hours.time_from}-{hours.time_until}")
        groups: list[tuple[int, int, str]] = []
        for day in sorted(periods):
            text = " ".join(periods[day])
            if groups and groups[-1][1] == day - 1 and groups[-1][2] == text:
                groups[-1] = (groups[-1][0], day, text)
            else:
                groups.append((day, day, text))
        parts = []
        for first, last, text in groups:
            days = (
                DAY_NAMES[first - 1]
                if first == last
                else f"{DAY_NAMES[first - 1]}-{DAY_NAMES[last - 1]}"
            )
            parts.append(f"{days} {text}")
        return ", ".join(parts)


class PickupDropoffLocationList(ListResponse):
    """`{"pickup_dropoff_locations": [...]}` (a bare array is read too)."""

    pickup_dropoff_locations: Annotated[list[PickupDropoffLocation], NullableList] = []
