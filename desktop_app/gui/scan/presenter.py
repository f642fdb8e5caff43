"""What the Scan page shows and does, without a window.

`ScanPresenter` runs the station flow (`desktop_app.station.flow.Station`) on the open
profile's store, client, print queue and printer: scans, keys and the scale's settled weight
go in as typed actions (`ScanAction`: one at a time, in the order given); each outcome becomes
the page's state
(`ScanView`: banner colour, title and detail, the order, its items, weight, preset, whether a
typed weight is wanted) and a signal sound ("success" or "error") when the profile wants one.
An error stays until `acknowledge()`: scans meanwhile are refused, so none goes unnoticed.
The profile's preferences decide the pack check and the sound; they are read at each action,
so a change in Settings applies to the next scan. The station (and the order being packed) is
kept while the context only says something (a connection state, re-read preferences); it is
built anew when the profile, its store, creator or print queue, or the printer changes.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from PySide6.QtCore import QLocale, Signal

from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.customs_papers import papers_note
from desktop_app.gui.i18n.weights import source_text
from desktop_app.gui.i18n.words import preset_name
from desktop_app.gui.scan.actions import (
    RefreshOrders,
    Reprint,
    Scan,
    ScanAction,
    Ship,
    TypedWeight,
    Weighed,
)
from desktop_app.gui.scan.outcome_texts import error_text, person
from desktop_app.gui.widgets.scale import ScalePresenter, weight_text

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.scales.readings import Reading
    from desktop_app.station.flow import ScanOutcome, Station

log = logging.getLogger(__name__)

#: the banner's backgrounds under white text, the same in every scheme (own colours, not the
#: semantic ones a scheme change swaps)
GREEN, RED, BLUE = "#1b7f3b", "#a8231c", "#1d4f91"
OVERRIDE_REASON = "shipped incomplete by F6 at the station"
Sound = Literal["success", "error"]


class PresenterScale:
    """The station's weight source: the stable weight of the page's scale presenter."""

    def __init__(self, presenter: ScalePresenter) -> None:
        self.presenter = presenter

    def stable_weight(self, now: float | None = None) -> Reading | None:
        """The monitor's fresh stable reading, or None."""
        monitor = self.presenter.monitor
        return monitor.stable_weight(now) if monitor is not None else None

    @property
    def emptied_at(self) -> float | None:
        """When the monitor last saw the scale (near) zero (None: not since it started)."""
        monitor = self.presenter.monitor
        return monitor.emptied_at if monitor is not None else None


@dataclass
class ScanView:
    """Everything the page shows; the presenter changes it and emits `changed`."""

    color: str = BLUE
    title: str = ""
    detail: str = ""
    order: str = ""
    items: list[str] = field(default_factory=list)
    weight: str = ""
    preset: str = ""
    asks_weight: bool = False
    """True while a typed weight is wanted (the weight box shows and takes the focus)."""
    papers_file: Path | None = None
    """The customs papers saved for want of an A4 printer (the banner opens their folder)."""


class ScanPresenter(Presenter):
    """The Scan page's state and actions (no widget)."""

    changed = Signal()
    outcome_shown = Signal(object)  # ScanOutcome, after the view shows it
    sound = Signal(str)  # "success" or "error", when the profile wants sounds
    open_in_form = Signal(object)  # StoredOrder: F7, the order goes to the New shipment form

    def __init__(self, ctx: AppContext, scale: ScalePresenter) -> None:
        super().__init__(ctx)
        self.scale = scale
        self.view = ScanView(title=translate("Scan", "Ready: scan an order"))
        self.station: Station | None = None
        self._station_key: tuple[Any, ...] | None = None
        self.awaiting_ack = False
        self.last_outcome: ScanOutcome | None = None
        #: when the last code was scanned (a station with people reports it: scan-to-label)
        self.scanned_at = datetime.now(UTC)
        #: at a station with people: asks who releases an incomplete order, and why (None:
        #: not released; "" or unset: F6 ships with the station's own reason)
        self.release_reason: Callable[[], str | None] | None = None
        #: the actions waiting for their turn, oldest first
        self.pending: deque[ScanAction] = deque()
        self._worker: asyncio.Task[None] | None = None
        scale.changed.connect(self._weight_changed)
        scale.polled.connect(self._weight_polled)
        self._show_weight()

    # --- the profile's choices -----------------------------------------------------------------

    @property
    def pack_check(self) -> bool:
        """Whether the open profile checks every item before shipping (Settings › Station)."""
        profile = self.ctx.profile
        return profile is not None and profile.preferences.pack_check

    @property
    def sounds_on(self) -> bool:
        """Whether the open profile wants a signal sound after each scan."""
        profile = self.ctx.profile
        return profile is None or profile.preferences.scan_sound

    # --- the station ---------------------------------------------------------------------------

    def current_station(self) -> Station | None:
        """The flow on the open profile's store, creator, queue and printer (None offline):
        the same one until one of them changes (then a new one, which goes on with the order
        being packed when the store is the same)."""
        ctx = self.ctx
        if ctx.store is None or ctx.creator is None or ctx.profile is None:
            return None
        printer = ctx.printer()
        key = (ctx.profile_key, id(ctx.store), id(ctx.creator), id(ctx.queue), printer)
        if self.station is None or key != self._station_key:
            from desktop_app.station.flow import Station
            from desktop_app.station.inbox import OrdersInbox

            language = "de" if QLocale().language() == QLocale.Language.German else "en"
            previous = self.station
            self.station = Station(
                ctx.profile,
                OrdersInbox(ctx.store, ctx.client),
                ctx.creator,
                ctx.queue,
                printer,
                slip_language=language,
            )
            if previous is not None and previous.inbox.store is ctx.store:
                self.station.current, self.station.last = previous.current, previous.last
                self.station.parcel_at = previous.parcel_at
            self._station_key = key
        self.station.profile = ctx.profile  # (its preferences as Settings saved them last)
        self.station.pack_check = self.pack_check
        a4 = ctx.profile.preferences.documents_printer
        self.station.papers_printer = ctx.printers.get(a4) if a4 else None
        # the scale counts only while one is configured (scales.json may change meanwhile)
        self.station.scale = PresenterScale(self.scale) if self.scale.configured else None
        return self.station

    # --- actions -------------------------------------------------------------------------------

    def scan(self, code: str) -> None:
        """A scan (the box's text at Enter)."""
        code = code.strip()
        if not code:
            return
        if self.awaiting_ack:
            # an error not yet seen: no scan gets lost in it, the packer confirms first
            self._sound("error")
            self.view.detail = translate(
                "Scan", "Press Esc to confirm the message, then scan again."
            )
            self.changed.emit()
            return
        self.scanned_at = datetime.now(UTC)
        self.submit(Scan(code))

    def type_weight(self, text: str) -> bool:
        """A typed weight in kg (the UI locale's or C notation); False when it is not one."""
        value, ok = QLocale().toDouble(text.strip())
        if not ok:
            value, ok = QLocale.c().toDouble(text.strip())
        if not ok or value <= 0:
            self._sound("error")
            return False
        self.view.asks_weight = False
        self.changed.emit()
        self.submit(TypedWeight(value))
        return True

    def ship_now(self) -> None:
        """F2: create the shipment of the current order now."""
        if not self.awaiting_ack:
            self.submit(Ship())

    def ship_incomplete(self) -> None:
        """F6: ship although the pack check is incomplete (recorded with the order)."""
        if self.awaiting_ack:
            return
        reason = "" if self.release_reason is None else self.release_reason()
        if reason is not None:
            self.submit(Ship(override=reason or OVERRIDE_REASON))

    def reprint(self) -> None:
        """F4: label and slip of the last shipped order again."""
        self.awaiting_ack = False
        self.submit(Reprint())

    def refresh_orders(self) -> None:
        """F5: read the orders from the service now."""
        if not self.awaiting_ack:
            self.submit(RefreshOrders())

    def next_preset(self) -> None:
        """F3: the next shipping preset for the current order."""
        station = self.station
        if station is None or station.current is None:
            return
        preset = station.next_preset()
        self._show_preset(preset.name if preset else None)
        self.changed.emit()

    def order_to_form(self) -> None:
        """F7: the order on the desk (being packed, or stopped by an error) goes to the New
        shipment form, to be completed there (customs data, another service); the Scan page
        drops it. A shipped order stays (F4 reprints it)."""
        station = self.station
        order = station.current.order if station is not None and station.current else None
        last = self.last_outcome
        if order is None and last is not None and last.order is not None:
            order = None if last.order.shipped else last.order
        if order is None:
            self._show(BLUE, translate("Scan", "No order to open: scan an order first"), "")
            return
        if station is not None:
            station.cancel()
        self.awaiting_ack = False
        self._forget_order()
        self._show(
            BLUE,
            translate("Scan", "Order %1 is in the New shipment form").replace("%1", order.number),
            translate("Scan", "Complete it there and create its label; then scan the next order."),
        )
        self.open_in_form.emit(order)

    def _forget_order(self) -> None:
        """No order on the desk: its number, preset and items leave the page."""
        view = self.view
        view.items, view.order, view.preset, view.asks_weight = [], "", "", False

    def acknowledge(self) -> None:
        """Esc: confirm an error (the next scan is taken), or drop the order being packed."""
        if self.awaiting_ack:
            self.awaiting_ack = False
            self._show(BLUE, translate("Scan", "Ready: scan an order"), "")
            return
        if self.station is not None and self.station.current is not None:
            self.station.cancel()
            self._forget_order()
            self._show(BLUE, translate("Scan", "Order dropped: scan an order"), "")

    def submit(self, action: ScanAction) -> None:
        """Queue an action; they run one at a time in the order given."""
        self.pending.append(action)
        if self._worker is None or self._worker.done():
            self._worker = self.ctx.spawn(self._work())

    async def wait_idle(self) -> None:
        """Wait until every action queued so far has run."""
        while self._worker is not None and not self._worker.done():
            await asyncio.wait([self._worker])

    async def _work(self) -> None:
        while self.pending:
            action = self.pending.popleft()
            try:
                outcome = await self._run(action)
            except Exception as exc:  # never lose the page to one failure
                log.exception("scan %s failed", action)
                self._show_error(translate("Scan", "Something went wrong"), str(exc))
                continue
            if outcome is not None:
                self.show_outcome(outcome)

    async def _run(self, action: ScanAction) -> ScanOutcome | None:
        station = self.current_station()
        if station is None:
            self._show_error(
                translate("Scan", "Not connected"),
                translate("Scan", "Wait until the service is connected, then scan again."),
            )
            return None
        match action:
            case Scan(code):
                last = self.last_outcome
                if last is not None and last.kind == "choose" and code.isdigit():
                    index = int(code) - 1
                    if 0 <= index < len(last.choices):
                        return await station.choose(last.choices[index].id)
                return await station.scan(code)
            case TypedWeight(kg):
                station.set_weight(kg)
                return await station.ship()
            case Weighed():
                return await station.ship_when_weighed()
            case Ship(override):  # the packer's choice: the weight shown counts
                return await station.ship(override=override, explicit=True)
            case Reprint():
                return await station.reprint()
            case RefreshOrders():
                added = await station.inbox.refresh(force=True)
                text = translate("Scan", "Orders read from the service. Scan an order.")
                self._show(BLUE, translate("Scan", "%n new order(s)", None, added), text)
        return None

    # --- the scale -----------------------------------------------------------------------------

    def _weight_changed(self) -> None:
        """The scale's reading changed: an order waiting for a stable weight ships now."""
        self._show_weight()
        station = self.station
        state = station.current if station is not None else None
        if state is None or not state.awaiting_weight or self.awaiting_ack:
            self.changed.emit()
            return  # nothing waits, or an error on show stays until confirmed
        self._show_waiting()  # the last parcel may have left the scale meanwhile
        if self.scale.stable_kg() is not None:
            self.submit(Weighed())

    def _weight_polled(self) -> None:
        """An order waiting for its weight ships with the first fresh stable reading, even
        when the text shown did not change (the weight was stable all along, but its last
        reading had aged past the max age at the scan)."""
        station = self.station
        state = station.current if station is not None else None
        if state is None or not state.awaiting_weight or self.awaiting_ack:
            return
        if self._worker is not None and not self._worker.done():
            return  # an action runs: it sees the weight itself
        if station is not None and station.weight(state) is not None:
            self.submit(Weighed())

    def _show_waiting(self) -> None:
        """A complete order on the scale: say that it ships once the weight is stable."""
        station = self.station
        state = station.current if station is not None else None
        number = state.order.number if state is not None else ""
        reading = self.scale.text or translate("Scan", "Scale: no current weight")
        if station is not None and station.scale_holds_last_parcel:
            self._show(
                BLUE,
                translate("Scan", "Take the last parcel off the scale"),
                translate(
                    "Scan",
                    "Order %1 ships with the next steady weight once the scale was empty.\n%2\n"
                    "F2 ships with the weight shown; or type the weight and press Enter.",
                )
                .replace("%1", number)
                .replace("%2", reading),
            )
            return
        self._show(
            BLUE,
            translate("Scan", "Order %1: waiting for a stable weight").replace("%1", number),
            translate(
                "Scan",
                "%1\nIt ships as soon as the scale is steady (or type the weight and press Enter).",
            ).replace("%1", reading),
        )

    # --- the view ------------------------------------------------------------------------------

    def _sound(self, kind: Sound) -> None:
        if self.sounds_on:
            self.sound.emit(kind)

    def _show(self, color: str, title: str, detail: str) -> None:
        self.view.color, self.view.title, self.view.detail = color, title, detail
        self.changed.emit()

    def _papers_note(self, outcome: ScanOutcome) -> str:
        """Where the shipment's customs papers went ("" when it has none)."""
        note = papers_note(outcome.papers_documents, outcome.papers_printer, outcome.papers_path)
        return "\n" + note if note else ""

    def _show_error(self, title: str, detail: str) -> None:
        self.awaiting_ack = True
        self._show(RED, title, detail + "\n" + translate("Scan", "Press Esc to confirm."))
        self._sound("error")

    def _show_weight(self, kg: float | None = None) -> None:
        station = self.station
        source: str | None = None
        if kg is None and station is not None:
            kg, source = station.weight_source()
        if kg is None and not (station is not None and station.scale_holds_last_parcel):
            kg, source = self.scale.stable_kg(), "scale"  # (not the last parcel's weight)
        if kg is None:
            self.view.weight = translate("Scan", "Weight: –")
        elif source:
            self.view.weight = (
                translate("Scan", "Weight: %1 kg (%2)")
                .replace("%1", weight_text(kg))
                .replace("%2", source_text(source))
            )
        else:
            self.view.weight = translate("Scan", "Weight: %1 kg").replace("%1", weight_text(kg))

    def _show_preset(self, name: str | None) -> None:
        self.view.preset = (
            translate("Scan", "No shipping preset fits (F3 chooses one)")
            if name is None
            else translate("Scan", "Preset: %1 (F3 switches)").replace("%1", preset_name(name))
        )

    def _item_lines(self) -> list[str]:
        station = self.station
        state = station.current if station is not None else None
        if state is None:
            return []
        if state.pack is not None:
            return [
                f"{'✔' if ln.done else '…'} {ln.packed}/{ln.ordered}  {ln.title}  {ln.gtin}"
                for ln in state.pack.lines
            ]
        return [
            f"{item.get('quantity') or 0:g} × {item.get('sku') or ''}"
            for item in state.order.data.get("order_line_items") or []
        ]

    def show_outcome(self, outcome: ScanOutcome) -> None:
        """Show what a scan or key did, and sound it."""
        self.last_outcome = outcome
        view, order, kind = self.view, outcome.order, outcome.kind
        number = order.number if order is not None else ""
        if order is not None:
            view.order = translate("Scan", "Order %1").replace("%1", order.number)
        if outcome.preset is not None or kind in ("packing", "ticked"):
            self._show_preset(outcome.preset.name if outcome.preset else None)
        view.items = self._item_lines()
        self._show_weight(outcome.weight_kg)
        view.asks_weight = False
        view.papers_file = outcome.papers_path if kind in ("shipped", "reprinted") else None
        if kind == "shipped":
            shipment = outcome.shipment
            assert shipment is not None
            carrier = self.ctx.offers.get(shipment.carrier)
            name = carrier.display_name if carrier is not None else shipment.carrier
            # waiting for the next: only the shipped order's number stays (with its result),
            # not its preset and items
            self.awaiting_ack, view.items, view.preset = False, [], ""
            self._show(
                GREEN,
                translate("Scan", "%1 %2")
                .replace("%1", name)
                .replace("%2", shipment.carrier_tracking_no or ""),
                translate(
                    "Scan",
                    "Order %1 shipped: label and packing slip are printing. Scan the next order.",
                ).replace("%1", number)
                + self._papers_note(outcome),
            )
            self._sound("success")
        elif kind == "reprinted":
            again = translate("Scan", "Label and packing slip of order %1.").replace("%1", number)
            again += self._papers_note(outcome)
            self._show(GREEN, translate("Scan", "Printing again"), again)
            self._sound("success")
        elif kind == "already_shipped":
            shipment = outcome.shipment
            tracking = shipment.carrier_tracking_no if shipment is not None else ""
            self._show_error(
                translate("Scan", "Order %1 has shipped already").replace("%1", number),
                translate(
                    "Scan",
                    "Tracking number %1. F4 prints label and slip again; nothing is shipped twice.",
                ).replace("%1", tracking or "–"),
            )
        elif kind == "choose":
            lines = [
                f"{n}: {o.number} – {person(o.data)}"
                for n, o in enumerate(outcome.choices, start=1)
            ]
            self._show(
                BLUE,
                translate("Scan", "%n orders hold this item", None, len(outcome.choices)),
                translate("Scan", "Type the number of the order and Enter:")
                + "\n"
                + "\n".join(lines),
            )
            self._sound("success")
        elif kind == "weighing":
            self.awaiting_ack = False
            view.asks_weight = True
            self._show_waiting()
            self._sound("success")
        elif kind in ("packing", "ticked"):
            self._show_packing(outcome)
            self._sound("success")
        else:
            view.asks_weight = outcome.code == "no_weight"
            self._show_error(*error_text(outcome))
        self.outcome_shown.emit(outcome)
        if kind == "shipped" and outcome.shipment is not None:
            # as the desk's form does: History lists it, a shop order's tracking is written back
            self.ctx.shipment_created.emit(outcome.shipment)

    def _show_packing(self, outcome: ScanOutcome) -> None:
        station = self.station
        state = station.current if station is not None else None
        missing = state.pack.missing if state is not None and state.pack is not None else 0
        number = outcome.order.number if outcome.order is not None else ""
        if outcome.kind == "ticked" and outcome.line is not None:
            title = translate("Scan", "Packed: %1").replace("%1", outcome.line.title)
        else:
            title = translate("Scan", "Order %1").replace("%1", number)
        if missing:
            detail = translate(
                "Scan", "Scan the items: %n to go (F6 ships without them).", None, missing
            )
        elif outcome.weight_kg is None:
            detail = translate(
                "Scan", "Put the parcel on the scale, or type the weight and press Enter."
            )
            self.view.asks_weight = True
        else:
            detail = translate("Scan", "Press F2 to ship.")
        self._show(BLUE, title, detail)
