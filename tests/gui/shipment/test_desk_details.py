"""Desk details: a workplace parcel-point shipment made through the form, a scanner's Enter
never submits, and the form's parts do not hide QObject/QScrollArea methods."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.gui.widgets.address_form import PARTNER, AddressFormWidget
from tests.gui.app_context import emitted, expect
from tests.gui.shipment_desk import (
    PACKAGE,
    fill_package,
    fill_valid,
    type_into,
)


async def test_workplace_parcel_point_shipment_is_created_through_the_form(
    qtbot: QtBot, shipment_page: ShipmentPage, desk_context: AppContext
) -> None:
    """Only the partner id typed: the service delivers to the address it resolves to."""
    form = shipment_page.form
    assert form.carrier_service.carrier == "dhl"  # the carrier with parcel points
    form.receiver.set_mode(PARTNER)
    type_into(qtbot, form.receiver.fields["partner_id"].editor, "1A2B3C4")
    fill_package(qtbot, form, PACKAGE)
    type_into(qtbot, form.reference_edit, "ORDER-PARCEL-POINT")
    assert form.problems == []
    assert form.request_body()["to"] == {"partner_id": "1A2B3C4"}
    created = expect(shipment_page.shipment_created)
    shipment_page.creation.create_button.click()
    (stored,) = await emitted(created, 30)
    assert stored.reference_number == "ORDER-PARCEL-POINT"
    assert stored.printable
    # resources/partners.json: 1A2B3C4 is the parcel room of the Technologiepark in Berlin
    to = stored.data["to"]
    assert to["company"] == "Paketraum Technologiepark"
    assert to["city"] == "Berlin"
    assert to["care_of"] == "PAK 1A2B3C4" and to["partner_id"] == "1A2B3C4"
    assert desk_context.store is not None
    assert [s.id for s in desk_context.store.list_shipments()] == [stored.id]


async def test_scanned_reference_with_enter_never_submits(
    qtbot: QtBot, shipment_page: ShipmentPage, desk_context: AppContext
) -> None:
    """A scanner types the order number and Enter (some send Enter twice): focus moves on
    and the next widget's Enter does not create either."""
    form = shipment_page.form
    fill_valid(qtbot, form)
    shipment_page.activateWindow()
    form.reference_edit.setFocus()
    qtbot.keyClicks(form.reference_edit, "ORDER-0815")
    qtbot.keyClick(form.reference_edit, Qt.Key.Key_Return)
    assert not form.reference_edit.hasFocus()
    target = QApplication.focusWidget() or shipment_page
    qtbot.keyClick(target, Qt.Key.Key_Return)
    qtbot.keyClick(QApplication.focusWidget() or shipment_page, Qt.Key.Key_Enter)
    assert shipment_page.creation.task is None and not shipment_page.creation.busy
    assert form.draft()["reference_number"] == "ORDER-0815"
    assert desk_context.store is not None and desk_context.store.list_journal() == []
    assert shipment_page.creation.create_button.isEnabled()  # creating stays a deliberate act


def test_form_parts_do_not_shadow_qt_methods(shipment_page: ShipmentPage) -> None:
    """`sender()` and `scroll()` stay Qt's; the parts have their own names."""
    assert isinstance(shipment_page.form.sender_form, AddressFormWidget)
    assert callable(shipment_page.form.sender) and not isinstance(
        shipment_page.form.sender, AddressFormWidget
    )
    assert shipment_page.scroll_area.widget() is shipment_page.form
    assert callable(shipment_page.scroll)
