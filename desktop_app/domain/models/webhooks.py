"""Webhooks (spec 2.7) and event payloads (spec 6.1)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field

from desktop_app.domain.models.base import (
    ListResponse,
    NullableList,
    RequestModel,
    ResponseModel,
    WireDateTime,
)


class WebhookSecurityCreate(RequestModel):
    """Basic auth the service sends with each delivery; the password is optional."""

    type: Literal["basic_auth"] = "basic_auth"
    username: str
    password: str | None = None


class WebhookCreate(RequestModel):
    """Body of `POST /v1/webhooks`."""

    url: str = Field(description="HTTPS address that receives the event deliveries.")
    event_types: list[str] = Field(
        description="Event types or catch-alls (`*`, `shipment.*`, `shipment.tracking.*`)."
    )
    security: WebhookSecurityCreate | None = None


class WebhookPatch(RequestModel):
    """Body of Packdesk's `PATCH /v1/webhooks/{id}`: `{"deactivated": false}` reactivates."""

    deactivated: bool


class WebhookSecurity(ResponseModel):
    """The `security` of a returned webhook: only its type, never credentials."""

    # Anything else the service might echo (username, password) is dropped, not kept.
    model_config = ConfigDict(extra="ignore")

    type: str | None = None


class Webhook(ResponseModel):
    """A webhook record: id, url, event_types, plus `deactivated` and `security.type`."""

    id: str
    url: str
    event_types: Annotated[list[str], NullableList] = []
    deactivated: bool = Field(default=False, description="True after 15 failed deliveries.")
    security: WebhookSecurity | None = None


class WebhookList(ListResponse):
    """`GET /v1/webhooks`: `{"webhooks": [...]}` (a bare array is accepted too)."""

    webhooks: Annotated[list[Webhook], NullableList] = []


class EventData(ResponseModel):
    """The `data` of an event: which shipment, never its details."""

    id: str = Field(description="Shipment id.")
    url: str | None = Field(
        default=None, description="`/v1/shipments/<id>`; absent for shipment.status.deleted."
    )
    object_type: str = Field(default="shipment", description="Always `shipment`.")


class EventPayload(ResponseModel):
    """The JSON body POSTed to a webhook URL (spec 6.1; `occured_at` is spelled so)."""

    id: str = Field(description="Unique event id.")
    webhook_id: str
    occured_at: WireDateTime = Field(description="When it happened, ISO 8601 with UTC offset.")
    type: str = Field(description="Event type, e.g. shipment.tracking.delivered.")
    data: EventData
