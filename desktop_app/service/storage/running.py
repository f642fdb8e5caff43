"""What a background task sees of the running service: context.ServiceContext is one, and
the tasks below it (storage, shipping, notifications) name this instead of importing it."""

from __future__ import annotations

import datetime as dt
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage.db_ping import DatabasePing
from desktop_app.service.storage.outage import SqliteFileWatch, StorageOutage


class RunningService(Protocol):
    """Settings, database and outage bookkeeping of the running service."""

    settings: ServiceSettings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    outage: StorageOutage
    db_file_watch: SqliteFileWatch | None
    ping: DatabasePing | None
    extras: dict[str, object]

    def now(self) -> dt.datetime:
        """Aware UTC now, shifted by the settings' clock offset."""
        ...
