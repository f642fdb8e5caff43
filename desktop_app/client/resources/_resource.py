"""Common helpers of the resource groups."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel

if TYPE_CHECKING:
    from desktop_app.client._base import BaseClient

M = TypeVar("M", bound=BaseModel)

Body = BaseModel | Mapping[str, Any]


def wire(body: Body) -> Any:
    """The JSON body of a request model or a plain mapping (wire names, no nulls)."""
    if isinstance(body, BaseModel):
        return body.model_dump(mode="json", by_alias=True, exclude_none=True)
    return dict(body)


def parse(model: type[M], data: Any) -> M:
    """A response model from JSON (responses are lenient: unknown fields are kept)."""
    return model.model_validate(data)


def unwrap(data: Any, key: str) -> list[Any]:
    """The items of a wrapped list `{key: [...]}` (a bare list is accepted too)."""
    if isinstance(data, list):
        return data
    if isinstance(data, dict):
        items = data.get(key)
        return items if isinstance(items, list) else []
    return []


class Resource:
    """One group of endpoints sharing the client's transport."""

    def __init__(self, client: BaseClient) -> None:
        self._client = client
