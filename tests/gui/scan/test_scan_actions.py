"""The Scan presenter's actions are typed (a scan, a typed weight as a number, F2/F6 with the
override, F4, F5, the scale's settled weight), and its station with the order being packed
stays while the context only reports something (a connection state, preferences re-read); it
is built anew only when the printer or the profile changes."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import pytest

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.scan.actions import RefreshOrders, Reprint, Scan, Ship, TypedWeight
from desktop_app.gui.scan.presenter import OVERRIDE_REASON, ScanPresenter
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.scales.config import ScaleConfig
from tests.gui.app_context import expect, use_printer, zpl_printer
from tests.gui.scan_desk import add_orders, set_preferences
from tests.gui.scan_desk import ctx as ctx  # the fixture
from tests.station.conftest import MUG, TEA, order_body


@pytest.fixture
async def presenter(ctx: AppContext, vprinter: VirtualPrinter) -> AsyncIterator[ScanPresenter]:
    use_printer(ctx, vprinter.uri)
    scale = ScalePresenter(config=ScaleConfig())  # no scale at this desk
    scan = ScanPresenter(ctx, scale)
    yield scan
    await scan.wait_idle()
    await scale.aclose()


async def _do(presenter: ScanPresenter, action: Any, *args: Any) -> Any:
    shown = expect(presenter.outcome_shown)
    action(*args)
    (outcome,) = await asyncio.wait_for(shown, 60)
    return outcome


async def test_each_key_queues_its_typed_action_and_a_typed_weight_stays_a_number(
    presenter: ScanPresenter,
) -> None:
    # queued in one turn of the loop: none has run yet
    presenter.scan(" 1001 ")
    assert presenter.type_weight("2.75")
    assert not presenter.type_weight("heavy")  # not a weight: nothing queued
    presenter.ship_now()
    presenter.ship_incomplete()
    presenter.reprint()
    presenter.refresh_orders()
    assert list(presenter.pending) == [
        Scan("1001"),
        TypedWeight(2.75),
        Ship(),
        Ship(override=OVERRIDE_REASON),
        Reprint(),
        RefreshOrders(),
    ]
    weight = presenter.pending[1]
    assert isinstance(weight, TypedWeight) and type(weight.kg) is float
    await presenter.wait_idle()
    assert not presenter.pending


async def test_the_order_being_packed_outlives_context_signals_until_the_printer_changes(
    ctx: AppContext, presenter: ScanPresenter, vprinter: VirtualPrinter
) -> None:
    await add_orders(ctx, order_body("K-1", items=[(MUG, 1), (TEA, 2)]))
    set_preferences(ctx, pack_check=True)
    packing = await _do(presenter, presenter.scan, "K-1")
    assert packing.kind == "packing"
    station = presenter.station
    assert station is not None and station.current is not None

    # the context reports: a connection state, the profile re-read with other preferences
    ctx.connection_changed.emit(ctx.connection_state, ctx.connection_message)
    ctx.profile_changed.emit(ctx.profile)
    set_preferences(ctx, scan_sound=False)
    assert presenter.current_station() is station  # not built anew
    assert station.profile == ctx.profile  # with the preferences saved last
    ticked = await _do(presenter, presenter.scan, MUG)
    assert ticked.kind == "ticked" and ticked.order.number == "K-1"
    assert presenter.current_station() is station

    # another printer: a new station, which goes on with the same order
    other = zpl_printer(vprinter.uri, name="Second Zebra")
    ctx.printers.put(other)
    assert ctx.profile is not None
    ctx.manager.update(ctx.profile.model_copy(update={"printer": other.name}))
    ctx.reload_profile()
    rebuilt = presenter.current_station()
    assert rebuilt is not None and rebuilt is not station and rebuilt.printer == other
    assert rebuilt.current is not None and rebuilt.current.order.number == "K-1"
    ticked = await _do(presenter, presenter.scan, TEA)
    assert ticked.kind == "ticked" and presenter.station is rebuilt
