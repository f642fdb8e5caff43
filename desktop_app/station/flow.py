"""The scan-to-ship flow of one station, without Qt.

A scan is an order number (`external_order_id`) or an item's GTIN:

- no order: `not_found`; several open orders: `choose` (a short list, `choose(id)` picks);
- a shipped order: `already_shipped` with its shipment (`reprint()` prints it again); an
  order is never shipped twice by a scan: the store links it to its shipment, and a stored
  shipment or an open journal entry made for the same order (its identity: the shop's order,
  the file's order, the inbox's order - not merely its number) also counts;
- an open order becomes the current one. With the pack check on, each GTIN scanned ticks
  one unit (`wrong` / `surplus` are refused); the order ships by itself when it is complete
  and a weight is known, or on `ship(override=reason)`, which is recorded with the order.

With a scale, a scan never ships on just any weight: a complete order waits (`weighing`)
until the scale reports a stable weight above zero; `ship_when_weighed()` (called when the
scale's reading changes) then ships it, once. After a shipment made with the scale's weight
that parcel may still lie on the scale: the next order then waits too (`weighing` with code
`parcel_on_scale`) until the scale has read (near) zero and then a new stable weight; F2
(`ship(explicit=True)`) takes the weight shown as the packer's choice, a typed weight counts.
Without a scale a typed weight, else the order's weight from the best source
(`domain.weights`: the product catalogue's item weights x quantities + the box, else the
order's own weight from its file or shop + the box) is used at once; `weight_source()` says
which. The default weight is not used here: the packer is there to weigh or type it.

Shipping is one action: the shipment is created through the profile's journal
(`ShipmentCreator`: exactly once, `reference_number` = the order number, the order's
identity recorded with it for the shop's write-back), the label and the packing slip go to
the print queue (`printout`), and the order is marked shipped. The weight is the scale's
stable reading (a typed one when the scale cannot give one); without a scale a typed one,
else the order's own as above (`order_facts`). The preset is the profile's first that fits
the order (country, weight, value, item count); `next_preset()` switches to the next one.

Outcomes (`outcomes`) carry a `code` the GUI turns into words, and the detail of a service's
refusal.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from desktop_app.client.account_addresses import address_fields
from desktop_app.domain.presets import (
    ShippingPreset,
    apply_preset,
    choose_preset,
    facts_of_draft,
)
from desktop_app.domain.rules import validate
from desktop_app.domain.sanitize import sanitize
from desktop_app.domain.weights import OrderWeight
from desktop_app.domain.weights import WeightSource as WeightOrigin
from desktop_app.printing.formats import printer_format_chooser
from desktop_app.profiles.catalogue import Catalogue
from desktop_app.profiles.store import StoredOrder, StoredShipment
from desktop_app.station.customs import with_order_customs
from desktop_app.station.order_facts import (
    attempt_is_for,
    catalogue_parcel,
    lines_with_gtins,
    order_item_count,
    order_own_weight,
    order_value,
)
from desktop_app.station.outcomes import OutcomeKind, Printed, ScanOutcome
from desktop_app.station.packing import PackCheck
from desktop_app.station.printout import StationPrinters, packing_slip, print_shipment
from desktop_app.station.slip import PackingSlip

if TYPE_CHECKING:
    from desktop_app.client.journaled_creation import ShipmentCreator
    from desktop_app.printing.printers import PrinterDefinition
    from desktop_app.printing.queue import PrintQueue
    from desktop_app.profiles.models import Profile
    from desktop_app.scales.readings import Reading
    from desktop_app.station.inbox import OrdersInbox

__all__ = ["ScanOutcome", "Station", "StationOrder", "WeightSource"]


class WeightSource(Protocol):
    """A scale: its stable weight now, or None (ScaleMonitor is one)."""

    def stable_weight(self, now: float | None = None) -> Reading | None: ...

    @property
    def emptied_at(self) -> float | None:
        """When (`Reading.at`) the scale last read (near) zero; None: not seen empty."""
        ...


@dataclass
class StationOrder:
    """The order being packed."""

    order: StoredOrder
    pack: PackCheck | None
    presets: list[ShippingPreset]
    preset_index: int | None
    typed_weight: float | None = None
    preset_switched: bool = False
    """True once the packer chose another preset (the order's facts no longer decide)."""
    awaiting_weight: bool = False
    """True while a complete order waits for the scale's stable weight to ship by itself."""
    override: str | None = None
    """The pack-check override given with a ship that then waited for the weight."""
    scale_confirmed: bool = False
    """True once the packer pressed F2/F6: the scale's weight counts even if the last
    parcel may still be on it."""
    own_weight: OrderWeight | None = None
    """The order's weight without scale or typing (catalogue, file or shop); None until it
    is read (when the order is opened)."""

    @property
    def preset(self) -> ShippingPreset | None:
        """The preset chosen (or switched to) for this order."""
        return None if self.preset_index is None else self.presets[self.preset_index]


@dataclass
class Station:
    """One station's flow: scans in, outcomes out; prints through the queue."""

    profile: Profile
    inbox: OrdersInbox
    creator: ShipmentCreator
    queue: PrintQueue | None = None
    printer: PrinterDefinition | None = None
    slip_printer: PrinterDefinition | None = None
    """Where packing slips go (None: the label printer; no slip without any printer)."""
    papers_printer: PrinterDefinition | None = None
    """The profile's A4 printer for documents (customs papers); None: the slip or label printer
    when it prints PDF pages (`customs_papers.documents_printer`), else the papers are saved."""
    scale: WeightSource | None = None
    pack_check: bool = False
    slip_language: str = "en"
    print_slip: bool = True
    current: StationOrder | None = field(default=None, init=False)
    last: StoredOrder | None = field(default=None, init=False)
    """The order of the last outcome (what `reprint()` prints)."""
    parcel_at: float | None = field(default=None, init=False)
    """When the reading the last shipment was weighed with was taken, until the scale has
    read (near) zero since (None: the scale was emptied, or no scale weight was used)."""

    @property
    def store(self) -> Any:
        """The profile store (orders, shipments, journal)."""
        return self.inbox.store

    # --- scans ---------------------------------------------------------------------------------

    async def scan(self, code: str) -> ScanOutcome:
        """Handle one scan (an order number or a GTIN)."""
        code = code.strip()
        if not code:
            return ScanOutcome("error", "not_found", detail=code)
        current = self.current
        if current is not None and current.pack is not None and current.pack.holds(code):
            return await self._tick(current, code)
        found = await self.inbox.find(code)
        by_number = any(o.number.casefold() == code.casefold() for o in found)
        if current is not None and current.pack is not None and not by_number:
            # while packing, only an order number moves on to another order: an item that
            # is not this order's is a wrong item, whichever other order holds it
            return ScanOutcome("error", "wrong_item", order=current.order, detail=code)
        if not found:
            return ScanOutcome("error", "not_found", detail=code)
        open_orders = [o for o in found if not o.shipped]
        if not open_orders:
            return await self._already_shipped(found[0])
        if len(open_orders) > 1:
            return ScanOutcome("choose", choices=tuple(open_orders[:9]), detail=code)
        return await self._open(open_orders[0], code)

    async def choose(self, order_id: str) -> ScanOutcome:
        """Pick one of the orders a `choose` outcome listed."""
        order = await asyncio.to_thread(self.store.orders.get, order_id)
        if order.shipped:
            return await self._already_shipped(order)
        return await self._open(order, "")

    async def _open(self, order: StoredOrder, code: str) -> ScanOutcome:
        existing = await self._existing_shipment(order)
        if existing is not None:
            return existing
        items = order.data.get("order_line_items") or []
        pack = PackCheck.for_items(lines_with_gtins(items, self.catalogue()))
        presets = self.profile.presets()
        state = StationOrder(order, pack if self.pack_check and pack.lines else None, presets, None)
        state.own_weight = await asyncio.to_thread(self._own_weight, order.data, presets)
        self.current = state
        self.last = order
        self._choose_preset(state)
        if state.pack is not None and code and state.pack.holds(code):
            return await self._tick(state, code)
        if state.pack is None or state.pack.complete:
            return await self._ship_if_ready(state)
        return self._packing(state)

    def _packing(self, state: StationOrder, kind: OutcomeKind = "packing") -> ScanOutcome:
        code = "parcel_on_scale" if kind == "weighing" and self.scale_holds_last_parcel else ""
        return ScanOutcome(
            kind, code, order=state.order, weight_kg=self.weight(state), preset=state.preset
        )

    async def _tick(self, state: StationOrder, gtin: str) -> ScanOutcome:
        assert state.pack is not None
        result, line = state.pack.tick(gtin)
        if result == "wrong":
            return ScanOutcome("error", "wrong_item", order=state.order, detail=gtin)
        if result == "surplus":
            return ScanOutcome("error", "surplus_item", order=state.order, line=line, detail=gtin)
        if result == "complete":
            return await self._ship_if_ready(state)
        return ScanOutcome(
            "ticked",
            order=state.order,
            line=line,
            weight_kg=self.weight(state),
            preset=state.preset,
        )

    async def _ship_if_ready(self, state: StationOrder) -> ScanOutcome:
        if self.weight(state) is None:
            if self.scale is None:
                return self._packing(state)  # the GUI asks for the weight
            state.awaiting_weight = True  # ships when the scale settles
            return self._packing(state, "weighing")
        return await self.ship()

    async def ship_when_weighed(self) -> ScanOutcome | None:
        """Ship the current order if it waits for the scale and the weight is stable now.

        None when there is nothing to do (no order waiting, the weight still moving, or the
        last parcel not yet taken off the scale)."""
        state = self.current
        if state is None or not state.awaiting_weight or self.weight(state) is None:
            return None
        return await self.ship(override=state.override, explicit=state.scale_confirmed)

    # --- weight and presets --------------------------------------------------------------------

    @property
    def scale_holds_last_parcel(self) -> bool:
        """True while the last shipment's parcel may still lie on the scale: it shipped with
        the scale's weight and the scale has not read (near) zero since."""
        if self.scale is None or self.parcel_at is None:
            return False
        emptied = self.scale.emptied_at
        if emptied is not None and emptied > self.parcel_at:
            self.parcel_at = None
            return False
        return True

    def _scale_reading(self, state: StationOrder | None, explicit: bool) -> Reading | None:
        """The scale's stable reading above zero that may weigh this order, or None: not
        the last parcel's, unless the packer said so (`explicit`, or F2 earlier)."""
        if self.scale is None:
            return None
        reading = self.scale.stable_weight()
        if reading is None or reading.kg <= 0:
            return None
        confirmed = explicit or (state is not None and state.scale_confirmed)
        if not confirmed and self.scale_holds_last_parcel:
            return None
        return reading

    def weight(self, state: StationOrder | None = None, *, explicit: bool = False) -> float | None:
        """The weight to ship with: the scale's stable reading above zero (a typed one when
        the scale gives none, or still shows the last parcel); without a scale a typed one,
        else the order's own (catalogue, file or shop, default)."""
        return self.weight_source(state, explicit=explicit)[0]

    def weight_source(
        self, state: StationOrder | None = None, *, explicit: bool = False
    ) -> tuple[float | None, WeightOrigin | None]:
        """The weight to ship with (as `weight`) and where it comes from."""
        state = state or self.current
        typed = state.typed_weight if state is not None else None
        if self.scale is not None:
            reading = self._scale_reading(state, explicit)
            if reading is not None:
                return round(reading.kg, 3), "scale"
            return (typed, "typed") if typed else (None, None)
        if state is None:
            return None, None
        if typed:
            return typed, "typed"
        if state.own_weight is None:
            state.own_weight = self._own_weight(state.order.data, state.presets)
        return state.own_weight.kg, state.own_weight.source

    def catalogue(self) -> Catalogue | None:
        """The profile's product catalogue (None: it has none)."""
        return self.store.catalogue_if_made()

    def _own_weight(
        self, data: Mapping[str, Any], presets: Sequence[ShippingPreset]
    ) -> OrderWeight:
        """An order's weight without scale or typing (`order_facts.order_own_weight`)."""
        packaging = self.profile.preferences.packaging_weight
        return order_own_weight(data, presets, self.catalogue(), packaging)

    def set_weight(self, kg: float | None) -> None:
        """A typed weight for the current order (used when neither scale nor order has one)."""
        if self.current is not None:
            self.current.typed_weight = kg if kg and kg > 0 else None
            if not self.current.preset_switched:
                self._choose_preset(self.current)

    def _choose_preset(self, state: StationOrder) -> None:
        facts = self._facts(state)
        chosen = choose_preset(state.presets, facts)
        state.preset_index = None if chosen is None else state.presets.index(chosen)

    def _facts(self, state: StationOrder) -> dict[str, Any]:
        data = state.order.data
        draft = {
            "to": data.get("delivery_address") or {},
            "package": {"weight": self.weight(state)},
        }
        return facts_of_draft(draft, value=order_value(data), item_count=order_item_count(data))

    def next_preset(self) -> ShippingPreset | None:
        """Switch the current order to the next preset (wrapping)."""
        state = self.current
        if state is None or not state.presets:
            return None
        start = -1 if state.preset_index is None else state.preset_index
        state.preset_index = (start + 1) % len(state.presets)
        state.preset_switched = True
        return state.preset

    def cancel(self) -> None:
        """Drop the current order (nothing was shipped)."""
        self.current = None

    # --- shipping ------------------------------------------------------------------------------

    async def _existing_shipment(self, order: StoredOrder) -> ScanOutcome | None:
        """The outcome for an order that shipped (or is being shipped) already, else None."""
        if order.shipped:
            return await self._already_shipped(order)
        # by the order's identity, never its number alone: another shop's order 1001, or an
        # old label with reference 1001, is not this order's shipment
        origin = await asyncio.to_thread(self.store.orders.origin_of, order)
        found = await asyncio.to_thread(self.store.shipments.find_for_order, origin)
        live = [s for s in found if not s.deleted]
        if live:  # shipped by this desk before the link was written (or by the batch)
            linked = await asyncio.to_thread(self.store.orders.mark_shipped, order.id, live[0].id)
            return await self._already_shipped(linked)
        pending = await asyncio.to_thread(self.store.journal.pending)
        if any(attempt_is_for(e, origin) for e in pending):
            return ScanOutcome("error", "pending", order=order)
        return None

    async def _already_shipped(self, order: StoredOrder) -> ScanOutcome:
        self.current = None
        self.last = order
        shipment = None
        if order.shipment_id:
            try:
                shipment = await asyncio.to_thread(self.store.shipments.get, order.shipment_id)
            except LookupError:
                shipment = None
        return ScanOutcome("already_shipped", order=order, shipment=shipment)

    def draft(self, state: StationOrder) -> dict[str, Any]:
        """The shipment request for the current order (not validated)."""
        data = state.order.data
        draft: dict[str, Any] = {
            "to": address_fields(data.get("delivery_address")),
            "package": {"weight": self.weight(state), **catalogue_parcel(data, self.catalogue())},
            "reference_number": state.order.number,
            "create_shipping_label": True,
        }
        sender = self.profile.draft_sender()
        if sender:
            draft["from"] = sender
        preset = state.preset
        if preset is not None:
            draft = apply_preset(draft, preset)
        numbers = self.profile.preferences.customs_numbers
        draft = with_order_customs(draft, data, self.store.catalogue, numbers)
        if not (draft.get("label") or {}).get("format"):
            choose = printer_format_chooser(
                self.printer, self.profile.preferences.label_format_override
            )
            fmt, _reason = choose(draft.get("carrier"), draft.get("service"))
            if fmt:
                draft["label"] = {"format": fmt}
        cleaned = sanitize(draft)
        return cleaned if isinstance(cleaned, dict) else draft

    async def ship(self, *, override: str | None = None, explicit: bool = False) -> ScanOutcome:
        """Create the current order's shipment, print label and slip, mark it shipped.

        `explicit`: the packer asked (F2/F6), so the scale's stable weight counts even when
        the last parcel may still be on it."""
        from desktop_app.client.errors import APIError

        state = self.current
        if state is None:
            return ScanOutcome("error", "no_order")
        order = state.order
        state.awaiting_weight = False  # shipping now: the scale triggers nothing more
        existing = await self._existing_shipment(order)
        if existing is not None:
            return existing
        if state.pack is not None and not state.pack.complete and not override:
            return ScanOutcome("error", "incomplete", order=order, detail=str(state.pack.missing))
        state.scale_confirmed = state.scale_confirmed or explicit
        reading = self._scale_reading(state, explicit)
        weight = self.weight(state, explicit=explicit)
        if weight is None:
            if self.scale is not None:  # ships as soon as the scale settles
                state.awaiting_weight, state.override = True, override
                return self._packing(state, "weighing")
            return ScanOutcome("error", "no_weight", order=order)
        if not state.preset_switched:  # the weight may have changed since the scan
            self._choose_preset(state)
        if state.preset is None:
            return ScanOutcome("error", "no_preset", order=order, weight_kg=weight)
        request = self.draft(state)
        problems = validate(request)
        if problems:
            detail = "; ".join(str(p) for p in problems)
            return ScanOutcome("error", "invalid", order=order, detail=detail, weight_kg=weight)
        try:
            origin = await asyncio.to_thread(self.store.orders.origin_of, order)
            shipment = await self.creator.create(request, order=origin)
        except APIError as exc:
            return ScanOutcome("error", "service", order=order, detail=str(exc), weight_kg=weight)
        incomplete = state.pack is not None and not state.pack.complete
        linked = await asyncio.to_thread(
            self.store.orders.mark_shipped,
            order.id,
            shipment.id,
            pack_override=override if incomplete else None,
        )
        self.current = None
        self.last = linked
        if reading is not None:  # this parcel lies on the scale until it reads zero
            self.parcel_at = reading.at
        printed = await self._print(linked, shipment)
        return ScanOutcome(
            "shipped",
            order=linked,
            shipment=shipment,
            weight_kg=weight,
            preset=state.preset,
            jobs=printed.jobs,
            papers_path=printed.papers_path,
            papers_printer=printed.papers_printer,
            papers_documents=printed.papers_documents,
        )

    async def reprint(self) -> ScanOutcome:
        """Print the label and slip of the last shipped order again."""
        order = self.last
        if order is None or not order.shipment_id:
            return ScanOutcome("error", "no_order")
        shipment = await asyncio.to_thread(self.store.shipments.get, order.shipment_id)
        printed = await self._print(order, shipment)
        return ScanOutcome(
            "reprinted",
            order=order,
            shipment=shipment,
            jobs=printed.jobs,
            papers_path=printed.papers_path,
            papers_printer=printed.papers_printer,
            papers_documents=printed.papers_documents,
        )

    # --- printing ------------------------------------------------------------------------------

    def slip(self, order: StoredOrder) -> PackingSlip:
        """The packing slip of an order."""
        return packing_slip(order, self.profile.draft_sender() or {}, self.slip_language)

    async def _print(self, order: StoredOrder, shipment: StoredShipment) -> Printed:
        """Label and slip, then the customs papers (`printout.print_shipment`)."""
        printers = StationPrinters(self.queue, self.printer, self.slip_printer, self.papers_printer)
        return await print_shipment(
            self.creator.client,
            printers,
            shipment,
            self.slip(order) if self.print_slip else None,
            reference=order.number,
            papers_folder=self.store.profile_dir / "customs",
        )

    def open_orders(self) -> Sequence[StoredOrder]:
        """The inbox's open orders (for the page's list)."""
        result: Sequence[StoredOrder] = self.store.orders.newest(open_only=True)
        return result
