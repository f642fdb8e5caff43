"""The Addresses page's decisions without a window: `AddressBookPresenter` against the real
local service (on an account of its own): search and counts in words, save with the address
rules first, edit in place keeping the default sender, delete, default sender, parcel-point
lookup."""

from __future__ import annotations

import uuid
from typing import Any

from desktop_app.gui.addresses.presenter import AddressBookPresenter, count_text, row_texts
from desktop_app.gui.core.context import AppContext
from tests.gui.addresses.test_address_book import ANNA, PARTNER_ID, WAREHOUSE


def test_counts_agree_in_number() -> None:
    assert count_text(1, 1) == "1 address"
    assert count_text(2, 2) == "2 addresses"
    assert count_text(1, 3) == "1 of 3 addresses"
    assert count_text(0, 1) == "0 of 1 address"


def test_row_texts() -> None:
    assert row_texts(ANNA, True) == ("Anna Schmidt", "Lindenallee 12", "80331 München", "DE", "✓")
    assert row_texts(WAREHOUSE, False)[0] == "Lager Nord GmbH"
    assert row_texts(WAREHOUSE, False)[4] == ""


class Seen:
    """What the presenter said."""

    def __init__(self, presenter: AddressBookPresenter) -> None:
        self.messages: list[tuple[str, bool]] = []
        self.problems: list[str] = []
        self.changes = 0
        presenter.message_shown.connect(lambda text, error: self.messages.append((text, error)))
        presenter.form_problems.connect(self.problems.append)
        presenter.book_changed.connect(self._changed)

    def _changed(self) -> None:
        self.changes += 1


async def test_save_edit_default_sender_and_delete(own_account_ctx: AppContext) -> None:
    ctx = own_account_ctx
    assert ctx.profile is not None and ctx.client is not None
    presenter = AddressBookPresenter(ctx)
    seen = Seen(presenter)
    assert presenter.follow_profile(ctx.profile) and seen.changes == 1
    assert not presenter.follow_profile(ctx.profile)  # the same profile: the same book
    assert presenter.search("") == ([], "0 addresses")

    # nothing typed but the pre-filled country: no problems said, Save held back
    assert presenter.check({"country": "DE"}) and seen.problems[-1] == ""
    # the rules first: a missing last name is said and nothing is sent
    no_name = {k: v for k, v in ANNA.items() if k != "last_name"}
    assert presenter.check(no_name) and "Last name:" in seen.problems[-1]
    assert await presenter.save(dict(no_name)) is None
    assert "Last name:" in seen.problems[-1]
    assert await ctx.client.addresses.list() == []

    token = uuid.uuid4().hex[:8]
    shop = await presenter.save({**WAREHOUSE, "company": f"Lager {token}"})
    anna = await presenter.save(dict(ANNA))
    assert shop is not None and anna is not None
    assert seen.messages[-1] == ("Saved: Anna Schmidt, Lindenallee 12, 80331 München, DE", False)
    assert seen.changes == 3
    rows, count = presenter.search(f"{token} hamburg")
    assert [r["id"] for r in rows] == [shop["id"]] and count == "1 of 2 addresses"

    assert not presenter.is_default(shop)
    assert presenter.make_default(shop)
    assert presenter.is_default(shop) and not presenter.is_default(anna)
    assert ctx.profile.default_sender is not None
    assert ctx.profile.default_sender["company"] == f"Lager {token}"
    assert seen.messages[-1][0].startswith("Default sender of ")

    # edited: stored anew in the same place, still the default sender with the new fields
    assert presenter.start_edit(shop) == f"Edit Lager {token}"
    changed = await presenter.save({**WAREHOUSE, "company": f"Lager {token}", "street_no": "5a"})
    assert changed is not None and changed["id"] != shop["id"]
    assert presenter.editing is None
    assert seen.messages[-1][0].startswith("Changed: ")
    assert presenter.book is not None
    assert [a["id"] for a in presenter.book.addresses] == [changed["id"], anna["id"]]
    assert presenter.is_default(changed)
    assert ctx.manager.get(ctx.profile.id).default_sender["street_no"] == "5a"  # type: ignore[index]

    # deleted from the book: no longer the default sender; the service keeps it
    assert presenter.delete(changed)
    assert seen.messages[-1] == (f"Deleted from the address book: Lager {token}", False)
    assert ctx.manager.get(ctx.profile.id).default_sender is None
    assert presenter.search("") == ([presenter.book.addresses[0]], "1 address")
    assert not presenter.delete(changed)  # not in the book any more
    assert await presenter.sync() == 1
    assert seen.messages[-1] == ("1 address loaded from the service.", False)


async def test_parcel_point_lookup(own_account_ctx: AppContext) -> None:
    ctx = own_account_ctx
    assert ctx.profile is not None
    presenter = AddressBookPresenter(ctx)
    presenter.follow_profile(ctx.profile)
    found, text = await presenter.lookup_partner("ZZZZZZ9")  # well formed, nobody's
    assert found is None and text.startswith("Not found: Partner id:"), text
    found, text = await presenter.lookup_partner("1A")  # the rules refuse it before sending
    assert found is None and text == "A partner id has 7 capital letters or digits, e.g. 1A2B3C4."
    assert presenter.partner_receiver() is None
    found, text = await presenter.lookup_partner(f" {PARTNER_ID} ")
    assert found is not None and text.startswith("Delivers to:\n")
    assert str(found["city"]) in text
    receiver: Any = presenter.partner_receiver()
    assert receiver["partner_id"] == PARTNER_ID and receiver["_resolved"] == found
