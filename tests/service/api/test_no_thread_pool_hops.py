"""No route and no dependency of a route runs in FastAPI's thread pool.

FastAPI runs a plain `def` endpoint or dependency in a worker thread: two thread hand-offs per
request, each waiting for a thread switch on a busy machine (the unlimited batch of
bench/batch.py paid three per label). Found from the app's own route list, so a new route or
dependency written as `def` fails here.
"""

from __future__ import annotations

import inspect
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from fastapi.dependencies.models import Dependant
from fastapi.routing import APIRoute, iter_route_contexts

from desktop_app.service.app import create_app
from desktop_app.service.settings import ServiceSettings


def _runs_on_the_loop(call: Callable[..., Any]) -> bool:
    """What FastAPI awaits on the event loop: a coroutine or async generator function (or an
    object whose `__call__` is one)."""
    for candidate in (call, getattr(call, "__call__", None)):  # noqa: B004 - a callable object's own method
        if inspect.iscoroutinefunction(candidate) or inspect.isasyncgenfunction(candidate):
            return True
    return False


def _calls(dependant: Dependant) -> Iterator[Callable[..., Any]]:
    """The endpoint or dependency of `dependant` and of every dependency below it."""
    if dependant.call is not None:
        yield dependant.call
    for sub in dependant.dependencies:
        yield from _calls(sub)


def _thread_pool_calls() -> list[str]:
    """`METHOD path: function` for every call of a route that FastAPI would run in a thread."""
    found: list[str] = []
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app(ServiceSettings(data_dir=Path(data_dir), render_processes=0))
        routes = [context.route for context in iter_route_contexts(app.routes)]
        api_routes = [route for route in routes if isinstance(route, APIRoute)]
        assert len(api_routes) > 50, "the app's routes were not found"
        for route in api_routes:
            for call in _calls(route.dependant):
                if not _runs_on_the_loop(call):
                    name = getattr(call, "__qualname__", repr(call))
                    found.append(f"{sorted(route.methods or ())} {route.path}: {name}")
    return found


def test_every_endpoint_and_dependency_runs_on_the_event_loop() -> None:
    in_threads = _thread_pool_calls()
    assert in_threads == [], (
        "these run in FastAPI's thread pool (write them as `async def`): " + "; ".join(in_threads)
    )


def test_a_plain_def_dependency_is_found() -> None:
    def plain() -> None:
        """A dependency FastAPI would run in a thread."""

    async def awaited() -> None:
        """One it awaits."""

    assert not _runs_on_the_loop(plain)
    assert _runs_on_the_loop(awaited)
