"""Desk details: a workplace parcel-point shipment made through the form, a scanner's Enter
never submits, and the form's parts do not hide QObject/QScrollArea methods."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.context import AppContext
from desktop_app.gui.shipment.page import ShipmentPageWidget
from desktop_app.gui.widgets.address_form import PARTNER, AddressFormWidget
from tests.gui.app_context import emitted, expect, isolate
from tests.gui.shipment_desk import (
    PACKAGE,
    fill_package,
    fill_valid,
    make_page,
    open_desk,
    type_into,
)

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
async def ctx(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> AsyncIterator[AppContext]:
    isolate(monkeypatch, tmp_path)
    context = await open_desk(tmp_path, local_service)
    yield context
    await context.aclose()


@pytest.fixture
def page(qtbot: QtBot, ctx: AppContext) -> ShipmentPageWidget:
    return make_page(qtbot, ctx)


async def test_workplace_parcel_point_shipment_is_created_through_the_form(
    qtbot: QtBot, page: ShipmentPageWidget, ctx: AppContext
) -> None:
    """Only the partner id typed: the service delivers to the address it resolves to."""
    form = page.form
    assert form.carrier_service.carrier == "dhl"  # the carrier with parcel points
    form.receiver.set_mode(PARTNER)
    type_into(qtbot, form.receiver.fields["partner_id"].editor, "1A2B3C4")
    fill_package(qtbot, form, PACKAGE)
    type_into(qtbot, form.reference_edit, "ORDER-PARCEL-POINT")
    assert form.problems == []
    assert form.request_body()["to"] == {"partner_id": "1A2B3C4"}
    created = expect(page.shipment_created)
    page.creation.create_button.click()
    (stored,) = await emitted(created, 30)
    assert stored.reference_number == "ORDER-PARCEL-POINT"
    assert stored.printable
    # resources/partners.json: 1A2B3C4 is the parcel room of the Technologiepark in Berlin
    to = stored.data["to"]
    assert to["company"] == "Paketraum Technologiepark"
    assert to["city"] == "Berlin"
    assert to["care_of"] == "PAK 1A2B3C4" and to["partner_id"] == "1A2B3C4"
    assert ctx.store is not None
    assert [s.id for s in ctx.store.list_shipments()] == [stored.id]


async def test_scanned_reference_with_enter_never_submits(
    qtbot: QtBot, page: ShipmentPageWidget, ctx: AppContext
) -> None:
    """A scanner types the order number and Enter (some send Enter twice): focus moves on
    and the next widget's Enter does not create either."""
    form = page.form
    fill_valid(qtbot, form)
    page.activateWindow()
    form.reference_edit.setFocus()
    qtbot.keyClicks(form.reference_edit, "ORDER-0815")
    qtbot.keyClick(form.reference_edit, Qt.Key.Key_Return)
    assert not form.reference_edit.hasFocus()
    target = QApplication.focusWidget() or page
    qtbot.keyClick(target, Qt.Key.Key_Return)
    qtbot.keyClick(QApplication.focusWidget() or page, Qt.Key.Key_Enter)
    assert page.creation.task is None and not page.creation.busy
    assert form.draft()["reference_number"] == "ORDER-0815"
    assert ctx.store is not None and ctx.store.list_journal() == []
    assert page.creation.create_button.isEnabled()  # creating stays a deliberate act


def test_form_parts_do_not_shadow_qt_methods(page: ShipmentPageWidget) -> None:
    """`sender()` and `scroll()` stay Qt's; the parts have their own names."""
    assert isinstance(page.form.sender_form, AddressFormWidget)
    assert callable(page.form.sender) and not isinstance(page.form.sender, AddressFormWidget)
    assert page.scroll_area.widget() is page.form
    assert callable(page.scroll)
