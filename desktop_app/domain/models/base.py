"""Base classes and field types shared by every API model.

Requests are strict: unknown fields and wrong JSON types are rejected, so a client's mistake
surfaces as a message instead of a silent coercion (`"1.5"` is not a number, `true` is not
one either; `1` and `1.5` both are). Responses are lenient: unknown fields are kept and
values are coerced where pydantic can, so that a new field or a number sent as a string by
the real service never breaks the app.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Annotated, Any

from pydantic import (
    AwareDatetime,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Strict,
    model_validator,
)
from pydantic_core import PydanticCustomError

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class WireModel(BaseModel):
    """Common base: wire names on output (`from`, `else`), Python names accepted on input."""

    # populate_by_name rather than validate_by_name, and spelt out in each class rather than
    # shared through **: the pydantic mypy plugin reads only literal keywords it knows, and
    # without them `ShipmentRequest(from_=...)` would not type-check.
    model_config = ConfigDict(populate_by_name=True, serialize_by_alias=True)

    def to_wire(self) -> dict[str, Any]:
        """The JSON-ready body as sent over the wire: aliases, ISO dates, no nulls."""
        return self.model_dump(mode="json", by_alias=True, exclude_none=True)


class RequestModel(WireModel):
    """A request body: strict types, unknown fields rejected."""

    model_config = ConfigDict(
        populate_by_name=True, serialize_by_alias=True, extra="forbid", strict=True
    )


class ResponseModel(WireModel):
    """A response body: lax types, unknown fields kept (see `model_extra`)."""

    # coerce_numbers_to_str: a zip code or house number sent as a JSON number still reads.
    model_config = ConfigDict(
        populate_by_name=True,
        serialize_by_alias=True,
        extra="allow",
        strict=False,
        coerce_numbers_to_str=True,
    )


def _iso_date(value: Any) -> Any:
    """Accept a date or a `YYYY-MM-DD` string only (no timestamps, no datetimes)."""
    if isinstance(value, datetime):
        raise PydanticCustomError("date_format", "Input should be a date in the form YYYY-MM-DD")
    if isinstance(value, date):
        return value
    if isinstance(value, str) and _ISO_DATE.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            raise PydanticCustomError("date_value", "Input should be a valid date") from None
    raise PydanticCustomError("date_format", "Input should be a date in the form YYYY-MM-DD")


#: A calendar date written `YYYY-MM-DD` on the wire.
IsoDate = Annotated[date, BeforeValidator(_iso_date)]

#: An ISO 8601 timestamp with a UTC offset; strings are parsed even inside strict requests.
WireDateTime = Annotated[AwareDatetime, Strict(False)]


def none_as_empty(value: Any) -> Any:
    """Read a JSON null as an empty list (responses of the real service send either)."""
    return [] if value is None else value


#: Marker for response list fields: null on the wire becomes [].
NullableList = BeforeValidator(none_as_empty)


def wrap_bare_list(key: str, value: Any) -> Any:
    """Accept a bare JSON array where a wrapper object `{key: [...]}` is expected."""
    if isinstance(value, list):
        return {key: value}
    return value


class ListResponse(ResponseModel):
    """A list response `{key: [...]}` whose one field is that list; a bare array reads too."""

    @model_validator(mode="before")
    @classmethod
    def _bare(cls, value: Any) -> Any:
        (key,) = cls.model_fields  # the subclass's one field, named as on the wire
        return wrap_bare_list(key, value)
