"""Return labels decided without a window: what "Create return label…" offers, the question
before a second return, and `ReturnPresenter` drafting, checking, routing and creating a return
against the real local service (an account of its own per test)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.history.return_label import (
    ReturnPresenter,
    return_draft,
    return_offer,
    return_question,
)
from tests.gui.addresses.test_default_addresses import RETURNS_DESK
from tests.gui.app_context import SENDER, create

pytestmark = pytest.mark.own_account  # ctx: an account of its own

DPAG_PACKAGE = {"weight": 0.5, "length": 20, "width": 15, "height": 5, "type": "books"}


async def test_what_create_return_offers(ctx: AppContext) -> None:
    """One returnable shipment: offered; none, two, a return, a carrier without returns or a
    deleted shipment: not, and the tooltip says why."""
    first = await create(ctx, reference_number="OFFER-1")
    second = await create(ctx, reference_number="OFFER-2")
    dpag = await create(ctx, carrier="dpag", package=DPAG_PACKAGE)
    assert return_offer([first]) == (True, "Make a return label: sender and receiver swapped")
    assert return_offer([]) == (False, "No return: select one shipment")
    assert return_offer([first, second]) == (False, "No return: select one shipment")
    ok, tip = return_offer([dpag])
    assert not ok and tip.startswith("No return: Deutsche Post takes no returns")
    assert ctx.creator is not None and ctx.store is not None
    draft, _notes = return_draft(first)
    ret = await ctx.creator.create(draft)
    assert return_offer([ret]) == (False, "No return: it is a return itself")
    gone = await asyncio.to_thread(ctx.store.mark_deleted, second.id)
    assert return_offer([gone]) == (False, "No return: it was deleted")


async def test_a_second_return_is_asked_about(ctx: AppContext) -> None:
    """No return yet: nothing to ask. With one: the question names it, and it is the one to
    show; a deleted return no longer counts."""
    assert ctx.creator is not None and ctx.store is not None
    original = await create(ctx, reference_number="TWICE-1")
    assert return_question(ctx, original) == ("", None)
    draft, _notes = return_draft(original)
    first = await ctx.creator.create(draft)
    question, existing = return_question(ctx, original)
    assert existing is not None and existing.id == first.id
    assert question.startswith("1 return label already exists for TWICE-1")
    assert "R-TWICE-1, created" in question
    await asyncio.to_thread(ctx.store.mark_deleted, first.id)
    assert return_question(ctx, original) == ("", None)


async def test_the_draft_as_edited_and_its_problems(ctx: AppContext) -> None:
    """Addresses swapped, the typed contents, reference and reason in the draft; UPS returns
    need the contents, so Create waits for them."""
    original = await create(ctx, carrier="ups", reference_number="UPS-RET-1")
    presenter = ReturnPresenter(ctx, original)
    assert presenter.title() == "Return label for UPS-RET-1"
    base = presenter.base_draft
    assert base["from"]["last_name"] == "Mustermann" and base["to"] == SENDER
    untouched = presenter.draft(base["from"], base["to"], reference=base["reference_number"])
    problems = presenter.problems(untouched)
    assert [p.path for p in problems] == ["package.description"]
    assert not presenter.can_create(problems)
    draft = presenter.draft(
        base["from"], base["to"], description=" shoes ", reference="R-X ", reason=" too small "
    )
    assert draft["package"]["description"] == "shoes" and draft["reference_number"] == "R-X"
    assert draft["metadata"] == {"return_of": original.id, "return_reason": "too small"}
    assert draft["service"] == "returns"
    assert presenter.problems(draft) == [] and presenter.can_create([])


async def test_create_records_the_return(ctx: AppContext) -> None:
    """Create goes through the journal: the return is stored with its origin and announced."""
    original = await create(ctx, reference_number="CREATE-RET-1")
    presenter = ReturnPresenter(ctx, original)
    announced: list[Any] = []
    ctx.shipment_created.connect(announced.append)
    base = presenter.base_draft
    draft = presenter.draft(base["from"], base["to"], reference="R-CREATE-RET-1", reason="broken")
    assert await presenter.create(draft, print_label=False) == ""
    ret = presenter.created
    assert ret is not None and [s.id for s in announced] == [ret.id]
    assert ret.service == "returns" and ret.printable
    assert ret.data["metadata"] == {"return_of": original.id, "return_reason": "broken"}
    assert ctx.store is not None and [r.id for r in ctx.store.find_returns(original)] == [ret.id]


async def test_the_default_returns_address_receives_it(ctx: AppContext) -> None:
    """Without a default returns address the return goes back to the sender; with one, there
    (and the notes say so)."""
    original = await create(ctx, reference_number="DEFAULT-RET-1")
    presenter = ReturnPresenter(ctx, original)
    assert await presenter.default_receiver() is None
    assert ctx.client is not None
    await ctx.client.default_addresses.set("returns", RETURNS_DESK)
    receiver = await presenter.default_receiver()
    assert receiver is not None
    assert {k: v for k, v in receiver.items() if v} == RETURNS_DESK
    presenter.note_default_receiver()
    assert presenter.notes_text().endswith(
        "• The return goes to your account's default returns address."
    )
