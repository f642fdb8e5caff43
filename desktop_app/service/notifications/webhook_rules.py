"""Webhooks as a resource: their rules (where they may point, reactivation, test events) and
JSON view; the delivery worker is webhooks.py."""

from __future__ import annotations

import uuid
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.models import WebhookCreate, WebhookPatch
from desktop_app.domain.rules import validate_webhook
from desktop_app.service.errors import ServiceError, checked
from desktop_app.service.notifications.events import utcnow
from desktop_app.service.notifications.webhook_targets import WebhookTargets
from desktop_app.service.notifications.webhooks import queue_test_event, resume_stopped_deliveries
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage import audit, webhooks
from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.ownership import owned_row
from desktop_app.service.storage.webhooks import WebhookRow


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


async def _own_webhook(session: AsyncSession, key: KeyInfo, webhook_id: str) -> WebhookRow:
    """The caller's webhook (same account and environment), else 404."""
    return await owned_row(session, key, WebhookRow, webhook_id, "webhook")


async def create_webhook(
    session: AsyncSession, key: KeyInfo, draft: dict[str, Any], settings: ServiceSettings
) -> dict[str, Any]:
    """Check and store a webhook (audited); its wire object. Live keys need an https URL,
    sandbox keys may use http to loopback; never into the server's own network
    (webhook_targets.py). The caller commits."""
    body = checked(WebhookCreate, validate_webhook(draft, live=not key.sandbox), draft)
    refused = await WebhookTargets.from_settings(settings).creation_problem(body.url)
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
    return webhook_json(row)


async def list_webhooks(
    session: AsyncSession, key: KeyInfo, *, skip: int, limit: int
) -> dict[str, Any]:
    """The caller's webhooks, oldest first, `{"webhooks": [...]}`."""
    rows = await webhooks.list_webhooks(session, key, skip=skip, limit=limit)
    return {"webhooks": [webhook_json(row) for row in rows]}


async def get_webhook(session: AsyncSession, key: KeyInfo, webhook_id: str) -> dict[str, Any]:
    """One webhook with its state (deactivated, failure count, last error, undelivered)."""
    # counted before the webhook is read: the worker updates both in one transaction, so a
    # count of 0 is never shown beside the failure count from before that transaction
    pending = await webhooks.undelivered_count(session, webhook_id)
    row = await _own_webhook(session, key, webhook_id)
    return {**webhook_json(row), "undelivered_events": pending}


async def delete_webhook(session: AsyncSession, key: KeyInfo, webhook_id: str) -> None:
    """Delete a webhook and drop its undelivered events (audited). The caller commits."""
    row = await _own_webhook(session, key, webhook_id)
    await webhooks.delete_webhook(session, row)
    session.add(audit.entry(key, "webhook.deleted", row.id))


async def patch_webhook(
    session: AsyncSession, key: KeyInfo, webhook_id: str, draft: dict[str, Any]
) -> dict[str, Any]:
    """`{"deactivated": false}` reactivates (failure count reset, kept events resent),
    `true` deactivates (pending events kept); its wire object. The caller commits."""
    body = checked(WebhookPatch, [], draft)
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
    return webhook_json(row)


async def send_test_event(session: AsyncSession, key: KeyInfo, webhook_id: str) -> dict[str, Any]:
    """Queue an `example.event` delivery to an active webhook; what the 202 answers. The
    caller commits."""
    row = await _own_webhook(session, key, webhook_id)
    if row.deactivated:
        raise ServiceError(400, ["webhook is deactivated: reactivate it before testing"])
    event_id = await queue_test_event(session, row)
    return {"id": event_id, "webhook_id": row.id, "type": "example.event", "status": "queued"}
