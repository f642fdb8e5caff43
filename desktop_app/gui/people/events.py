"""What the Scan page saw, told to the service while a person is signed in (`/v1/station_events`):
an order scanned (the start of its scan-to-label time), a pack-check mismatch, and a supervisor's
release of an incomplete order with its reason. A station without people sends nothing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

from desktop_app.client.presence import StationEventKind
from desktop_app.gui.i18n import translate

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.station.flow import ScanOutcome

log = logging.getLogger(__name__)

#: the Scan page's refusals that are a pack-check mismatch
MISMATCH_CODES = frozenset({"wrong_item", "surplus_item", "incomplete"})


class StationEvents(QObject):
    """Follows the Scan page's outcomes and F6 releases; sends them in the background."""

    def __init__(
        self,
        ctx: AppContext,
        scan: Any,  # the Scan page's presenter (pages do not import each other)
        ask_reason: Callable[[str], str | None],
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.scan = scan
        self.ask_reason = ask_reason
        self.tasks: list[asyncio.Task[Any]] = []
        #: what was sent: (kind, order number, taken by the service)
        self.sent: list[tuple[str, str, bool]] = []
        self._scanned: str | None = None  # the order whose scan was told
        scan.outcome_shown.connect(self._on_outcome)
        ctx.connection_changed.connect(self._forget_scan)
        scan.release_reason = self.release_reason

    @property
    def signed_in(self) -> bool:
        """True while a person is signed in at a station with people."""
        return self.ctx.presence.person is not None and self.ctx.connected

    def _forget_scan(self, *_args: object) -> None:
        self._scanned = None  # another person's scan of the same order starts their time

    def _on_outcome(self, outcome: ScanOutcome) -> None:
        order = outcome.order
        if not self.signed_in or order is None:
            return
        if outcome.kind in ("packing", "weighing", "shipped") and order.number != self._scanned:
            self._scanned = order.number
            self.send("scan", order.number, self.scan.scanned_at)
        if outcome.kind == "error" and outcome.code in MISMATCH_CODES:
            self.send("pack_check_mismatch", order.number)
        if outcome.kind == "shipped":
            self._scanned = None  # the next scan of it (a reprint, a second parcel) counts anew

    def release_reason(self) -> str | None:
        """F6 at a station with people: only a person with the release right ships an
        incomplete order, and says why (None: not released; "": the station's own reason)."""
        if not self.signed_in:
            return ""  # a station without people: F6 ships with the station's own reason
        station = self.scan.station
        state = station.current if station is not None else None
        number = state.order.number if state is not None else ""
        if "release" not in self.ctx.presence.rights:
            self.scan._show_error(
                translate("SignIn", "Only a supervisor may ship an incomplete order"),
                translate("SignIn", "Ask a supervisor to sign in at this station and press F6."),
            )
            return None
        reason = (self.ask_reason(number) or "").strip()
        if not reason:
            return None
        self.send("release", number, reason=reason)
        return reason

    def send(
        self,
        kind: StationEventKind,
        order_ref: str,
        at: datetime | None = None,
        reason: str | None = None,
    ) -> asyncio.Task[Any] | None:
        """Send one event in the background (a failure is logged: packing goes on)."""
        client = self.ctx.client
        if client is None or not order_ref:
            return None
        when = (at or datetime.now(UTC)).isoformat()
        task = self.ctx.spawn(self._send(client, kind, order_ref, when, reason))
        self.tasks = [t for t in self.tasks if not t.done()] + [task]
        return task

    async def _send(
        self, client: Any, kind: StationEventKind, ref: str, at: str, reason: str | None
    ) -> None:
        from desktop_app.client.errors import APIError

        try:
            await client.people.station_event(kind, ref, at, reason)
        except APIError as exc:  # the figures miss one event; the parcel still ships
            log.warning("the station event %s of order %s was not taken: %s", kind, ref, exc)
            self.sent.append((kind, ref, False))
        else:
            self.sent.append((kind, ref, True))


def ask_release_reason(parent: QWidget) -> Callable[[str], str | None]:
    """The question a supervisor answers at F6: why may this order ship incomplete?"""

    def ask(number: str) -> str | None:
        text, ok = QInputDialog.getText(
            parent,
            translate("SignIn", "Release order"),
            translate("SignIn", "Why may order {number} ship incomplete?").format(number=number),
            QLineEdit.EchoMode.Normal,
        )
        return text if ok else None

    return ask
