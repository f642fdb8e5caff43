"""`/v1/stations/join_requests` (Packdesk service extension): the admin's side of stations
asking to join; the station's own side (no key yet) is profiles/station_join.py."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from desktop_app.client.resources._resource import Resource, parse, unwrap


class JoinRequest(BaseModel):
    """A station waiting to join (or decided), as the admin sees it."""

    model_config = ConfigDict(extra="allow")

    id: str
    station: str
    phrase: str
    status: str
    address: str = ""
    created_at: str = ""
    expires_at: str = ""


class StationJoins(Resource):
    """List, approve (with the phrase the station shows) and deny stations' join requests."""

    async def pending(self) -> list[JoinRequest]:
        """The stations waiting for a decision, oldest first."""
        response = await self._client._request("GET", "stations/join_requests")
        return [parse(JoinRequest, r) for r in unwrap(response.json(), "join_requests")]

    async def approve(self, request_id: str, phrase: str) -> JoinRequest:
        """Let the station in; refused (422) when the phrase is not the one it shows."""
        response = await self._client._request(
            "POST", f"stations/join_requests/{request_id}/approve", json={"phrase": phrase}
        )
        return parse(JoinRequest, response.json())

    async def deny(self, request_id: str) -> JoinRequest:
        """Refuse the station; it is told at its next poll."""
        response = await self._client._request("POST", f"stations/join_requests/{request_id}/deny")
        return parse(JoinRequest, response.json())
