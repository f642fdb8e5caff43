"""What the end of day offers for pickup, without a window.

`open_for_pickup()` sorts today's labelled shipments of the desk by carrier, leaving out what
cannot or need not be picked up (returns, deleted, already moving, already in a pickup
request), each left-out one with its reason. `default_window()` proposes a pickup window,
`pickup_body()` is the request sent to the service and `pickup_question()` what the desk is
asked before a carrier is sent a driver.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta
from typing import Any

from desktop_app.domain.catalog import load_catalog
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import carrier_name, date_time, time_of_day
from desktop_app.gui.widgets.tracking_events import current_status, status_label
from desktop_app.profiles.store import StoredShipment

#: statuses in which a parcel still waits at the desk
WAITING_STATUSES = frozenset({None, "label_created"})
#: how many of the newest stored shipments the end-of-day view looks at
LOOK_AT = 1000
DEFAULT_LATEST = time(18, 0)


@dataclass
class CarrierDay:
    """One carrier's part of the end-of-day view."""

    code: str
    name: str
    pickup_offered: bool
    open: list[StoredShipment] = field(default_factory=list)
    #: shipments of today that are not offered for pickup, with the reason
    left_out: list[tuple[StoredShipment, str]] = field(default_factory=list)


def _local_day(created_at: str) -> date | None:
    try:
        moment = datetime.fromisoformat(created_at)
    except ValueError:
        return None
    return moment.astimezone().date() if moment.tzinfo else moment.date()


def open_for_pickup(
    shipments: Iterable[StoredShipment], requested: set[str], day: date | None = None
) -> dict[str, CarrierDay]:
    """Today's labelled shipments per carrier: those to pick up, and those left out and why."""
    day = day or datetime.now().astimezone().date()
    catalog = load_catalog()
    out: dict[str, CarrierDay] = {}
    for s in shipments:
        if _local_day(s.created_at) != day:
            continue
        spec = catalog.carriers.get(s.carrier)
        entry = out.get(s.carrier)
        if entry is None:
            entry = out[s.carrier] = CarrierDay(
                s.carrier,
                spec.display_name if spec else s.carrier,
                bool(spec and spec.pickup_requests),
            )
        status = current_status(s)
        if s.deleted:
            entry.left_out.append((s, translate("Pickups", "deleted")))
        elif s.service == "returns":
            entry.left_out.append((s, translate("Pickups", "a return: the customer hands it in")))
        elif s.label_path is None and not s.data.get("label_url"):
            entry.left_out.append((s, translate("Pickups", "no label yet")))
        elif s.id in requested:
            entry.left_out.append((s, translate("Pickups", "pickup already requested")))
        elif status not in WAITING_STATUSES:
            entry.left_out.append(
                (
                    s,
                    translate("Pickups", "on its way: {status}").format(
                        status=status_label(status)
                    ),
                )
            )
        else:
            entry.open.append(s)
    for entry in out.values():
        entry.open.sort(key=lambda s: s.created_at)
    return dict(sorted(out.items(), key=lambda kv: kv[1].name.casefold()))


def default_window(now: datetime | None = None) -> tuple[datetime, datetime]:
    """From the next half hour to 18:00 today (or two hours when it is later than that)."""
    now = (now or datetime.now()).astimezone()
    start = now.replace(second=0, microsecond=0) + timedelta(minutes=30 - now.minute % 30)
    end = start.replace(hour=DEFAULT_LATEST.hour, minute=DEFAULT_LATEST.minute)
    if end - start < timedelta(hours=2):
        end = start + timedelta(hours=2)
    return start, end


def pickup_body(
    carrier: str, earliest: datetime, latest: datetime, shipment_ids: Sequence[str]
) -> dict[str, Any]:
    """The `POST /v1/pickup_requests` body (times with the desk's UTC offset)."""
    return {
        "carrier": carrier,
        "pickup_time": {
            "earliest": earliest.astimezone().isoformat(timespec="seconds"),
            "latest": latest.astimezone().isoformat(timespec="seconds"),
        },
        "shipments": [{"id": i} for i in shipment_ids],
    }


def pickup_question(
    carrier: str, count: int, earliest: datetime, latest: datetime, live: bool
) -> str:
    """What "Request pickup" asks before the carrier is sent a driver."""
    text = translate(
        "Pickups",
        "Request a {carrier} pickup of %n shipment(s) between {earliest} and {latest}?",
        None,
        count,
    ).format(
        carrier=carrier_name(carrier),
        earliest=date_time(earliest),
        latest=date_time(latest) if latest.date() != earliest.date() else time_of_day(latest),
    )
    if live:
        text += "\n\n" + translate(
            "Pickups", "This is a live profile: the carrier sends a driver and may charge for it."
        )
    return text
