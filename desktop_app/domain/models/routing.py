"""Routing rules (Packdesk's design of the spec's checkout-support API): models only.

A rule is a tree. A condition node tests one field of the shipping details and continues
with its `then` or its `else` children; a leaf allows or denies carrier/service
combinations. Evaluation lives in `desktop_app.domain.routing`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import (
    Discriminator,
    Field,
    Tag,
)

from desktop_app.domain.models.address import Address
from desktop_app.domain.models.base import (
    ListResponse,
    NullableList,
    RequestModel,
    ResponseModel,
)
from desktop_app.domain.models.shipment import Package, package_list
from desktop_app.domain.models.terms import RULE_FIELDS as RULE_FIELDS
from desktop_app.domain.models.terms import RULE_OPS as RULE_OPS
from desktop_app.domain.models.terms import Direction as Direction
from desktop_app.domain.models.terms import RuleField as RuleField
from desktop_app.domain.models.terms import RuleOp as RuleOp
from desktop_app.domain.models.terms import RuleValue as RuleValue


class RuleCondition(RequestModel):
    """One test: `field op value`, e.g. `to.country in ["AT", "CH"]`."""

    field: RuleField
    op: RuleOp
    value: RuleValue


class CarrierServiceRef(RequestModel):
    """A carrier, optionally narrowed to one service (no service: all of its services)."""

    carrier: str
    service: str | None = None


class ConditionNode(RequestModel):
    """Tests `condition`, then evaluates the `then` children or the `else` children."""

    condition: RuleCondition
    then: list[RuleNode] = Field(default_factory=list)
    else_: list[RuleNode] = Field(default_factory=list, alias="else")


class AllowNode(RequestModel):
    """Leaf: keep only the listed combinations (a restriction, never an addition)."""

    allow: list[CarrierServiceRef]


class DenyNode(RequestModel):
    """Leaf: remove the listed combinations."""

    deny: list[CarrierServiceRef]


def _node_tag(value: Any) -> str | None:
    # Tags are written <...> so that errors.py can drop them from error paths.
    for key in ("condition", "allow", "deny"):
        if (isinstance(value, dict) and key in value) or (
            not isinstance(value, dict) and hasattr(value, key)
        ):
            return f"<{key}>"
    return None


#: A node of a rule tree: a condition with branches, or an allow / deny leaf.
RuleNode = Annotated[
    Annotated[ConditionNode, Tag("<condition>")]
    | Annotated[AllowNode, Tag("<allow>")]
    | Annotated[DenyNode, Tag("<deny>")],
    Discriminator(
        _node_tag,
        custom_error_type="rule_node",
        custom_error_message="a rule node needs one of condition, allow or deny",
    ),
]

ConditionNode.model_rebuild()


class RoutingRuleCreate(RequestModel):
    """Body of `POST /v1/routing_rules` and `PUT /v1/routing_rules/{id}`."""

    name: str
    root: RuleNode


class RoutingRule(ResponseModel):
    """A stored routing rule."""

    id: str
    name: str
    root: RuleNode
    created_at: datetime | None = None


class RoutingRuleList(ListResponse):
    """`GET /v1/routing_rules`: `{"routing_rules": [...]}` (a bare array too)."""

    routing_rules: Annotated[list[RoutingRule], NullableList] = []


class RoutingEvaluationRequest(RequestModel):
    """Body of `POST /v1/routing_rules/evaluate`: the shipping details to decide on."""

    from_: Address | None = Field(default=None, alias="from")
    to: Address | None = None
    direction: Direction = "outgoing"
    package: Package | None = None
    packages: list[Package] | None = None

    def all_packages(self) -> list[Package]:
        """`packages`, or `[package]`, or []."""
        return package_list(self.package, self.packages)


class CarrierService(ResponseModel):
    """One allowed carrier/service combination."""

    carrier: str
    service: str


class RoutingEvaluation(ResponseModel):
    """`POST /v1/routing_rules/evaluate` response: the combinations still allowed."""

    allowed: Annotated[list[CarrierService], NullableList] = []

    def pairs(self) -> list[tuple[str, str]]:
        """The combinations as `(carrier, service)` tuples."""
        return [(c.carrier, c.service) for c in self.allowed]
