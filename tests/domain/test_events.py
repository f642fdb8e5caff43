"""Event types and wildcard matching of webhook subscriptions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop_app.domain.events import (
    CATCH_ALL_PATTERNS,
    DELETED_EVENT,
    EVENT_TYPES,
    TEST_EVENT_TYPE,
    TRACKING_STATUSES,
    event_matches,
    is_valid_event_pattern,
    matches_any,
    tracking_event_type,
)

REFERENCE = Path(__file__).parents[2] / ".." / "shared" / "reference" / "shipcloud_v1_oai3.json"


def test_the_fourteen_types_of_the_spec() -> None:
    assert len(EVENT_TYPES) == 14 == len(set(EVENT_TYPES))
    assert DELETED_EVENT == "shipment.status.deleted" and DELETED_EVENT in EVENT_TYPES
    assert len(TRACKING_STATUSES) == 13
    assert tracking_event_type("delivered") in EVENT_TYPES
    assert TEST_EVENT_TYPE == "example.event" and TEST_EVENT_TYPE not in EVENT_TYPES


def test_same_enumeration_as_the_reference() -> None:
    if not REFERENCE.is_file():
        pytest.skip(f"reference OpenAPI document not found at {REFERENCE}")
    doc = json.loads(REFERENCE.read_text(encoding="utf-8"))
    enum = set(doc["components"]["schemas"]["webhook_event_types"]["enum"])
    assert enum == set(EVENT_TYPES) | set(CATCH_ALL_PATTERNS)


@pytest.mark.parametrize("pattern", [*EVENT_TYPES, *CATCH_ALL_PATTERNS])
def test_valid_patterns(pattern: str) -> None:
    assert is_valid_event_pattern(pattern)


@pytest.mark.parametrize(
    "pattern",
    [
        "*.tracking",
        "shipment.*.x",
        "shipment.*.delivered",
        "shi*",
        "shipment*",
        "shipment.tracking*",
        "**",
        ".*",
        "*.*",
        "",
        "shipmnet.*",  # typo of a namespace
        "shipment.tracking.*.*",
        "shipment.tracking.delivered.*",
        "shipment.tracking.teleported",  # not a known type
        "example.event",  # test deliveries are not subscribable
        "Shipment.tracking.delivered",
        " shipment.*",
    ],
)
def test_invalid_patterns(pattern: str) -> None:
    assert not is_valid_event_pattern(pattern)


@pytest.mark.parametrize(
    ("pattern", "event_type", "expected"),
    [
        ("*", "shipment.tracking.delivered", True),
        ("*", "shipment.status.deleted", True),
        ("*", "order.created", True),  # catch-alls receive future events too
        ("shipment.*", "shipment.status.deleted", True),
        ("shipment.*", "shipment.tracking.transit", True),
        ("shipment.*", "shipments.tracking.transit", False),
        ("shipment.tracking.*", "shipment.tracking.delivered", True),
        ("shipment.tracking.*", "shipment.tracking.new_thing", True),
        ("shipment.tracking.*", "shipment.status.deleted", False),
        ("shipment.tracking.*", "shipment.tracking", False),
        ("shipment.status.*", "shipment.status.deleted", True),
        ("shipment.status.*", "shipment.tracking.delayed", False),
        ("shipment.tracking.delivered", "shipment.tracking.delivered", True),
        ("shipment.tracking.delivered", "shipment.tracking.delayed", False),
        ("shipment.tracking.deliver", "shipment.tracking.delivered", False),
    ],
)
def test_event_matches(pattern: str, event_type: str, expected: bool) -> None:
    assert event_matches(pattern, event_type) is expected


def test_every_type_matched_by_star_and_by_itself_only_among_types() -> None:
    for event_type in EVENT_TYPES:
        assert event_matches("*", event_type)
        assert [t for t in EVENT_TYPES if event_matches(event_type, t)] == [event_type]
        assert event_matches("shipment.*", event_type)


def test_matches_any() -> None:
    assert matches_any(["shipment.tracking.delayed", "shipment.status.*"], DELETED_EVENT)
    assert not matches_any(["shipment.tracking.delayed"], DELETED_EVENT)
    assert not matches_any([], DELETED_EVENT)
