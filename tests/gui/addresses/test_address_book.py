"""Address book: stored addresses through /v1/addresses, per profile, search, pickers, default
sender, and the workplace parcel-point lookup. Against the real local service."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.addresses.page import (
    AddressBook,
    AddressBookPage,
    AddressProblems,
    attach_pickers,
    fill_address,
)
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.partials.form import ShipmentFormWidget
from desktop_app.gui.widgets.address_form import PARTNER
from tests.gui.account_context import account_context
from tests.gui.app_context import add_service_profile, isolate

PARTNER_ID = "1A2B3C4"  # in resources/partners.json

ANNA = {
    "first_name": "Anna",
    "last_name": "Schmidt",
    "street": "Lindenallee",
    "street_no": "12",
    "zip_code": "80331",
    "city": "München",
    "country": "DE",
}
WAREHOUSE = {
    "company": "Lager Nord GmbH",
    "street": "Hafenstraße",
    "street_no": "3",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
}


@pytest.fixture(scope="module")
def account(local_service: Any) -> dict[str, str]:
    """One account of this module's own: its address list is not shared with other tests."""
    return dict(local_service.add_account())


@pytest.fixture
async def ctx(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, account: dict[str, str]
) -> AsyncIterator[AppContext]:
    isolate(monkeypatch, tmp_path)
    context = await account_context(tmp_path, local_service, account["sandbox_key"])
    yield context
    await context.aclose()


def _type_address(widget: AddressBookPage, qtbot: QtBot, address: dict[str, str]) -> None:
    for name, value in address.items():
        editor = widget.form.editor(name)
        editor.clear()
        if value.isascii():
            qtbot.keyClicks(editor, value)
        else:  # QTest types ASCII only
            editor.insert(value)


async def test_create_search_and_default_sender(ctx: AppContext, qtbot: QtBot) -> None:
    """Typed addresses are stored on the service, found by search, and one becomes the sender."""
    widget = AddressBookPage(ctx)
    qtbot.addWidget(widget)
    await widget.tasks.wait_idle()
    before = widget.table.rowCount()
    token = uuid.uuid4().hex[:8]
    warehouse = {**WAREHOUSE, "company": f"Lager {token} GmbH"}

    # the contact rule holds Save back until a name is there
    _type_address(widget, qtbot, {k: v for k, v in ANNA.items() if k != "last_name"})
    assert not widget.save_button.isEnabled()
    assert "Last name:" in widget.form_problems.text()  # the label, not `last_name`
    assert "last_name" not in widget.form_problems.text()
    _type_address(widget, qtbot, {"last_name": "Schmidt"})
    assert widget.save_button.isEnabled()
    widget.save_button.click()
    await widget.tasks.wait_idle()
    _type_address(widget, qtbot, warehouse)
    widget.save_button.click()
    await widget.tasks.wait_idle()
    assert widget.table.rowCount() == before + 2, widget.message.text()

    # the service has them (a fresh book for the profile syncs them back)
    assert ctx.client is not None and ctx.profile is not None
    listed = await ctx.client.addresses.list()
    mine = [a for a in listed if a.company == warehouse["company"]]
    assert len(mine) == 1 and mine[0].city == "Hamburg"
    book = AddressBook.for_profile(ctx.manager, ctx.profile)
    assert len(book.addresses) == before + 2
    one = await book.get(ctx.client, str(mine[0].id))
    assert one["id"] == mine[0].id and one["street"] == "Hafenstraße"

    qtbot.keyClicks(widget.search_edit, f"{token} hamburg")
    assert widget.table.rowCount() == 1
    assert widget.table.item(0, 0).text() == warehouse["company"]
    widget.table.selectRow(0)
    widget.default_button.click()
    profile = ctx.manager.get(ctx.profile.id)
    assert profile.default_sender is not None
    assert profile.default_sender["company"] == warehouse["company"]
    assert widget.table.item(0, 4).text() == "✓"

    # the shipment form of that profile starts with this sender
    form = ShipmentFormWidget(ctx)
    qtbot.addWidget(form)
    assert warehouse["company"] in form.sender_form.summary()


async def test_book_is_per_profile(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path, local_service: Any
) -> None:
    """Another profile (another account) sees none of this profile's addresses."""
    widget = AddressBookPage(ctx)
    qtbot.addWidget(widget)
    assert ctx.client is not None
    await widget.book.create(ctx.client, ANNA)  # type: ignore[union-attr]
    widget.show_addresses()
    assert widget.table.rowCount() == 1
    other_account = local_service.add_account()
    other = add_service_profile(
        ctx.manager, local_service, "Other desk", other_account["sandbox_key"]
    )
    await ctx.open_profile(other)
    await widget.tasks.wait_idle()
    assert widget.table.rowCount() == 0
    assert widget.book is not None and widget.book.addresses == []


async def test_rules_refuse_a_bad_address_before_sending(ctx: AppContext) -> None:
    """The domain's address rules run first; nothing is sent."""
    assert ctx.client is not None and ctx.profile is not None
    book = AddressBook.for_profile(ctx.manager, ctx.profile)
    before = len(await ctx.client.addresses.list())
    with pytest.raises(AddressProblems) as caught:
        await book.create(ctx.client, {"street": "Nowhere 1", "country": "DE"})
    assert any(p.path == "last_name" for p in caught.value.problems)
    assert len(await ctx.client.addresses.list()) == before


async def test_partner_lookup_shows_the_address_before_use(ctx: AppContext, qtbot: QtBot) -> None:
    """A partner id resolves to the parcel point's address, shown before it is used."""
    widget = AddressBookPage(ctx)
    qtbot.addWidget(widget)
    form = ShipmentFormWidget(ctx)
    qtbot.addWidget(form)
    widget.receiver_chosen.connect(lambda a: fill_address(form.receiver, a))

    qtbot.keyClicks(widget.partner_edit, "ZZZZZZ9")
    widget.lookup_button.click()
    await widget.tasks.wait_idle()
    assert "Partner id:" in widget.partner_result.text()
    assert not widget.partner_use_button.isEnabled()

    widget.partner_edit.clear()
    qtbot.keyClicks(widget.partner_edit, PARTNER_ID)
    widget.lookup_button.click()
    await widget.tasks.wait_idle()
    assert widget.resolved is not None
    assert widget.partner_result.text().startswith("Delivers to:")
    assert str(widget.resolved["city"]) in widget.partner_result.text()
    widget.partner_use_button.click()
    assert form.receiver.mode == PARTNER
    assert form.receiver.address() == {"partner_id": PARTNER_ID}


async def test_pickers_fill_sender_and_receiver(ctx: AppContext, qtbot: QtBot) -> None:
    """The form's receiver and sender search boxes offer the book and fill the fields."""
    widget = AddressBookPage(ctx)
    qtbot.addWidget(widget)
    assert ctx.client is not None and widget.book is not None
    token = uuid.uuid4().hex[:8]
    await widget.book.create(ctx.client, {**ANNA, "last_name": f"Schmidt{token}"})
    await widget.book.create(ctx.client, {**WAREHOUSE, "company": f"Lager {token}"})
    form = ShipmentFormWidget(ctx)
    qtbot.addWidget(form)
    receiver_picker, sender_picker = attach_pickers(form, widget)
    widget.book_changed.emit()
    assert sum(token in line for line in receiver_picker.lines()) == 2
    line = next(s for s in receiver_picker.lines() if f"Schmidt{token}" in s)
    receiver_picker.choose_line(line)
    assert form.receiver.address()["last_name"] == f"Schmidt{token}"
    assert form.receiver.address()["city"] == "München"
    sender_line = next(s for s in sender_picker.lines() if f"Lager {token}" in s)
    sender_picker.choose_line(sender_line)
    assert form.sender_form.address()["company"] == f"Lager {token}"
    assert not any(p.path.startswith(("to.", "from.")) for p in form.validate_now())
