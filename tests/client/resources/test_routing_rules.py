"""client.routing_rules: rules that deny or prefer carriers, evaluated for a shipment."""

from __future__ import annotations

import pytest

from desktop_app.client import NotFoundError, ShippingClient
from desktop_app.domain.models import (
    RoutingEvaluation,
    RoutingEvaluationRequest,
    RoutingRule,
    RoutingRuleCreate,
)
from tests.payloads import PACKAGE, RECEIVER, SENDER


async def test_routing_rules(client: ShippingClient) -> None:
    rule = RoutingRuleCreate.model_validate(
        {
            "name": "no dpd abroad",
            "root": {
                "condition": {"field": "to.country", "op": "ne", "value": "DE"},
                "then": [{"deny": [{"carrier": "dpd"}]}],
            },
        }
    )
    created = await client.routing_rules.create(rule)
    assert isinstance(created, RoutingRule)
    assert created.name == "no dpd abroad"
    assert (await client.routing_rules.get(created.id)).id == created.id
    assert created.id in {r.id for r in await client.routing_rules.list()}
    assert created.id in {r.id async for r in client.routing_rules.iter_all(per_page=1)}

    abroad = RoutingEvaluationRequest.model_validate(
        {"from": SENDER, "to": {**RECEIVER, "country": "AT"}, "package": PACKAGE}
    )
    evaluation = await client.routing_rules.evaluate(abroad)
    assert isinstance(evaluation, RoutingEvaluation)
    assert evaluation.allowed and all(c.carrier != "dpd" for c in evaluation.allowed)
    at_home = await client.routing_rules.evaluate(
        {"from": SENDER, "to": RECEIVER, "package": PACKAGE}
    )
    assert any(c.carrier == "dpd" for c in at_home.allowed)

    renamed = await client.routing_rules.update(
        created.id, {**rule.model_dump(mode="json", by_alias=True), "name": "renamed"}
    )
    assert renamed.name == "renamed"
    await client.routing_rules.delete(created.id)
    with pytest.raises(NotFoundError):
        await client.routing_rules.get(created.id)
