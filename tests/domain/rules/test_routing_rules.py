"""Routing rule rules (`rules.routing_rules`), table-driven."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.rules import (
    validate_routing_rule,
)
from tests.domain.rules.drafts import DELETE, changed, pairs

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
    assert (path, code) in pairs(validate_routing_rule(changed(RULE, changes)))


def test_routing_rule_depth_is_bounded() -> None:
    node: dict[str, Any] = {"allow": [{"carrier": "dhl"}]}
    for _ in range(200):
        node = {
            "condition": {"field": "direction", "op": "eq", "value": "outgoing"},
            "then": [node],
        }
    codes = {code for _, code in pairs(validate_routing_rule({"name": "deep", "root": node}))}
    assert codes == {"rule_too_deep"}
