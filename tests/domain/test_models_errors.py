"""validation_error_messages(): "path: message" strings with wire names and [i] indexes."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from desktop_app.domain.errors import format_path, validation_error_messages
from desktop_app.domain.models import (
    RoutingEvaluationRequest,
    RoutingRuleCreate,
    ShipmentRequest,
)


def messages(model: type[BaseModel], data: Any) -> list[str]:
    with pytest.raises(ValidationError) as info:
        model.model_validate(data)
    return validation_error_messages(info.value)


@pytest.mark.parametrize(
    ("loc", "path"),
    [
        (("packages", 1, "weight"), "packages[1].weight"),
        (("from_", "last_name"), "from.last_name"),
        (("from", "last_name"), "from.last_name"),
        (
            ("additional_services", 0, "<advance_notice>", "properties", "email"),
            "additional_services[0].properties.email",
        ),
        (
            ("root", "<condition>", "else_", 2, "<deny>", "deny", 0, "carrier"),
            "root.else[2].deny[0].carrier",
        ),
        ((), ""),
        ((0, "a"), "[0].a"),
    ],
)
def test_format_path(loc: tuple[int | str, ...], path: str) -> None:
    assert format_path(loc) == path


def test_several_errors_in_field_order() -> None:
    found = messages(
        ShipmentRequest,
        {
            "from": {"last_name": 1},
            "packages": [{"weight": 1}, {"weight": "heavy", "colour": "red"}],
            "carrier": None,
            "label": {"format": ["pdf_a6"]},
        },
    )
    assert found == [
        "from.last_name: Input should be a valid string",
        "packages[1].weight: Input should be a valid number",
        "packages[1].colour: unknown field",
        "label.format: Input should be a valid string",
    ]


def test_whole_body_error_has_no_path() -> None:
    assert messages(ShipmentRequest, ["not", "an", "object"]) == ["Input should be an object"]


def test_routing_rule_errors() -> None:
    found = messages(
        RoutingRuleCreate,
        {
            "name": "r",
            "root": {
                "condition": {"field": "to.planet", "op": "eq", "value": {"x": 1}},
                "then": [{"allow": [{"service": "standard"}]}],
                "else": [{"maybe": []}, {"deny": "dhl"}],
            },
        },
    )
    assert found[0].startswith("root.condition.field: Input should be 'to.country'")
    assert found[1:] == [
        "root.condition.value: Input should be a string, a number or a list of them",
        "root.then[0].allow[0].carrier: required",
        "root.else[0]: a rule node needs one of condition, allow or deny",
        "root.else[1].deny: Input should be a valid list",
    ]


def test_evaluation_request_errors() -> None:
    found = messages(RoutingEvaluationRequest, {"direction": "sideways", "to": {"country": 49}})
    # Errors come in the order the model declares its fields.
    assert found[0] == "to.country: Input should be a valid string"
    assert found[1].startswith("direction: Input should be 'outgoing' or 'returns'")


def test_duplicates_collapsed() -> None:
    exc = ValidationError.from_exception_data(
        "x",
        [
            {"type": "missing", "loc": ("a",), "input": {}},
            {"type": "missing", "loc": ("a",), "input": {}},
        ],
    )
    assert validation_error_messages(exc) == ["a: required"]
