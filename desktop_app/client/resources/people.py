"""People at a station: sign-in sessions, who is signed in, packing figures, station events.

A station key of an account with people works only for a signed-in person: `sign_in` opens a
session (`POST /v1/sessions`), whose token the client then sends as `X-Packdesk-Session` on
every request until `sign_out` or the service refuses it. The token lives only in this object's
memory: never written, logged or shown (`Session`'s repr leaves it out).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any, Literal

from desktop_app.client.presence import (
    PackingRow,
    Person,
    Session,
    StationEventKind,
    rights_of,
)
from desktop_app.client.resources._resource import Resource


class People(Resource):
    """Sessions (`/v1/sessions`), packing figures and station events."""

    async def sign_in(self, code: str) -> Session:
        """Open a session with a badge code or PIN; the client sends its token from now on.

        Raises AuthenticationError (code not recognised) or RateLimitError (too many wrong
        sign-ins: `retry_after` seconds), sent once: a refused sign-in is never retried."""
        response = await self._client._request_once("POST", "sessions", json={"code": code})
        data = response.json()
        session = Session(
            person=Person.from_wire(data.get("person") or {}),
            station=str(data.get("station") or ""),
            expires_at=str(data.get("expires_at") or ""),
            idle_timeout_s=float(data.get("idle_timeout_s") or 0.0),
            rights=rights_of(data.get("rights") or ()),
            token=str(data["token"]),
        )
        self._client.set_session(session.token)
        return session

    async def sign_out(self) -> None:
        """End the session here and at the service; the token is forgotten whatever it answers."""
        # ended here first: the session's calls still in flight are cut and the next person
        # gets connections of their own, then the service is told on one of them
        token = self._client.end_session()
        if token is None:
            return
        await self._client._request_once("DELETE", "sessions/current", session_token=token)

    async def packing_report(
        self, since: date, until: date, per: Literal["day", "week"] = "day"
    ) -> list[PackingRow]:
        """Parcels, orders and rates per person and station (`GET /v1/reports/packing`)."""
        params = {"since": since.isoformat(), "until": until.isoformat(), "per": per}
        response = await self._client._request("GET", "reports/packing", params=params)
        rows = response.json().get("rows") or []
        return [PackingRow.from_wire(row) for row in rows if isinstance(row, Mapping)]

    async def station_event(
        self, kind: StationEventKind, order_ref: str, at: str, reason: str | None = None
    ) -> None:
        """Tell the service what only the station saw: a scan, a pack-check mismatch, a release."""
        body: dict[str, Any] = {"kind": kind, "order_ref": order_ref, "at": at}
        if reason:
            body["reason"] = reason
        await self._client._request("POST", "station_events", json=body)
