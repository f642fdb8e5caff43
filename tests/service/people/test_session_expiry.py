"""A session ends after its idle time or its absolute life, works with its own station key only,
and a request renews its idle time (the database's rows moved in time, no waiting)."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path

from sqlalchemy import select

from desktop_app.service.storage.accounts import ApiKey, create_account
from desktop_app.service.storage.db import make_engine, make_sessionmaker, utcnow
from desktop_app.service.storage.people import (
    IDLE_TIMEOUT_S,
    PersonSession,
    add_person,
    find_by_code,
    signed_in,
    start_session,
    token_hash,
)
from desktop_app.service.storage.schema import upgrade_database


async def _check(url: str) -> None:
    engine = make_engine(url)
    try:
        await upgrade_database(engine)
        async with make_sessionmaker(engine)() as session:
            keys = await create_account(session, "expiry@example.com")
            key_ids = list(
                await session.scalars(select(ApiKey.id).where(ApiKey.account_id == keys.account_id))
            )
            person = await add_person(session, keys.account_id, "Ana", "packer", "BADGE-1")
            assert await find_by_code(session, keys.account_id, "BADGE-1") is person
            assert await find_by_code(session, keys.account_id, "BADGE-2") is None
            token, row = await start_session(session, person, key_ids[0], "Packtisch 1")
            await session.commit()
            assert row.token_hash == token_hash(token) and token not in row.token_hash

            async def moved(**changes: dt.datetime) -> bool:
                for name, value in changes.items():
                    setattr(row, name, value)
                await session.commit()
                return await signed_in(session, token, key_ids[0]) is not None

            assert await signed_in(session, token, key_ids[1]) is None  # another key
            now = utcnow()
            idle = dt.timedelta(seconds=IDLE_TIMEOUT_S)
            # ten minutes idle: still in, and the request renews the idle time
            assert await moved(last_seen_at=now - dt.timedelta(minutes=10))
            await session.refresh(row)
            assert utcnow() - row.last_seen_at < dt.timedelta(minutes=1)
            assert not await moved(last_seen_at=now - idle - dt.timedelta(seconds=5))
            assert await moved(last_seen_at=now)
            assert not await moved(expires_at=now - dt.timedelta(seconds=1))
            assert await moved(expires_at=now + dt.timedelta(hours=1))
            person.disabled = True
            assert not await moved()
            person.disabled = False
            assert await moved()
            assert not await moved(ended_at=now)
            stored = await session.scalar(select(PersonSession.token_hash))
            assert stored == token_hash(token)
    finally:
        await engine.dispose()


def test_session_life_idle_time_and_key_binding(tmp_path: Path) -> None:
    asyncio.run(_check(f"sqlite+aiosqlite:///{tmp_path / 'sessions.db'}"))
