"""Stations waiting to join, as an admin's desk lists and decides them, without a widget.

`StationApprovalsPresenter` loads the waiting requests of the server the open profile talks
to, approves one with the phrase the admin typed from the station's screen, or denies it, and
says each outcome in the user's language (`message_shown`). Approving or denying needs the
"stations" right (`REQUIRED_RIGHT`): today the account's own key, later an admin's sign-in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import time_of_day
from desktop_app.gui.widgets.tasks import service_text

if TYPE_CHECKING:
    from desktop_app.client.errors import APIError
    from desktop_app.client.resources.station_joins import JoinRequest
    from desktop_app.gui.core.context import AppContext

#: the right a person needs to see and use the approvals (the sign-in hides them without it)
REQUIRED_RIGHT = "stations"


def request_text(request: JoinRequest) -> str:
    """A waiting station as the list shows it: name, phrase, address, until when."""
    return translate("Settings", "{station} — {phrase} — from {address}, until {time}").format(
        station=request.station,
        phrase=request.phrase,
        address=request.address,
        time=time_of_day(request.expires_at),
    )


def refused_text(exc: APIError) -> str:
    """Why the server did not approve or deny, in the user's language."""
    status = getattr(exc, "status_code", None)
    if status == 422:
        return translate(
            "Settings",
            "The phrase does not match the one the station shows. Compare it with the "
            "station's screen.",
        )
    if status == 403:
        return translate(
            "Settings", "Only an admin may let stations join (the account key or an admin)."
        )
    if status == 409:
        return translate("Settings", "Not possible any more: {0}").format(service_text(exc))
    return service_text(exc)


class StationApprovalsPresenter(Presenter):
    """The waiting stations of the open profile's server: reload, approve, deny."""

    #: how many stations wait
    loaded = Signal(int)

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.requests: list[JoinRequest] = []

    async def reload(self) -> int:
        """Load the waiting stations (an empty list without a connected profile)."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        if client is None:
            self.requests = []
            self.loaded.emit(0)
            return 0
        try:
            requests = await client.station_joins.pending()
        except APIError as exc:
            self.show_message(
                translate("Settings", "Could not load the waiting stations: {0}").format(
                    refused_text(exc)
                ),
                error=True,
            )
            return len(self.requests)
        if client is not self.ctx.client:
            return 0  # the profile changed meanwhile
        self.requests = requests
        self.loaded.emit(len(requests))
        return len(requests)

    def find(self, request_id: str) -> JoinRequest | None:
        """The listed request with this id."""
        return next((r for r in self.requests if r.id == request_id), None)

    async def approve(self, request_id: str, phrase: str) -> bool:
        """Approve with the phrase typed from the station's screen; True when approved."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        request = self.find(request_id)
        if client is None or request is None:
            return False
        if not phrase.strip():
            self.show_message(
                translate("Settings", "Type the phrase the station shows."), error=True
            )
            return False
        try:
            await client.station_joins.approve(request_id, phrase)
        except APIError as exc:
            self.show_message(refused_text(exc), error=True)
            return False
        await self.reload()
        self.show_message(
            translate(
                "Settings", "{station} is approved: it receives its own key in a moment."
            ).format(station=request.station)
        )
        return True

    async def deny(self, request_id: str) -> bool:
        """Deny the station; True when denied."""
        from desktop_app.client.errors import APIError

        client = self.ctx.client
        request = self.find(request_id)
        if client is None or request is None:
            return False
        try:
            await client.station_joins.deny(request_id)
        except APIError as exc:
            self.show_message(refused_text(exc), error=True)
            return False
        await self.reload()
        self.show_message(
            translate("Settings", "{station} is denied.").format(station=request.station)
        )
        return True
