"""What is typed in the shipment form survives a reload of the same profile (a new default
sender, Settings); a profile switch keeps it as that profile's draft and brings it back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.addresses.page import AddressBookPage
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.gui.shell.pages import install_operations, install_pages
from tests.gui.app_context import add_service_profile, isolate, open_context
from tests.gui.shipment_desk import RECEIVER, click, fill_receiver, type_into

NEW_SENDER: dict[str, str] = {
    "company": "Werkstatt Ost",
    "street": "Ringstraße",
    "street_no": "9",
    "zip_code": "04109",
    "city": "Leipzig",
    "country": "DE",
}


def _window(qtbot: QtBot, ctx: AppContext) -> tuple[MainWindow, AddressBookPage]:
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    history, settings = install_pages(window, ctx)
    install_operations(window, ctx, history, settings)
    window.resize(1366, 768)
    window.show()
    page = window.page("Addresses")
    assert isinstance(page, AddressBookPage)
    return window, page


def _typed(form: Any) -> dict[str, Any]:
    return {k: v for k, v in form.receiver.address().items() if k in RECEIVER}


async def test_a_new_default_sender_keeps_the_form_being_typed(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """Address book "Set as default sender" while a receiver is half typed: nothing typed is
    lost; the untouched sender follows the new default, a sender being typed does not."""
    isolate(monkeypatch, tmp_path)
    ctx = await open_context(tmp_path, local_service)
    try:
        window, book_page = _window(qtbot, ctx)
        form = window.shipment_page.form  # type: ignore[attr-defined]
        partial = {k: RECEIVER[k] for k in ("first_name", "last_name", "street", "city")}
        fill_receiver(qtbot, form, partial)
        type_into(qtbot, form.reference_edit, "ORDER-4711")
        assert form.has_unsaved_input()
        assert ctx.client is not None and book_page.book is not None
        stored = await book_page.book.create(ctx.client, NEW_SENDER)
        book_page.show_addresses()
        assert book_page.select_address(str(stored["id"]))
        book_page.default_button.click()

        assert ctx.profile is not None and ctx.profile.default_sender is not None
        assert ctx.profile.default_sender["company"] == "Werkstatt Ost"
        assert _typed(form) == partial  # the receiver being typed is still there
        assert form.reference_edit.text() == "ORDER-4711"
        assert form.sender_form.address()["company"] == "Werkstatt Ost"  # the sender followed

        # a sender the user is changing is theirs: another default does not overwrite it
        type_into(qtbot, form.sender_form.fields["city"].editor, "Halle")
        other = await book_page.book.create(ctx.client, {**NEW_SENDER, "company": "Lager Süd"})
        book_page.show_addresses()
        assert book_page.select_address(str(other["id"]))
        book_page.default_button.click()
        assert ctx.manager.get(ctx.profile.id).default_sender["company"] == "Lager Süd"  # type: ignore[index]
        assert form.sender_form.address()["city"] == "Halle"
        assert form.sender_form.address()["company"] == "Werkstatt Ost"
        assert _typed(form) == partial
    finally:
        await ctx.aclose()


async def test_sender_typed_in_the_form_saves_as_default(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """No default sender: the fields are open right there; an invalid one is not saved, a
    valid one is, and the receiver being typed stays."""
    isolate(monkeypatch, tmp_path)
    ctx = await open_context(tmp_path, local_service)
    try:
        window, _book = _window(qtbot, ctx)
        form = window.shipment_page.form  # type: ignore[attr-defined]
        assert form.sender_form.isVisibleTo(window)  # no default sender: typed right here
        assert not form.sender_section.save_button.isVisibleTo(window)
        fill_receiver(qtbot, form, RECEIVER)
        type_into(qtbot, form.sender_form.fields["company"].editor, "Laden am Eck")
        assert form.sender_section.save_button.isVisibleTo(window)
        assert not form.sender_section.save_default()  # street, postcode and city are missing
        assert "Correct the sender" in form.sender_section.note.text()
        assert form.messages_for("from.street")
        assert ctx.manager.get(ctx.profile.id).default_sender is None  # type: ignore[union-attr]
        for name in ("street", "street_no", "zip_code", "city"):
            type_into(qtbot, form.sender_form.fields[name].editor, NEW_SENDER[name])
        form.sender_section.save_button.click()
        saved = ctx.manager.get(ctx.profile.id).default_sender  # type: ignore[union-attr]
        assert saved is not None and saved["company"] == "Laden am Eck"
        assert saved["city"] == "Leipzig"
        assert _typed(form) == RECEIVER
        assert not form.sender_section.save_button.isVisibleTo(window)  # it is the default now
    finally:
        await ctx.aclose()


async def test_a_profile_switch_keeps_each_profiles_draft(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """A switch with a shipment being typed asks nothing: the typing stays as the first
    profile's draft, the second profile opens with its own (empty) form, and switching back
    brings the typing back."""
    isolate(monkeypatch, tmp_path)
    ctx = await open_context(tmp_path, local_service)
    other = add_service_profile(ctx.manager, local_service, "Second desk")
    try:
        window, _book = _window(qtbot, ctx)
        form = window.shipment_page.form  # type: ignore[attr-defined]
        first = ctx.profile
        assert first is not None
        fill_receiver(qtbot, form, RECEIVER)
        type_into(qtbot, form.reference_edit, "ORDER-DRAFT-1")
        notice = form.addons.items["advance_notice"]
        click(qtbot, notice.check)
        type_into(qtbot, notice.fields["email"].editor, "erika@example.com")

        task = window.switch_profile(other)
        assert task is not None
        await task
        assert ctx.profile is not None and ctx.profile.id == other.id
        assert not form.has_unsaved_input()  # the second profile has no draft
        assert not notice.checked and "additional_services" not in form.draft()

        fill_receiver(qtbot, form, {"last_name": "Zweite"})
        task = window.switch_profile(first)
        assert task is not None
        await task
        assert ctx.profile is not None and ctx.profile.id == first.id
        assert _typed(form) == RECEIVER
        assert form.reference_edit.text() == "ORDER-DRAFT-1"
        assert form.draft()["additional_services"] == [
            {
                "name": "advance_notice",
                "properties": {"email": "erika@example.com", "language": "de"},
            }
        ]

        task = window.switch_profile(other)
        assert task is not None
        await task
        assert form.receiver.address().get("last_name") == "Zweite"
    finally:
        await ctx.aclose()
