"""What every part of a running service shares: settings, database, limiter, clock."""

from __future__ import annotations

import asyncio
import datetime as dt
from dataclasses import dataclass, field

from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from desktop_app.service.carriers import CarrierSimulator
from desktop_app.service.keycheck import KeyLookup
from desktop_app.service.ratelimit import RateLimiter
from desktop_app.service.render import LabelRenderer
from desktop_app.service.settings import ServiceSettings


@dataclass
class ServiceContext:
    """One per app (`app.state.ctx`); background tasks receive it too."""

    settings: ServiceSettings
    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    limiter: RateLimiter
    carriers: CarrierSimulator
    # serialises the short write phase of busy endpoints (see shipments.create_shipment)
    write_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # label files are rendered through it (worker processes, see render.py)
    renderer: LabelRenderer = field(default_factory=lambda: LabelRenderer(0))
    # API key lookups of the middleware (set by create_app; see keycheck.py)
    keys: KeyLookup | None = None
    # free slots for other modules' long-lived objects (mail outbox, worker handles)
    extras: dict[str, object] = field(default_factory=dict)

    def now(self) -> dt.datetime:
        """Aware UTC now, shifted by `settings.clock_offset` seconds (for expiry tests)."""
        return dt.datetime.now(dt.UTC) + dt.timedelta(seconds=self.settings.clock_offset)
