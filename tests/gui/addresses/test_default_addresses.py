"""The account's default addresses at the desk, against the real local service: a profile
without a sender is offered the account's default shipping address (taken: it becomes the
profile's default sender and fills the form), and History's returns go to the account's
default returns address."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.history.page import HistoryPage
from desktop_app.gui.history.partials.returns import ReturnDialog, attach_to_history
from desktop_app.gui.shipment.partials.form import ShipmentFormWidget
from desktop_app.printing.printers import PrinterBook
from desktop_app.profiles.models import Profile
from tests.gui.app_context import SENDER, create, isolate, make_manager
from tests.gui.shipment_desk import wait_until

WAREHOUSE: dict[str, Any] = {
    "company": "Lager Nord GmbH",
    "street": "Speicherstraße",
    "street_no": "7",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
}
RETURNS_DESK: dict[str, Any] = {**WAREHOUSE, "company": "Lager Nord Retouren", "street_no": "9"}


async def _desk(tmp_path: Path, service: Any, environment: str, key: str) -> AppContext:
    """A connected context on a new profile with no default sender of its own."""
    manager = make_manager(tmp_path)
    profile = Profile(
        name=f"Desk {environment}",
        environment=environment,  # type: ignore[arg-type]
        base_url=service.base_url,
        ca_file=str(service.ca_file),
        force_loopback=environment == "live",
    )
    verified = "production" if environment == "live" else "sandbox"
    profile = manager.add(profile, key, verified_environment=verified)
    ctx = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    await ctx.open_profile(profile)
    assert ctx.connected, ctx.connection_message
    return ctx


def _put(service: Any, key: str, kind: str, address: dict[str, Any]) -> None:
    """Set the account's default address with the local service's PUT."""
    with service.client(key) as http:
        answer = http.put(f"/v1/default_{kind}_address", json=address)
        assert answer.status_code == 200, answer.text


async def test_a_live_profile_takes_the_offered_sender(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, qtbot: QtBot
) -> None:
    isolate(monkeypatch, tmp_path)
    keys = local_service.add_account()
    _put(local_service, keys["live_key"], "shipping", WAREHOUSE)
    ctx = await _desk(tmp_path, local_service, "live", keys["live_key"])
    try:
        form = ShipmentFormWidget(ctx)
        qtbot.addWidget(form)
        form.show()
        assert form.sender_form.address().get("company") is None  # nothing typed yet
        await wait_until(form.sender_section.offer.isVisible)
        text = form.sender_section.offer.label.text()
        assert "default shipping address" in text and "Lager Nord GmbH" in text, text

        form.sender_section.offer.use_button.click()
        assert not form.sender_section.offer.isVisible()
        assert {k: v for k, v in form.sender_form.address().items() if v} == WAREHOUSE
        assert ctx.profile is not None and ctx.profile.default_sender == WAREHOUSE
        assert ctx.manager.get(ctx.profile.id).default_sender == WAREHOUSE  # saved
        assert not [p for p in form.problems if p.path.startswith("from")]
        assert "Saved as the default sender" in form.sender_section.note.text()

        # the next form of the profile starts from that sender and offers nothing more
        again = ShipmentFormWidget(ctx)
        qtbot.addWidget(again)
        assert again.sender_section.offer_task is None  # a profile with a sender does not even ask
        assert again.sender_form.address()["company"] == "Lager Nord GmbH"
    finally:
        await ctx.aclose()


async def test_a_sandbox_profile_is_offered_it_and_not_now_leaves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, qtbot: QtBot
) -> None:
    isolate(monkeypatch, tmp_path)
    keys = local_service.add_account()
    ctx = await _desk(tmp_path, local_service, "sandbox", keys["sandbox_key"])
    try:
        form = ShipmentFormWidget(ctx)
        qtbot.addWidget(form)
        form.show()
        assert form.sender_section.offer_task is not None
        await form.sender_section.offer_task
        assert not form.sender_section.offer.isVisible()  # the account has no default: no offer

        _put(local_service, keys["sandbox_key"], "shipping", WAREHOUSE)
        offered = ShipmentFormWidget(ctx)
        qtbot.addWidget(offered)
        offered.show()
        await wait_until(offered.sender_section.offer.isVisible)
        offered.sender_section.offer.dismiss_button.click()
        assert not offered.sender_section.offer.isVisible()
        assert ctx.profile is not None and not ctx.profile.default_sender
        assert offered.sender_form.address().get("company") is None
    finally:
        await ctx.aclose()


async def test_a_return_from_the_history_goes_to_the_default_returns_address(
    own_account_ctx: AppContext, local_service: Any, qtbot: QtBot
) -> None:
    ctx = own_account_ctx
    original = await create(ctx, reference_number="ORDER-DEF-RET")
    history = HistoryPage(ctx)
    history.auto_refresh = False
    qtbot.addWidget(history)
    history.show()
    action = attach_to_history(history, ctx)
    await history.reload()
    history.select_ids([original.id])

    # without a default returns address the return goes back to the original sender
    action.trigger()
    dialog = history.return_dialog
    assert isinstance(dialog, ReturnDialog)
    await dialog.tasks.wait_idle()
    assert dialog.receiver.address()["company"] == SENDER["company"]
    assert "default returns address" not in dialog.notes_label.text()
    dialog.reject()

    assert ctx.client is not None
    await ctx.client.default_addresses.set("returns", RETURNS_DESK)
    dialog = ReturnDialog(ctx, original, history)
    qtbot.addWidget(dialog)
    created: list[Any] = []
    dialog.return_created.connect(created.append)
    dialog.create_button.click()  # Create waits for where the return goes
    await dialog.tasks.wait_idle()
    assert created, dialog.problems_label.text()
    assert {k: v for k, v in dialog.receiver.address().items() if v} == RETURNS_DESK
    assert "default returns address" in dialog.notes_label.text()
    ret = created[0]
    assert ret.service == "returns"
    assert ret.data["to"]["company"] == "Lager Nord Retouren"
    assert ret.data["to"]["street_no"] == "9"
    assert ret.data["from"]["last_name"] == "Mustermann"
    # the service stored it so
    stored = await ctx.client.shipments.get(ret.id)
    assert stored.to_wire()["to"]["company"] == "Lager Nord Retouren"
