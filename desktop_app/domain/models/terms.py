"""The words of routing rules and orders without their models: a rule's fields, operators
and operand, the order currencies. The profile's shipping presets (read before the first
window) need only these, not the shipment and routing models built on them.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import ValidationError, ValidatorFunctionWrapHandler, WrapValidator
from pydantic_core import PydanticCustomError

#: Currencies an order may be paid in (reference OpenAPI `order.currency`).
ORDER_CURRENCIES: tuple[str, ...] = ("EUR", "USD", "GBP")

#: What a condition can test. Package dimensions are those of the largest package.
RuleField = Literal[
    "to.country",
    "to.zip_code",
    "from.country",
    "from.zip_code",
    "direction",
    "package.weight",
    "package.length",
    "package.width",
    "package.height",
    "package.type",
    "package.count",
    "package.total_weight",
]
RULE_FIELDS: tuple[str, ...] = get_args(RuleField)

RuleOp = Literal["eq", "ne", "in", "not_in", "lt", "lte", "gt", "gte", "prefix"]
RULE_OPS: tuple[str, ...] = get_args(RuleOp)

Direction = Literal["outgoing", "returns"]


def _rule_value(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    # One message instead of one per union member (str, float, list).
    try:
        return handler(value)
    except ValidationError:
        raise PydanticCustomError(
            "rule_value", "Input should be a string, a number or a list of them"
        ) from None


#: A condition's operand: a string or number, or a list of them for `in` / `not_in` / `prefix`.
RuleValue = Annotated[str | float | list[str | float], WrapValidator(_rule_value)]
