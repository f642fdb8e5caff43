"""The FastAPI application of the local Shipping Service."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from desktop_app import __version__
from desktop_app.service.api.admission import Admission
from desktop_app.service.api.bodies import preload_checks
from desktop_app.service.api.errors import install_error_handlers
from desktop_app.service.api.idempotency import IdempotencyMiddleware
from desktop_app.service.api.middleware import ServiceMiddleware
from desktop_app.service.api.openapi import install_openapi
from desktop_app.service.api.people_gate import PeopleGate
from desktop_app.service.api.ratelimit import RateLimiter
from desktop_app.service.api.routers import API_PREFIX, ROUTE_RIGHTS, ROUTERS
from desktop_app.service.background import BackgroundTasks
from desktop_app.service.context import ServiceContext
from desktop_app.service.labels.render_pool import LabelRenderer
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.shipping.carriers import CarrierSimulator
from desktop_app.service.storage.db import make_engine, make_sessionmaker
from desktop_app.service.storage.db_ping import DatabasePing
from desktop_app.service.storage.keycheck import KeyLookup
from desktop_app.service.storage.outage import SqliteFileWatch, is_storage_unavailable, sqlite_file
from desktop_app.service.storage.schema import upgrade_database
from desktop_app.service.storage.shared_limits import SharedWindows
from desktop_app.service.storage.sqlite_reads import SqliteReads
from desktop_app.service.workers import WorkerPool

log = logging.getLogger("packdesk.service")


def create_app(settings: ServiceSettings) -> FastAPI:
    """Build the app: context, routers, error handlers, middleware, background tasks."""
    engine = make_engine(settings.db_url)
    limiter = RateLimiter(
        settings.rate_limit,
        settings.rate_interval,
        # several processes may serve one PostgreSQL: a key's limit counts across them
        shared=SharedWindows(engine) if engine.dialect.name == "postgresql" else None,
    )
    ctx = ServiceContext(
        settings=settings,
        engine=engine,
        sessions=make_sessionmaker(engine),
        carriers=CarrierSimulator.from_settings(settings),
        renderer=LabelRenderer(settings.render_processes),
        checks=WorkerPool("body check", settings.check_processes),
    )
    ctx.reads = SqliteReads(ctx.engine)
    ping = ctx.ping = DatabasePing(settings.db_url)
    keys = ctx.keys = KeyLookup(ctx.engine, ctx.sessions, ctx.reads)
    tasks = BackgroundTasks()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        try:
            settings.labels_dir.mkdir(parents=True, exist_ok=True)
            await upgrade_database(ctx.engine)
            log.info("database open: %s", ctx.engine.url.render_as_string(hide_password=True))
        except Exception as exc:
            if not is_storage_unavailable(exc):
                raise
            ctx.outage.failed(exc, "start-up")
        database_file = sqlite_file(ctx.engine)
        if database_file is not None:
            ctx.db_file_watch = SqliteFileWatch(database_file)
            ctx.db_file_watch.remember()
        tasks.start(ctx)
        if settings.warm_workers:
            ctx.renderer.warm()
            ctx.checks.warm(preload_checks)
        try:
            yield
        finally:
            await tasks.stop()
            ctx.renderer.close()
            ctx.checks.close()
            await keys.close()
            await asyncio.to_thread(ping.close)
            await ctx.engine.dispose()

    app = FastAPI(
        title="Packdesk local Shipping Service",
        version=__version__,
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=f"{API_PREFIX}/docs",
        redoc_url=None,
        lifespan=lifespan,
        redirect_slashes=False,
    )
    app.state.ctx = ctx
    app.state.tasks = tasks
    for router, prefix in ROUTERS:
        app.include_router(router, prefix=prefix)
    install_error_handlers(app)
    install_openapi(app)
    # inside ServiceMiddleware: it sees the request's key
    app.add_middleware(
        IdempotencyMiddleware,
        engine=ctx.engine,
        sessions=ctx.sessions,
        max_body_bytes=settings.max_body_bytes,
    )
    # between the two: sees the key, decides each route's role rule before anything else runs
    app.add_middleware(
        PeopleGate, sessions=lambda: ctx.sessions, routes=lambda: app.routes, rules=ROUTE_RIGHTS
    )
    app.add_middleware(
        ServiceMiddleware,
        limiter=limiter,
        sessions=lambda: ctx.sessions,
        lookup=lambda: keys,
        public_url=lambda: settings.base_url,
        outage=ctx.outage,
        file_check=lambda: ctx.db_file_watch.problem() if ctx.db_file_watch else None,
        proven=functools.partial(_proven, ctx),
    )
    return app


def _proven(ctx: ServiceContext, address: str) -> None:
    """An address sent a valid key: connection admission (admission.py) trusts it more."""
    admission = ctx.extras.get("admission")
    if isinstance(admission, Admission):
        admission.prove(address)
