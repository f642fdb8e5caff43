"""Pickup requests (spec 2.8, API-CONTRACT "Pickups")."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from desktop_app.domain.models.address import Address, AddressResponse
from desktop_app.domain.models.base import (
    ListResponse,
    NullableList,
    RequestModel,
    ResponseModel,
    WireDateTime,
)


class PickupTime(RequestModel):
    """The window in which the carrier should come; both ends with a UTC offset."""

    earliest: WireDateTime
    latest: WireDateTime


class ShipmentRef(RequestModel):
    """A reference to a shipment by id."""

    id: str


class PickupRequestCreate(RequestModel):
    """Body of `POST /v1/pickup_requests`; without `shipments` all open ones are collected."""

    carrier: str
    pickup_time: PickupTime
    pickup_address: Address | None = None
    shipments: list[ShipmentRef] | None = None


class PickupTimeInfo(ResponseModel):
    """A returned pickup window."""

    earliest: WireDateTime | None = None
    latest: WireDateTime | None = None


class ShipmentRefInfo(ResponseModel):
    """A returned shipment reference."""

    id: str


class PickupRequest(ResponseModel):
    """A pickup request as returned."""

    id: str
    carrier: str | None = None
    carrier_pickup_number: str | None = Field(
        default=None, description="The carrier's own number for this pickup."
    )
    pickup_time: PickupTimeInfo | None = None
    pickup_address: AddressResponse | None = None
    shipments: Annotated[list[ShipmentRefInfo], NullableList] = []


class PickupRequestList(ListResponse):
    """`GET /v1/pickup_requests`: `{"pickup_requests": [...]}` (a bare array too)."""

    pickup_requests: Annotated[list[PickupRequest], NullableList] = []
