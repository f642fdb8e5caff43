"""What the station's "Ask to join" does, without a widget.

`StationJoinPresenter` asks the server (CA already pinned) to let the station in, says the
phrase to show, polls in the background until an admin approved, denied or the request
expired, and on approval checks the handed-over key with `/v1/me` and saves it in the keyring
with the station's profile, as a pasted key is saved (a profile of the same server and
environment gets the new key). Every outcome is a sentence in the user's language
(`state_changed`); the dialog only shows them.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from PySide6.QtCore import QObject, Signal

from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import time_of_day
from desktop_app.profiles.errors import ProfileError
from desktop_app.profiles.models import Profile, is_loopback_host
from desktop_app.profiles.station_join import (
    APPROVED,
    DENIED,
    EXPIRED,
    JoinKey,
    JoinRefusedError,
    JoinTicket,
    ask_to_join,
    poll_join,
)

if TYPE_CHECKING:
    from desktop_app.profiles.manager import ProfileManager

# how the dialog colours a state: waiting (neutral), done (ok), failed (error)
WAITING, DONE, FAILED = "waiting", "done", "failed"
# the handed-over key is checked with /v1/me this often before giving up on it
CHECK_ATTEMPTS = 3


def refused_text(exc: JoinRefusedError) -> str:
    """Why the server did not take or answer the request, in the user's language."""
    if exc.status == 429:
        minutes = max(1, math.ceil((exc.retry_after or 60) / 60))
        return translate(
            "Settings", "Too many requests to join from here: try again in {n} minutes."
        ).format(n=minutes)
    if exc.status == 422:
        return translate(
            "Settings", "The server does not accept this name: use 1 to 100 letters or digits."
        )
    if exc.status == 404:
        return translate("Settings", "The server no longer knows this request. Ask again.")
    if exc.status == 0:
        return translate("Settings", "The server does not answer: {0}").format(str(exc))
    return translate("Settings", "The server refused: {0}").format(str(exc))


class StationJoinPresenter(QObject):
    """Ask to join, poll until decided, save the key: `ask()` runs the whole flow."""

    #: (phrase, valid until as local time) once the server took the request
    phrase_shown = Signal(str, str)
    #: (WAITING | DONE | FAILED, sentence)
    state_changed = Signal(str, str)
    #: the station's profile, saved with its key
    joined = Signal(object)

    def __init__(
        self, manager: ProfileManager, url: str, ca_file: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.manager = manager
        self.url = url
        self.ca_file = ca_file
        self.ticket: JoinTicket | None = None
        self.status = ""
        # seconds between polls: a station asks once in a while, not in a loop
        self.poll_seconds = 2.0

    def _say(self, kind: str, text: str) -> None:
        self.state_changed.emit(kind, text)

    async def ask(self, station: str) -> Profile | None:
        """Ask, wait for the decision, save the key; the saved profile or None (said why)."""
        station = " ".join(station.split())
        if not station:
            self._say(FAILED, translate("Settings", "Enter this station's name first."))
            return None
        self._say(WAITING, translate("Settings", "Asking the server…"))
        try:
            self.ticket = await ask_to_join(self.url, self.ca_file, station)
        except JoinRefusedError as exc:
            self._say(FAILED, refused_text(exc))
            return None
        until = time_of_day(self.ticket.expires_at)
        self.phrase_shown.emit(self.ticket.phrase, until)
        self._say(
            WAITING,
            translate(
                "Settings",
                "Waiting for an admin to approve this station. Tell them the phrase; "
                "it is valid until {time}.",
            ).format(time=until),
        )
        key = await self._wait(self.ticket)
        return await self._save(key) if key is not None else None

    async def _wait(self, ticket: JoinTicket) -> JoinKey | None:
        """Poll until the request is decided or expired; the key when approved."""
        while True:
            try:
                state = await poll_join(ticket)
            except JoinRefusedError as exc:
                if exc.status != 0 or dt.datetime.now(dt.UTC) >= ticket.expires_at:
                    self._say(FAILED, refused_text(exc))
                    return None
                # the network dropped for a moment: keep asking until the request expires
                self._say(WAITING, refused_text(exc))
                await asyncio.sleep(self.poll_seconds)
                continue
            self.status = state.status
            if state.key is not None:
                return state.key
            if state.status == APPROVED:
                self._say(
                    FAILED,
                    translate(
                        "Settings",
                        "Approved, but the key was already handed over once. Ask again.",
                    ),
                )
                return None
            if state.status == DENIED:
                self._say(
                    FAILED,
                    translate(
                        "Settings",
                        "An admin denied this station. Ask again if that was a mistake.",
                    ),
                )
                return None
            if state.status == EXPIRED:
                self._say(
                    FAILED,
                    translate("Settings", "Nobody approved within 15 minutes. Ask again."),
                )
                return None
            await asyncio.sleep(self.poll_seconds)

    def _existing(self, environment: str) -> Profile | None:
        for profile in self.manager.list():
            if profile.base_url.rstrip("/") == self.url.rstrip("/") and (
                profile.environment == environment
            ):
                return profile
        return None

    def _free_name(self, name: str, station: str) -> str:
        """`name`, else with the station's name (or a number) beside it: names are unique."""
        taken = {p.name.casefold() for p in self.manager.list()}
        for candidate in (name, f"{name} – {station}"):
            if candidate.casefold() not in taken:
                return candidate
        number = 2
        while f"{name} ({number})".casefold() in taken:
            number += 1
        return f"{name} ({number})"

    async def _save(self, key: JoinKey) -> Profile | None:
        """Check the key with the server, then save it with the station's profile."""
        from desktop_app.client import check_key

        environment: Any = "live" if key.environment == "live" else "sandbox"
        for attempt in range(CHECK_ATTEMPTS):
            try:
                me = await check_key(self.url, key.key, self.ca_file, environment)
                break
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the key is handed over once: a blip must not lose it
                if attempt + 1 == CHECK_ATTEMPTS:
                    self._say(
                        FAILED, translate("Settings", "The new key did not work: {0}").format(exc)
                    )
                    return None
                await asyncio.sleep(self.poll_seconds)
        host = urlsplit(self.url).hostname or self.url
        existing = self._existing(environment)
        try:
            if existing is not None:
                profile = existing.model_copy(update={"ca_file": self.ca_file})
                saved = self.manager.update(profile, key.key, verified_environment=me.environment)
            else:
                profile = Profile(
                    name=self._free_name(
                        translate("Settings", "Packdesk server {host}").format(host=host),
                        key.name,
                    ),
                    environment=environment,
                    base_url=self.url,
                    ca_file=self.ca_file,
                    force_loopback=is_loopback_host(host),
                )
                saved = self.manager.add(profile, key.key, verified_environment=me.environment)
        except ProfileError as exc:
            self._say(FAILED, translate("Settings", "The key was not saved: {0}").format(exc))
            return None
        self._say(
            DONE,
            translate(
                "Settings",
                "Approved. This station's key is saved; the profile {name!r} is ready to use.",
            ).format(name=saved.name),
        )
        self.joined.emit(saved)
        return saved
