"""`/v1/routing_rules`: CRUD of rule trees and evaluation of shipping details against them."""

from __future__ import annotations

import uuid
from typing import Any

from fastapi import APIRouter, Response
from pydantic import ValidationError

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import (
    RoutingEvaluation,
    RoutingEvaluationRequest,
    RoutingRule,
    RoutingRuleCreate,
    RoutingRuleList,
)
from desktop_app.domain.routing import evaluate
from desktop_app.domain.rules import validate_routing_rule
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.storage import audit, routing_rules
from desktop_app.service.storage.routing_rules import RoutingRuleRow

router = APIRouter(prefix="/routing_rules", tags=["routing_rules"])

WRITE_ERRORS = error_responses(400, 401, 413, 415, 422, 429)
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
    problems = validate_routing_rule(draft)
    if problems:
        raise ServiceError(422, [str(p) for p in problems])
    try:
        return RoutingRuleCreate.model_validate(draft).to_wire()
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None


async def _own_rule(session: Session, key: CurrentKey, rule_id: str) -> RoutingRuleRow:
    row = await routing_rules.get_rule(session, key, rule_id)
    if row is None:
        raise not_found("routing rule")
    return row


@router.post(
    "",
    response_model=None,
    openapi_extra=json_body(RoutingRuleCreate),
    responses={200: {"model": RoutingRule}, **WRITE_ERRORS},
)
async def create_rule(
    draft: JsonObject, ctx: Ctx, session: Session, key: CurrentKey
) -> dict[str, Any]:
    """Add a rule; rules are evaluated in the order they were created."""
    body = _checked(draft)
    count, last = await routing_rules.rule_count_and_last_position(session, key)
    if count >= MAX_RULES:
        raise ServiceError(422, [f"routing_rules: at most {MAX_RULES} rules per account"])
    now = ctx.now()
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
    await session.commit()
    return rule_json(row)


@router.get(
    "",
    response_model=None,
    responses={200: {"model": RoutingRuleList}, **error_responses(401, 422, 429)},
)
async def list_rules(
    session: Session, key: CurrentKey, page: Page = 1, per_page: PerPage = 100
) -> dict[str, Any]:
    """The caller's rules in evaluation order, `{"routing_rules": [...]}`."""
    rows = await routing_rules.list_rules(session, key, skip=offset(page, per_page), limit=per_page)
    return {"routing_rules": [rule_json(row) for row in rows]}


@router.post(
    "/evaluate",
    response_model=None,
    openapi_extra=json_body(RoutingEvaluationRequest),
    responses={200: {"model": RoutingEvaluation}, **WRITE_ERRORS},
)
async def evaluate_rules(draft: JsonObject, session: Session, key: CurrentKey) -> dict[str, Any]:
    """The carrier/service combinations the caller's rules allow for these shipping details."""
    try:
        request = RoutingEvaluationRequest.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    rows = await routing_rules.list_rules(session, key)
    rules = [RoutingRuleCreate.model_validate(row.body) for row in rows]
    allowed = evaluate(rules, request, load_catalog().combinations())
    return {
        "allowed": [{"carrier": carrier, "service": service} for carrier, service in allowed],
        "rules_evaluated": len(rules),
    }


@router.get(
    "/{rule_id}",
    response_model=None,
    responses={200: {"model": RoutingRule}, **error_responses(401, 404, 429)},
)
async def get_rule(rule_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """One of the caller's rules."""
    return rule_json(await _own_rule(session, key, rule_id))


@router.put(
    "/{rule_id}",
    response_model=None,
    openapi_extra=json_body(RoutingRuleCreate),
    responses={200: {"model": RoutingRule}, **error_responses(400, 401, 404, 413, 415, 422, 429)},
)
async def replace_rule(
    rule_id: str, draft: JsonObject, ctx: Ctx, session: Session, key: CurrentKey
) -> dict[str, Any]:
    """Replace a rule's name and tree (it keeps its place in the evaluation order)."""
    row = await _own_rule(session, key, rule_id)
    row.body = _checked(draft)
    row.updated_at = ctx.now()
    await session.commit()
    return rule_json(row)


@router.delete(
    "/{rule_id}",
    status_code=204,
    response_class=Response,
    responses={204: {"description": "deleted"}, **error_responses(401, 404, 429)},
)
async def delete_rule(rule_id: str, session: Session, key: CurrentKey) -> Response:
    """Delete a rule."""
    row = await _own_rule(session, key, rule_id)
    await routing_rules.delete_rule(session, row)
    session.add(audit.entry(key, "routing_rule.deleted", row.id))
    await session.commit()
    return Response(status_code=204)
