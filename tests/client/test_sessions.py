"""A person's session through the client, against the real local service with people: the
token goes as X-Packdesk-Session on every request, a wrong code and the station's lock come as
typed errors sent once (never retried, the key's pacer not blocked), a session the service ended
tells the observers and is dropped, and sign-out ends it at the service; nothing of an ended
session (a call in flight, a connection gone silent) holds up the sign-out or the next person."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest

from desktop_app.client import (
    AuthenticationError,
    RateLimitError,
    SessionEndedError,
    ShippingClient,
    _base,
)
from desktop_app.client._base import SESSION_HEADER
from tests.fixtures.service import RunningService
from tests.fixtures.tcp_proxy import TcpProxy
from tests.gui.people.station_desk import PEOPLE, STATION, people_account

ANA, SAM, _ADA = (code for _name, _role, code in PEOPLE)


@pytest.fixture(scope="module")
def station_key(client_service: RunningService) -> str:
    _account, key = people_account(client_service)
    return key


@pytest.fixture
async def station(
    client_service: RunningService, station_key: str
) -> AsyncIterator[ShippingClient]:
    client = ShippingClient(
        client_service.base_url, station_key, ca_file=str(client_service.ca_file)
    )
    yield client
    await client.aclose()


async def test_a_signed_in_person_works_through_the_session_header(
    station: ShippingClient, client_service: RunningService, station_key: str
) -> None:
    presence = await station.presence()
    assert presence.sign_in_required and presence.person is None
    with pytest.raises(AuthenticationError):  # a station key alone may not list shipments
        await station.shipments.list()

    lost: list[str] = []
    station.on_session_lost(lambda: lost.append("lost"))
    session = await station.people.sign_in(ANA)
    assert station.signed_in
    assert session.person.name == "Ana Packer" and session.person.role == "packer"
    assert session.station == STATION and "labels" in session.rights
    assert "prices" not in session.rights and session.idle_timeout_s > 0
    assert session.token not in repr(session)
    await station.shipments.list()  # the header goes with it
    me = await station.presence()
    assert not me.sign_in_required and me.person is not None and me.person.name == "Ana Packer"

    # the service ends the session (another sign-out with the same token): the next request
    # is refused, the observers hear it, the client forgets the token
    async with client_service.async_client(station_key) as http:
        ended = await http.delete("/v1/sessions/current", headers={SESSION_HEADER: session.token})
    assert ended.status_code == 204
    with pytest.raises(AuthenticationError):
        await station.shipments.list()
    assert lost == ["lost"] and not station.signed_in


async def test_sign_out_ends_the_session_at_the_service(
    station: ShippingClient, client_service: RunningService, station_key: str
) -> None:
    session = await station.people.sign_in(SAM)
    await station.people.sign_out()
    assert not station.signed_in
    async with client_service.async_client(station_key) as http:
        answer = await http.get("/v1/shipments", headers={SESSION_HEADER: session.token})
    assert answer.status_code == 401


async def test_wrong_codes_are_errors_sent_once_and_leave_the_pacer_free(
    tmp_path: Any, service_factory: Any
) -> None:
    service = service_factory()
    _account, key = people_account(service)
    client = ShippingClient(service.base_url, key, ca_file=str(service.ca_file))
    try:
        for _ in range(5):
            with pytest.raises(AuthenticationError) as wrong:
                await client.people.sign_in("NOT-A-BADGE")
            assert wrong.value.errors == ["badge or PIN not recognised"]
        sent = client.stats.responses
        with pytest.raises(RateLimitError) as locked:
            await client.people.sign_in(ANA)
        assert client.stats.responses == sent + 1  # one request: a lock is not waited out
        assert locked.value.retry_after is not None and locked.value.retry_after > 60
        assert client.pacer._window.blocked_until == 0.0  # the key's pacer blocks nothing
        assert not client.signed_in
        await client.me()  # the key itself still works at once
    finally:
        await client.aclose()


#: longer than any wait below: a call held by a silent connection would wait this long
NO_READ_TIMEOUT = httpx.Timeout(900.0, connect=5.0)
#: only a call left hanging (the stall this guards against) reaches it
BOUND_S = 60.0


async def _until(what: str, condition: Callable[[], bool]) -> None:
    for _ in range(int(BOUND_S / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"waited {BOUND_S:.0f} s for {what}")


async def _within_bound(what: str, awaitable: Any) -> Any:
    try:
        return await asyncio.wait_for(awaitable, BOUND_S)
    except TimeoutError:
        raise AssertionError(f"{what} still waited after {BOUND_S:.0f} s") from None


async def test_a_silent_connection_never_holds_up_the_sign_out_or_the_next_person(
    client_service: RunningService, station_key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stall seen once at a station: after a sign-out and the next sign-in, one page's
    request stayed in flight. Here the station's connections go silent while Ana is signed in
    (no byte passes on them, as after a dropped NAT entry) with one page's request in flight and
    one connection kept alive. Sign-out cuts that request at once (its pacer slot back), and the
    sign-out and Sam's work go over connections of their own. On the old code the request, the
    sign-out's DELETE (sent over the silent kept-alive connection) and Sam's calls all waited
    for the read time-out (here longer than the test's bound)."""
    monkeypatch.setattr(_base, "DEFAULT_TIMEOUT", NO_READ_TIMEOUT)
    with TcpProxy("127.0.0.1") as proxy:
        proxy.target = ("127.0.0.1", client_service.port)
        client = ShippingClient(proxy.url, station_key, ca_file=str(client_service.ca_file))
        try:
            await client.people.sign_in(ANA)
            await client.shipments.list()  # (the pacer learns the limit: then both at once)
            await asyncio.gather(client.shipments.list(), client.addresses.list())
            assert proxy.connections >= 2  # two kept alive for the next calls
            proxy.silence()
            page_load = asyncio.create_task(client.shipments.list())
            await _until(
                "the page's request to reach the silent connection", lambda: proxy.swallowed > 0
            )

            await _within_bound("the sign-out", client.people.sign_out())
            with pytest.raises(SessionEndedError):
                await _within_bound("the cut page load", page_load)
            assert not client.pacer._window.in_flight  # its pacer slot was given back

            await _within_bound("Sam's sign-in", client.people.sign_in(SAM))
            me = await _within_bound("Sam's first call", client.presence())
            assert me.person is not None and me.person.name == "Sam Supervisor"
            await _within_bound("Sam's page load", client.shipments.list())
        finally:
            await client.aclose()
    async with client_service.async_client(station_key) as http:  # Ana's session ended there
        answer = await http.get("/v1/me")
    assert answer.status_code == 200


async def test_a_call_made_in_a_session_never_goes_out_in_the_next(
    station: ShippingClient,
) -> None:
    """A call of Ana's that was still waiting for its turn when she signed out is not sent
    with Sam's session, and calls of a station without sign-in are never cut."""
    await station.people.sign_in(ANA)
    gate, waits = asyncio.Event(), asyncio.Event()
    acquire = station.pacer.acquire

    async def held_acquire() -> Any:
        waits.set()
        await gate.wait()  # Ana's call waits here for the pacer
        return await acquire()

    station.pacer.acquire = held_acquire  # type: ignore[method-assign]
    waiting = asyncio.create_task(station.shipments.list())
    await _within_bound("Ana's call to wait for the pacer", waits.wait())
    await station.people.sign_out()
    await station.people.sign_in(SAM)
    gate.set()
    with pytest.raises(SessionEndedError):
        await _within_bound("Ana's waiting call", waiting)
    station.pacer.acquire = acquire  # type: ignore[method-assign]
    await station.shipments.list()  # Sam's own calls go
    await station.people.sign_out()
    await station.me()  # no one signed in: a call of the key alone is not cut
