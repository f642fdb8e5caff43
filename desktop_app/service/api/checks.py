"""A request body checked the service's way: the domain rules first, then the strict model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.rules import Problem
from desktop_app.service.api.errors import ServiceError

M = TypeVar("M", bound=BaseModel)


def checked(model: type[M], problems: Sequence[Problem], draft: Any) -> M:
    """`draft` as `model` when the rules found no `problems`; else 422 with `path: message`
    strings (the rules' messages, or the model's when the rules let something through)."""
    if problems:
        raise ServiceError(422, [str(p) for p in problems])
    try:
        return model.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
