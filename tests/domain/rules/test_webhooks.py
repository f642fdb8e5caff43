"""Webhook target rules (`rules.webhooks`, POST /v1/webhooks), table-driven."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.rules import (
    validate_webhook,
)
from tests.domain.rules.drafts import DELETE, changed, pairs

# -- POST /v1/webhooks ---------------------------------------------------------------------

HOOK = {"url": "https://shop.example.com/hooks/shipping", "event_types": ["shipment.*"]}


@pytest.mark.parametrize(
    ("changes", "live"),
    [
        ({}, True),
        ({"url": "http://localhost:8080/hook"}, False),
        ({"event_types": ["*"]}, True),
        ({"event_types": ["shipment.tracking.delivered", "shipment.status.deleted"]}, True),
        ({"security": {"type": "basic_auth", "username": "u", "password": "p"}}, True),
        ({"security": {"username": "u"}}, True),
    ],
)
def test_webhook_passes(changes: dict[str, Any], live: bool) -> None:
    assert validate_webhook(changed(HOOK, changes), live=live) == []


@pytest.mark.parametrize(
    ("changes", "live", "path", "code"),
    [
        ({"url": DELETE}, False, "url", "required"),
        ({"url": "http://shop.example.com/h"}, True, "url", "https_required"),
        ({"url": "shop.example.com/h"}, False, "url", "invalid_url"),
        ({"url": "ftp://shop.example.com/h"}, False, "url", "invalid_url"),
        ({"url": "https://"}, False, "url", "invalid_url"),
        ({"url": "https://host:99999/"}, False, "url", "invalid_url"),
        ({"url": "https://x.example/" + "a" * 2048}, False, "url", "too_long"),
        ({"event_types": []}, True, "event_types", "required"),
        ({"event_types": "shipment.*"}, True, "event_types", "invalid_type"),
        (
            {"event_types": ["shipment.*", "*.tracking"]},
            True,
            "event_types[1]",
            "invalid_event_type",
        ),
        ({"event_types": ["shipmnet.*"]}, True, "event_types[0]", "invalid_event_type"),
        ({"event_types": [5]}, True, "event_types[0]", "invalid_event_type"),
        ({"event_types": ["*", "*"]}, True, "event_types[1]", "duplicate_event_type"),
        ({"security": {"type": "basic_auth"}}, True, "security.username", "required"),
        (
            {"security": {"type": "oauth", "username": "u"}},
            True,
            "security.type",
            "invalid_security_type",
        ),
        ({"security": "basic"}, True, "security", "invalid_type"),
        ({"id": "x"}, True, "id", "unknown_field"),
    ],
)
def test_webhook_fails(changes: dict[str, Any], live: bool, path: str, code: str) -> None:
    assert (path, code) in pairs(validate_webhook(changed(HOOK, changes), live=live))


def test_webhook_garbage() -> None:
    assert pairs(validate_webhook([], live=True)) == [("", "not_an_object")]
