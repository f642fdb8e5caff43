"""A station asks a Packdesk server to let it join, instead of a key copied by hand.

Once the server's CA is pinned (server_trust.py), the station asks with its name and no key;
the server answers with a phrase (shown big on the station, and beside the request on the
admin's desk) and a secret only this station knows. The station polls with the secret until
an admin approved (the answer then holds the station's own key, handed over once), denied, or
the request expired after 15 minutes. Every call verifies the server against the pinned CA.

Qt-free: the settings dialog and a script use the same functions.
"""

from __future__ import annotations

import datetime as dt
import ssl
from dataclasses import dataclass
from pathlib import Path

import httpx

from desktop_app.profiles.errors import ProfileError

TIMEOUT_SECONDS = 15.0
PENDING, APPROVED, DENIED, EXPIRED = "pending", "approved", "denied", "expired"


class JoinRefusedError(ProfileError):
    """The server refused or could not take the request; `status` 0 when it did not answer.

    `retry_after` holds the seconds of a 429's Retry-After (the GUI says it in its language).
    """

    def __init__(self, message: str, status: int = 0, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


@dataclass(frozen=True)
class JoinTicket:
    """A request the server took: what the station shows and what it polls with."""

    url: str
    ca_file: str
    id: str
    station: str
    phrase: str
    expires_at: dt.datetime
    poll_secret: str


@dataclass(frozen=True)
class JoinKey:
    """The station's own key, as the server handed it over (once)."""

    key: str
    name: str
    environment: str


@dataclass(frozen=True)
class JoinState:
    """One poll's answer: the status, and the key on the first poll after approval."""

    status: str
    key: JoinKey | None = None


def _client(url: str, ca_file: str) -> httpx.AsyncClient:
    context = ssl.create_default_context(cafile=ca_file)
    return httpx.AsyncClient(base_url=url.rstrip("/"), verify=context, timeout=TIMEOUT_SECONDS)


def _refused(response: httpx.Response) -> JoinRefusedError:
    try:
        errors = response.json().get("errors") or []
        message = "; ".join(str(e) for e in errors)
    except (ValueError, AttributeError):
        message = ""
    retry = response.headers.get("Retry-After")
    return JoinRefusedError(
        message or f"the server answered HTTP {response.status_code}",
        response.status_code,
        int(retry) if retry and retry.isdigit() else None,
    )


async def ask_to_join(url: str, ca_file: str | Path, station: str) -> JoinTicket:
    """Ask the server at `url` (verified by the pinned `ca_file`) to let `station` join."""
    try:
        async with _client(url, str(ca_file)) as client:
            response = await client.post("/v1/stations/join_requests", json={"station": station})
    except httpx.HTTPError as exc:
        raise JoinRefusedError(f"cannot reach {url}: {exc}") from None
    if response.status_code != 201:
        raise _refused(response)
    body = response.json()
    return JoinTicket(
        url=url,
        ca_file=str(ca_file),
        id=body["id"],
        station=body["station"],
        phrase=body["phrase"],
        expires_at=dt.datetime.fromisoformat(body["expires_at"]),
        poll_secret=body["poll_secret"],
    )


async def poll_join(ticket: JoinTicket) -> JoinState:
    """The request's status; with the key at the first poll after an admin approved."""
    try:
        async with _client(ticket.url, ticket.ca_file) as client:
            response = await client.get(
                f"/v1/stations/join_requests/{ticket.id}",
                headers={"X-Join-Secret": ticket.poll_secret},
            )
    except httpx.HTTPError as exc:
        raise JoinRefusedError(f"cannot reach {ticket.url}: {exc}") from None
    if response.status_code != 200:
        raise _refused(response)
    body = response.json()
    key = body.get("key")
    return JoinState(
        status=str(body.get("status")),
        key=JoinKey(key["key"], key["name"], key["environment"]) if isinstance(key, dict) else None,
    )
