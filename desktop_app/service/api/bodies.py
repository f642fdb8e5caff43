"""Reading request bodies: JSON only (415), size-capped (413), parsed (400), sanitised.

Every endpoint with a body uses `JsonObject` (or `read_json_object`) so that the checks run
in the same order everywhere: content type, size, JSON syntax, object shape, size bounds
(domain/bounds.py: entries per array, characters per text...), sanitising.

The work is bounded before it starts: a body whose separators alone promise more values than
`bounds.MAX_VALUES` allows is refused unparsed, and a body over `INLINE_BYTES` is parsed,
bounded, checked and sanitised in the body-check worker process (`ctx.checks`, workers.py), so
that the event loop only reads the bytes and takes back the result, a pickled dict (the
largest body allowed: ~2 ms); json.loads in a thread would hold the GIL, and so the loop,
for its whole run.
"""

from __future__ import annotations

import json
import math
from typing import Annotated, Any

from fastapi import Depends, Request

from desktop_app.domain.bounds import MAX_VALUES, size_problem
from desktop_app.domain.sanitize import sanitize
from desktop_app.domain.unicode_text import not_text_problems
from desktop_app.service.errors import ServiceError
from desktop_app.service.workers import WorkerPool

# deeper bodies are refused before any recursive code (sanitize, rules) sees them
MAX_DEPTH = 32
JSON_MEDIA_TYPES = ("application/json",)
# bodies larger than this are checked in the body-check worker
INLINE_BYTES = 16 * 1024


def values_at_most(raw: bytes) -> int:
    """An upper bound on the JSON values in `raw`, from its bytes (C speed, before parsing):
    every value but the first of a container follows a comma (separators inside strings only
    raise the bound)."""
    return raw.count(b",") + raw.count(b"[") + raw.count(b"{") + 1


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number out of range: {text[:40]}")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _depth_ok(value: Any, limit: int = MAX_DEPTH) -> bool:
    """True when containers nest at most `limit` deep (iterative: no recursion limit)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


def is_json_content_type(header: str | None) -> bool:
    """`application/json` or any `application/*+json`, parameters allowed."""
    if not header:
        return False
    media = header.split(";", 1)[0].strip().lower()
    return media in JSON_MEDIA_TYPES or (
        media.startswith("application/") and media.endswith("+json")
    )


def parse_json_bytes(raw: bytes) -> Any:
    """Parse strictly (no NaN/Infinity, finite numbers, UTF-8), else ServiceError 400."""
    if not raw.strip():
        raise ServiceError(400, ["request body is empty; send a JSON object"])
    try:
        text = raw.decode("utf-8-sig")
        data = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except RecursionError:
        raise ServiceError(400, ["malformed JSON: nested too deeply"]) from None
    except (UnicodeDecodeError, ValueError) as exc:
        raise ServiceError(400, [f"malformed JSON: {str(exc)[:200]}"]) from None
    if not _depth_ok(data):
        raise ServiceError(400, [f"malformed JSON: nested deeper than {MAX_DEPTH} levels"])
    return data


async def read_body_bytes(request: Request, max_bytes: int) -> bytes:
    """The raw body, refusing more than `max_bytes` by header and while streaming (413)."""
    length = request.headers.get("content-length")
    if length is not None:
        if not length.strip().isdigit():
            raise ServiceError(400, ["invalid Content-Length header"])
        if int(length) > max_bytes:
            raise ServiceError(413, [f"request body too large: at most {max_bytes} bytes"])
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > max_bytes:
            raise ServiceError(413, [f"request body too large: at most {max_bytes} bytes"])
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json_object(request: Request) -> dict[str, Any]:
    """The sanitised JSON object of the request body (415, 413, 400 on the way)."""
    if not is_json_content_type(request.headers.get("content-type")):
        raise ServiceError(
            415,
            ["unsupported media type: send the body as JSON with Content-Type: application/json"],
        )
    max_bytes: int = request.app.state.ctx.settings.max_body_bytes
    raw = await read_body_bytes(request, max_bytes)
    if values_at_most(raw) > 2 * MAX_VALUES:
        raise ServiceError(413, [f"request body too large: more than {MAX_VALUES} values"])
    if len(raw) <= INLINE_BYTES:
        return checked_object(raw)
    checks: WorkerPool = request.app.state.ctx.checks
    return await checks.run(checked_object, raw)


def checked_object(raw: bytes) -> dict[str, Any]:
    """Parsed, a JSON object, within the size bounds, text only, sanitised (else ServiceError)."""
    data = parse_json_bytes(raw)
    if not isinstance(data, dict):
        raise ServiceError(400, ["the request body must be a JSON object"])
    problem = size_problem(data)
    if problem is not None:
        raise ServiceError(422, [problem])
    problems = not_text_problems(data)
    if problems:
        raise ServiceError(422, problems)
    return sanitize(data)


def preload_checks() -> None:
    """What a body-check worker loads before its first body (its warm-up): these checks and
    the domain rules and models of the largest bodies (the orders module pulls them in)."""
    import desktop_app.service.shipping.orders  # noqa: F401 - imported to load it

    checked_object(b"{}")


JsonObject = Annotated[dict[str, Any], Depends(read_json_object)]
