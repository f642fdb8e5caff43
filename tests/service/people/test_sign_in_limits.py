"""Failed sign-ins are limited per station key and per client address: 1,000 wrong PINs from one
station are answered 401 only for the first few checked, then 429 in words (no code checked),
each checked failure and the lock are in the audit log, and the right PIN never gets in while
the station is locked; another station at another address still signs in. The windows behind
them (api/attempt_limits.py) on a real database with the clock moved by the test."""

from __future__ import annotations

import asyncio
import json
import re
from collections import Counter
from pathlib import Path

import httpx
from sqlalchemy import delete
from sqlalchemy.ext.asyncio import AsyncEngine

from desktop_app.service.api.attempt_limits import AttemptLimits
from desktop_app.service.api.sign_in_limits import (
    MAX_PER_ADDRESS,
    MAX_PER_STATION,
    WINDOW_S,
    buckets_for,
)
from desktop_app.service.shipping.station_joins import PER_ADDRESS, WINDOW_SECONDS, join_limits
from desktop_app.service.storage.attempt_windows import AttemptWindow
from desktop_app.service.storage.db import make_engine, make_sessionmaker
from desktop_app.service.storage.schema import upgrade_database
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


async def _limits_on(tmp_path: Path, now: list[float]) -> tuple[AsyncEngine, AttemptLimits]:
    """Limits on a fresh SQLite database of the service's schema, on a clock the test moves."""
    engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'limits.db'}")
    await upgrade_database(engine)
    return engine, AttemptLimits(make_sessionmaker(engine), lambda: now[0])


def test_the_limits_reopen_as_failures_age(tmp_path: Path) -> None:
    async def run() -> None:
        now = [1_800_000_000.0]
        engine, limits = await _limits_on(tmp_path, now)
        try:
            station_a = buckets_for("key-a", "10.0.0.1")
            for _ in range(MAX_PER_STATION):
                assert await limits.take(station_a, limits.now()) is None
            refused = await limits.take(station_a, limits.now())
            assert refused is not None
            assert (refused.bucket, refused.wait_s) == ("sign_in:station:key-a", WINDOW_S)
            assert await limits.note_lock(refused) is True
            again = await limits.take(station_a, limits.now())
            assert again is not None and await limits.note_lock(again) is False  # one per lock
            # the same address with another station key: its own station window is free, but
            # the address has MAX_PER_ADDRESS
            station_b = buckets_for("key-b", "10.0.0.1")
            for _ in range(MAX_PER_ADDRESS - MAX_PER_STATION):
                assert await limits.take(station_b, limits.now()) is None
            refused = await limits.take(station_b, limits.now())
            assert refused is not None and refused.bucket == "sign_in:address:10.0.0.1"
            now[0] += 60
            later = await limits.take(station_a, limits.now())
            assert later is not None and later.wait_s == WINDOW_S - 60
            # right codes give their attempts back: they never fill a window
            station_c = buckets_for("key-c", "10.0.0.2")
            for _ in range(MAX_PER_STATION - 1):
                assert await limits.take(station_c, limits.now()) is None
            for _ in range(3):
                at = limits.now()
                assert await limits.take(station_c, at) is None
                await limits.give_back(station_c, at)
            assert await limits.take(station_c, limits.now()) is None
            assert await limits.take(station_c, limits.now()) is not None
            # the window's time over, the station and the address take attempts again
            now[0] += WINDOW_S - 60
            for _ in range(MAX_PER_STATION):
                assert await limits.take(station_a, limits.now()) is None
            # a new lock is written down once more
            refused = await limits.take(station_a, limits.now())
            assert refused is not None and await limits.note_lock(refused) is True
        finally:
            await engine.dispose()

    asyncio.run(run())


def test_concurrent_wrong_codes_never_get_more_than_the_limit_checked(tmp_path: Path) -> None:
    async def run() -> None:
        now = [1_800_000_000.0]
        engine, limits = await _limits_on(tmp_path, now)
        try:
            buckets = buckets_for("key-a", "10.0.0.1")
            answers = await asyncio.gather(
                *(limits.take(buckets, limits.now()) for _ in range(3 * MAX_PER_STATION))
            )
            assert sum(answer is None for answer in answers) == MAX_PER_STATION
        finally:
            await engine.dispose()

    asyncio.run(run())


def test_a_full_join_window_is_remembered_so_a_flood_stops_reaching_the_database(
    tmp_path: Path,
) -> None:
    async def run() -> None:
        now = [1_800_000_000.0]
        engine, limits = await _limits_on(tmp_path, now)
        try:
            asks = join_limits("10.0.0.9", "Packtisch 9")
            for n in range(PER_ADDRESS):
                assert await limits.take(join_limits("10.0.0.9", f"Tisch {n}"), now[0]) is None
            refused = await limits.take(asks, now[0], remember=True)
            assert refused is not None and refused.bucket == "join:address:10.0.0.9"
            # the database forgets (as if pruned): the process still refuses, without asking it
            async with engine.begin() as conn:
                await conn.execute(delete(AttemptWindow))
            now[0] += 60
            again = await limits.take(asks, now[0], remember=True)
            assert again is not None and again.wait_s == refused.wait_s - 60
            # once the window's time is over, the database is asked again
            now[0] += WINDOW_SECONDS
            assert await limits.take(asks, now[0], remember=True) is None
        finally:
            await engine.dispose()

    asyncio.run(run())
