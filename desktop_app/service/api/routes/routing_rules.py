"""`/v1/routing_rules`: CRUD of rule trees and evaluation of shipping details against them
(the rules and the JSON view are shipping/routing_rules.py's)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Response

from desktop_app.domain.models import (
    RoutingEvaluation,
    RoutingEvaluationRequest,
    RoutingRule,
    RoutingRuleCreate,
    RoutingRuleList,
)
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.listing import Page, PerPage, offset
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.shipping import routing_rules

router = APIRouter(prefix="/routing_rules", tags=["routing_rules"])

WRITE_ERRORS = error_responses(400, 401, 413, 415, 422, 429)


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
    created = await routing_rules.create_rule(session, key, draft, ctx.now())
    await session.commit()
    return created


@router.get(
    "",
    response_model=None,
    responses={200: {"model": RoutingRuleList}, **error_responses(401, 422, 429)},
)
async def list_rules(
    session: Session, key: CurrentKey, page: Page = 1, per_page: PerPage = 100
) -> dict[str, Any]:
    """The caller's rules in evaluation order, `{"routing_rules": [...]}`."""
    return await routing_rules.list_rules(session, key, skip=offset(page, per_page), limit=per_page)


@router.post(
    "/evaluate",
    response_model=None,
    openapi_extra=json_body(RoutingEvaluationRequest),
    responses={200: {"model": RoutingEvaluation}, **WRITE_ERRORS},
)
async def evaluate_rules(draft: JsonObject, session: Session, key: CurrentKey) -> dict[str, Any]:
    """The carrier/service combinations the caller's rules allow for these shipping details."""
    return await routing_rules.evaluate_rules(session, key, draft)


@router.get(
    "/{rule_id}",
    response_model=None,
    responses={200: {"model": RoutingRule}, **error_responses(401, 404, 429)},
)
async def get_rule(rule_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """One of the caller's rules."""
    return await routing_rules.get_rule(session, key, rule_id)


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
    replaced = await routing_rules.replace_rule(session, key, rule_id, draft, ctx.now())
    await session.commit()
    return replaced


@router.delete(
    "/{rule_id}",
    status_code=204,
    response_class=Response,
    responses={204: {"description": "deleted"}, **error_responses(401, 404, 429)},
)
async def delete_rule(rule_id: str, session: Session, key: CurrentKey) -> Response:
    """Delete a rule."""
    await routing_rules.delete_rule(session, key, rule_id)
    await session.commit()
    return Response(status_code=204)
