"""Routing rules: rule trees over shipping details, checked, stored in creation order and
evaluated; their JSON view."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.models import RoutingEvaluationRequest, RoutingRuleCreate
from desktop_app.domain.routing import evaluate
from desktop_app.domain.rules import validate_routing_rule
from desktop_app.service.errors import ServiceError, checked
from desktop_app.service.storage import audit, routing_rules
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.ownership import owned_row
from desktop_app.service.storage.routing_rules import RoutingRuleRow

MAX_RULES = 500


def rule_json(row: RoutingRuleRow) -> dict[str, Any]:
    """The wire object: the stored tree plus id and timestamps."""
    return {
        "id": row.id,
        **row.body,
        "created_at": row.created_at.isoformat(timespec="seconds"),
        "updated_at": row.updated_at.isoformat(timespec="seconds"),
    }


def _checked(draft: dict[str, Any]) -> dict[str, Any]:
    """The rule body as stored (canonical wire form), or 422 with the problems."""
    return checked(RoutingRuleCreate, validate_routing_rule(draft), draft).to_wire()


async def _own_rule(session: AsyncSession, key: KeyInfo, rule_id: str) -> RoutingRuleRow:
    return await owned_row(session, key, RoutingRuleRow, rule_id, "routing rule")


async def create_rule(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any], now: datetime
) -> dict[str, Any]:
    """Check and add a rule after the caller's others (audited); its wire object. The caller
    commits."""
    body = _checked(draft)
    count, last = await routing_rules.rule_count_and_last_position(session, key)
    if count >= MAX_RULES:
        raise ServiceError(422, [f"routing_rules: at most {MAX_RULES} rules per account"])
    row = RoutingRuleRow(
        id=str(uuid.uuid4()),
        account_id=key.account_id,
        environment=key.environment,
        position=last + 1,
        body=body,
        created_at=now,
        updated_at=now,
    )
    session.add(row)
    session.add(audit.entry(key, "routing_rule.created", row.id))
    return rule_json(row)


async def list_rules(
    session: AsyncSession, key: KeyInfo, *, skip: int, limit: int
) -> dict[str, Any]:
    """The caller's rules in evaluation order, `{"routing_rules": [...]}`."""
    rows = await routing_rules.list_rules(session, key, skip=skip, limit=limit)
    return {"routing_rules": [rule_json(row) for row in rows]}


async def evaluate_rules(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any]
) -> dict[str, Any]:
    """The carrier/service combinations the caller's rules allow for these shipping details."""
    request = checked(RoutingEvaluationRequest, [], draft)
    rows = await routing_rules.list_rules(session, key)
    rules = [RoutingRuleCreate.model_validate(row.body) for row in rows]
    allowed = evaluate(rules, request, load_catalog().combinations())
    return {
        "allowed": [{"carrier": carrier, "service": service} for carrier, service in allowed],
        "rules_evaluated": len(rules),
    }


async def get_rule(session: AsyncSession, key: KeyInfo, rule_id: str) -> dict[str, Any]:
    """One of the caller's rules as its wire object; 404 otherwise."""
    return rule_json(await _own_rule(session, key, rule_id))


async def replace_rule(
    session: AsyncSession, key: KeyInfo, rule_id: str, draft: dict[str, Any], now: datetime
) -> dict[str, Any]:
    """Replace a rule's name and tree (it keeps its place); its wire object. The caller
    commits."""
    row = await _own_rule(session, key, rule_id)
    row.body = _checked(draft)
    row.updated_at = now
    return rule_json(row)


async def delete_rule(session: AsyncSession, key: KeyInfo, rule_id: str) -> None:
    """Delete one of the caller's rules (audited); 404 otherwise. The caller commits."""
    row = await _own_rule(session, key, rule_id)
    await routing_rules.delete_rule(session, row)
    session.add(audit.entry(key, "routing_rule.deleted", row.id))
