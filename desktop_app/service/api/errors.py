"""HTTP answers for the service's failures: the body `{"errors": [...]}` and the handlers that
produce it (the failures themselves are service/errors.py's)."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from desktop_app.service.errors import DEFAULT_MESSAGES, ServiceError

log = logging.getLogger("packdesk.service")

UNAUTHORIZED_HEADERS = {"WWW-Authenticate": 'Basic realm="Packdesk local Shipping Service"'}


def unauthorized(message: str = "missing or invalid API key") -> ServiceError:
    """401 with the Basic challenge."""
    return ServiceError(401, [message], UNAUTHORIZED_HEADERS)


def error_response(
    status: int, messages: Sequence[str], headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The JSON error response."""
    return JSONResponse({"errors": list(messages)}, status_code=status, headers=dict(headers or {}))


def _loc_path(loc: Sequence[Any]) -> str:
    """`("query", "page")` -> `page`; nested locations joined like the domain paths."""
    parts = [p for p in loc if p not in ("query", "path", "body", "header")]
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "request"


async def _service_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ServiceError)
    return error_response(exc.status, exc.messages, exc.headers)


async def _http_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    status = exc.status_code
    detail = exc.detail if isinstance(exc.detail, str) and exc.detail else None
    message = DEFAULT_MESSAGES.get(status, detail or "error")
    if status == 404:
        message = "not found"
    headers = dict(exc.headers or {})
    if status == 401:
        headers.update(UNAUTHORIZED_HEADERS)
    return error_response(status, [message], headers)


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    messages = [f"{_loc_path(e.get('loc', ()))}: {e.get('msg', 'invalid')}" for e in exc.errors()]
    return error_response(422, messages or ["validation failed"])


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers; unexpected exceptions are answered by the middleware (500)."""
    app.add_exception_handler(ServiceError, _service_error)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
