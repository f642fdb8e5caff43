"""The End of day page's decisions without a window: `EndOfDayPresenter` loading the day, checking,
confirming and sending pickup requests and making manifests against the real local service
(an account of its own per test)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.end_of_day.presenter import EndOfDayPresenter
from desktop_app.gui.i18n.words import date_time, time_of_day
from tests.gui.app_context import add_service_profile, create, emitted, expect

pytestmark = pytest.mark.own_account  # ctx: an account of its own

UPS_PACKAGE = {"weight": 2.0, "length": 30, "width": 20, "height": 10, "type": "parcel"}


def _window(hours_from_now: float = 1.0, length: float = 3.0) -> tuple[datetime, datetime]:
    start = datetime.now().astimezone() + timedelta(hours=hours_from_now)
    return start, start + timedelta(hours=length)


async def test_the_day_offers_carriers_that_take_pickups(ctx: AppContext) -> None:
    """Only carriers with waiting shipments that take requests are offered for a pickup; every
    carrier with shipments not handed over is offered for a manifest; the summary counts."""
    ups = [await create(ctx, carrier="ups", package=UPS_PACKAGE) for _ in range(2)]
    await create(
        ctx, carrier="ups", service="returns", package={**UPS_PACKAGE, "description": "shoes"}
    )
    dhl = await create(ctx)
    presenter = EndOfDayPresenter(ctx)
    assert not presenter.findChildren(QWidget)  # no widget
    loaded = expect(presenter.loaded)
    await presenter.reload()
    await emitted(loaded)
    assert presenter.pickup_carriers() == [("ups", "UPS (2)")]
    assert presenter.manifest_carriers() == [
        ("dhl", "DHL (1 to hand over)"),
        ("ups", "UPS (2 to hand over)"),
    ]
    assert sorted(presenter.listed_ids("ups")) == sorted(s.id for s in ups)
    assert presenter.listed_ids("dhl") == [dhl.id] and presenter.listed_ids("dpd") == []
    assert presenter.summary() == "3 shipments waiting for pickup with 2 carriers."


async def test_a_request_is_checked_before_it_is_sent(ctx: AppContext) -> None:
    """No carrier, no shipment, a window in the past: each says why; a good one is offered."""
    shipment = await create(ctx, carrier="ups", package=UPS_PACKAGE)
    presenter = EndOfDayPresenter(ctx)
    await presenter.reload()
    start, end = _window()
    # shipments wait (never "no carrier has shipments waiting" beside "1 shipment waiting")
    assert presenter.request_problems(None, start, end, [shipment.id]) == [
        "Choose the carrier to come for the shipments."
    ]
    assert "Check the shipments to be picked up." in presenter.request_problems(
        "ups", start, end, []
    )
    past = presenter.request_problems(
        "ups", start - timedelta(hours=8), end - timedelta(hours=8), [shipment.id]
    )
    assert "The latest pickup time must be in the future." in past
    reversed_window = presenter.request_problems("ups", end, start, [shipment.id])
    assert reversed_window and not presenter.can_request(reversed_window)
    good = presenter.request_problems("ups", start, end, [shipment.id])
    assert good == [] and presenter.can_request(good)
    # the confirmation names carrier, count and window; a sandbox profile gets no live warning
    question = presenter.question("ups", 1, start, end)
    until = time_of_day(end) if end.date() == start.date() else date_time(end)
    assert question == f"Request a UPS pickup of 1 shipment between {date_time(start)} and {until}?"
    assert "live profile" not in question


async def test_request_sends_and_the_day_follows(ctx: AppContext) -> None:
    """A request gets the carrier's pickup number; the shipments leave the waiting list with
    their reason, the history holds the request; the buttons were held while it ran."""
    first, second = [await create(ctx, carrier="ups", package=UPS_PACKAGE) for _ in range(2)]
    presenter = EndOfDayPresenter(ctx)
    await presenter.reload()
    busy: list[bool] = []
    presenter.busy_changed.connect(lambda: busy.append(presenter.requesting))
    messages: list[tuple[str, bool]] = []
    presenter.message_shown.connect(lambda text, error: messages.append((text, error)))
    requested = expect(presenter.pickup_requested)
    created = await presenter.request("ups", *_window(), [first.id])
    assert created is not None and (await emitted(requested)) == (created,)
    assert busy == [True, False] and not presenter.requesting
    text, error = messages[-1]
    assert not error and created.carrier_pickup_number in text
    assert text.startswith("UPS pickup requested for 1 shipment")
    assert presenter.listed_ids("ups") == [second.id]
    assert dict((s.id, why) for s, why in presenter.days["ups"].left_out) == {
        first.id: "pickup already requested"
    }
    assert [p.id for p in presenter.history] == [created.id]


async def test_a_refused_request_says_why(ctx: AppContext) -> None:
    """The service refuses a return in a pickup; the presenter says so and sends nothing more."""
    ups_return = await create(
        ctx, carrier="ups", service="returns", package={**UPS_PACKAGE, "description": "shoes"}
    )
    presenter = EndOfDayPresenter(ctx)
    await presenter.reload()
    messages: list[tuple[str, bool]] = []
    presenter.message_shown.connect(lambda text, error: messages.append((text, error)))
    assert await presenter.request("ups", *_window(), [ups_return.id]) is None
    text, error = messages[-1]
    assert error and "returns cannot be picked up" in text
    assert not presenter.requesting and presenter.history == []
    # a request the domain refuses (DHL takes no pickup requests) never reaches the service
    assert await presenter.request("dhl", *_window(), [ups_return.id]) is None
    text, error = messages[-1]
    assert error and text.startswith("Carrier: DHL takes no pickup requests")
    assert len(messages) == 2 and presenter.history == []


async def test_manifest_hands_over_and_is_kept(ctx: AppContext) -> None:
    """A manifest of a carrier's shipments: its PDF kept, the note says where, the shipments are
    handed over; printing without a printer says where the manifest is."""
    dhl = [await create(ctx) for _ in range(2)]
    presenter = EndOfDayPresenter(ctx)
    await presenter.reload()
    notes: list[str] = []
    presenter.manifest_note_changed.connect(notes.append)
    messages: list[tuple[str, bool]] = []
    presenter.message_shown.connect(lambda text, error: messages.append((text, error)))
    assert await presenter.create_manifest(None) is None
    manifest = await presenter.create_manifest("dhl")
    assert manifest is not None and sorted(manifest.shipments) == sorted(s.id for s in dhl)
    path = presenter.last_manifest_file
    assert path is not None and path.read_bytes().startswith(b"%PDF")
    assert notes == [f"Manifest {manifest.carrier_reference_number}: 2 shipments, saved as {path}."]
    assert presenter.handed_over == {s.id: manifest.carrier_reference_number for s in dhl}
    assert presenter.not_handed_over("dhl") == [] and presenter.manifest_carriers() == []
    assert await presenter.create_manifest("dhl") is None  # nothing left to hand over
    assert await presenter.print_manifest() is None
    assert messages[-1] == (
        f"No printer is assigned to this profile: the manifest is at {path}.",
        True,
    )


async def test_another_profile_clears_the_day(ctx: AppContext, local_service: Any) -> None:
    """Opening another profile shows nothing of the last one's day, then loads its own."""
    await create(ctx, carrier="ups", package=UPS_PACKAGE)
    presenter = EndOfDayPresenter(ctx)
    await presenter.reload()
    assert presenter.days
    cleared: list[int] = []
    presenter.loaded.connect(lambda: cleared.append(len(presenter.days)))
    other = add_service_profile(ctx.manager, local_service, "Second desk")
    await ctx.open_profile(other)
    await presenter.tasks.wait_idle()
    assert cleared[0] == 0 and presenter.days == {}
