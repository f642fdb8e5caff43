"""Packing figures against a scripted shift of three packers at two stations (hand-computed
expectations, on SQLite and PostgreSQL), and the report through the API and the CLI."""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from desktop_app.service.storage.accounts import ApiKey, create_account
from desktop_app.service.storage.db import make_engine, make_sessionmaker
from desktop_app.service.storage.packing_report import packing_report, report_csv
from desktop_app.service.storage.people import PersonSession, StationEvent, add_person
from desktop_app.service.storage.schema import upgrade_database
from desktop_app.service.storage.shipments import ShipmentRow
from tests.payloads import shipment
from tests.service.people.warehouse import Warehouse, serve
from tests.service.postgres import throwaway_cluster

P1, P2 = "Packtisch 1", "Packtisch 2"
DAY = dt.date(2026, 11, 27)


def at(clock: str, day: dt.date = DAY) -> dt.datetime:
    """`HH:MM[:SS]` on the day, UTC."""
    return dt.datetime.combine(day, dt.time.fromisoformat(clock), dt.UTC)


EVE = dt.date(2026, 11, 26)
#: (person, station, start, end or None (ran out: last request), last request)
SESSIONS = [
    ("Ana", P1, at("23:00", EVE), at("00:30"), at("00:30")),
    ("Ana", P1, at("08:00"), at("10:00"), at("10:00")),
    ("Ana", P2, at("10:30"), at("11:30"), at("11:30")),
    ("Bo", P1, at("10:15"), None, at("12:15")),
    ("Cem", P2, at("07:00"), at("09:30"), at("09:30")),
]
#: (person, station, created, reference, packages, environment)
SHIPMENTS = [
    ("Ana", P1, at("23:50", EVE), "A0", 1, "sandbox"),
    ("Ana", P1, at("08:10"), "A1", 1, "sandbox"),
    ("Ana", P1, at("08:20"), "A2", 2, "sandbox"),
    ("Ana", P1, at("09:00"), "A3", 1, "sandbox"),
    ("Ana", P1, at("09:05"), "A3", 1, "sandbox"),  # one order in two shipments
    ("Ana", P1, at("09:10"), "LIVE", 1, "production"),  # another environment: not counted
    ("Ana", P2, at("11:00"), "A4", 1, "sandbox"),
    ("Bo", P1, at("10:30"), "B1", 1, "sandbox"),
    ("Bo", P1, at("11:00"), None, 1, "sandbox"),  # no reference: an order of its own
    ("Bo", P1, at("12:00"), "B3", 3, "sandbox"),
    ("Cem", P2, at("07:30"), "C1", 1, "sandbox"),
    ("Cem", P2, at("08:00"), "C2", 1, "sandbox"),
    ("Cem", P2, at("09:00"), "C3", 2, "sandbox"),
    ("Cem", P2, at("09:45"), "C4", 1, "sandbox"),  # after his sign-out: a parcel all the same
    (None, None, at("09:00"), "KEY", 1, "sandbox"),  # made with the account key: no person
]
#: return labels made at the desk: no parcel packed, so neither a parcel nor an order
RETURNS = [
    ("Ana", P1, at("09:20"), "R-A1", 1, "sandbox"),
    ("Cem", P2, at("08:30"), "R-C1", 1, "sandbox"),
]
#: (person, station, kind, order_ref, at)
EVENTS = [
    ("Ana", P1, "scan", "A1", at("08:09:20")),  # 40 s
    ("Ana", P1, "scan", "A2", at("08:18:00")),
    ("Ana", P1, "scan", "A2", at("08:19:30")),  # the last scan counts: 30 s
    ("Ana", P1, "pack_check_mismatch", "A2", at("08:19:00")),
    ("Ana", P1, "scan", "A3", at("08:58:00")),  # 120 s, and 420 s for the second shipment
    ("Bo", P1, "scan", "B1", at("10:29:00")),  # 60 s
    ("Bo", P1, "pack_check_mismatch", "B1", at("10:40")),
    ("Bo", P1, "pack_check_mismatch", "B2", at("11:10")),
    ("Bo", P1, "scan", "B3", at("11:59:50")),  # 10 s
    ("Ana", P1, "scan", "B3", at("11:59:55")),  # someone else's scan: not Bo's
    ("Cem", P2, "scan", "C1", at("07:29:00")),  # 60 s
    ("Cem", P1, "scan", "C2", at("07:59:30")),  # at the other station: not counted
    ("Cem", P2, "scan", "C3", at("08:50:00")),  # 600 s
]


def _figures(
    parcels: int,
    orders: int,
    hours: float,
    pph: float | None,
    oph: float | None,
    mis: int,
    median: float | None,
) -> dict[str, Any]:
    return {
        "parcels": parcels,
        "orders": orders,
        "hours": hours,
        "parcels_per_hour": pph,
        "orders_per_hour": oph,
        "pack_check_mismatches": mis,
        "median_scan_to_label_s": median,
    }


# worked out by hand from the tables above
DAY_ROWS = [
    # Ana at 1: 1+2+1+1 parcels, orders A1 A2 A3, 0.5 h after midnight + 2 h,
    # scan-to-label 40, 30, 120, 420 -> median (40 + 120) / 2
    {
        "period": "2026-11-27",
        "person": "Ana",
        "station": P1,
        **_figures(5, 3, 2.5, 2.0, 1.2, 1, 80.0),
    },
    {
        "period": "2026-11-27",
        "person": "Ana",
        "station": P2,
        **_figures(1, 1, 1.0, 1.0, 1.0, 0, None),
    },
    # Bo: 1+1+3 parcels, orders B1, (none), B3, 2 h until his last request, 60 and 10 s
    {
        "period": "2026-11-27",
        "person": "Bo",
        "station": P1,
        **_figures(5, 3, 2.0, 2.5, 1.5, 2, 35.0),
    },
    # Cem: 1+1+2+1 parcels, 4 orders, 2.5 h, 60 and 600 s
    {
        "period": "2026-11-27",
        "person": "Cem",
        "station": P2,
        **_figures(5, 4, 2.5, 2.0, 1.6, 0, 330.0),
    },
]
DAY_PEOPLE = [
    # Ana: 6 parcels, A1-A4, 3.5 h
    {"period": "2026-11-27", "person": "Ana", **_figures(6, 4, 3.5, 1.7, 1.1, 1, 80.0)},
    {"period": "2026-11-27", "person": "Bo", **_figures(5, 3, 2.0, 2.5, 1.5, 2, 35.0)},
    {"period": "2026-11-27", "person": "Cem", **_figures(5, 4, 2.5, 2.0, 1.6, 0, 330.0)},
]
DAY_STATIONS = [
    # 1: Ana + Bo, 10 parcels, 6 orders, 4.5 h, [10, 30, 40, 60, 120, 420] -> (40 + 60) / 2
    {"period": "2026-11-27", "station": P1, **_figures(10, 6, 4.5, 2.2, 1.3, 3, 50.0)},
    # 2: Ana + Cem, 6 parcels, 5 orders, 3.5 h, [60, 600]
    {"period": "2026-11-27", "station": P2, **_figures(6, 5, 3.5, 1.7, 1.4, 0, 330.0)},
]
# the week holds the evening before too: Ana at 1 adds A0 and the hour before midnight
WEEK_ANA_P1 = {
    "period": "2026-W48",
    "person": "Ana",
    "station": P1,
    **_figures(6, 4, 3.5, 1.7, 1.1, 1, 80.0),
}


async def _scripted_shift(url: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    engine = make_engine(url)
    try:
        await upgrade_database(engine)
        async with make_sessionmaker(engine)() as session:
            keys = await create_account(session, "shift@example.com")
            key_id = await session.scalar(
                select(ApiKey.id).where(ApiKey.account_id == keys.account_id).limit(1)
            )
            assert key_id is not None
            people = {}
            for number, name in enumerate(("Ana", "Bo", "Cem")):
                people[name] = await add_person(
                    session, keys.account_id, name, "packer", f"BADGE-{number}"
                )
            for number, (name, station, start, end, last) in enumerate(SESSIONS):
                session.add(
                    PersonSession(
                        token_hash=f"{number:064d}",
                        person_id=people[name].id,
                        key_id=key_id,
                        station=station,
                        started_at=start,
                        last_seen_at=last,
                        expires_at=start + dt.timedelta(hours=12),
                        ended_at=end,
                    )
                )
            made = [(*made, "standard") for made in SHIPMENTS]
            made += [(*made, "returns") for made in RETURNS]
            for maker, place, created, reference, packages, environment, service in made:
                row = ShipmentRow(
                    account_id=keys.account_id,
                    environment=environment,
                    carrier="dhl",
                    service=service,
                    reference_number=reference,
                    request=shipment(),
                    body={"packages": [{"id": str(n)} for n in range(packages)]},
                    created_at=created,
                )
                row.made_by_person, row.made_by_station = maker, place
                session.add(row)
            for name, station, kind, ref, moment in EVENTS:
                session.add(
                    StationEvent(
                        account_id=keys.account_id,
                        environment="sandbox",
                        person=name,
                        station=station,
                        kind=kind,
                        order_ref=ref,
                        at=moment,
                    )
                )
            await session.commit()
            day = await packing_report(session, keys.account_id, "sandbox", DAY, DAY, "day")
            week = await packing_report(
                session,
                keys.account_id,
                "sandbox",
                dt.date(2026, 11, 23),
                dt.date(2026, 11, 29),
                "week",
            )
            eve = await packing_report(session, keys.account_id, "sandbox", EVE, EVE, "day")
        return day, week, eve
    finally:
        await engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty database of each kind."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'shift.db'}"
        return
    with throwaway_cluster() as cluster:
        yield cluster.url


def test_scripted_shift_figures(database_url: str) -> None:
    day, week, eve = asyncio.run(_scripted_shift(database_url))
    assert day["rows"] == DAY_ROWS
    assert day["people"] == DAY_PEOPLE
    assert day["stations"] == DAY_STATIONS
    assert WEEK_ANA_P1 in week["rows"]
    assert [row["period"] for row in week["rows"]] == ["2026-W48"] * 4
    # the evening before: A0 and the hour from 23:00 to midnight
    assert eve["rows"] == [
        {
            "period": "2026-11-26",
            "person": "Ana",
            "station": P1,
            **_figures(1, 1, 1.0, 1.0, 1.0, 0, None),
        }
    ]
    lines = report_csv(day).splitlines()
    assert lines[0] == (
        "period,person,station,parcels,orders,hours,parcels_per_hour,orders_per_hour,"
        "pack_check_mismatches,median_scan_to_label_s"
    )
    assert lines[2] == "2026-11-27,Ana,Packtisch 2,1,1,1.0,1.0,1.0,0,"


def test_report_through_the_api_and_the_cli(warehouse: Warehouse) -> None:
    with warehouse.person_client("Ana", "Packtisch 2") as ana:
        for ref in ("R-1", "R-2"):
            assert (
                ana.post("/v1/station_events", json={"kind": "scan", "order_ref": ref}).status_code
                == 201
            )
            assert ana.post("/v1/shipments", json=shipment(reference_number=ref)).status_code == 200
        mismatch = {"kind": "pack_check_mismatch", "order_ref": "R-2"}
        assert ana.post("/v1/station_events", json=mismatch).status_code == 201
        refused = ana.get("/v1/reports/packing")
        assert refused.status_code == 403
        assert refused.json() == {
            "errors": [
                "a packer may not see packing figures or the audit log: ask a supervisor or admin"
            ]
        }
    with warehouse.person_client("Ben") as ben:
        answer = ben.get("/v1/reports/packing", params={"per": "week"})
        assert answer.status_code == 200
        rows = [r for r in answer.json()["rows"] if (r["person"], r["station"]) == ("Ana", P2)]
        assert len(rows) == 1 and rows[0]["period"].count("-W") == 1
        assert (rows[0]["parcels"], rows[0]["orders"], rows[0]["pack_check_mismatches"]) == (
            2,
            2,
            1,
        )
        assert rows[0]["hours"] >= 0 and rows[0]["median_scan_to_label_s"] is not None
        bad = ben.get("/v1/reports/packing", params={"since": "yesterday"})
        assert bad.status_code == 422 and bad.json() == {
            "errors": ["since: a day such as 2026-11-28"]
        }
        assert ben.get("/v1/reports/packing", params={"per": "month"}).status_code == 422
    today = dt.datetime.now(dt.UTC).date().isoformat()
    done = serve(warehouse.service, "report", "--since", today, "--csv", "--sandbox")
    assert done.returncode == 0, done.stderr
    assert any(
        line.startswith(f"{today},Ana,Packtisch 2,2,2,") for line in done.stdout.splitlines()
    )
    live = serve(warehouse.service, "report", "--since", today)
    assert live.returncode == 0 and live.stdout == ""  # nothing made with live keys
