"""Address book: an address is edited (stored anew, the old one left out of the book) and
deleted from the book after a confirmation; counts agree in number. The shipping API has no
update or delete of addresses, so the service keeps the old ones. Against the real local
service, each test on its own account."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from desktop_app.gui.addresses.editing import delete_question
from desktop_app.gui.addresses.page import AddressBook, AddressBookPage
from desktop_app.gui.core.context import AppContext
from tests.gui.addresses.test_address_book import ANNA

pytestmark = pytest.mark.own_account  # ctx: an account of its own

SHOP = {
    "company": "Laden Nord GmbH",
    "street": "Hafenstrasse",
    "street_no": "3",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
}


async def _book_with(
    ctx: AppContext, qtbot: QtBot, *addresses: dict[str, str]
) -> tuple[AddressBookPage, list[dict[str, Any]]]:
    widget = AddressBookPage(ctx)
    qtbot.addWidget(widget)
    await widget.tasks.wait_idle()
    assert ctx.client is not None and widget.book is not None
    stored = [await widget.book.create(ctx.client, a) for a in addresses]
    widget.show_addresses()
    return widget, stored


async def test_edit_replaces_the_address_and_keeps_the_default_sender(
    ctx: AppContext, qtbot: QtBot
) -> None:
    widget, (shop,) = await _book_with(ctx, qtbot, SHOP)
    assert ctx.client is not None and ctx.profile is not None and widget.book is not None
    assert widget.select_address(shop["id"])
    widget.default_button.click()
    assert not widget.editing.cancel_button.isVisible()

    assert widget.editing.edit_button.isEnabled()
    widget.editing.edit_button.click()
    assert widget.form.editor("company").text() == "Laden Nord GmbH"
    assert widget.save_button.text() == "Save changes"
    editor = widget.form.editor("street_no")
    editor.clear()
    qtbot.keyClicks(editor, "5a")
    widget.save_button.click()
    await widget.tasks.wait_idle()

    assert widget.table.rowCount() == 1, widget.message.text()
    (changed,) = widget.book.addresses
    assert changed["id"] != shop["id"] and changed["street_no"] == "5a"
    assert "Changed:" in widget.message.text()
    assert widget.save_button.text() == "Save to address book"  # back to a new address
    # still the default sender, with the new fields
    profile = ctx.manager.get(ctx.profile.id)
    assert profile.default_sender is not None and profile.default_sender["street_no"] == "5a"
    assert widget.book.default_sender_id == changed["id"]
    assert widget.table.item(0, 4).text() == "✓"
    # the service keeps the old address, the book does not bring it back on a sync
    assert (await ctx.client.addresses.get(shop["id"])).street_no == "3"
    assert await widget.sync() == 1
    assert [a["id"] for a in widget.book.addresses] == [changed["id"]]
    assert [a["id"] for a in AddressBook.for_profile(ctx.manager, ctx.profile).addresses] == [
        changed["id"]
    ]


async def test_an_invalid_edit_is_refused_and_the_address_kept(
    ctx: AppContext, qtbot: QtBot
) -> None:
    widget, (anna,) = await _book_with(ctx, qtbot, ANNA)
    assert widget.select_address(anna["id"]) and widget.book is not None
    widget.editing.edit_button.click()
    zip_code = widget.form.editor("zip_code")
    zip_code.selectAll()
    qtbot.keyClick(zip_code, Qt.Key.Key_Backspace)
    assert not widget.save_button.isEnabled()
    assert "Postcode" in widget.form_problems.text()
    widget.editing.cancel_button.click()
    assert widget.form.editor("first_name").text() == ""
    assert [a["id"] for a in widget.book.addresses] == [anna["id"]]


async def test_delete_asks_first_and_removes_it_from_the_book(
    ctx: AppContext, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    widget, (anna, shop) = await _book_with(ctx, qtbot, ANNA, SHOP)
    assert ctx.client is not None and ctx.profile is not None and widget.book is not None
    assert widget.count_label.text() == "2 addresses"
    assert widget.select_address(shop["id"])
    widget.default_button.click()
    asked: list[str] = []
    answers = iter([QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Yes])

    def answer(_parent: Any, _title: str, text: str, *_args: Any) -> QMessageBox.StandardButton:
        asked.append(text)
        return next(answers)

    monkeypatch.setattr(QMessageBox, "question", answer)
    widget.editing.delete_button.click()  # canceled: nothing changes
    assert widget.table.rowCount() == 2 and len(asked) == 1
    assert "Laden Nord GmbH" in asked[0] and "default sender" in asked[0]
    assert widget.select_address(shop["id"])
    widget.editing.delete_button.click()
    assert [a["id"] for a in widget.book.addresses] == [anna["id"]]
    assert widget.count_label.text() == "1 address"
    assert "Deleted from the address book: Laden Nord GmbH" in widget.message.text()
    # no longer the default sender; a sync does not bring it back
    assert ctx.manager.get(ctx.profile.id).default_sender is None
    assert await widget.sync() == 1
    assert widget.count_label.text() == "1 address"


def test_delete_question_names_the_address_and_the_default_sender() -> None:
    plain = delete_question("Anna Schmidt", False)
    assert "Anna Schmidt" in plain and "keeps stored addresses" in plain
    assert "default sender" not in plain
    assert "no default sender" in delete_question("Anna Schmidt", True)
