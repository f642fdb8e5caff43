"""Rules of addresses, webhooks, pickup requests, quotes and routing rules (table-driven)."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.rules import (
    Problem,
    validate_address,
    validate_pickup_request,
    validate_quote_request,
    validate_routing_rule,
    validate_webhook,
)
from tests.domain.test_rules import DELETE, changed, parcel, receiver, sender


def _pairs(problems: list[Problem]) -> list[tuple[str, str]]:
    assert all(p.code != "internal_error" for p in problems), problems
    return [(p.path, p.code) for p in problems]


# -- POST /v1/addresses --------------------------------------------------------------------


@pytest.mark.parametrize(
    "address",
    [
        sender(),
        receiver(),
        {"partner_id": "A1B2C3D"},
        {
            "company": "Firma",
            "street": "Weg 1",
            "zip_code": "1010",
            "city": "Wien",
            "country": "AT",
        },
    ],
)
def test_address_passes(address: dict[str, Any]) -> None:
    assert validate_address(address) == []


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"first_name": DELETE}, "first_name", "contact_required"),
        ({"street": DELETE}, "street", "required"),
        ({"country": "Germany"}, "country", "invalid_country"),
        ({"email": "nobody"}, "email", "invalid_email"),
        ({"phone": "phone"}, "phone", "invalid_phone"),
        ({"city": "c" * 51}, "city", "too_long"),
        ({"id": "given-by-client"}, "id", "not_allowed"),
        ({"partner_id": "nope"}, "partner_id", "partner_invalid_id"),
    ],
)
def test_address_fails(changes: dict[str, Any], path: str, code: str) -> None:
    assert (path, code) in _pairs(validate_address(changed(receiver(), changes)))


def test_address_path_prefix() -> None:
    problems = validate_address({"company": "X"}, path="pickup_address")
    assert ("pickup_address.street", "required") in _pairs(problems)


def test_address_partner_id_alone_checked() -> None:
    assert _pairs(validate_address({"partner_id": "abc"})) == [("partner_id", "partner_invalid_id")]


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
    assert (path, code) in _pairs(validate_webhook(changed(HOOK, changes), live=live))


def test_webhook_garbage() -> None:
    assert _pairs(validate_webhook([], live=True)) == [("", "not_an_object")]


# -- POST /v1/pickup_requests --------------------------------------------------------------

PICKUP = {
    "carrier": "ups",
    "pickup_time": {"earliest": "2024-05-03T09:00:00+02:00", "latest": "2024-05-03T17:00:00+02:00"},
    "pickup_address": sender(),
    "shipments": [{"id": "a" * 40}, {"id": "b" * 40}],
}


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"carrier": "dpd", "pickup_address": DELETE, "shipments": DELETE},
        {"carrier": "hermes", "pickup_time.latest": "2024-05-03T16:00:00Z"},
    ],
)
def test_pickup_passes(changes: dict[str, Any]) -> None:
    assert validate_pickup_request(changed(PICKUP, changes)) == []


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"carrier": DELETE}, "carrier", "required"),
        ({"carrier": "gls"}, "carrier", "unknown_carrier"),
        ({"carrier": "dhl"}, "carrier", "pickup_not_offered"),
        ({"pickup_time": DELETE}, "pickup_time", "required"),
        ({"pickup_time.earliest": "tomorrow"}, "pickup_time.earliest", "invalid_datetime"),
        ({"pickup_time.latest": "2024-05-03T17:00:00"}, "pickup_time.latest", "invalid_datetime"),
        (
            {"pickup_time.latest": "2024-05-03T08:00:00+02:00"},
            "pickup_time.latest",
            "pickup_window_order",
        ),
        ({"pickup_address.company": "c" * 28}, "pickup_address.company", "too_long"),
        (
            {"pickup_address.street": "s" * 70, "pickup_address.street_no": "1234"},
            "pickup_address.street_no",
            "too_long",
        ),
        ({"shipments": "all"}, "shipments", "invalid_type"),
        ({"shipments": [{"id": ""}]}, "shipments[0].id", "required"),
        ({"shipments": ["abc"]}, "shipments[0]", "invalid_type"),
        ({"shipments": [{"id": "a"}, {"id": "a"}]}, "shipments[1].id", "duplicate_shipment"),
    ],
)
def test_pickup_fails(changes: dict[str, Any], path: str, code: str) -> None:
    assert (path, code) in _pairs(validate_pickup_request(changed(PICKUP, changes)))


# -- POST /v1/shipment_quotes --------------------------------------------------------------

QUOTE = {
    "carrier": "dhl",
    "service": "standard",
    "from": {
        "street": "Hauptstraße",
        "street_no": "1",
        "zip_code": "10115",
        "city": "Berlin",
        "country": "DE",
    },
    "to": {
        "street": "Nebenweg",
        "street_no": "2",
        "zip_code": "80331",
        "city": "München",
        "country": "DE",
    },
    "package": parcel(),
}


@pytest.mark.parametrize(
    "changes",
    [{}, {"carrier": "ups", "package": DELETE, "packages": [parcel(), parcel()]}],
)
def test_quote_passes(changes: dict[str, Any]) -> None:
    assert validate_quote_request(changed(QUOTE, changes)) == []


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"carrier": "gls"}, "carrier", "unknown_carrier"),
        ({"service": "one_day"}, "service", "service_not_offered"),
        ({"to": DELETE}, "to", "required"),
        ({"to.country": "ZZ"}, "to.country", "invalid_country"),
        ({"package": DELETE}, "package", "no_package"),
        ({"package.weight": 40}, "package.weight", "too_heavy"),
    ],
)
def test_quote_fails(changes: dict[str, Any], path: str, code: str) -> None:
    assert (path, code) in _pairs(validate_quote_request(changed(QUOTE, changes)))


# -- routing rules -------------------------------------------------------------------------

RULE = {
    "name": "Heavy abroad with UPS",
    "root": {
        "condition": {"field": "to.country", "op": "ne", "value": "DE"},
        "then": [
            {
                "condition": {"field": "package.weight", "op": "gt", "value": 31.5},
                "then": [{"allow": [{"carrier": "ups"}]}],
                "else": [{"deny": [{"carrier": "dpd", "service": "one_day"}]}],
            }
        ],
        "else": [{"allow": [{"carrier": "dhl"}, {"carrier": "dpd"}]}],
    },
}


@pytest.mark.parametrize(
    "changes",
    [
        {},
        {"root": {"deny": [{"carrier": "hermes", "service": "returns"}]}},
        {"root.condition": {"field": "to.zip_code", "op": "prefix", "value": ["80", "81"]}},
        {"root.condition": {"field": "direction", "op": "eq", "value": "returns"}},
        {"root.condition": {"field": "to.country", "op": "in", "value": ["at", "CH"]}},
        {"root.condition": {"field": "package.type", "op": "in", "value": ["books", "letter"]}},
    ],
)
def test_routing_rule_passes(changes: dict[str, Any]) -> None:
    assert validate_routing_rule(changed(RULE, changes)) == []


def test_routing_rule_passes_as_model() -> None:
    from desktop_app.domain.models.routing import RoutingRuleCreate

    assert validate_routing_rule(RoutingRuleCreate.model_validate(RULE)) == []


@pytest.mark.parametrize(
    ("changes", "path", "code"),
    [
        ({"name": DELETE}, "name", "required"),
        ({"root": DELETE}, "root", "required"),
        ({"root": {"allow": []}}, "root.allow", "required"),
        (
            {"root": {"allow": [{"carrier": "dhl"}], "deny": [{"carrier": "ups"}]}},
            "root",
            "invalid_rule_node",
        ),
        ({"root": {"then": []}}, "root", "invalid_rule_node"),
        ({"root.condition.field": "weight"}, "root.condition.field", "invalid_rule_field"),
        ({"root.condition.op": "~"}, "root.condition.op", "invalid_rule_op"),
        ({"root.condition.value": None}, "root.condition.value", "required"),
        ({"root.condition.op": "in"}, "root.condition.value", "invalid_rule_value"),
        (
            {"root.then[0].condition.value": "heavy"},
            "root.then[0].condition.value",
            "invalid_rule_value",
        ),
        (
            {"root.then[0].then[0].allow[0].carrier": "gls"},
            "root.then[0].then[0].allow[0].carrier",
            "unknown_carrier",
        ),
        (
            {"root.then[0].else[0].deny[0].service": "express"},
            "root.then[0].else[0].deny[0].service",
            "service_not_offered",
        ),
        ({"root.else": "dhl"}, "root.else", "invalid_type"),
        ({"root.condition.value": "Germany"}, "root.condition.value", "invalid_rule_value"),
        (
            {"root.condition": {"field": "direction", "op": "eq", "value": "inbound"}},
            "root.condition.value",
            "invalid_rule_value",
        ),
        (
            {"root.condition": {"field": "package.type", "op": "in", "value": ["parcel", "box"]}},
            "root.condition.value",
            "invalid_rule_value",
        ),
    ],
)
def test_routing_rule_fails(changes: dict[str, Any], path: str, code: str) -> None:
    assert (path, code) in _pairs(validate_routing_rule(changed(RULE, changes)))


def test_routing_rule_depth_is_bounded() -> None:
    node: dict[str, Any] = {"allow": [{"carrier": "dhl"}]}
    for _ in range(200):
        node = {
            "condition": {"field": "direction", "op": "eq", "value": "outgoing"},
            "then": [node],
        }
    codes = {code for _, code in _pairs(validate_routing_rule({"name": "deep", "root": node}))}
    assert codes == {"rule_too_deep"}
