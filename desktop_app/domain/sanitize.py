"""Request sanitising (spec 1): trim every string, drop control characters, recursively."""

from __future__ import annotations

import re
from typing import Any, TypeVar

# Unicode category Cc (C0, DEL, C1) plus lone surrogates, which JSON can carry but no
# UTF-8 encoder (SQLite, httpx, a label renderer) accepts. Format characters (Cf) stay:
# zero-width joiners are part of emoji and of names in several scripts.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")

T = TypeVar("T")


def sanitize_str(text: str) -> str:
    """Remove control characters, then trim whitespace at both edges."""
    # Fast path for the usual case: printable ASCII has no control character to remove.
    if text.isascii() and text.isprintable():
        return text.strip()
    # Removing first, trimming second: removal can bring whitespace to an edge.
    return _CONTROL.sub("", text).strip()


def sanitize(value: T) -> T:
    """Sanitise every string in `value` (dict keys and values, list and tuple items).

    Other types pass unchanged. Idempotent: `sanitize(sanitize(x)) == sanitize(x)`. When two
    dict keys become equal after sanitising, the later one wins.
    """
    return _sanitize(value)  # type: ignore[no-any-return]


def _sanitize(value: Any) -> Any:
    if isinstance(value, str):
        return sanitize_str(value)
    if isinstance(value, dict):
        return {_sanitize(k): _sanitize(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_sanitize(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_sanitize(v) for v in value)
    return value
