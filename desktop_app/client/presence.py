"""Who works at a station: people, sessions, rights and packing figures as plain data.

Qt- and httpx-free (the window reads them at start-up before the HTTP client is loaded);
the requests are in `resources/people.py`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

#: every right the service knows (an account key, or a server without people, has them all)
ALL_RIGHTS = frozenset(
    {
        "labels",
        "scan",
        "weigh",
        "returns",
        "history",
        "delete",
        "release",
        "end_of_day",
        "reports",
        "made_by",
        "prices",
        "settings",
        "webhooks",
        "keys",
        "people",
        "stations",
    }
)

StationEventKind = Literal["scan", "pack_check_mismatch", "release"]


@dataclass(frozen=True, slots=True)
class Person:
    """A person of the account as the service names them."""

    id: str
    name: str
    role: str

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> Person:
        """From the `person` object of a session or of `/v1/me`."""
        return cls(str(data.get("id", "")), str(data.get("name", "")), str(data.get("role", "")))


@dataclass(frozen=True, slots=True)
class Presence:
    """What `/v1/me` says about who works at this station.

    `sign_in_required`: a station key of an account with people and no valid session.
    `rights`: what the caller may do (all of them for an account key or a server without people).
    """

    sign_in_required: bool = False
    person: Person | None = None
    station: str | None = None
    rights: frozenset[str] = ALL_RIGHTS

    @classmethod
    def from_me(cls, extra: Mapping[str, Any] | None) -> Presence:
        """From the extension fields of a `/v1/me` answer (absent: a server without people)."""
        extra = extra or {}
        person = extra.get("person")
        rights = extra.get("rights")
        station = extra.get("station")
        return cls(
            sign_in_required=bool(extra.get("sign_in_required", False)),
            person=Person.from_wire(person) if isinstance(person, Mapping) else None,
            station=str(station) if station else None,
            rights=rights_of(rights) if isinstance(rights, list) else ALL_RIGHTS,
        )


@dataclass(frozen=True, slots=True)
class Session:
    """An open sign-in: who, at which station, until when, and what they may do."""

    person: Person
    station: str
    expires_at: str
    idle_timeout_s: float
    rights: frozenset[str]
    token: str = field(repr=False)


@dataclass(frozen=True, slots=True)
class PackingRow:
    """One line of the packing figures: a person at a station in a period."""

    period: str
    person: str
    station: str
    parcels: int
    orders: int
    hours: float
    parcels_per_hour: float
    pack_check_mismatches: int
    median_scan_to_label_s: float | None

    @classmethod
    def from_wire(cls, data: Mapping[str, Any]) -> PackingRow:
        """From one row of `GET /v1/reports/packing`."""
        median = data.get("median_scan_to_label_s")
        return cls(
            period=str(data.get("period", "")),
            person=str(data.get("person") or ""),
            station=str(data.get("station") or ""),
            parcels=int(data.get("parcels") or 0),
            orders=int(data.get("orders") or 0),
            hours=float(data.get("hours") or 0.0),
            parcels_per_hour=float(data.get("parcels_per_hour") or 0.0),
            pack_check_mismatches=int(data.get("pack_check_mismatches") or 0),
            median_scan_to_label_s=None if median is None else float(median),
        )


def rights_of(names: Iterable[Any]) -> frozenset[str]:
    """The rights named in a list of the service."""
    return frozenset(str(name) for name in names)
