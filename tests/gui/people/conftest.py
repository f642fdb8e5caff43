"""The station of tests/gui/people: one account with people per module (made by the CLI) and the
whole window on it, closed once nothing the pages started is still running; a load still
running after the bound fails the test, with where it waited."""

from __future__ import annotations

import gc
import inspect
import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from tests.gui.app_context import isolate
from tests.gui.people.station_desk import Station, open_station, people_account
from tests.gui.shipment_desk import loads_done


@pytest.fixture(scope="module")
def account(local_service: Any) -> tuple[dict[str, str], str]:
    """One account with people and a station key for the module (people are made by the CLI)."""
    return people_account(local_service)


@pytest.fixture
async def station(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
    account: tuple[dict[str, str], str],
) -> AsyncIterator[Station]:
    """The window at the account's station, connected, on its sign-in screen; closed once the
    pages' loads have ended (at most `loads_done`'s bound)."""
    isolate(monkeypatch, tmp_path)
    details, key = account
    desk = await open_station(qtbot, tmp_path, local_service, key, details)
    yield desk
    # what the pages started has ended before the close. A load that never ended here was End
    # of day's GET /v1/pickup_requests after a sign-out and the next sign-in, held on a
    # kept-alive connection's lock that a task woken outside the loop had taken (qasync's
    # processEvents while stopped; gui/core/event_loop.py ends that, the client's attempt
    # deadline recovers from any such hang within 45 s): the bound is 60 s.
    try:
        await loads_done(desk.context)
    except AssertionError as exc:
        raise AssertionError(f"{exc}\n{await what_hangs(desk, local_service)}") from None
    finally:
        await desk.context.aclose()


async def what_hangs(desk: Station, service: Any) -> str:
    """Where the loads still running wait: their stacks, the pacer, the connection pool's
    requests and connections, and how the service answers the same requests right now."""
    out = io.StringIO()
    for task in desk.context.tasks.running():
        out.write(f"{task.get_name()} awaits:\n")
        for where in await_chain(task.get_coro()):
            out.write(f"  {where}\n")
    client: Any = desk.context.client
    if client is None:
        return out.getvalue()
    out.write(f"pacer in flight: {client.pacer._window.in_flight}\n")
    pool = getattr(client._http._transport, "_pool", None)
    out.write(f"pool: {pool!r}\n")
    for waiting in getattr(pool, "_requests", []):
        request = waiting.request
        url = request.url  # (httpcore's URL: its parts are bytes)
        address = f"{url.scheme.decode()}://{url.host.decode()}:{url.port}{url.target.decode()}"
        out.write(f"  request {request.method.decode()} {address}\n")
        headers = {
            k.decode(): v.decode() for k, v in request.headers if k.lower() != b"authorization"
        }
        async with service.async_client(desk.station_key) as http:
            again = await http.request(request.method.decode(), address, headers=headers)
        out.write(f"    the same now, on a new connection: {again.status_code}\n")
    for connection in getattr(pool, "_connections", []):
        out.write(f"  connection {connection!r}\n")
    return out.getvalue()


def await_chain(awaitable: Any) -> list[str]:
    """file:line of each coroutine (and async generator) down to where it waits now."""
    found: list[str] = []
    while awaitable is not None and len(found) < 60:
        frame = getattr(awaitable, "cr_frame", None) or getattr(awaitable, "ag_frame", None)
        if frame is not None:
            found.append(f"{frame.f_code.co_filename}:{frame.f_lineno} {frame.f_code.co_name}")
        following = getattr(awaitable, "cr_await", None) or getattr(awaitable, "ag_await", None)
        if following is None and frame is None:  # an async generator's asend: its generator
            following = next(
                (r for r in gc.get_referents(awaitable) if inspect.isasyncgen(r)), None
            )
        awaitable = following
    return found
