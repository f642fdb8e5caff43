"""Packing figures: parcels and orders per hour per person and per station, pack-check
mismatches and the median scan-to-label time, per day or ISO week (UTC).

Hours are the time a person was signed in at the station (each session from sign-in to
sign-out, or to its last request when it ran out), cut to the period. A shipment's
scan-to-label time is its creation minus the last scan of its reference (the order number)
by the same person at the same station before it, within `SCAN_LOOKBACK`. A return label
(service `returns`) is no parcel packed: it counts neither as a parcel nor as an order.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.packing_figures import PACKING_CSV_COLUMNS
from desktop_app.service.storage.people import Person, PersonSession, StationEvent
from desktop_app.service.storage.shipments import ShipmentRow

PERIODS = ("day", "week")
# the service of a return label (the customer's parcel back), as the manifests leave it out
RETURNS_SERVICE = "returns"
SCAN_LOOKBACK = dt.timedelta(hours=12)


@dataclass
class _Tally:
    parcels: int = 0
    orders: set[str] = field(default_factory=set)
    seconds: float = 0.0
    mismatches: int = 0
    scan_to_label: list[float] = field(default_factory=list)

    def add(self, other: _Tally) -> None:
        self.parcels += other.parcels
        self.orders |= other.orders
        self.seconds += other.seconds
        self.mismatches += other.mismatches
        self.scan_to_label += other.scan_to_label

    def figures(self) -> dict[str, Any]:
        hours = self.seconds / 3600
        return {
            "parcels": self.parcels,
            "orders": len(self.orders),
            "hours": round(hours, 2),
            "parcels_per_hour": round(self.parcels / hours, 1) if hours else None,
            "orders_per_hour": round(len(self.orders) / hours, 1) if hours else None,
            "pack_check_mismatches": self.mismatches,
            "median_scan_to_label_s": (
                round(statistics.median(self.scan_to_label), 1) if self.scan_to_label else None
            ),
        }


def period_of(moment: dt.datetime, per: str) -> str:
    """`2026-11-28` for a day, `2026-W48` for an ISO week (UTC)."""
    day = moment.astimezone(dt.UTC).date()
    if per == "week":
        year, week, _ = day.isocalendar()
        return f"{year}-W{week:02d}"
    return day.isoformat()


def _start_of(moment: dt.datetime, per: str) -> dt.datetime:
    day = moment.astimezone(dt.UTC).date()
    if per == "week":
        day -= dt.timedelta(days=day.weekday())
    return dt.datetime.combine(day, dt.time(), dt.UTC)


def _split(start: dt.datetime, end: dt.datetime, per: str) -> Iterable[tuple[str, float]]:
    """(period, seconds) pieces of [start, end)."""
    while start < end:
        step = dt.timedelta(days=7 if per == "week" else 1)
        boundary = min(end, _start_of(start, per) + step)
        yield period_of(start, per), (boundary - start).total_seconds()
        start = boundary


async def packing_report(
    session: AsyncSession,
    account_id: str,
    environment: str,
    since: dt.date,
    until: dt.date,
    per: str = "day",
) -> dict[str, Any]:
    """The figures from `since` to `until` (both whole UTC days) per period, person and station."""
    begin = dt.datetime.combine(since, dt.time(), dt.UTC)
    end = dt.datetime.combine(until + dt.timedelta(days=1), dt.time(), dt.UTC)
    tallies: dict[tuple[str, str, str], _Tally] = defaultdict(_Tally)
    scans: dict[tuple[str, str, str], list[dt.datetime]] = defaultdict(list)
    events = await session.scalars(
        select(StationEvent).where(
            StationEvent.account_id == account_id,
            StationEvent.environment == environment,
            StationEvent.person.is_not(None),
            StationEvent.at >= begin - SCAN_LOOKBACK,
            StationEvent.at < end,
        )
    )
    for event in events:
        person, station = event.person or "", event.station or ""
        if event.kind == "scan" and event.order_ref:
            scans[(person, station, event.order_ref)].append(event.at)
        elif event.kind == "pack_check_mismatch" and event.at >= begin:
            tallies[(period_of(event.at, per), person, station)].mismatches += 1
    shipments = await session.execute(
        select(
            ShipmentRow.created_at,
            ShipmentRow.made_by_person,
            ShipmentRow.made_by_station,
            ShipmentRow.reference_number,
            ShipmentRow.id,
            ShipmentRow.body,
        ).where(
            ShipmentRow.account_id == account_id,
            ShipmentRow.environment == environment,
            ShipmentRow.made_by_person.is_not(None),
            ShipmentRow.service != RETURNS_SERVICE,
            ShipmentRow.created_at >= begin,
            ShipmentRow.created_at < end,
        )
    )
    for created_at, person, station, reference, shipment_id, body in shipments:
        made = created_at if created_at.tzinfo else created_at.replace(tzinfo=dt.UTC)
        tally = tallies[(period_of(made, per), person or "", station or "")]
        tally.parcels += max(1, len(body.get("packages") or []))
        tally.orders.add(f"ref:{reference}" if reference else f"shipment:{shipment_id}")
        earlier = [
            at
            for at in scans.get((person or "", station or "", reference or ""), [])
            if made - SCAN_LOOKBACK <= at <= made
        ]
        if earlier:
            tally.scan_to_label.append((made - max(earlier)).total_seconds())
    signed_in = await session.execute(
        select(PersonSession, Person.name)
        .join(Person, Person.id == PersonSession.person_id)
        .where(
            Person.account_id == account_id,
            PersonSession.started_at < end,
            PersonSession.last_seen_at >= begin - dt.timedelta(days=1),
        )
    )
    for row, name in signed_in:
        stop = row.ended_at or min(row.last_seen_at, row.expires_at)
        for period, seconds in _split(max(row.started_at, begin), min(stop, end), per):
            tallies[(period, name, row.station)].seconds += seconds
    return report_body(tallies)


def report_body(tallies: dict[tuple[str, str, str], _Tally]) -> dict[str, Any]:
    """Rows per period, person and station, with totals per person and per station."""

    def grouped(
        key: Callable[[tuple[str, str, str]], tuple[str, ...]],
    ) -> dict[tuple[str, ...], _Tally]:
        out: dict[tuple[str, ...], _Tally] = defaultdict(_Tally)
        for where, tally in tallies.items():
            out[key(where)].add(tally)
        return out

    rows = [
        {"period": period, "person": person, "station": station, **tally.figures()}
        for (period, person, station), tally in sorted(tallies.items())
    ]
    people = [
        {"period": period, "person": person, **tally.figures()}
        for (period, person), tally in sorted(grouped(lambda k: (k[0], k[1])).items())
    ]
    stations = [
        {"period": period, "station": station, **tally.figures()}
        for (period, station), tally in sorted(grouped(lambda k: (k[0], k[2])).items())
    ]
    return {"rows": rows, "people": people, "stations": stations}


def report_csv(report: dict[str, Any]) -> str:
    """The rows as CSV (a header line first)."""
    out = io.StringIO()
    writer = csv.DictWriter(
        out, fieldnames=PACKING_CSV_COLUMNS, extrasaction="ignore", lineterminator="\n"
    )
    writer.writeheader()
    for row in report["rows"]:
        writer.writerow({k: "" if row.get(k) is None else row[k] for k in PACKING_CSV_COLUMNS})
    return out.getvalue()
