"""The History page's decisions without a window: `HistoryPresenter` searching the real profile
store, deleting, reprinting and refreshing against the real local service and virtual printer;
what the selection allows, what Delete asks and the count line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QWidget

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.sandbox_printer import SANDBOX_PRINTER_NAME
from desktop_app.gui.history.presenter import (
    HistoryPresenter,
    available_actions,
    count_text,
    delete_question,
)
from desktop_app.gui.history.table_model import ShipmentHistoryModel
from desktop_app.printing.payload import prepare_payload
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.store import ProfileStore, StoredShipment
from tests.gui.app_context import (
    add_service_profile,
    create,
    emitted,
    expect,
    use_printer,
    zpl_printer,
)

pytestmark = pytest.mark.own_account  # ctx: an account of its own


@pytest.fixture
def presenter(ctx: AppContext) -> HistoryPresenter:
    """A presenter on the context, with no page and no window."""
    return HistoryPresenter(ctx)


def _references(presenter: HistoryPresenter) -> list[str]:
    return sorted(s.reference_number or "" for s in presenter.model.shipments())


def _statuses(presenter: HistoryPresenter) -> dict[str, str]:
    model = presenter.model
    return {
        str(model.index(r, ShipmentHistoryModel.REFERENCE).data()): str(
            model.index(r, ShipmentHistoryModel.STATUS).data()
        )
        for r in range(model.rowCount())
    }


async def test_search_counts_and_keeps_the_selection(
    ctx: AppContext, presenter: HistoryPresenter
) -> None:
    """A query narrows the rows (debounced: nothing before the timer), the count line says how
    many or that none match, and the selection is handed back after each result."""
    first = await create(ctx, reference_number="SHOP-1")
    await create(ctx, reference_number="SHOP-2")
    await create(ctx, reference_number="MARKET-3")
    assert not presenter.findChildren(QWidget)  # the presenter makes no widget
    counts: list[str] = []
    presenter.count_changed.connect(counts.append)
    await presenter.reload()
    assert _references(presenter) == ["MARKET-3", "SHOP-1", "SHOP-2"]
    assert counts[-1] == "3 shipments"

    presenter.selection = [first.id]
    reselected = expect(presenter.reselect)
    finished = expect(presenter.search_finished)
    presenter.set_query("shop")
    assert presenter.debounce.isActive() and len(presenter.model.shipments()) == 3
    assert await emitted(finished) == ("shop",)
    assert (await emitted(reselected)) == ({first.id},)
    assert _references(presenter) == ["SHOP-1", "SHOP-2"]
    assert counts[-1] == "2 shipments"

    presenter.set_query("nobody-like-this")
    presenter.search_now()
    await presenter.wait_idle()
    assert presenter.model.rowCount() == 0 and counts[-1] == "No shipments match"


async def test_only_the_last_query_is_shown(ctx: AppContext, presenter: HistoryPresenter) -> None:
    """Searches started one after another: the earlier ones are cancelled, the last one wins."""
    await create(ctx, reference_number="ALPHA-1")
    await create(ctx, reference_number="BETA-2")
    finished: list[str] = []
    presenter.search_finished.connect(finished.append)
    for text in ("AL", "BE", "ALPHA"):
        presenter.query = text
        presenter.search_now()
    await presenter.wait_idle()
    assert finished == ["ALPHA"]
    assert _references(presenter) == ["ALPHA-1"]


async def test_delete_marks_deleted_and_show_deleted_lists_them(
    ctx: AppContext, presenter: HistoryPresenter
) -> None:
    """Delete removes the shipment on the service, marks it deleted in the store and hides it;
    "show deleted" lists it as Deleted; one already gone on the service is said to be."""
    keep = await create(ctx, reference_number="KEEP-1")
    gone = await create(ctx, reference_number="GONE-1")
    elsewhere = await create(ctx, reference_number="ELSEWHERE-1")
    assert ctx.client is not None and ctx.store is not None
    await ctx.client.shipments.delete(elsewhere.id)  # another desk deleted it
    messages: list[str] = []
    presenter.message_shown.connect(lambda text, _error: messages.append(text))
    deleted_signals: list[str] = []
    presenter.shipment_deleted.connect(deleted_signals.append)
    await presenter.reload()

    assert await presenter.delete([gone.id]) == [gone.id]
    assert deleted_signals == [gone.id]
    assert messages[-1] == "Deleted 1 shipment."
    assert ctx.store.get_shipment(gone.id).deleted and not ctx.store.get_shipment(keep.id).deleted
    assert _references(presenter) == ["ELSEWHERE-1", "KEEP-1"]

    assert await presenter.delete([elsewhere.id]) == [elsewhere.id]
    assert "ELSEWHERE-1: the service no longer has it" in messages[-1]
    assert deleted_signals == [gone.id]  # not deleted by this desk
    assert ctx.store.get_shipment(elsewhere.id).deleted

    presenter.set_include_deleted(True)
    await presenter.wait_idle()
    assert _statuses(presenter) == {
        "KEEP-1": "Label created",
        "GONE-1": "Deleted",
        "ELSEWHERE-1": "Deleted",
    }


async def test_refresh_records_the_service_statuses(
    ctx: AppContext, presenter: HistoryPresenter
) -> None:
    """Refresh reads the statuses from the service into the store and the rows; while it runs
    the page is told so; a picked-up shipment may no longer be deleted."""
    moving = await create(ctx, reference_number="TRACK-1")
    waiting = await create(ctx, reference_number="TRACK-2")
    assert ctx.client is not None and ctx.store is not None
    await ctx.client.sandbox.add_tracking_event(moving.id, "picked_up")
    await presenter.reload()
    states: list[bool] = []
    presenter.refreshing_changed.connect(states.append)
    refreshed = expect(presenter.refreshed)
    assert await presenter.refresh_from_service() == 2
    assert await emitted(refreshed) == (2,)
    assert states == [True, False]
    assert ctx.store.get_shipment(moving.id).tracking_status == "picked_up"
    assert _statuses(presenter) == {"TRACK-1": "Picked up", "TRACK-2": "Label created"}
    row = {s.id: s for s in presenter.model.shipments()}
    picked_up = available_actions([row[moving.id]])
    assert not picked_up.delete and "picked up by the carrier" in picked_up.delete_tip
    assert available_actions([row[waiting.id]]).delete


async def test_an_answer_shown_while_a_refresh_runs_stays(
    ctx: AppContext, presenter: HistoryPresenter
) -> None:
    """A Reprint clicked while the page's refresh is under way: its answer is not replaced by
    the refresh's "Updated from the service at …" (the day test lost it that way)."""
    await create(ctx, reference_number="ANSWER-1")
    await presenter.reload()
    messages: list[str] = []
    presenter.message_shown.connect(lambda text, _error: messages.append(text))
    events: list[str] = []

    def answer_while_under_way(under_way: bool) -> None:
        # the answer comes once the refresh has begun, whatever the machine's speed (polling
        # for its start could see it only after it had ended, with its line already said)
        events.append("under way" if under_way else "ended")
        if under_way and "answer" not in events:
            events.append("answer")
            presenter.show_message("1 label sent to Desk Zebra.")

    presenter.refreshing_changed.connect(answer_while_under_way)
    assert await presenter.refresh_from_service() == 1
    presenter.refreshing_changed.disconnect(answer_while_under_way)
    assert events == ["under way", "answer", "ended"]
    assert messages == ["1 label sent to Desk Zebra."]
    assert await presenter.refresh_from_service() == 1  # with no answer meanwhile: said
    assert messages[-1].startswith("Updated from the service at")


async def test_auto_refresh_at_most_once_a_minute(
    ctx: AppContext, presenter: HistoryPresenter
) -> None:
    """Shown again and again, the page refreshes from the service once; not when turned off."""
    await create(ctx, reference_number="AUTO-1")
    refreshed: list[int] = []
    presenter.refreshed.connect(refreshed.append)
    presenter.auto_refresh = False
    presenter.maybe_auto_refresh()
    await presenter.wait_idle()
    assert refreshed == [] and presenter.last_refresh is None
    presenter.auto_refresh = True
    presenter.maybe_auto_refresh()
    presenter.maybe_auto_refresh()
    await presenter.wait_idle()
    presenter.maybe_auto_refresh()
    await presenter.wait_idle()
    assert refreshed == [1]


async def test_reprint_queues_the_stored_label(
    ctx: AppContext, presenter: HistoryPresenter, tmp_path: Path
) -> None:
    """No printer: nothing queued, the message says where to assign one. With one, each label
    is queued once and the printer receives exactly the stored label's bytes."""
    stored = await create(ctx, reference_number="REPRINT-1")
    messages: list[str] = []
    presenter.message_shown.connect(lambda text, _error: messages.append(text))
    assert await presenter.reprint([stored]) == []
    assert "No printer is assigned to this profile" in messages[-1]

    printer = VirtualPrinter(tmp_path / "vp", render=False)
    await printer.start()
    try:
        definition = use_printer(ctx, printer.uri)
        queued: list[int] = []
        presenter.reprint_queued.connect(queued.append)
        jobs = await presenter.reprint([stored])
        assert jobs == queued and len(jobs) == 1
        (received,) = await printer.wait_for_jobs(1, timeout=30)
        assert stored.label_path is not None
        expected = prepare_payload(
            definition, stored.label_path.read_bytes(), source_format="pdf_a6"
        )
        assert received.data == expected.data
        assert messages[-1] == "1 label sent to Desk Zebra."
    finally:
        await printer.stop()


async def test_another_profile_starts_empty(
    ctx: AppContext, presenter: HistoryPresenter, local_service: Any
) -> None:
    """A profile switch clears the query, the message and the rows, and says so to the page."""
    await create(ctx, reference_number="FIRST-PROFILE")
    presenter.query = "FIRST"
    await presenter.reload()
    assert _references(presenter) == ["FIRST-PROFILE"]
    switched = expect(presenter.profile_switched)
    messages: list[str] = []
    presenter.message_shown.connect(lambda text, _error: messages.append(text))
    second = add_service_profile(ctx.manager, local_service, "Second desk")
    await ctx.open_profile(second)
    await emitted(switched)
    await presenter.wait_idle()
    assert presenter.query == "" and messages == [""]
    assert presenter.model.rowCount() == 0


def _stored(tmp_path: Path, count: int) -> list[StoredShipment]:
    with ProfileStore(tmp_path / "store") as store:
        return [
            store.add_shipment(
                {"id": f"{i:040d}", "carrier": "dhl", "reference_number": f"ORDER-{i}"}
            )
            for i in range(count)
        ]


def test_what_the_selection_allows(tmp_path: Path) -> None:
    """Nothing selected: nothing allowed; one: all; a deleted one: neither reprint nor delete."""
    first, second = _stored(tmp_path / "a", 2)
    with ProfileStore(tmp_path / "a" / "store") as store:
        deleted = store.mark_deleted(second.id)
    none = available_actions([])
    assert not (none.open or none.copy_tracking or none.reprint or none.delete)
    one = available_actions([first])
    assert one.open and one.reprint and one.delete and not one.copy_tracking  # no number
    assert one.delete_tip == "Delete on the service (Del)"
    both = available_actions([first, deleted])
    assert not both.open and not both.reprint and not both.delete
    assert both.delete_tip == "Cannot delete: already deleted"


def test_delete_question_names_five_and_counts_the_rest(tmp_path: Path) -> None:
    shipments = _stored(tmp_path, 7)
    text = delete_question(shipments)
    assert text.startswith("Delete 7 shipments on the service?")
    assert "ORDER-0, ORDER-1, ORDER-2, ORDER-3, ORDER-4 and 2 more" in text
    assert "ORDER-5" not in text
    assert delete_question(shipments[:1]).startswith("Delete 1 shipment on the service?")


def test_count_line() -> None:
    assert count_text(0, 0, searching=False) == "No shipments yet"
    assert count_text(0, 0, searching=True) == "No shipments match"
    assert count_text(1, 1, searching=False) == "1 shipment"
    assert count_text(500, 812, searching=False) == "Showing the newest 500 of 812 shipments"


@pytest.mark.usefixtures("german")
async def test_a_reprint_names_the_built_in_printer_in_the_users_language(
    ctx: AppContext, presenter: HistoryPresenter, tmp_path: Path
) -> None:
    """The Local sandbox's printer is stored under a fixed key; the message names it as the
    window does ("Virtueller Etikettendrucker (Test)" in German), not by that key."""
    stored = await create(ctx, reference_number="REPRINT-DE")
    printer = VirtualPrinter(tmp_path / "vp", render=False)
    await printer.start()
    try:
        ctx.printers.put(zpl_printer(printer.uri, name=SANDBOX_PRINTER_NAME))
        assert ctx.profile is not None
        ctx.manager.update(ctx.profile.model_copy(update={"printer": SANDBOX_PRINTER_NAME}))
        ctx.reload_profile()
        messages: list[str] = []
        presenter.message_shown.connect(lambda text, _error: messages.append(text))
        assert len(await presenter.reprint([stored])) == 1
        await printer.wait_for_jobs(1, timeout=30)
        assert messages[-1] == "1 Etikett an Virtueller Etikettendrucker (Test) gesendet."
    finally:
        await printer.stop()
