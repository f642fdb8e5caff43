"""Trackers (reference OpenAPI `tracker_object`): a tracking number followed like a shipment."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field

from desktop_app.domain.models.address import AddressResponse
from desktop_app.domain.models.base import ListResponse, NullableList, RequestModel, ResponseModel
from desktop_app.domain.models.shipment import TrackingEvent


class TrackerCreate(RequestModel):
    """Body of `POST /v1/trackers`."""

    carrier_tracking_no: str
    carrier: str


class Tracker(ResponseModel):
    """A tracker: a carrier tracking number followed like a shipment."""

    id: str
    carrier_tracking_no: str | None = None
    carrier: str | None = None
    status: str | None = None
    created_at: datetime | None = None
    tracking_status_updated_at: datetime | None = None
    last_polling_at: datetime | None = None
    next_polling_at: datetime | None = None
    shipment_id: str | None = None
    to: AddressResponse | None = None
    from_: AddressResponse | None = Field(default=None, alias="from")
    tracking_events: Annotated[list[TrackingEvent], NullableList] = []


class TrackerList(ListResponse):
    """`GET /v1/trackers`: `{"trackers": [...]}`."""

    trackers: Annotated[list[Tracker], NullableList] = []
