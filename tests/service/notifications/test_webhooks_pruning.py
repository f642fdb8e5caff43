"""Old delivered events are pruned from the queue table; pending and recent ones stay."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from sqlalchemy import select

from desktop_app.service.app import create_app
from desktop_app.service.context import ServiceContext
from desktop_app.service.notifications.webhooks import KEEP_DELIVERED_DAYS, prune_delivered
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage.accounts import create_account
from desktop_app.service.storage.schema import upgrade_database
from desktop_app.service.storage.webhooks import DeliveryRow, WebhookRow


async def test_prune_delivered_keeps_pending_and_recent(tmp_path: Path) -> None:
    # the context a real app builds, on a real SQLite file; no server needed for this part
    ctx: ServiceContext = create_app(ServiceSettings(data_dir=tmp_path)).state.ctx
    engine = ctx.engine
    try:
        await upgrade_database(engine)
        now = ctx.now()
        old = now - timedelta(days=KEEP_DELIVERED_DAYS + 1)
        async with ctx.sessions() as session, session.begin():
            keys = await create_account(session, "prune@example.com")
            session.add(
                WebhookRow(
                    id="w1",
                    account_id=keys.account_id,
                    environment="sandbox",
                    url="http://127.0.0.1:9/",
                    event_types=["*"],
                    created_at=old,
                )
            )
            await session.flush()  # no ORM relationship orders the inserts for the foreign key
            for name, status, delivered_at in [
                ("old-delivered", "delivered", old),
                ("new-delivered", "delivered", now),
                ("old-pending", "pending", None),
                ("old-stopped", "stopped", None),
            ]:
                session.add(
                    DeliveryRow(
                        id=name,
                        event_id=name,
                        webhook_id="w1",
                        account_id=keys.account_id,
                        environment="sandbox",
                        event_type="example.event",
                        payload={},
                        status=status,
                        next_attempt_at=old,
                        created_at=old,
                        delivered_at=delivered_at,
                    )
                )
        assert await prune_delivered(ctx) == 1
        async with ctx.sessions() as session:
            left = set(await session.scalars(select(DeliveryRow.id)))
        assert left == {"new-delivered", "old-pending", "old-stopped"}
    finally:
        await engine.dispose()
