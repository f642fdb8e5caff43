"""What every part of a running service shares: settings, database, limiter, clock."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from desktop_app.service.labels.render_pool import LabelRenderer
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.shipping.carriers import CarrierSimulator
from desktop_app.service.storage.db_ping import DatabasePing
from desktop_app.service.storage.keycheck import KeyLookup
from desktop_app.service.storage.outage import SqliteFileWatch, StorageOutage
from desktop_app.service.storage.sqlite_reads import SqliteReads
from desktop_app.service.workers import WorkerPool


@dataclass
class ServiceContext:
    """One per app (`app.state.ctx`); background tasks receive it too."""

    settings: ServiceSettings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    carriers: CarrierSimulator
    # serialises the short write phase of busy endpoints (see shipments.create_shipment)
    write_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # label files are rendered through it (worker processes, see render.py)
    renderer: LabelRenderer = field(default_factory=lambda: LabelRenderer(0))
    # large request bodies are parsed and checked in it (see bodies.py)
    checks: WorkerPool = field(default_factory=lambda: WorkerPool("body check", 0))
    # API key lookups of the middleware (set by create_app; see keycheck.py)
    keys: KeyLookup | None = None
    # hot reads in one statement on SQLite (key checks, label downloads; see sqlite_reads.py)
    reads: SqliteReads | None = None
    # database outages (503 + one log line each) and the SQLite file the service opened
    outage: StorageOutage = field(default_factory=StorageOutage)
    db_file_watch: SqliteFileWatch | None = None
    # the health probe's query, timed on a loop of its own (db_ping.py; set by create_app)
    ping: DatabasePing | None = None
    started_at: float = field(default_factory=time.monotonic)
    # free slots for other modules' long-lived objects (mail outbox, worker handles)
    extras: dict[str, object] = field(default_factory=dict)

    def database_ping(self) -> DatabasePing:
        """The health probe's ping: `ping`, made at the first probe when none was set."""
        if self.ping is None:
            self.ping = DatabasePing(self.settings.db_url)
        return self.ping

    def now(self) -> dt.datetime:
        """Aware UTC now, shifted by `settings.clock_offset` seconds (for expiry tests)."""
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self.settings.clock_offset)
