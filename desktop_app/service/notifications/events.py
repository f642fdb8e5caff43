"""Event emission: queue one webhook delivery per matching webhook in the caller's transaction."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

EXAMPLE_EVENT = "example.event"
DELETED_EVENT = "shipment.status.deleted"

# Called (without arguments) once a transaction that queued deliveries commits, so the worker
# wakes at once instead of at its next poll; the delivery worker installs it.
_WAKE_FLAG = "packdesk_deliveries_queued"
_wake_hooks: list[Callable[[], None]] = []
_clock_offset = timedelta()


def set_clock_offset(seconds: float) -> None:
    """Shift this process's notion of "now" (tests of retention and expiry)."""
    global _clock_offset
    _clock_offset = timedelta(seconds=seconds)


def utcnow() -> datetime:
    """Current time (UTC, aware), shifted by the configured clock offset."""
    return datetime.now(UTC) + _clock_offset


def add_wake_hook(hook: Callable[[], None]) -> None:
    """Register a callable run whenever a delivery is queued."""
    _wake_hooks.append(hook)


def remove_wake_hook(hook: Callable[[], None]) -> None:
    """Unregister a wake-up callable (worker shutdown)."""
    if hook in _wake_hooks:
        _wake_hooks.remove(hook)


def wake_worker() -> None:
    """Nudge the delivery worker; safe to call from any coroutine of the service loop."""
    for hook in list(_wake_hooks):
        hook()


@event.listens_for(Session, "after_commit")
def _wake_after_commit(session: Session) -> None:
    if session.info.pop(_WAKE_FLAG, False):
        wake_worker()


@event.listens_for(Session, "after_rollback")
def _forget_after_rollback(session: Session) -> None:
    session.info.pop(_WAKE_FLAG, None)


def mark_deliveries_queued(session: AsyncSession) -> None:
    """Wake the worker once this session commits (before that it could not see the rows)."""
    session.sync_session.info[_WAKE_FLAG] = True


def build_payload(
    *,
    event_id: str,
    webhook_id: str,
    occured_at: datetime,
    event_type: str,
    shipment_id: str,
    with_url: bool,
) -> dict[str, Any]:
    """The delivery body exactly as spec 6.1: no shipment details, no `url` for deletions."""
    data: dict[str, Any] = {"id": shipment_id, "object_type": "shipment"}
    if with_url:
        data["url"] = f"/v1/shipments/{shipment_id}"
    return {
        "id": event_id,
        "webhook_id": webhook_id,
        "occured_at": occured_at.isoformat(timespec="seconds"),
        "type": event_type,
        "data": data,
    }


def _matches(patterns: list[str], event_type: str) -> bool:
    from desktop_app.domain.events import event_matches

    return any(event_matches(pattern, event_type) for pattern in patterns)


async def emit_event(
    session: AsyncSession,
    *,
    account_id: str,
    environment: str,
    event_type: str,
    shipment_id: str,
    with_url: bool = True,
) -> None:
    """Queue one delivery per active webhook of this account+environment subscribed to the type.

    Rows are added to the caller's session and flushed, not committed: the event is stored
    exactly when the caller's change is, and never for a rolled-back change.
    """
    # Imported here so callers can import this module before the tables' module is loaded.
    from desktop_app.service.storage.webhooks import DeliveryRow, active_webhooks

    rows = await active_webhooks(session, account_id, environment)
    webhooks = [hook for hook in rows if _matches(list(hook.event_types), event_type)]
    if not webhooks:
        return
    event_id = str(uuid.uuid4())
    now = utcnow()
    for hook in webhooks:
        session.add(
            DeliveryRow(
                id=str(uuid.uuid4()),
                event_id=event_id,
                webhook_id=hook.id,
                account_id=account_id,
                environment=environment,
                event_type=event_type,
                payload=build_payload(
                    event_id=event_id,
                    webhook_id=hook.id,
                    occured_at=now,
                    event_type=event_type,
                    shipment_id=shipment_id,
                    with_url=with_url,
                ),
                status="pending",
                attempts=0,
                next_attempt_at=now,
                created_at=now,
            )
        )
    await session.flush()
    mark_deliveries_queued(session)
