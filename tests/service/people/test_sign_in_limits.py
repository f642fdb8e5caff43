"""Failed sign-ins are limited per station key and per client address: 1,000 wrong PINs from one
station are answered 401 only for the first few checked, then 429 in words (no code checked),
each checked failure and the lock are in the audit log, and the right PIN never gets in while
the station is locked; another station at another address still signs in."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import httpx

from desktop_app.service.api.sign_in_limits import (
    MAX_PER_ADDRESS,
    MAX_PER_STATION,
    WINDOW_S,
    SignInLimits,
    buckets_for,
)
from tests.fixtures.service import LOCAL_SERVICE_ARGS, start_service
from tests.service.people.warehouse import PEOPLE, make_warehouse, serve

ATTEMPTS = 1000


def test_a_thousand_wrong_pins_from_one_station(tmp_path: Path) -> None:
    with start_service(tmp_path / "service", *LOCAL_SERVICE_ARGS) as service:
        warehouse = make_warehouse(service)
        statuses: Counter[int] = Counter()
        words: set[str] = set()
        retry_after: set[int] = set()
        with warehouse.station_client() as station:
            for attempt in range(ATTEMPTS):
                # wrong codes, none of them anyone's
                answer = station.post("/v1/sessions", json={"code": f"{attempt:04d}-x"})
                statuses[answer.status_code] += 1
                if answer.status_code == 429:
                    words.add(answer.json()["errors"][0])
                    retry_after.add(int(answer.headers["Retry-After"]))
            # locked: even the right code is not checked
            right = station.post("/v1/sessions", json={"code": PEOPLE["Ben"][1]})
            assert right.status_code == 429
            assert station.get("/v1/shipments").status_code == 401
        assert statuses == {401: MAX_PER_STATION, 429: ATTEMPTS - MAX_PER_STATION}
        # the wait shrinks as the flood goes on (a loaded machine may take minutes for it)
        assert all(
            re.fullmatch(r"too many wrong sign-ins at this station: try again in \d+ minutes?", w)
            for w in words
        ), words
        assert retry_after and max(retry_after) <= WINDOW_S
        # another station from another address signs in
        other = httpx.HTTPTransport(verify=service.ssl_context(), local_address="127.0.0.2")
        with warehouse.station_client("Packtisch 2", transport=other) as second:
            assert second.post("/v1/sessions", json={"code": PEOPLE["Ben"][1]}).status_code == 201
        audit = serve(service, "audit", "--action", "session.*", "--limit", "2000")
        actions = Counter(json.loads(line)["action"] for line in audit.stdout.splitlines())
        assert actions["session.failed"] == MAX_PER_STATION
        assert actions["session.locked"] == 1
        assert actions["session.started"] == 1
        log = (service.data_dir / "service.log").read_text(encoding="utf-8")
        assert log.count("wrong badge or PIN at") == MAX_PER_STATION


def test_the_limits_reopen_as_failures_age() -> None:
    now = [1000.0]
    limits = SignInLimits(clock=lambda: now[0])
    station_a = buckets_for("key-a", "10.0.0.1")
    for _ in range(MAX_PER_STATION):
        assert limits.retry_after(station_a) == 0
        limits.failed(station_a)
    assert limits.retry_after(station_a) == WINDOW_S
    assert limits.first_refusal(station_a) is True
    assert limits.first_refusal(station_a) is False  # one audit entry per lock
    # the same address with another station key: its own station window is free, but the
    # address has MAX_PER_ADDRESS
    station_b = buckets_for("key-b", "10.0.0.1")
    assert limits.retry_after(station_b) == 0
    for _ in range(MAX_PER_ADDRESS - MAX_PER_STATION):
        limits.failed(station_b)
    assert limits.retry_after(station_b) == WINDOW_S
    now[0] += 60
    assert limits.retry_after(station_a) == WINDOW_S - 60
    now[0] += WINDOW_S - 60
    assert limits.retry_after(station_a) == 0
    assert limits.retry_after(station_b) == 0
