"""`/v1/webhooks`: create, list, get, delete, reactivate (PATCH) and send a test event."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

from fastapi import APIRouter, Query, Response
from pydantic import ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import Webhook, WebhookCreate, WebhookList, WebhookPatch
from desktop_app.domain.rules import validate_webhook
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.errors import ServiceError, not_found
from desktop_app.service.notifications.events import utcnow
from desktop_app.service.notifications.webhook_targets import WebhookTargets
from desktop_app.service.notifications.webhooks import queue_test_event, resume_stopped_deliveries
from desktop_app.service.storage import audit, webhooks
from desktop_app.service.storage.webhooks import WebhookRow

router = APIRouter(prefix="/webhooks", tags=["webhooks"])

PAGE = Annotated[int, Query(ge=1, le=1_000_000)]
PER_PAGE = Annotated[int, Query(ge=1, le=100)]


def webhook_json(row: WebhookRow) -> dict[str, Any]:
    """The wire object: never credentials; deactivated ones say why (the GUI shows it)."""
    out: dict[str, Any] = {
        "id": row.id,
        "url": row.url,
        "event_types": list(row.event_types),
        "deactivated": row.deactivated,
        "failure_count": row.failure_count,
        "created_at": row.created_at.isoformat(timespec="seconds"),
    }
    if row.security:
        out["security"] = {"type": row.security.get("type", "basic_auth")}
    if row.last_error:
        out["last_error"] = row.last_error
    if row.deactivated:
        out["deactivation_reason"] = row.deactivation_reason
        if row.deactivated_at is not None:
            out["deactivated_at"] = row.deactivated_at.isoformat(timespec="seconds")
    return out


async def _own_webhook(session: Session, key: CurrentKey, webhook_id: str) -> WebhookRow:
    """The caller's webhook (same account and environment), else 404."""
    row = await webhooks.get_webhook(session, key, webhook_id)
    if row is None:
        raise not_found("webhook")
    return row


@router.post(
    "",
    response_model=None,
    responses={200: {"model": Webhook}, **error_responses(400, 401, 413, 415, 422, 429)},
    openapi_extra=json_body(WebhookCreate),
)
async def create_webhook(
    draft: JsonObject, session: Session, key: CurrentKey, ctx: Ctx
) -> dict[str, Any]:
    """Create a webhook; live keys need an https URL, sandbox keys may use http to loopback on
    the Local sandbox; never into the server's own network (webhook_targets.py)."""
    problems = validate_webhook(draft, live=not key.sandbox)
    if problems:
        raise ServiceError(422, [str(p) for p in problems])
    try:
        body = WebhookCreate.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    refused = await WebhookTargets.from_settings(ctx.settings).creation_problem(body.url)
    if refused is not None:
        raise ServiceError(422, [f"url: {refused}"])
    security = None
    if body.security is not None:
        security = {
            "type": body.security.type,
            "username": body.security.username,
            "password": body.security.password,
        }
    row = WebhookRow(
        id=str(uuid.uuid4()),
        account_id=key.account_id,
        environment=key.environment,
        url=body.url,
        event_types=list(dict.fromkeys(body.event_types)),
        security=security,
        deactivated=False,
        failure_count=0,
        created_at=utcnow(),
    )
    session.add(row)
    session.add(audit.entry(key, "webhook.created", row.id))
    await session.commit()
    return webhook_json(row)


@router.get(
    "",
    response_model=None,
    responses={200: {"model": WebhookList}, **error_responses(401, 422, 429)},
)
async def list_webhooks(
    session: Session, key: CurrentKey, page: PAGE = 1, per_page: PER_PAGE = 100
) -> dict[str, Any]:
    """The caller's webhooks, oldest first, `{"webhooks": [...]}`."""
    rows = await webhooks.list_webhooks(session, key, skip=(page - 1) * per_page, limit=per_page)
    return {"webhooks": [webhook_json(row) for row in rows]}


@router.get(
    "/{webhook_id}",
    response_model=None,
    responses={200: {"model": Webhook}, **error_responses(401, 404, 429)},
)
async def get_webhook(webhook_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """One webhook with its state (deactivated, failure count, last error)."""
    # counted before the webhook is read: the worker updates both in one transaction, so a
    # count of 0 is never shown beside the failure count from before that transaction
    pending = await webhooks.undelivered_count(session, webhook_id)
    row = await _own_webhook(session, key, webhook_id)
    return {**webhook_json(row), "undelivered_events": pending}


@router.delete(
    "/{webhook_id}",
    status_code=204,
    response_class=Response,
    responses={204: {"description": "deleted"}, **error_responses(401, 404, 429)},
)
async def delete_webhook(webhook_id: str, session: Session, key: CurrentKey) -> Response:
    """Delete a webhook and drop its undelivered events."""
    row = await _own_webhook(session, key, webhook_id)
    await webhooks.delete_webhook(session, row)
    session.add(audit.entry(key, "webhook.deleted", row.id))
    await session.commit()
    return Response(status_code=204)


@router.patch(
    "/{webhook_id}",
    response_model=None,
    responses={200: {"model": Webhook}, **error_responses(400, 401, 404, 413, 415, 422, 429)},
    openapi_extra=json_body(WebhookPatch),
)
async def patch_webhook(
    webhook_id: str, draft: JsonObject, session: Session, key: CurrentKey
) -> dict[str, Any]:
    """`{"deactivated": false}` reactivates (failure count reset, kept events resent)."""
    try:
        body = WebhookPatch.model_validate(draft)
    except ValidationError as exc:
        raise ServiceError(422, validation_error_messages(exc)) from None
    row = await _own_webhook(session, key, webhook_id)
    if not body.deactivated and row.deactivated:
        row.deactivated = False
        row.failure_count = 0
        row.deactivation_reason = None
        row.deactivated_at = None
        row.last_error = None
        await resume_stopped_deliveries(session, row.id)
    elif body.deactivated and not row.deactivated:
        row.deactivated = True
        row.deactivated_at = utcnow()
        row.deactivation_reason = "deactivated through the API"
        await webhooks.stop_pending_deliveries(session, row.id)
    await session.commit()
    return webhook_json(row)


@router.post("/{webhook_id}/test", status_code=202, responses=error_responses(400, 401, 404, 429))
async def test_webhook(webhook_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """Queue an `example.event` delivery to this webhook; answers the event id (202)."""
    row = await _own_webhook(session, key, webhook_id)
    if row.deactivated:
        raise ServiceError(400, ["webhook is deactivated: reactivate it before testing"])
    event_id = await queue_test_event(session, row)
    await session.commit()
    return {"id": event_id, "webhook_id": row.id, "type": "example.event", "status": "queued"}
