"""The FastAPI application of the local Shipping Service."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from desktop_app import __version__
from desktop_app.service.background import BackgroundTasks
from desktop_app.service.bodies import preload_checks
from desktop_app.service.carriers import CarrierSimulator
from desktop_app.service.context import ServiceContext
from desktop_app.service.db import make_engine, make_sessionmaker
from desktop_app.service.errors import install_error_handlers
from desktop_app.service.keycheck import KeyLookup
from desktop_app.service.middleware import ServiceMiddleware
from desktop_app.service.openapi import install_openapi
from desktop_app.service.ratelimit import RateLimiter
from desktop_app.service.render import LabelRenderer
from desktop_app.service.routes import health, load_routers, pairing
from desktop_app.service.schema import upgrade_database
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.sqlite_reads import SqliteReads
from desktop_app.service.storage import SqliteFileWatch, is_storage_unavailable, sqlite_file
from desktop_app.service.workers import WorkerPool

API_PREFIX = "/v1"


def create_app(settings: ServiceSettings) -> FastAPI:
    """Build the app: context, routers, error handlers, middleware, background tasks."""
    engine = make_engine(settings.db_url)
    ctx = ServiceContext(
        settings=settings,
        engine=engine,
        sessions=make_sessionmaker(engine),
        limiter=RateLimiter(settings.rate_limit, settings.rate_interval),
        carriers=CarrierSimulator.from_settings(settings),
        renderer=LabelRenderer(settings.render_processes),
        checks=WorkerPool("body check", settings.check_processes),
    )
    ctx.reads = SqliteReads(ctx.engine)
    keys = ctx.keys = KeyLookup(ctx.engine, ctx.sessions, ctx.reads)
    tasks = BackgroundTasks()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        try:
            settings.labels_dir.mkdir(parents=True, exist_ok=True)
            await upgrade_database(ctx.engine)
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
    for router in load_routers():
        app.include_router(router, prefix=API_PREFIX)
    app.include_router(health.router)
    app.include_router(pairing.router, prefix=API_PREFIX)
    install_error_handlers(app)
    install_openapi(app)
    app.add_middleware(
        ServiceMiddleware,
        limiter=ctx.limiter,
        sessions=lambda: ctx.sessions,
        lookup=lambda: keys,
        public_url=lambda: settings.base_url,
        outage=ctx.outage,
        file_check=lambda: ctx.db_file_watch.problem() if ctx.db_file_watch else None,
    )
    return app
