"""Webhook event types (spec 6.2) and matching of subscriptions with wildcards."""

from __future__ import annotations

from collections.abc import Iterable

#: Tracking statuses that appear as `shipment.tracking.<status>` events (spec 3.2).
TRACKING_STATUSES: tuple[str, ...] = (
    "label_created",
    "picked_up",
    "transit",
    "out_for_delivery",
    "delivered",
    "awaits_pickup_by_receiver",
    "canceled",
    "delayed",
    "exception",
    "not_delivered",
    "destroyed",
    "notification",
    "unknown",
)

#: Sent when a shipment is deleted; its `data` has no `url`.
DELETED_EVENT = "shipment.status.deleted"

#: The subscribable event types: the 14 of spec 6.2.
EVENT_TYPES: tuple[str, ...] = (
    DELETED_EVENT,
    *(f"shipment.tracking.{status}" for status in TRACKING_STATUSES),
)

#: The type of a test delivery (`POST /v1/webhooks/{id}/test`); not subscribable.
TEST_EVENT_TYPE = "example.event"

#: Wildcard subscriptions; they also receive event types added in the future.
CATCH_ALL_PATTERNS: tuple[str, ...] = (
    "*",
    "shipment.*",
    "shipment.status.*",
    "shipment.tracking.*",
)


def tracking_event_type(status: str) -> str:
    """The event type fired when a shipment reaches tracking `status`."""
    return f"shipment.tracking.{status}"


def is_valid_event_pattern(pattern: str) -> bool:
    """True for a known event type, or a catch-all whose only `*` is its last element.

    Catch-alls must name a known namespace (`shipment.*`, `shipment.tracking.*`), so
    `shipmnet.*` is caught as a typo; `*.tracking`, `shipment.*.x` and `shi*` are invalid.
    """
    if pattern in EVENT_TYPES:
        return True
    if pattern == "*":
        return True
    if not pattern.endswith(".*"):
        return False
    prefix = pattern[:-1]  # keeps the trailing dot
    if "*" in prefix:
        return False
    return any(t.startswith(prefix) for t in EVENT_TYPES)


def event_matches(pattern: str, event_type: str) -> bool:
    """Whether a subscription `pattern` receives events of `event_type`.

    `*` matches everything; `a.b.*` matches every type below `a.b.` (also future ones);
    anything else matches only itself.
    """
    if pattern == "*":
        return True
    if pattern.endswith(".*"):
        return event_type.startswith(pattern[:-1])
    return pattern == event_type


def matches_any(patterns: Iterable[str], event_type: str) -> bool:
    """Whether any of a webhook's `event_types` matches `event_type`."""
    return any(event_matches(p, event_type) for p in patterns)
