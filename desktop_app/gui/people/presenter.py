"""The sign-in at a station: who is signed in, the badge or PIN, idle and manual sign-out.

States: "off" (the profile's service has no people: nothing to sign in to), "waiting" (the
sign-in screen), "checking" (a code is being checked), "signed_in". The presenter decides; the
screen (`screen.py`) and the window's parts (`station.py`) only show it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal

from desktop_app.client.presence import Presence, Session
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.people.rights import Shown, shown_for

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)

#: how often the idle time is looked at (ms)
IDLE_CHECK_MS = 1000


class SignInPresenter(Presenter):
    """Signs people in and out at the open profile's station."""

    state_changed = Signal(str)  # off | waiting | checking | signed_in
    shown_changed = Signal(object)  # Shown: what the person's rights show

    def __init__(
        self,
        ctx: AppContext,
        *,
        clock: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(ctx, parent)
        self.clock = clock
        self.state = "off"
        self.message = ""
        self.session: Session | None = None
        self.shown: Shown = shown_for(Presence())
        self.task: asyncio.Task[Any] | None = None
        self._last_input = clock()
        self._profile_key: object = None
        self._client: ShippingClient | None = None
        self._unsubscribe: Callable[[], None] | None = None
        self._idle_timer = QTimer(self)
        self._idle_timer.setInterval(IDLE_CHECK_MS)
        self._idle_timer.timeout.connect(self.check_idle)
        ctx.connection_changed.connect(self._on_connection)
        self._on_connection(ctx.connection_state, ctx.connection_message)

    # --- what is shown ----------------------------------------------------------------------

    @property
    def people(self) -> bool:
        """True at a station whose service has people (sign-in, Sign out, who is signed in)."""
        return self.state != "off"

    def who_text(self) -> str:
        """Who is signed in, as the window's header says it ("" when no one is)."""
        presence = self.ctx.presence
        if self.state != "signed_in" or presence.person is None:
            return ""
        return translate("SignIn", "{name} ({role}) at {station}").format(
            name=presence.person.name,
            role=role_text(presence.person.role),
            station=presence.station or "",
        )

    def idle_limit_s(self) -> float:
        """Seconds without input until the person is signed out: the profile's setting, or the
        service's own idle limit when that is shorter."""
        profile = self.ctx.profile
        minutes = profile.preferences.sign_out_idle_minutes if profile is not None else 5
        limit = float(minutes * 60)
        if self.session is not None and self.session.idle_timeout_s > 0:
            limit = min(limit, self.session.idle_timeout_s)
        return limit

    def _set_state(self, state: str, message: str | None = None) -> None:
        if message is not None and message != self.message:
            self.message = message
            self.show_message(message)  # what the sign-in screen says ("": nothing)
        shown = (
            shown_for(self.ctx.presence)
            if state != "waiting"
            else shown_for(Presence(sign_in_required=True))
        )
        if state != self.state:
            self.state = state
            if state == "signed_in":
                self._last_input = self.clock()
                self._idle_timer.start()
            else:
                self._idle_timer.stop()
            self.state_changed.emit(state)
        if shown != self.shown:
            self.shown = shown
            self.shown_changed.emit(shown)

    # --- the connection ---------------------------------------------------------------------

    def _on_connection(self, state: str, _message: str = "") -> None:
        self._follow_client()
        key = self.ctx.profile_key
        if key != self._profile_key:
            self._profile_key = key
            self.session = None
            if self.state != "off":
                self._set_state("off", "")
        if state == "sign_in":
            self.session = None
            self._set_state("waiting")
        elif state == "connected":
            people = self.ctx.presence.person is not None
            self._set_state("signed_in" if people else "off", "")

    def _follow_client(self) -> None:
        client = self.ctx.client
        if client is self._client:
            return
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._client = client
        if client is not None:
            self._unsubscribe = client.on_session_lost(self._session_lost)

    def _session_lost(self) -> None:
        """The service refused the session (ended there, e.g. its own idle limit)."""
        if self.state == "signed_in":
            self.session = None
            self.ctx.person_signed_out()
            self._set_state(
                "waiting", translate("SignIn", "Your sign-in has ended. Please sign in again.")
            )

    # --- signing in -------------------------------------------------------------------------

    def submit(self, code: str) -> asyncio.Task[Any] | None:
        """Check a badge code or PIN (typed, or by a scanner ending with Enter)."""
        code = code.strip()
        if self.state != "waiting":
            return None
        if not code:
            self._set_state("waiting", translate("SignIn", "Scan your badge or type your PIN."))
            return None
        self._set_state("checking", translate("SignIn", "Checking…"))
        self.task = self.ctx.spawn(self._sign_in(code))
        return self.task

    async def _sign_in(self, code: str) -> None:
        from desktop_app.client.errors import APIError, AuthenticationError, RateLimitError
        from desktop_app.gui.core.connection import failure_text

        client = self.ctx.client
        if client is None:
            self._set_state("waiting", translate("SignIn", "Not connected to the server yet."))
            return
        try:
            session = await client.people.sign_in(code)
            self.session = session
            presence = Presence(False, session.person, session.station, session.rights)
            await self.ctx.person_signed_in(presence)
        except AuthenticationError:
            self._set_state(
                "waiting", translate("SignIn", "Badge or PIN not recognised. Please try again.")
            )
        except RateLimitError as exc:
            self._set_state("waiting", rate_limit_text(exc.retry_after))
        except APIError as exc:
            self._set_state("waiting", failure_text(exc))
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # never a crash at the sign-in screen: said, and it stays
            log.exception("signing in failed")
            self._set_state("waiting", failure_text(exc))
        else:
            if self.state == "checking":  # the connection state said nothing new
                self._set_state("signed_in", "")

    # --- signing out ------------------------------------------------------------------------

    def note_input(self) -> None:
        """A key press, click or mouse move of the person at the station."""
        self._last_input = self.clock()

    def check_idle(self) -> bool:
        """Sign out when the person was idle for the set time; True when it did."""
        if self.state != "signed_in":
            return False
        idle = self.clock() - self._last_input
        limit = self.idle_limit_s()
        if idle < limit:
            return False
        minutes = max(1, round(limit / 60))
        self.sign_out(
            translate("SignIn", "Signed out after %n minute(s) without input.", None, minutes)
        )
        return True

    def sign_out(self, message: str = "") -> asyncio.Task[Any] | None:
        """Back to the sign-in screen at once; the session is ended at the service behind it."""
        if self.state != "signed_in":
            return None
        self.session = None
        client = self.ctx.client
        self.ctx.person_signed_out()
        self._set_state("waiting", message)
        if client is None:
            return None
        self.task = self.ctx.spawn(_end_session(client))
        return self.task


async def _end_session(client: ShippingClient) -> None:
    """`DELETE /v1/sessions/current`; an answer that it had ended already is fine too."""
    with contextlib.suppress(Exception):
        await client.people.sign_out()


def rate_limit_text(retry_after: float | None) -> str:
    """Too many wrong sign-ins, in the desk's language (not the server's words)."""
    minutes = max(1, math.ceil((retry_after or 60) / 60))
    return translate(
        "SignIn",
        "Too many wrong sign-ins at this station: try again in %n minute(s).",
        None,
        minutes,
    )


def role_text(role: str) -> str:
    """A role's name in the desk's language."""
    names = {
        "packer": translate("SignIn", "Packer"),
        "supervisor": translate("SignIn", "Supervisor"),
        "admin": translate("SignIn", "Admin"),
    }
    return names.get(role, role)
