"""Stations asking to join, the rules: the phrases (made and compared), a request's status at
a time, its JSON views and the worded refusals (a ServiceError with its HTTP status).

A new station asks without a key and shows the phrase it got; the admin sees the same phrase
with the request and approves by typing it. A request nobody decided expires 15 minutes after
it was made.
"""

from __future__ import annotations

import datetime as dt
import hmac
import secrets
from typing import Any

from desktop_app.service.errors import ServiceError
from desktop_app.service.storage.db import PRODUCTION, SANDBOX
from desktop_app.service.storage.station_joins import (
    APPROVED,
    EXPIRED,
    HANDED_OVER,
    PENDING,
    NewJoinRequest,
    StationJoinRequest,
)

# at most this many undecided requests in all: a flood from many addresses cannot fill the table
MAX_PENDING = 200
# short words a German and an English reader both say and spell alike (no umlauts, no ß)
WORDS = (
    "amber", "anker", "apple", "atlas", "banjo", "basil", "bingo", "boxer", "cactus", "canal",
    "cello", "cobra", "comet", "condor", "delta", "disco", "dollar", "domino", "drama", "eagle",
    "echo", "elbe", "falke", "fjord", "flora", "forum", "gecko", "gitarre", "globus", "gorilla",
    "hafen", "hotel", "igel", "insel", "jaguar", "joker", "kaktus", "kamel", "kanu", "kiwi",
    "koala", "kobra", "lama", "lemon", "lotus", "mango", "marmor", "melone", "metro", "mond",
    "motor", "nebel", "ninja", "oase", "olive", "opera", "orbit", "panda", "papaya", "piano",
    "pilot", "pirat", "planet", "polka", "radar", "radio", "robot", "rodeo", "safari", "salsa",
    "samba", "sauna", "sofa", "solar", "sonne", "tango", "taxi", "tiger", "tomate", "tornado",
    "tukan", "tulpe", "turbo", "ufo", "vulkan", "walross", "wolke", "yoga", "zebra", "zitrone",
)  # fmt: skip
NO_SUCH_REQUEST = "no such join request: it was removed, or the id is wrong"


def new_phrase() -> str:
    """Two words and a number, e.g. "tiger-piano-42"."""
    first, second = secrets.choice(WORDS), secrets.choice(WORDS)
    while second == first:
        second = secrets.choice(WORDS)
    return f"{first}-{second}-{secrets.randbelow(90) + 10}"


def unshown_phrase(shown: set[str]) -> str:
    """A new phrase no pending request shows; 429 in words when too many are waiting."""
    if len(shown) >= MAX_PENDING:
        raise ServiceError(
            429,
            "too many stations are waiting to join: an admin approves or denies the waiting "
            "ones first (packdesk serve stations pending)",
        )
    phrase = new_phrase()
    while phrase in shown:
        phrase = new_phrase()
    return phrase


def same_phrase(typed: str, phrase: str) -> bool:
    """True when `typed` is the phrase, whatever the case and the separators."""
    words = "".join(ch if ch.isalnum() else " " for ch in typed.casefold()).split()
    return hmac.compare_digest("-".join(words).encode(), phrase.encode())


def check_phrase(typed: str, row: StationJoinRequest) -> None:
    """422 in words unless `typed` is the phrase the station shows."""
    if not same_phrase(typed, row.phrase):
        raise ServiceError(
            422,
            "the phrase does not match the one this station shows: compare it with the "
            "station's screen",
        )


def status_at(row: StationJoinRequest, now: dt.datetime) -> str:
    """The request's status at `now` (an undecided one past its time is expired)."""
    if row.status == PENDING and now >= row.expires_at:
        return EXPIRED
    return row.status


def public_status(row: StationJoinRequest, now: dt.datetime) -> str:
    """The status a station or an admin sees (a handed-over key reads as approved)."""
    status = status_at(row, now)
    return APPROVED if status == HANDED_OVER else status


def check_undecided(row: StationJoinRequest, now: dt.datetime) -> None:
    """409 in words when the request expired or was decided already."""
    status = status_at(row, now)
    if status == EXPIRED:
        raise ServiceError(
            409,
            f"the join request of {row.station!r} expired (15 minutes): the station asks again",
        )
    if status != PENDING:
        raise ServiceError(409, f"the join request of {row.station!r} is already {status}")


def check_name_free(station: str, keys: list[dict[str, Any]]) -> None:
    """409 in words when one of the account's `keys` already has the station's name."""
    for key in keys:
        if key["name"] is not None and key["name"].casefold() == station.casefold():
            raise ServiceError(
                409,
                f"a station named {station!r} already has keys: revoke them first "
                f"(packdesk accounts revoke-key) or let the station ask under another name",
            )


def environment_name(environment: str) -> str:
    """The key store's name of "live"/"sandbox"."""
    return PRODUCTION if environment in ("live", PRODUCTION) else SANDBOX


def new_request_json(made: NewJoinRequest) -> dict[str, str]:
    """The `POST /v1/stations/join_requests` answer (the poll secret, shown once)."""
    return {
        "id": made.id,
        "station": made.station,
        "phrase": made.phrase,
        "expires_at": made.expires_at.isoformat(timespec="seconds"),
        "poll_secret": made.poll_secret,
    }


def request_json(row: StationJoinRequest, now: dt.datetime) -> dict[str, Any]:
    """A request as an admin lists it (never the secret)."""
    return {
        "id": row.id,
        "station": row.station,
        "phrase": row.phrase,
        "status": public_status(row, now),
        "key_taken": row.status == HANDED_OVER,
        "address": row.address,
        "created_at": row.created_at.isoformat(timespec="seconds"),
        "expires_at": row.expires_at.isoformat(timespec="seconds"),
        "decided_at": row.decided_at.isoformat(timespec="seconds") if row.decided_at else None,
        "decided_by": row.decided_by,
    }


def poll_json(row: StationJoinRequest, now: dt.datetime) -> dict[str, Any]:
    """A request as its station sees it at a poll (its key is added once, when handed over)."""
    return {
        "id": row.id,
        "station": row.station,
        "status": public_status(row, now),
        "expires_at": row.expires_at.isoformat(timespec="seconds"),
    }
