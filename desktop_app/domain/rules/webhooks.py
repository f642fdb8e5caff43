"""Rules of a webhook subscription (`POST /v1/webhooks`): its URL, events and security."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from desktop_app.domain.events import is_valid_event_pattern
from desktop_app.domain.rules.checks import check_text
from desktop_app.domain.rules.problems import Problem, Problems, as_draft, guard

WEBHOOK_FIELDS = frozenset({"url", "event_types", "security"})
MAX_URL_LENGTH = 2048


def validate_webhook(draft: Any, *, live: bool) -> list[Problem]:
    """Problems of a `POST /v1/webhooks` body; `live` demands an https URL."""
    return guard("", lambda: _webhook(as_draft(draft), live))


def _webhook(d: Any, live: bool) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The webhook must be a JSON object.")
        return out
    for key in d:
        if key not in WEBHOOK_FIELDS:
            out.add(str(key), "unknown_field", "A webhook has only url, event_types and security.")

    url = check_text(
        out, d.get("url"), "url", required=True, max_len=MAX_URL_LENGTH, what="the URL"
    )
    if url is not None:
        _check_url(out, url.strip(), live)

    types = d.get("event_types")
    if types is None or types == []:
        out.add("event_types", "required", "Choose at least one event type.")
    elif not isinstance(types, list):
        out.add("event_types", "invalid_type", "Enter the event types as a list.")
    else:
        seen: set[str] = set()
        for i, t in enumerate(types):
            path = f"event_types[{i}]"
            if not isinstance(t, str) or not is_valid_event_pattern(t):
                out.add(
                    path,
                    "invalid_event_type",
                    "Use an event type such as shipment.tracking.delivered, or a catch-all "
                    "such as shipment.* or *.",
                )
            elif t in seen:
                out.add(path, "duplicate_event_type", f"{t} is listed twice.")
            else:
                seen.add(t)

    security = d.get("security")
    if security is not None:
        if not isinstance(security, dict):
            out.add("security", "invalid_type", "Enter the security settings as an object.")
        else:
            stype = security.get("type", "basic_auth")
            if stype != "basic_auth":
                out.add(
                    "security.type",
                    "invalid_security_type",
                    "The only security type is basic_auth.",
                )
            check_text(
                out,
                security.get("username"),
                "security.username",
                required=True,
                max_len=255,
                what="the user name for basic authentication",
            )
            check_text(out, security.get("password"), "security.password", max_len=255)
    return out


def _check_url(out: Problems, url: str, live: bool) -> None:
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        host, parts = None, None
    if parts is None or parts.scheme not in ("http", "https") or not host or " " in url:
        out.add("url", "invalid_url", "Enter a full web address, e.g. https://example.com/hooks.")
        return
    if live and parts.scheme != "https":
        out.add("url", "https_required", "Live webhooks must use an https:// address.")
