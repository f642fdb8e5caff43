"""Stations ask to join and an admin approves them by phrase (issue 37, item 3).

Against the real service over HTTPS: the station asks without a key from its own address
(127.0.0.x), polls with its secret, and gets its own key exactly once after the admin approved
with the phrase the station shows. Wrong phrases, denials, expiry (by the service's clock, not
by waiting), the limits per address and per station name, and a keyless flood are checked
by what the service answers and stores.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import sqlite3
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pytest

from desktop_app.service.shipping.station_join_rules import WORDS, new_phrase, same_phrase
from desktop_app.service.shipping.station_joins import PER_ADDRESS, PER_STATION
from tests.fixtures.service import RunningService, start_service

ServiceFactory = Callable[..., RunningService]
PATH = "/v1/stations/join_requests"
PHRASE = re.compile(r"^[a-z]+-[a-z]+-[1-9][0-9]$")


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """A service of this module's own (the join limits count per service)."""
    with start_service(tmp_path_factory.mktemp("joins"), "--rate-limit", "100000/60") as running:
        yield running


def station(service: RunningService, address: str) -> httpx.Client:
    """A keyless client from `address` (a station without a key yet)."""
    transport = httpx.HTTPTransport(verify=service.ssl_context(), local_address=address)
    return httpx.Client(base_url=service.base_url, transport=transport, timeout=30)


def ask(service: RunningService, address: str, name: str) -> dict[str, str]:
    with station(service, address) as client:
        response = client.post(PATH, json={"station": name})
    assert response.status_code == 201, response.text
    return dict(response.json())


def poll(
    service: RunningService, asked: dict[str, str], address: str = "127.0.0.1"
) -> httpx.Response:
    with station(service, address) as client:
        return client.get(f"{PATH}/{asked['id']}", headers={"X-Join-Secret": asked["poll_secret"]})


def test_phrase_words_read_alike_in_german_and_english() -> None:
    assert len(set(WORDS)) == len(WORDS) >= 64
    assert all(word.isascii() and word.isalpha() and word.islower() for word in WORDS)
    assert all(PHRASE.match(new_phrase()) for _ in range(200))
    assert same_phrase(" Tiger  Piano 42 ", "tiger-piano-42")
    assert not same_phrase("tiger-piano-43", "tiger-piano-42")


def test_routes_have_their_role_rules() -> None:
    """Keyless for the joining station, the "stations" right for the admin's routes."""
    from desktop_app.service.api.rights import OPEN
    from desktop_app.service.api.routers import ROUTE_RIGHTS

    mine = {route: rule for route, rule in ROUTE_RIGHTS.items() if PATH in route}
    assert mine == {
        f"POST {PATH}": OPEN,
        f"GET {PATH}/{{request_id}}": OPEN,
        f"GET {PATH}": "stations",
        f"POST {PATH}/{{request_id}}/approve": "stations",
        f"POST {PATH}/{{request_id}}/deny": "stations",
    }


def test_station_asks_admin_approves_by_phrase_key_handed_over_once(
    service: RunningService,
) -> None:
    asked = ask(service, "127.0.0.11", "Packtisch 3")
    assert PHRASE.match(asked["phrase"]) and asked["station"] == "Packtisch 3"
    expires = dt.datetime.fromisoformat(asked["expires_at"])
    assert dt.timedelta(minutes=14) < expires - dt.datetime.now(dt.UTC) <= dt.timedelta(minutes=15)
    assert len(asked["poll_secret"]) >= 32
    assert poll(service, asked).json()["status"] == "pending"

    with service.client("sandbox") as admin:
        pending = admin.get(PATH).json()["join_requests"]
        mine = [item for item in pending if item["id"] == asked["id"]]
        assert mine and mine[0]["phrase"] == asked["phrase"] and mine[0]["address"] == "127.0.0.11"
        assert "poll_secret" not in mine[0] and "secret_hash" not in mine[0]
        typed = asked["phrase"].replace("-", " ").upper()  # as an admin may type it
        approved = admin.post(f"{PATH}/{asked['id']}/approve", json={"phrase": typed})
        assert approved.status_code == 200, approved.text
        assert approved.json()["status"] == "approved"
        assert approved.json()["decided_by"] == "account key"
        assert asked["id"] not in {item["id"] for item in admin.get(PATH).json()["join_requests"]}

    first = poll(service, asked).json()
    assert first["status"] == "approved"
    key = first["key"]
    assert key["name"] == "Packtisch 3" and key["environment"] == "sandbox"
    # the station's own key works and is named after it; the next poll has no key
    with service.client(key["key"]) as new_station:
        assert new_station.get("/v1/me").status_code == 200
    again = poll(service, asked).json()
    assert again["status"] == "approved" and "key" not in again
    assert '"Packtisch 3"' in service.accounts("list")
    # neither the key nor the poll secret is stored in plain
    database = (service.data_dir / "service.db").read_bytes()
    wal = service.data_dir / "service.db-wal"
    stored = database + (wal.read_bytes() if wal.exists() else b"")
    assert key["key"].encode() not in stored and asked["poll_secret"].encode() not in stored
    with service.client("sandbox") as admin:
        log = admin.get("/v1/audit_log", params={"action": "station.*"}).json()
    entries = {(e["action"], e["actor"]) for e in log if e["object_id"] == asked["id"]}
    assert entries == {
        ("station.join_approved", "account key"),
        ("station.key_handed_over", "Packtisch 3"),
    }


def test_concurrent_polls_after_approval_hand_the_key_over_once(service: RunningService) -> None:
    asked = ask(service, "127.0.0.12", "Packtisch 4")
    with service.client("live") as admin:
        assert admin.post(f"{PATH}/{asked['id']}/approve", json=asked).status_code == 200

    async def polls() -> list[dict[str, object]]:
        async with service.async_client(None) as client:
            answers = await asyncio.gather(
                *(
                    client.get(
                        f"{PATH}/{asked['id']}", headers={"X-Join-Secret": asked["poll_secret"]}
                    )
                    for _ in range(6)
                )
            )
        return [a.json() for a in answers]

    answers = asyncio.run(polls())
    assert Counter(a["status"] for a in answers) == {"approved": 6}
    keys = [a["key"] for a in answers if "key" in a]
    assert len(keys) == 1 and keys[0]["environment"] == "live"  # type: ignore[index]


def test_a_wrong_phrase_is_refused_in_words_and_the_request_still_waits(
    service: RunningService,
) -> None:
    asked = ask(service, "127.0.0.13", "Packtisch 5")
    wrong = "-".join(
        asked["phrase"].split("-")[:2] + ["10" if not asked["phrase"].endswith("-10") else "11"]
    )
    with service.client("sandbox") as admin:
        refused = admin.post(f"{PATH}/{asked['id']}/approve", json={"phrase": wrong})
        assert refused.status_code == 422
        assert refused.json() == {
            "errors": [
                "the phrase does not match the one this station shows: compare it with the "
                "station's screen"
            ]
        }
        empty = admin.post(f"{PATH}/{asked['id']}/approve", json={})
        assert empty.status_code == 422 and "phrase" in empty.json()["errors"][0]
    assert poll(service, asked).json() == {
        "id": asked["id"],
        "station": "Packtisch 5",
        "status": "pending",
        "expires_at": asked["expires_at"],
    }


def test_denied_station_is_told_and_cannot_be_approved_later(service: RunningService) -> None:
    asked = ask(service, "127.0.0.14", "Packtisch 6")
    with service.client("sandbox") as admin:
        denied = admin.post(f"{PATH}/{asked['id']}/deny")
        assert denied.status_code == 200 and denied.json()["status"] == "denied"
        late = admin.post(f"{PATH}/{asked['id']}/approve", json={"phrase": asked["phrase"]})
        assert late.status_code == 409
        assert late.json()["errors"] == ["the join request of 'Packtisch 6' is already denied"]
    answer = poll(service, asked).json()
    assert answer["status"] == "denied" and "key" not in answer


def test_who_may_see_and_decide(service: RunningService) -> None:
    asked = ask(service, "127.0.0.15", "Packtisch 7")
    # no key: the admin's routes answer 401; a station key may not let stations in
    with station(service, "127.0.0.15") as keyless:
        assert keyless.get(PATH).status_code == 401
        assert keyless.post(f"{PATH}/{asked['id']}/approve", json=asked).status_code == 401
        # a wrong or missing secret says nothing about the request
        for headers in ({"X-Join-Secret": "guess"}, {}):
            answer = keyless.get(f"{PATH}/{asked['id']}", headers=headers)
            assert (
                answer.status_code == 404 and "no such join request" in answer.json()["errors"][0]
            )
    made = json.loads(service.accounts("add-key", service.email, "--name", "Bestehende Station"))
    # a station key alone never lets other stations in, even of an account without people
    with service.client(made["sandbox_key"]) as station_client:
        refused = station_client.post(f"{PATH}/{asked['id']}/approve", json=asked)
        assert refused.status_code == 403
        assert "a station key may not let other stations join" in refused.json()["errors"][0]
        assert station_client.get(PATH).status_code == 403
    assert poll(service, asked).json()["status"] == "pending"


def test_a_station_name_that_already_has_keys_is_refused_at_approval(
    service: RunningService,
) -> None:
    service.accounts("add-key", service.email, "--name", "Packtisch 8")
    asked = ask(service, "127.0.0.16", "packtisch 8")
    with service.client("sandbox") as admin:
        refused = admin.post(f"{PATH}/{asked['id']}/approve", json=asked)
    assert refused.status_code == 409
    assert "already has keys: revoke them first" in refused.json()["errors"][0]


def test_bad_station_names_are_refused_in_words(service: RunningService) -> None:
    with station(service, "127.0.0.17") as client:
        for body in ({}, {"station": ""}, {"station": 3}, {"station": "x" * 101}):
            answer = client.post(PATH, json=body)
            assert answer.status_code == 422, body
            assert answer.json()["errors"][0].startswith(("station", "a station's name"))


def test_join_requests_are_limited_per_address_in_words(service: RunningService) -> None:
    with station(service, "127.0.0.21") as flooder:
        made = [flooder.post(PATH, json={"station": f"Tisch A{i}"}) for i in range(PER_ADDRESS + 2)]
    assert [r.status_code for r in made] == [201] * PER_ADDRESS + [429, 429]
    refused = made[-1]
    assert refused.json() == {
        "errors": ["too many join requests from this address: try again in 10 minutes"]
    }
    assert 500 <= int(refused.headers["Retry-After"]) <= 600
    # another address is not held back
    ask(service, "127.0.0.22", "Tisch B")


def test_join_requests_are_limited_per_station_name(service: RunningService) -> None:
    for i in range(PER_STATION):
        ask(service, f"127.0.0.{31 + i}", "Lager Nord")
    with station(service, "127.0.0.39") as client:
        refused = client.post(PATH, json={"station": " lager   NORD "})
    assert refused.status_code == 429
    assert refused.json()["errors"] == [
        "too many join requests for this station name: try again in 10 minutes"
    ]


def test_a_keyless_flood_of_join_requests_stores_little_and_stations_are_answered(
    service: RunningService,
) -> None:
    async def flood() -> Counter[int]:
        transport = httpx.AsyncHTTPTransport(
            verify=service.ssl_context(), local_address="127.0.0.41"
        )
        async with httpx.AsyncClient(
            base_url=service.base_url, transport=transport, timeout=60
        ) as client:
            statuses: Counter[int] = Counter()
            for start in range(0, 300, 50):
                answers = await asyncio.gather(
                    *(
                        client.post(PATH, json={"station": f"Flut {n}"})
                        for n in range(start, start + 50)
                    )
                )
                statuses.update(a.status_code for a in answers)
        return statuses

    statuses = asyncio.run(flood())
    assert statuses == {201: PER_ADDRESS, 429: 300 - PER_ADDRESS}
    with service.client("sandbox") as admin:
        assert admin.get("/v1/me").status_code == 200
        listed = admin.get(PATH, params={"status": "all"}).json()["join_requests"]
    assert sum(item["address"] == "127.0.0.41" for item in listed) == PER_ADDRESS
    rows = sqlite3.connect(service.data_dir / "service.db").execute(
        "select count(*) from station_join_requests where address = '127.0.0.41'"
    )
    assert rows.fetchone() == (PER_ADDRESS,)


def test_an_undecided_request_expires_after_15_minutes_of_the_service_clock(
    service_factory: ServiceFactory, tmp_path: Path
) -> None:
    first = service_factory("--rate-limit", "100000/60", data_dir=tmp_path / "clock")
    asked = ask(first, "127.0.0.51", "Packtisch 9")
    kept = ask(first, "127.0.0.51", "Packtisch 10")
    first.stop()
    # the same data dir, the service's clock 14 minutes on: still waiting
    later = service_factory("--clock-offset", str(14 * 60), data_dir=tmp_path / "clock")
    assert poll(later, asked).json()["status"] == "pending"
    later.stop()
    # 15 minutes on: expired, no approval takes it any more, no longer listed as pending
    expired = service_factory("--clock-offset", str(15 * 60 + 1), data_dir=tmp_path / "clock")
    assert poll(expired, asked).json()["status"] == "expired"
    with expired.client("sandbox") as admin:
        late = admin.post(f"{PATH}/{asked['id']}/approve", json=asked)
        assert late.status_code == 409
        assert late.json()["errors"] == [
            "the join request of 'Packtisch 9' expired (15 minutes): the station asks again"
        ]
        assert admin.get(PATH).json()["join_requests"] == []
        statuses = {
            i["id"]: i["status"]
            for i in admin.get(PATH, params={"status": "all"}).json()["join_requests"]
        }
    assert statuses == {asked["id"]: "expired", kept["id"]: "expired"}
    assert "key" not in poll(expired, kept).json()
