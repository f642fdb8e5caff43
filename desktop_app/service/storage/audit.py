"""Who did what: the audit log's entries, written in the same transaction as the change.

Handlers add `entry(...)` to their session before they commit, so an action is in the log
exactly when it happened (a rolled-back change leaves no entry). Actions: shipment.created,
shipment.deleted, pickup.created, manifest.created, address.created, order.created,
order.deleted, webhook.created, webhook.deleted, routing_rule.created, routing_rule.deleted,
account.created, keys.rotated, key.added, key.revoked, session.started, session.ended,
session.failed, session.locked, station.release, station.pack_check_mismatch. Each entry of a
request keeps the signed-in person and the station (storage/made_by.py).
"""

from __future__ import annotations

import datetime as dt
from datetime import datetime
from typing import Any

from sqlalchemy import Index, Integer, String, func, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.accounts import KeyInfo
from desktop_app.service.storage.db import Base, UTCDateTime, utcnow
from desktop_app.service.storage.made_by import MadeBy


class AuditEntry(MadeBy, Base):
    """One action. No foreign keys: the trail outlives the objects (and keys) it names."""

    __tablename__ = "audit_log"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    account_id: Mapped[str | None] = mapped_column(String(36), nullable=True)
    environment: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # the station's key name ("Station 3"), "account key", or who acted without a key
    # ("command line", "sandbox retention"); the key's prefix when a key acted
    actor: Mapped[str] = mapped_column(String(100))
    key_prefix: Mapped[str | None] = mapped_column(String(16), nullable=True)
    # e.g. shipment.created, shipment.deleted, pickup.created, manifest.created, key.revoked
    action: Mapped[str] = mapped_column(String(40))
    object_id: Mapped[str | None] = mapped_column(String(64), nullable=True)

    __table_args__ = (
        Index("ix_audit_log_account_at", "account_id", "at"),
        Index("ix_audit_log_at", "at"),
    )


COMMAND_LINE = "command line"
# the first start makes the first account, and new keys when credentials.json is gone
SERVICE_START = "service start"
SANDBOX_RETENTION = "sandbox retention"
MAX_LISTED = 10_000


def entry(key: KeyInfo, action: str, object_id: str | None) -> AuditEntry:
    """An entry for an action of a request made with `key`."""
    return AuditEntry(
        at=utcnow(),
        account_id=key.account_id,
        environment=key.environment,
        actor=key.name or "account key",
        key_prefix=key.prefix,
        action=action,
        object_id=object_id,
    )


def entry_by(
    actor: str,
    action: str,
    object_id: str | None,
    *,
    account_id: str | None,
    environment: str | None = None,
) -> AuditEntry:
    """An entry for an action without a key (the command line, a background task)."""
    return AuditEntry(
        at=utcnow(),
        account_id=account_id,
        environment=environment,
        actor=actor,
        action=action,
        object_id=object_id,
    )


async def list_entries(
    session: AsyncSession,
    *,
    account_id: str | None = None,
    environment: str | None = None,
    since: dt.datetime | None = None,
    action: str | None = None,
    person: str | None = None,
    limit: int = 100,
    offset: int = 0,
) -> list[AuditEntry]:
    """Entries, newest first, filtered (an action ending in `.*` matches its prefix)."""
    query = select(AuditEntry)
    if account_id is not None:
        query = query.where(AuditEntry.account_id == account_id)
    if environment is not None:
        query = query.where(AuditEntry.environment == environment)
    if since is not None:
        query = query.where(AuditEntry.at >= since)
    if action is not None:
        if action.endswith(".*"):
            query = query.where(AuditEntry.action.startswith(action[:-1], autoescape=True))
        else:
            query = query.where(AuditEntry.action == action)
    if person is not None:
        query = query.where(
            func.lower(AuditEntry.made_by_person) == " ".join(person.split()).lower()
        )
    query = query.order_by(AuditEntry.at.desc(), AuditEntry.id.desc())
    rows = await session.scalars(query.offset(offset).limit(min(limit, MAX_LISTED)))
    return list(rows)


def parse_since(text: str) -> dt.datetime:
    """A point in time: ISO 8601 (`2026-11-26`, `2026-11-26T08:00`, with or without an offset;
    without one it is UTC) or the API's `20261126T0800Z`. ValueError says what is wanted."""
    value = text.strip()
    try:
        if len(value) == 14 and value[8] == "T" and value.endswith("Z"):
            parsed = dt.datetime.strptime(value, "%Y%m%dT%H%MZ")
        else:
            parsed = dt.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(
            f"since: {text!r} is no time; use e.g. 2026-11-26, 2026-11-26T08:00 or 20261126T0800Z"
        ) from None
    return parsed.replace(tzinfo=dt.UTC) if parsed.tzinfo is None else parsed.astimezone(dt.UTC)


def entry_json(row: AuditEntry) -> dict[str, Any]:
    """The wire/CLI form of an entry."""
    return {
        "at": row.at.isoformat(timespec="seconds"),
        "account_id": row.account_id,
        "environment": row.environment,
        "actor": row.actor,
        "key_prefix": row.key_prefix,
        "action": row.action,
        "object_id": row.object_id,
        "person": row.made_by_person,
        "station": row.made_by_station,
    }
