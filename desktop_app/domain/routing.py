"""Routing-rule evaluation: which carrier/service combinations suit given shipping details.

Semantics (API-CONTRACT "Routing rules", Packdesk's design):

1. Start from every catalog combination that fits the direction: for `returns` only the
   combinations whose service is `returns`, for `outgoing` all the others.
2. Rules are evaluated in the order given. In each rule the tree is walked from its root:
   a condition node continues with its `then` children when its condition holds, else
   with its `else` children, each list in order; leaves are applied when reached.
3. An `allow` leaf restricts: only combinations it lists stay (it never adds one back).
   A `deny` leaf removes the combinations it lists. An entry without `service` stands for
   every service of its carrier.
4. The result keeps the order of the catalog combinations.

Condition fields: `to.*`/`from.*` read the address (a missing `from` or field is missing);
`direction`; `package.weight|length|width|height` are the maximum over the packages (the
largest package decides); `package.type` holds when it holds for every package (an
untyped package counts as `parcel`); `package.count` and `package.total_weight` are over
all packages.

Operators: strings compare case-insensitively; a string and a number compare as numbers
when the string reads as one (zip code "22100" against 22000), else as text. A missing
value makes every operator false except `ne` and `not_in`. `in`/`not_in` take a list;
`prefix` takes one string or a list (any may match); `lt`/`lte`/`gt`/`gte` take one value.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

from desktop_app.domain.models.routing import (
    AllowNode,
    CarrierServiceRef,
    ConditionNode,
    DenyNode,
    RoutingEvaluationRequest,
    RuleCondition,
    RuleNode,
)

Combination = tuple[str, str]
_Scalar = str | float


class HasRoot(Protocol):
    """Anything holding a rule tree: `RoutingRuleCreate` or `RoutingRule`."""

    @property
    def root(self) -> RuleNode: ...


def evaluate(
    rules: Sequence[HasRoot],
    request: RoutingEvaluationRequest,
    all_combinations: Iterable[Combination],
) -> list[Combination]:
    """The combinations of `all_combinations` that `rules` allow for `request`."""
    returns = request.direction == "returns"
    allowed = [c for c in dict.fromkeys(all_combinations) if (c[1] == "returns") == returns]
    for rule in rules:
        for leaf in leaves_reached(rule.root, request):
            if isinstance(leaf, AllowNode):
                allowed = [c for c in allowed if _listed(c, leaf.allow)]
            else:
                allowed = [c for c in allowed if not _listed(c, leaf.deny)]
    return allowed


def leaves_reached(node: RuleNode, request: RoutingEvaluationRequest) -> list[AllowNode | DenyNode]:
    """The leaves of a tree that `request` reaches, in evaluation order."""
    if isinstance(node, ConditionNode):
        branch = node.then if condition_holds(node.condition, request) else node.else_
        return [leaf for child in branch for leaf in leaves_reached(child, request)]
    return [node]


def _listed(combination: Combination, refs: Sequence[CarrierServiceRef]) -> bool:
    carrier, service = combination
    return any(r.carrier == carrier and r.service in (None, service) for r in refs)


def field_value(field: str, request: RoutingEvaluationRequest) -> _Scalar | list[str] | None:
    """The value a condition on `field` reads from `request` (None when missing)."""
    if field == "direction":
        return request.direction
    side, _, name = field.partition(".")
    if side in ("to", "from"):
        address = request.to if side == "to" else request.from_
        value = getattr(address, name, None) if address is not None else None
        return value if isinstance(value, str) and value != "" else None
    packages = request.all_packages()
    if name == "count":
        return float(len(packages))
    if name == "total_weight":
        weights = [p.weight for p in packages if p.weight is not None]
        return float(sum(weights)) if weights else None
    if name == "type":
        types = [p.type or "parcel" for p in packages]
        return types or None
    numbers = [getattr(p, name) for p in packages if getattr(p, name) is not None]
    return max(numbers) if numbers else None


def condition_holds(condition: RuleCondition, request: RoutingEvaluationRequest) -> bool:
    """Whether `condition` holds for `request` (see the module docstring)."""
    return value_holds(condition.op, field_value(condition.field, request), condition.value)


def value_holds(
    op: str, actual: _Scalar | list[str] | None, expected: _Scalar | list[str | float]
) -> bool:
    """Whether `actual op expected` holds by the operators above (a list as `actual`, as
    `package.type` reads, must hold for every item). Shipping presets test order facts so."""
    if isinstance(actual, list):
        return all(_compare(op, item, expected) for item in actual)
    return _compare(op, actual, expected)


def _norm(value: _Scalar) -> _Scalar:
    return value.casefold() if isinstance(value, str) else value


def _as_list(value: _Scalar | list[str | float]) -> list[_Scalar]:
    return list(value) if isinstance(value, list) else [value]


def _compare(op: str, actual: _Scalar | None, expected: _Scalar | list[str | float]) -> bool:
    if actual is None:
        return op in ("ne", "not_in")
    left = _norm(actual)
    options = [_norm(v) for v in _as_list(expected)]
    if op in ("eq", "in"):
        return any(_equal(left, o) for o in options)
    if op in ("ne", "not_in"):
        return not any(_equal(left, o) for o in options)
    if op == "prefix":
        return any(_text(left).startswith(_text(o)) for o in options)
    if isinstance(expected, list) or len(options) != 1:
        return False
    left, right = _pair(left, options[0])
    if op == "lt":
        return left < right  # type: ignore[operator]
    if op == "lte":
        return left <= right  # type: ignore[operator]
    if op == "gt":
        return left > right  # type: ignore[operator]
    if op == "gte":
        return left >= right  # type: ignore[operator]
    raise ValueError(f"unknown operator {op!r}")


def _equal(left: _Scalar, right: _Scalar) -> bool:
    a, b = _pair(left, right)
    return a == b


def _pair(left: _Scalar, right: _Scalar) -> tuple[_Scalar, _Scalar]:
    """Make a string and a number comparable: both numbers if the string is one, else text."""
    if isinstance(left, str) == isinstance(right, str):
        return left, right
    try:
        return float(left), float(right)
    except ValueError:
        return _text(left), _text(right)


def _text(value: _Scalar) -> str:
    # 20148.0 from a JSON 20148 reads as "20148", like the zip code it stands for.
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
