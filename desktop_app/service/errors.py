"""The service's failures, on its lowest floor: every layer raises them, api/errors.py turns
them into HTTP answers `{"errors": [...]}`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.rules import Problem

DEFAULT_MESSAGES = {
    400: "bad request",
    401: "missing or invalid API key",
    403: "not allowed for this account",
    404: "not found",
    405: "method not allowed",
    413: "request body too large",
    415: "unsupported media type: the body must be JSON (application/json)",
    422: "validation failed",
    429: "rate limit exceeded",
    500: "internal error",
}

M = TypeVar("M", bound=BaseModel)


class ServiceError(Exception):
    """An error answered as `{"errors": messages}` with `status`."""

    def __init__(
        self,
        status: int,
        messages: Sequence[str] | str | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        if messages is None:
            messages = [DEFAULT_MESSAGES.get(status, "error")]
        elif isinstance(messages, str):
            messages = [messages]
        super().__init__("; ".join(messages))
        self.status = status
        self.messages = list(messages)
        self.headers = dict(headers or {})

    def __reduce__(self) -> tuple[type[ServiceError], tuple[int, list[str], dict[str, str]]]:
        # rebuilt from its fields when it crosses from a worker process (workers.py)
        return (ServiceError, (self.status, self.messages, self.headers))


def not_found(what: str = "resource") -> ServiceError:
    """404 for a missing resource (also for another account's)."""
    return ServiceError(404, [f"{what} not found"])


def checked(model: type[M], problems: Sequence[Problem], draft: Any) -> M:
    """`draft` as `model` when the rules found no `problems`; else 422 with `path: message`
    strings (the rules' messages, or the model's when the rules let something through)."""
    if problems:
        raise ServiceError(422, [str(p) for p in problems])
    try:
        return model.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
