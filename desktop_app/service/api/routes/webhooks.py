"""`/v1/webhooks`: create, list, get, delete, reactivate (PATCH) and send a test event (the
rules and the JSON view are notifications/webhook_rules.py's)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Response

from desktop_app.domain.models import Webhook, WebhookCreate, WebhookList, WebhookPatch
from desktop_app.service.api.bodies import JsonObject
from desktop_app.service.api.deps import Ctx, CurrentKey, Session
from desktop_app.service.api.openapi import error_responses, json_body
from desktop_app.service.notifications import webhook_rules

router = APIRouter(prefix="/webhooks", tags=["webhooks"])

PAGE = Annotated[int, Query(ge=1, le=1_000_000)]
PER_PAGE = Annotated[int, Query(ge=1, le=100)]


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
    created = await webhook_rules.create_webhook(session, key, draft, ctx.settings)
    await session.commit()
    return created


@router.get(
    "",
    response_model=None,
    responses={200: {"model": WebhookList}, **error_responses(401, 422, 429)},
)
async def list_webhooks(
    session: Session, key: CurrentKey, page: PAGE = 1, per_page: PER_PAGE = 100
) -> dict[str, Any]:
    """The caller's webhooks, oldest first, `{"webhooks": [...]}`."""
    return await webhook_rules.list_webhooks(
        session, key, skip=(page - 1) * per_page, limit=per_page
    )


@router.get(
    "/{webhook_id}",
    response_model=None,
    responses={200: {"model": Webhook}, **error_responses(401, 404, 429)},
)
async def get_webhook(webhook_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """One webhook with its state (deactivated, failure count, last error)."""
    return await webhook_rules.get_webhook(session, key, webhook_id)


@router.delete(
    "/{webhook_id}",
    status_code=204,
    response_class=Response,
    responses={204: {"description": "deleted"}, **error_responses(401, 404, 429)},
)
async def delete_webhook(webhook_id: str, session: Session, key: CurrentKey) -> Response:
    """Delete a webhook and drop its undelivered events."""
    await webhook_rules.delete_webhook(session, key, webhook_id)
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
    patched = await webhook_rules.patch_webhook(session, key, webhook_id, draft)
    await session.commit()
    return patched


@router.post("/{webhook_id}/test", status_code=202, responses=error_responses(400, 401, 404, 429))
async def test_webhook(webhook_id: str, session: Session, key: CurrentKey) -> dict[str, Any]:
    """Queue an `example.event` delivery to this webhook; answers the event id (202)."""
    queued = await webhook_rules.send_test_event(session, key, webhook_id)
    await session.commit()
    return queued
