"""Routing-rule evaluation: table tests of conditions, branches, allow and deny leaves."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.domain.models import (
    RoutingEvaluation,
    RoutingEvaluationRequest,
    RoutingRule,
    RoutingRuleCreate,
    RuleCondition,
)
from desktop_app.domain.routing import condition_holds, evaluate, field_value, leaves_reached

COMBINATIONS = [
    ("dhl", "standard"),
    ("dhl", "returns"),
    ("dpd", "standard"),
    ("dpd", "one_day"),
    ("dpd", "returns"),
    ("dpag", "standard"),
    ("ups", "standard"),
    ("ups", "returns"),
    ("hermes", "returns"),
]
OUTGOING = [c for c in COMBINATIONS if c[1] != "returns"]
RETURNS = [c for c in COMBINATIONS if c[1] == "returns"]


def rule(root: dict[str, Any], name: str = "r") -> RoutingRuleCreate:
    return RoutingRuleCreate.model_validate({"name": name, "root": root})


def when(field: str, op: str, value: Any, then: list[Any], otherwise: list[Any] | None = None):
    node: dict[str, Any] = {"condition": {"field": field, "op": op, "value": value}, "then": then}
    if otherwise is not None:
        node["else"] = otherwise
    return node


def allow(*refs: str) -> dict[str, Any]:
    return {"allow": [_ref(r) for r in refs]}


def deny(*refs: str) -> dict[str, Any]:
    return {"deny": [_ref(r) for r in refs]}


def _ref(text: str) -> dict[str, str]:
    carrier, _, service = text.partition("/")
    return {"carrier": carrier, "service": service} if service else {"carrier": carrier}


def request(**kwargs: Any) -> RoutingEvaluationRequest:
    body: dict[str, Any] = {"to": {"country": "DE", "zip_code": "22100"}, **kwargs}
    return RoutingEvaluationRequest.model_validate(body)


# --------------------------------------------------------------------------- baseline


def test_no_rules_gives_every_combination_of_the_direction() -> None:
    assert evaluate([], request(), COMBINATIONS) == OUTGOING
    assert evaluate([], request(direction="returns"), COMBINATIONS) == RETURNS


def test_duplicates_in_the_catalog_list_are_dropped_order_kept() -> None:
    combos = [("ups", "standard"), ("dhl", "standard"), ("ups", "standard")]
    assert evaluate([], request(), combos) == [("ups", "standard"), ("dhl", "standard")]


# --------------------------------------------------------------------------- leaves

LEAF_TABLE = [
    # (rules, expected outgoing result)
    ([allow("dhl")], [("dhl", "standard")]),
    ([allow("dpd")], [("dpd", "standard"), ("dpd", "one_day")]),
    ([allow("dpd/one_day")], [("dpd", "one_day")]),
    ([allow("dpd/one_day", "ups")], [("dpd", "one_day"), ("ups", "standard")]),
    ([deny("dpd")], [("dhl", "standard"), ("dpag", "standard"), ("ups", "standard")]),
    (
        [deny("dpd/standard", "dpag")],
        [("dhl", "standard"), ("dpd", "one_day"), ("ups", "standard")],
    ),
    ([allow("gls")], []),  # unknown carrier: allows nothing that exists
    ([deny("gls")], OUTGOING),
    ([allow("dhl/returns")], []),  # returns are not outgoing combinations
    # Later rules narrow further; allow never adds back.
    ([allow("dhl", "dpd"), allow("dpd", "ups")], [("dpd", "standard"), ("dpd", "one_day")]),
    ([deny("dhl"), allow("dhl", "ups")], [("ups", "standard")]),
    ([allow("dpd"), deny("dpd/standard")], [("dpd", "one_day")]),
]


@pytest.mark.parametrize(("roots", "expected"), LEAF_TABLE)
def test_leaves(roots: list[dict[str, Any]], expected: list[tuple[str, str]]) -> None:
    assert evaluate([rule(r) for r in roots], request(), COMBINATIONS) == expected


# --------------------------------------------------------------------------- conditions

DE_ONLY_DPAG = when("to.country", "ne", "DE", [deny("dpag")])

CONDITION_TABLE = [
    # (condition field/op/value, request body overrides, holds?)
    (("to.country", "eq", "DE"), {}, True),
    (("to.country", "eq", "de"), {}, True),  # case-insensitive
    (("to.country", "eq", "AT"), {}, False),
    (("to.country", "ne", "AT"), {}, True),
    (("to.country", "in", ["AT", "CH", "DE"]), {}, True),
    (("to.country", "in", ["AT", "CH"]), {}, False),
    (("to.country", "not_in", ["AT", "CH"]), {}, True),
    (("to.zip_code", "prefix", "22"), {}, True),
    (("to.zip_code", "prefix", ["20", "21"]), {}, False),
    (("to.zip_code", "prefix", ["20", "22"]), {}, True),
    (("to.zip_code", "gte", "20000"), {}, True),
    (("to.zip_code", "lt", "22100"), {}, False),
    (("to.zip_code", "lte", "22100"), {}, True),
    (("to.zip_code", "eq", 22100), {}, True),  # a JSON number compares with the zip text
    (("to.zip_code", "gt", 30000), {}, False),
    (("to.zip_code", "prefix", 22), {}, True),
    (("from.country", "eq", "DE"), {}, False),  # no `from`: missing
    (("from.country", "ne", "DE"), {}, True),  # missing: only ne / not_in hold
    (("from.country", "not_in", ["DE"]), {}, True),
    (("from.country", "eq", "DE"), {"from": {"country": "DE"}}, True),
    (("from.zip_code", "prefix", "1"), {"from": {"zip_code": "10115"}}, True),
    (("from.zip_code", "eq", "10115"), {"from": {"zip_code": ""}}, False),  # empty = missing
    (("direction", "eq", "outgoing"), {}, True),
    (("direction", "eq", "returns"), {"direction": "returns"}, True),
    (("package.weight", "gt", 30), {"package": {"weight": 31.5}}, True),
    (("package.weight", "gt", 30), {"package": {"weight": 30}}, False),
    (("package.weight", "gte", 30), {"package": {"weight": 30}}, True),
    (("package.weight", "lt", 1), {"package": {"weight": 0.5}}, True),
    (("package.weight", "gt", 30), {}, False),  # no package: missing
    (("package.weight", "ne", 30), {}, True),
    # Several packages: the largest decides the dimensions and weight.
    (("package.weight", "gt", 30), {"packages": [{"weight": 10}, {"weight": 40}]}, True),
    (("package.weight", "lte", 30), {"packages": [{"weight": 10}, {"weight": 40}]}, False),
    (("package.length", "gt", 100), {"packages": [{"length": 120}, {"length": 20}]}, True),
    (("package.width", "lte", 60), {"package": {"width": 60}}, True),
    (("package.height", "lt", 10), {"package": {"height": 12}}, False),
    (("package.height", "lt", 10), {"package": {"type": "bulk", "weight": 5}}, False),
    (("package.count", "gt", 1), {"packages": [{"weight": 1}, {"weight": 2}]}, True),
    (("package.count", "eq", 1), {"package": {"weight": 1}}, True),
    (("package.count", "eq", 0), {}, True),
    (("package.total_weight", "gt", 40), {"packages": [{"weight": 25}, {"weight": 20}]}, True),
    (("package.total_weight", "gt", 40), {"packages": [{"weight": 25}, {}]}, False),
    (("package.type", "eq", "parcel"), {"package": {"weight": 1}}, True),  # default type
    (("package.type", "in", ["books", "letter"]), {"package": {"type": "books"}}, True),
    (("package.type", "eq", "bulk"), {"packages": [{"type": "bulk"}, {"type": "parcel"}]}, False),
    (("package.type", "ne", "bulk"), {"packages": [{"type": "parcel"}, {"type": "parcel"}]}, True),
]


@pytest.mark.parametrize(("condition", "overrides", "holds"), CONDITION_TABLE)
def test_conditions(
    condition: tuple[str, str, Any], overrides: dict[str, Any], holds: bool
) -> None:
    field, op, value = condition
    parsed = RuleCondition.model_validate({"field": field, "op": op, "value": value})
    assert condition_holds(parsed, request(**overrides)) is holds
    # The same through a whole rule: then-branch denies dhl, else-branch denies ups.
    tree = rule(when(field, op, value, [deny("dhl")], [deny("ups")]))
    result = evaluate([tree], request(**overrides), COMBINATIONS)
    gone, kept = ("dhl", "ups") if holds else ("ups", "dhl")
    assert all(c[0] != gone for c in result)
    assert any(c[0] == kept for c in result)


def test_field_values() -> None:
    body = request(**{"from": {"country": "AT"}, "packages": [{"weight": 2, "length": 30}]})
    assert field_value("to.country", body) == "DE"
    assert field_value("from.country", body) == "AT"
    assert field_value("package.length", body) == 30
    assert field_value("package.width", body) is None
    assert field_value("package.count", body) == 1
    assert field_value("package.type", body) == ["parcel"]


# --------------------------------------------------------------------------- trees


def test_nested_tree_walk_order_and_branches() -> None:
    tree = rule(
        when(
            "to.country",
            "eq",
            "DE",
            [
                when("package.weight", "gt", 31.5, [deny("dhl", "dpag")], [deny("ups")]),
                when("to.zip_code", "prefix", ["18", "19"], [allow("dhl")]),
            ],
            [allow("ups", "dhl")],
        )
    )
    heavy = request(package={"weight": 40})
    light = request(package={"weight": 1})
    island = request(to={"country": "DE", "zip_code": "18565"}, package={"weight": 1})
    abroad = request(to={"country": "FR"}, package={"weight": 1})
    assert [type(n).__name__ for n in leaves_reached(tree.root, heavy)] == ["DenyNode"]
    assert evaluate([tree], heavy, COMBINATIONS) == [
        ("dpd", "standard"),
        ("dpd", "one_day"),
        ("ups", "standard"),
    ]
    assert evaluate([tree], light, COMBINATIONS) == [
        ("dhl", "standard"),
        ("dpd", "standard"),
        ("dpd", "one_day"),
        ("dpag", "standard"),
    ]
    assert evaluate([tree], island, COMBINATIONS) == [("dhl", "standard")]
    assert evaluate([tree], abroad, COMBINATIONS) == [("dhl", "standard"), ("ups", "standard")]


def test_rules_apply_in_order_and_to_returns() -> None:
    no_hermes_abroad = rule(when("to.country", "ne", "DE", [deny("hermes")]))
    only_dhl_returns = rule(when("direction", "eq", "returns", [allow("dhl", "hermes")]))
    rules = [no_hermes_abroad, only_dhl_returns]
    home = request(direction="returns")
    abroad = request(direction="returns", to={"country": "AT"})
    assert evaluate(rules, home, COMBINATIONS) == [("dhl", "returns"), ("hermes", "returns")]
    assert evaluate(rules, abroad, COMBINATIONS) == [("dhl", "returns")]
    assert evaluate(rules, request(), COMBINATIONS) == [
        c for c in OUTGOING if c != ("hermes", "returns")
    ]


def test_empty_branches_change_nothing() -> None:
    tree = rule({"condition": {"field": "to.country", "op": "eq", "value": "DE"}})
    assert evaluate([tree], request(), COMBINATIONS) == OUTGOING


def test_stored_rules_evaluate_like_new_ones() -> None:
    created = rule(when("to.country", "eq", "DE", [allow("dpd")]), name="dpd at home")
    stored = RoutingRule.model_validate(
        {**created.to_wire(), "id": "r1", "created_at": "2024-08-27T10:00:00+02:00"}
    )
    assert stored.to_wire()["root"] == created.to_wire()["root"]
    assert evaluate([stored], request(), COMBINATIONS) == evaluate(
        [created], request(), COMBINATIONS
    )
    result = RoutingEvaluation.model_validate(
        {
            "allowed": [
                {"carrier": c, "service": s} for c, s in evaluate([stored], request(), COMBINATIONS)
            ]
        }
    )
    assert result.pairs() == [("dpd", "standard"), ("dpd", "one_day")]


def test_with_the_real_catalog() -> None:
    from desktop_app.domain.catalog import load_catalog

    combos = load_catalog().combinations()
    assert ("dhl", "standard") in combos
    only_ups = rule(when("package.count", "gt", 1, [allow("ups")]))
    several = request(packages=[{"weight": 1}, {"weight": 2}])
    assert evaluate([only_ups], several, combos) == [
        c for c in combos if c[0] == "ups" and c[1] != "returns"
    ]
    assert evaluate([only_ups], request(package={"weight": 1}), combos) == [
        c for c in combos if c[1] != "returns"
    ]
