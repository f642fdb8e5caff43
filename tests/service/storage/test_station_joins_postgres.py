"""A station joins a warehouse of two servers on one PostgreSQL (issue 37, item 3): it asks at
one server, the admin approves at the other, and the station's polls reach both at the same
moment: the key is handed over exactly once across both processes (the database decides, not
a lock of one process), and it works on both."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.fixtures.service import RunningService
from tests.service.postgres import PostgresCluster, throwaway_cluster
from tests.service.storage.test_two_servers import SERVER_A, _address, _pair

PATH = "/v1/stations/join_requests"


@pytest.fixture(scope="module")
def cluster() -> Iterator[PostgresCluster]:
    with throwaway_cluster() as pg:
        yield pg


def _client(service: RunningService, key: str | None = None) -> httpx.Client:
    auth = (key, "") if key else None
    return httpx.Client(
        base_url=_address(service), verify=service.ssl_context(), auth=auth, timeout=30.0
    )


def test_asked_at_one_server_approved_at_the_other_key_handed_over_once(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    first, second = _pair(cluster, tmp_path, f"https://{SERVER_A}:1")
    try:
        with _client(first) as station:
            asked = station.post(PATH, json={"station": "Packtisch Nord"})
        assert asked.status_code == 201, asked.text
        ticket = asked.json()
        with _client(second, second.live_key) as admin:
            (waiting,) = admin.get(PATH).json()["join_requests"]
            assert waiting["id"] == ticket["id"] and waiting["phrase"] == ticket["phrase"]
            approved = admin.post(f"{PATH}/{ticket['id']}/approve", json=ticket)
            assert approved.status_code == 200, approved.text

        def poll(n: int) -> dict[str, object]:
            with _client(first if n % 2 else second) as client:
                answer = client.get(
                    f"{PATH}/{ticket['id']}", headers={"X-Join-Secret": ticket["poll_secret"]}
                )
            assert answer.status_code == 200, answer.text
            return dict(answer.json())

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            answers = list(pool.map(poll, range(8)))
        keys = [a["key"] for a in answers if "key" in a]
        assert len(keys) == 1, answers
        assert {a["status"] for a in answers} == {"approved"}
        (key,) = keys
        assert isinstance(key, dict) and key["environment"] == "live"
        for service in (first, second):
            with _client(service, str(key["key"])) as new_station:
                assert new_station.get("/v1/me").status_code == 200
    finally:
        first.stop()
        second.stop()
