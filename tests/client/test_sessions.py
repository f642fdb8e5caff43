"""A person's session through the client, against the real local service with people: the
token goes as X-Packdesk-Session on every request, a wrong code and the station's lock come as
typed errors sent once (never retried, the key's pacer not blocked), a session the service ended
tells the observers and is dropped, and sign-out ends it at the service."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from desktop_app.client import AuthenticationError, RateLimitError, ShippingClient
from desktop_app.client._base import SESSION_HEADER
from tests.fixtures.service import RunningService
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
