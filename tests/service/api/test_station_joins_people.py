"""Who may let a station join once the warehouse has people (issue 37, items 1 and 3): a station
key alone must sign in first, a packer is refused in words, an admin signed in at a station
approves by the phrase and is named as who decided."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from desktop_app.service.api.rights import SIGN_IN_FIRST
from tests.fixtures.service import LOCAL_SERVICE_ARGS, start_service
from tests.service.people.warehouse import Warehouse, make_warehouse

PATH = "/v1/stations/join_requests"


@pytest.fixture(scope="module")
def warehouse(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Warehouse]:
    with start_service(tmp_path_factory.mktemp("join-people"), *LOCAL_SERVICE_ARGS) as service:
        yield make_warehouse(service)


def test_only_a_signed_in_admin_lets_a_station_join(warehouse: Warehouse) -> None:
    service = warehouse.service
    transport = httpx.HTTPTransport(verify=service.ssl_context(), local_address="127.0.0.61")
    with httpx.Client(base_url=service.base_url, transport=transport, timeout=30) as new:
        # the joining station has no key and needs no sign-in
        asked = new.post(PATH, json={"station": "Packtisch Neu"})
        assert asked.status_code == 201, asked.text
        ticket = asked.json()
        with warehouse.station_client() as station_only:
            refused = station_only.get(PATH)
        assert refused.status_code == 401 and refused.json()["errors"] == [SIGN_IN_FIRST]
        with warehouse.person_client("Ana") as packer:
            refused = packer.post(f"{PATH}/{ticket['id']}/approve", json=ticket)
        assert refused.status_code == 403
        assert refused.json()["errors"] == [
            "a packer may not approve or deny stations: ask an admin"
        ]
        with warehouse.person_client("Cleo") as admin:
            (waiting,) = admin.get(PATH).json()["join_requests"]
            assert waiting["phrase"] == ticket["phrase"]
            approved = admin.post(f"{PATH}/{ticket['id']}/approve", json=ticket)
        assert approved.status_code == 200, approved.text
        assert approved.json()["decided_by"] == "Cleo"
        answer = new.get(f"{PATH}/{ticket['id']}", headers={"X-Join-Secret": ticket["poll_secret"]})
    assert answer.json()["key"]["name"] == "Packtisch Neu"
