"""Carrier descriptions, the current user, error bodies."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, RootModel

from desktop_app.domain.models.base import NullableList, ResponseModel


class CarrierDescription(ResponseModel):
    """One entry of `GET /v1/carriers`."""

    name: str = Field(description="Carrier code, e.g. dhl.")
    display_name: str | None = None
    services: Annotated[list[str], NullableList] = []
    package_types: Annotated[list[str], NullableList] = []
    additional_services: Annotated[list[str], NullableList] = []
    label_formats: dict[str, list[str]] = Field(
        default_factory=dict, description="Label formats offered per service."
    )


class CarrierList(RootModel[list[CarrierDescription]]):
    """`GET /v1/carriers`: a bare JSON array of carrier descriptions."""

    def by_name(self) -> dict[str, CarrierDescription]:
        """The carriers keyed by code."""
        return {c.name: c for c in self.root}


class Me(ResponseModel):
    """`GET /v1/me`: the account of the key used, and which system it belongs to."""

    id: str
    email: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    customer_no: str | None = None
    environment: Literal["sandbox", "production"]


class ErrorBody(ResponseModel):
    """Every error response: `{"errors": ["path: message", ...]}`."""

    errors: Annotated[list[str], NullableList] = []

    @classmethod
    def of(cls, *messages: str) -> ErrorBody:
        """An error body holding `messages`."""
        return cls(errors=list(messages))

    def to_wire(self) -> dict[str, Any]:
        """The JSON body (errors always present, even empty)."""
        return {"errors": list(self.errors)}
