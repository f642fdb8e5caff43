"""The shipment form: problems appear and disappear while typing, receiver modes, add-ons,
carrier changes re-checked, 422 answers placed under their fields. Real service, real rules."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.domain import rules
from desktop_app.domain.catalog import load_catalog
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.form_columns import column_count
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.gui.widgets.address_form import LOCKER_STATION, PARTNER, POST_BRANCH
from tests.gui.app_context import emitted, expect
from tests.gui.shipment_desk import (
    PACKAGE,
    RECEIVER,
    click,
    fill_package,
    fill_receiver,
    fill_valid,
    layouts_settled,
    shown,
    type_into,
    wait_until,
)


async def test_problems_appear_and_disappear_while_typing(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """Typing runs the rules on each key: messages come and go under their fields."""
    form, create = shipment_page.form, shipment_page.creation.create_button
    # a fresh form nags about nothing yet, but Create waits for a complete shipment
    assert shown(form, "to.street") == []
    assert not create.isEnabled()
    assert not shipment_page.creation.problems_button.isVisibleTo(shipment_page)

    type_into(qtbot, form.receiver.fields["first_name"].editor, "Erika")
    assert shipment_page.creation.problems_button.text().endswith("— show")
    # the receiver section is touched: its missing parts are named, the contact rule first
    assert shown(form, "to.last_name") == ["Enter a last name, or a company."]
    assert shown(form, "to.street") == ["Enter the street."]
    type_into(qtbot, form.receiver.fields["last_name"].editor, "M")
    assert shown(form, "to.last_name") == []

    # a wrong value is shown at once, and goes with the key that fixes it
    type_into(qtbot, form.receiver.fields["country"].editor, "XX")
    assert shown(form, "to.country") == [
        "There is no country with the code XX; use a two-letter code such as DE."
    ]
    type_into(qtbot, form.receiver.fields["country"].editor, "de")  # taken as DE
    assert shown(form, "to.country") == []
    type_into(qtbot, form.receiver.fields["zip_code"].editor, "1234")
    assert shown(form, "to.zip_code") == ["A postcode in Germany has 5 digits, e.g. 10115."]
    type_into(qtbot, form.receiver.fields["city"].editor, "Köln 😀")
    assert shown(form, "to.city") == [
        "The character “😀” cannot be printed by this carrier; remove it."
    ]
    # the code or the name (German or English) is taken; the ISO code goes on the wire
    for typed in ("Germany", "Deutschland", "DE"):
        type_into(qtbot, form.receiver.fields["country"].editor, typed)
        assert shown(form, "to.country") == []
        assert form.receiver.address()["country"] == "DE"

    fill_receiver(qtbot, form, RECEIVER)
    fill_package(qtbot, form, {**PACKAGE, "weight": "40"})
    assert shown(form, "package.weight") == ["At most 31.5 kg for this package type (now 40 kg)."]
    assert not create.isEnabled()
    type_into(qtbot, form.packages.rows[0].fields["weight"].editor, "2")
    assert form.problems == []
    assert shown(form, "package.weight") == []
    assert create.isEnabled()
    assert not shipment_page.creation.problems_button.isVisible()
    assert form.draft()["package"] == {
        "weight": 2,
        "length": 30,
        "width": 20,
        "height": 10,
        "type": "parcel",
    }
    # validated on the edit (how fast: bench/gui.py's keystroke figure, not a timing assertion
    # here that load could fail)
    assert form.validation.last_validation_seconds > 0


async def test_show_all_reveals_untouched_fields_and_ctrl_enter_does_not_create(
    qtbot: QtBot, shipment_page: ShipmentPage, desk_context: AppContext
) -> None:
    """Ctrl+Enter on an incomplete form shows every problem instead of creating."""
    form = shipment_page.form
    shipment_page.activateWindow()
    form.focus_first()
    qtbot.keyClick(
        form.receiver.fields["company"].editor,
        Qt.Key.Key_Return,
        Qt.KeyboardModifier.ControlModifier,
    )
    assert shipment_page.creation.task is None
    assert shown(form, "to.street") == ["Enter the street."]
    assert shown(form, "package.weight") == ["Enter the weight in kg."]
    assert desk_context.store is not None and desk_context.store.list_pending() == []


async def test_scanner_enter_in_reference_moves_on_without_creating(
    qtbot: QtBot, shipment_page: ShipmentPage, desk_context: AppContext
) -> None:
    """A scanned order number ends with Enter: focus moves on, nothing is submitted."""
    form = shipment_page.form
    fill_valid(qtbot, form)
    assert shipment_page.creation.create_button.isEnabled()
    shipment_page.activateWindow()
    form.reference_edit.setFocus()
    qtbot.keyClicks(form.reference_edit, "ORDER-4711")
    qtbot.keyClick(form.reference_edit, Qt.Key.Key_Return)
    qtbot.keyClick(form.reference_edit, Qt.Key.Key_Enter)
    assert shipment_page.creation.task is None and not shipment_page.creation.busy
    assert form.draft()["reference_number"] == "ORDER-4711"
    assert desk_context.store is not None and desk_context.store.list_journal() == []


async def test_locker_station_and_post_branch_reshape_the_receiver(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """Locker station: customer number in care_of, keyword as street, station number."""
    form, receiver = shipment_page.form, shipment_page.form.receiver
    fill_valid(qtbot, form)
    receiver.set_mode(LOCKER_STATION)
    f = receiver.fields
    assert not f["street"].editor.isVisibleTo(form)  # type: ignore[union-attr]
    assert not f["company"].editor.isVisibleTo(form)  # type: ignore[union-attr]
    assert f["care_of"].row[1].text() == "Customer number (Postnummer)"  # type: ignore[attr-defined]
    assert f["street_no"].row[1].text() == "Station number"  # type: ignore[attr-defined]
    assert form.draft()["to"]["street"] == "PACKSTATION"
    assert shown(form, "to.care_of") == [
        "For a locker station, enter the receiver's customer number (6 to 10 digits) here."
    ]
    assert shown(form, "to.street_no") == [
        "For a locker station, enter the 3-digit station number here."
    ]
    type_into(qtbot, f["street_no"].editor, "")  # one message, not "Enter the house number."
    assert shown(form, "to.street_no") == [
        "For a locker station, enter the 3-digit station number here."
    ]
    type_into(qtbot, f["care_of"].editor, "12345678")
    type_into(qtbot, f["street_no"].editor, "123")
    assert form.problems == []

    receiver.set_mode(POST_BRANCH)
    assert f["street_no"].row[1].text() == "Branch number"  # type: ignore[attr-defined]
    assert form.draft()["to"]["street"] == "POSTFILIALE"
    assert form.problems == []

    # a carrier without post branches keeps the mode, flagged, and says why at the mode
    shipment_page.form.carrier_service.set_carrier("dpd")
    assert receiver.mode == POST_BRANCH
    assert "not offered by DPD" in receiver.mode_combo.currentText()
    assert shown(form, "to.street") == ["DPD does not deliver to a post branch."]
    assert shown(form, "to.mode") == ["DPD does not deliver to a post branch."]
    receiver.set_mode("address")
    type_into(qtbot, f["street"].editor, "Heidestraße")
    assert form.draft()["to"]["street"] == "Heidestraße"


async def test_partner_mode_takes_only_the_partner_id(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """Workplace parcel point: one field, its format checked, other carriers refused."""
    form, receiver = shipment_page.form, shipment_page.form.receiver
    fill_package(qtbot, form, PACKAGE)
    receiver.set_mode(PARTNER)
    visible = [n for n, f in receiver.fields.items() if f.row and f.row[0].isVisibleTo(form)]
    assert visible == ["mode", "partner_id"]
    assert shown(form, "to.partner_id") == ["Enter the partner id."]
    type_into(qtbot, receiver.fields["partner_id"].editor, "abc")
    assert shown(form, "to.partner_id") == [
        "A partner id has 7 capital letters or digits, e.g. 1A2B3C4."
    ]
    type_into(qtbot, receiver.fields["partner_id"].editor, "1A2B3C4")
    assert form.problems == []
    assert form.draft()["to"] == {"partner_id": "1A2B3C4"}
    form.carrier_service.set_carrier("hermes")
    assert shown(form, "to.partner_id") == ["Hermes does not deliver to workplace parcel points."]


async def test_carrier_change_rechecks_instead_of_clearing(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """Bulk, declared value, COD and a service stay chosen; the rules say what to change."""
    form = shipment_page.form
    fill_valid(qtbot, form)
    row = form.packages.rows[0]
    row.fields["type"].set_text("bulk")
    row.type_combo.activated.emit(row.type_combo.currentIndex())
    assert not row.fields["length"].editor.isVisibleTo(form)  # type: ignore[union-attr]
    assert "length" not in form.draft()["package"]
    click(qtbot, row.insure_check)
    type_into(qtbot, row.fields["declared_value.amount"].editor, "300")
    assert shown(form, "package.declared_value.amount") == [
        "Goods worth up to 500 EUR are insured automatically; leave the declared value out."
    ]
    type_into(qtbot, row.fields["declared_value.amount"].editor, "800")
    assert form.problems == []

    form.carrier_service.set_carrier("dpd", "one_day")
    assert row.type_combo.currentData() == "bulk"
    assert "not taken by DPD" in row.type_combo.currentText()
    assert shown(form, "package.type") == ["DPD does not take the package type Bulky parcel."]
    assert shown(form, "package.declared_value") == [
        "DPD does not offer extra insurance; remove the declared value."
    ]
    assert not shipment_page.creation.create_button.isEnabled()

    # back to DHL: nothing was lost; only the DPD service is flagged until changed
    form.carrier_service.set_carrier("dhl")
    assert row.type_combo.currentData() == "bulk"
    assert form.carrier_service.service == "one_day"
    assert [p.path for p in form.problems] == ["service"]
    form.carrier_service.set_service("standard")
    assert form.problems == []

    # a service the new carrier lacks stays selected and flagged
    form.carrier_service.set_carrier("dpd", "one_day_early")
    form.carrier_service.set_carrier("hermes")
    assert form.carrier_service.service == "one_day_early"
    assert "not offered by Hermes" in form.carrier_service.service_combo.currentText()
    assert any(p.path == "service" for p in form.problems)
    assert shown(form, "service")[0].startswith("Hermes does not offer Express early morning")


async def test_several_packages_only_where_the_carrier_takes_them(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """UPS takes several packages (paths packages[i].*); DHL is told to use one."""
    form = shipment_page.form
    fill_valid(qtbot, form)
    assert not form.packages.add_button.isVisibleTo(form)
    form.carrier_service.set_carrier("ups")
    assert form.packages.add_button.isVisibleTo(form)
    qtbot.mouseClick(form.packages.add_button, Qt.MouseButton.LeftButton)
    assert len(form.packages.rows) == 2
    assert shown(form, "packages[1].weight") == []  # untouched new row: not nagged yet
    type_into(qtbot, form.packages.rows[1].fields["weight"].editor, "0")
    assert shown(form, "packages[1].weight") == ["Enter more than zero here."]
    fill_package(qtbot, form, PACKAGE, index=1)
    assert form.problems == []
    draft = form.draft()
    assert "package" not in draft and len(draft["packages"]) == 2
    form.carrier_service.set_carrier("dhl")
    assert shown(form, "packages") == ["DHL takes only one package per shipment."]  # no field names
    qtbot.mouseClick(form.packages.rows[1].remove_button, Qt.MouseButton.LeftButton)
    assert form.problems == []
    assert "package" in form.draft()


async def test_each_additional_service_has_its_fields(
    qtbot: QtBot, shipment_page: ShipmentPage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Advance notice (e-mail/SMS), COD bank fields, drop message, Saturday's conditions."""
    # the domain's clock: a Tuesday (Saturday delivery is taken then too)
    tuesday = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)
    monkeypatch.setattr(rules.shipment, "local_now", lambda: tuesday)
    form = shipment_page.form
    fill_valid(qtbot, form)
    addons = form.addons.items
    # DHL: advance notice and COD only; no SMS channel
    offered = [n for n, w in addons.items() if w.isVisibleTo(form)]
    assert offered == list(load_catalog().carriers["dhl"].additional_services)
    notice = addons["advance_notice"]
    click(qtbot, notice.check)
    assert notice.sms_radio is not None and not notice.sms_radio.isVisibleTo(form)
    assert shown(form, "additional_services[0].properties.email") == [
        "Enter the e-mail address (or, with DPD, the mobile number) to notify."
    ]
    type_into(qtbot, notice.fields["email"].editor, "erika@example")
    assert shown(form, "additional_services[0].properties.email") == [
        "Enter a valid e-mail address, e.g. name@example.com."
    ]
    type_into(qtbot, notice.fields["email"].editor, "erika@example.com")
    assert form.problems == []
    assert form.draft()["additional_services"] == [
        {"name": "advance_notice", "properties": {"email": "erika@example.com", "language": "de"}}
    ]

    cod = addons["cash_on_delivery"]
    click(qtbot, cod.check)
    for name, text in {
        "amount": "49,90",
        "bank_account_holder": "Packdesk Test GmbH",
        "bank_name": "Testbank",
        "bank_account_number": "DE89 3704 0044 0532 0130 00",
        "bank_code": "COBADEFFXXX",
    }.items():
        type_into(qtbot, cod.fields[name].editor, text)
    assert form.problems == []
    type_into(qtbot, cod.fields["bank_account_number"].editor, "DE89 3704 0044 0532 0130 01")
    assert shown(form, "additional_services[1].properties.bank_account_number") == [
        "This IBAN is not valid; check it for typing errors."
    ]
    click(qtbot, cod.check)  # unchecked: gone from the draft
    assert [s["name"] for s in form.draft()["additional_services"]] == ["advance_notice"]

    # DPD: SMS (Predict), drop authorization, Saturday with its service condition
    form.carrier_service.set_carrier("dpd")
    assert notice.check.text() == "Advance notice (Predict)"
    click(qtbot, notice.sms_radio)
    type_into(qtbot, notice.fields["sms"].editor, "0151")
    assert shown(form, "additional_services[0].properties.sms") == [
        "Enter the mobile number with its country prefix, e.g. +49 151 2345678."
    ]
    type_into(qtbot, notice.fields["sms"].editor, "+49 151 2345678")
    drop = addons["drop_authorization"]
    click(qtbot, drop.check)
    assert shown(form, "additional_services[1].properties.message") == [
        "Enter where the parcel may be left."
    ]
    type_into(qtbot, drop.fields["message"].editor, "Garage")
    saturday = addons["saturday_delivery"]
    # the hint names the services as the service list does
    assert "Express or Express early morning" in saturday.note.text()
    click(qtbot, saturday.check)
    assert shown(form, "additional_services[2].name") == [
        "Saturday delivery needs the service Express or Express early morning."
    ]
    form.carrier_service.set_service("one_day")
    # on a Tuesday too: the carrier hands it over on the Friday; pointed out, not refused
    assert form.problems == []
    assert "sent on a Friday" in saturday.note.text() and not saturday.note.isHidden()
    assert [s["name"] for s in form.draft()["additional_services"]] == [
        "advance_notice",
        "drop_authorization",
        "saturday_delivery",
    ]


async def test_order_details_and_label_format_override(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """Partner metadata is sent when filled in; the label format is automatic unless chosen."""
    form = shipment_page.form
    fill_valid(qtbot, form, reference="ORDER-1")
    form.order_details.check.setChecked(True)
    order = form.order_details.fields
    type_into(qtbot, order["shop_name"].editor, "Testshop")
    type_into(qtbot, order["order_date"].editor, "2024-13-01")
    assert shown(form, "metadata.partner.order_date") == ["Enter a date such as 5/3/2024."]
    type_into(qtbot, order["order_date"].editor, "5/3/2024")  # as the locale writes it
    type_into(qtbot, order["order_total.amount"].editor, "59,90")
    assert form.problems == []
    assert form.draft()["metadata"] == {
        "partner": {
            "shop_name": "Testshop",
            "order_date": "2024-05-03",
            "order_total": {"amount": 59.9, "currency": "EUR"},
        }
    }
    assert form.reference_section.chosen_format is None and form.label_format == "pdf_a6"
    assert (
        form.reference_section.format_combo.currentText() == "A6 PDF (automatic)"
    )  # plain words, not codes
    index = form.reference_section.format_combo.findData("pdf_a5")
    form.reference_section.format_combo.setCurrentIndex(index)
    form.reference_section.format_combo.activated.emit(index)
    assert form.draft()["label"] == {"format": "pdf_a5"}
    assert "Chosen by hand" in form.reference_section.format_reason.text()


async def test_422_messages_go_under_the_fields_they_name(
    qtbot: QtBot, shipment_page: ShipmentPage, desk_context: AppContext
) -> None:
    """A partner id the partner system does not know: the service's 422 lands under it."""
    form = shipment_page.form
    fill_package(qtbot, form, PACKAGE)
    form.receiver.set_mode(PARTNER)
    type_into(qtbot, form.receiver.fields["partner_id"].editor, "ZZZZZZZ")
    assert form.problems == []
    done = expect(shipment_page.creation.busy_changed)
    shipment_page.creation.request_create()
    await emitted(done)  # locked
    await emitted(expect(shipment_page.creation.busy_changed))  # unlocked again
    assert shown(form, "to.partner_id") == [
        "No parcel-point user has this partner id; check it with the receiver."
    ]
    # the headline names the field by its label, never by its wire path
    headline = shipment_page.creation.message.text()
    assert "Receiver › Partner id: No parcel-point user has this partner id" in headline
    assert "to.partner_id" not in headline
    assert "Request id" in shipment_page.creation.details.toPlainText()
    assert not shipment_page.creation.create_button.isEnabled()
    # the next keystroke hands over to the local rules again
    type_into(qtbot, form.receiver.fields["partner_id"].editor, "1A2B3C4")
    assert shown(form, "to.partner_id") == []
    assert shipment_page.creation.create_button.isEnabled()
    assert desk_context.store is not None
    [failed] = desk_context.store.list_journal()
    assert failed.status == "failed"


async def test_tab_order_follows_the_form(qtbot: QtBot, shipment_page: ShipmentPage) -> None:
    """Tab follows the paper: receiver, package, carrier/service, reference, label format."""
    shipment_page.activateWindow()
    form = shipment_page.form
    form.focus_first()
    seen: list[str] = []
    for _ in range(40):
        widget = QApplication.focusWidget()
        assert widget is not None
        if widget.objectName():
            seen.append(widget.objectName())
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    wanted = [
        "to_company",
        "to_first_name",
        "to_last_name",
        "to_street",
        "to_street_no",
        "to_zip_code",
        "to_city",
        "weight",
        "length",
        "width",
        "height",
        "package_type",
        "carrier",
        "service",
        "reference",
        "labelFormat",
    ]
    positions = [seen.index(name) for name in wanted]
    assert positions == sorted(positions), seen


def test_column_count_follows_the_width() -> None:
    """Two columns only where both fit side by side."""
    assert column_count(800, 787) == 2
    assert column_count(787, 787) == 2
    assert column_count(786, 787) == 1


async def test_form_takes_one_column_where_two_need_a_horizontal_scroll(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """At a desk-sized page two columns, on a 1024 px screen too (receiver beside the parcel,
    whichever carrier); narrowed further the sections stack in the paper flow's order
    without a horizontal scroll bar; widened again, two columns."""
    form, area = shipment_page.form, shipment_page.scroll_area
    bar = area.horizontalScrollBar()
    await wait_until(lambda: form.columns.count == 2)
    assert form.receiver.mapTo(form, QPoint(0, 0)).x() < form.packages.mapTo(form, QPoint(0, 0)).x()
    shipment_page.resize(1000, 600)
    for carrier in ("dhl", "ups", "dpd", "gls", "hermes", "dhl"):
        form.carrier_service.set_carrier(carrier)
        await layouts_settled()
        assert form.columns.count == 2, carrier
    assert not bar.isVisible()
    shipment_page.resize(700, 600)
    await wait_until(lambda: form.columns.count == 1)
    await wait_until(lambda: bar.maximum() == 0)
    assert not bar.isVisible()
    receiver_at = form.receiver.mapTo(form, QPoint(0, 0))
    packages_at = form.packages.mapTo(form, QPoint(0, 0))
    carrier_at = form.carrier_service.mapTo(form, QPoint(0, 0))
    assert receiver_at.x() == packages_at.x()  # one column, receiver then packages
    assert receiver_at.y() < packages_at.y() < carrier_at.y()
    shipment_page.resize(1366, 740)
    await wait_until(lambda: form.columns.count == 2)


def test_a_long_problem_wraps_under_its_field_instead_of_being_cut(qtbot: QtBot) -> None:
    """The whole text is painted on as many lines as it needs at the field's width; an empty
    label keeps its one reserved line, and no text changes the minimum width."""
    from desktop_app.gui.widgets.fields import ErrorLabel

    label = ErrorLabel()
    qtbot.addWidget(label)
    line = label.height() if label.height() > 0 else label.minimumHeight()
    empty_minimum = label.minimumSizeHint()
    text = "A postcode in Germany has 5 digits, e.g. 10115. " * 4
    label.show_messages([text.strip()])
    assert label.wordWrap() and label.text() == text.strip()
    assert label.heightForWidth(200) > 2 * label.fontMetrics().height()  # several lines
    assert label.minimumSizeHint() == empty_minimum
    label.show_messages([])
    assert label.minimumHeight() >= label.fontMetrics().height() and line > 0


async def test_nothing_on_the_form_moves_when_the_carrier_a_message_or_a_status_changes(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    """At the size the page gets on a 1024x600 screen: the receiver, the parcel, the carrier's
    section and Create stay where they are whichever carrier is chosen, whatever message the
    creation shows and whatever the connection says (a reflow moves what the packer aims at)."""
    page, form = shipment_page, shipment_page.form
    creation = page.creation
    page.resize(1016, 474)
    await wait_until(lambda: form.columns.count == 2)
    await layouts_settled()

    def places() -> dict[str, tuple[int, int, int, int] | tuple[int, int]]:
        def top_left(widget: Any) -> tuple[int, int]:
            at = widget.mapToGlobal(QPoint(0, 0))
            return at.x(), at.y()

        create = creation.create_button
        return {
            "receiver": top_left(form.receiver),
            "packages": top_left(form.packages),
            "carrier": (top_left(form.carrier_service)[0], 0),
            "create": (*top_left(create), create.width(), create.height()),
            "scroll": (page.scroll_area.verticalScrollBar().value(), 0),
        }

    first = places()
    for carrier in ("ups", "dpd", "gls", "hermes", "dhl"):
        form.carrier_service.set_carrier(carrier)
        await layouts_settled()
        assert places() == first, carrier
    long = "The carrier refused the label: the receiver's street is not known there. " * 4
    creation.messages.show_message("error", long, "details " * 50)
    await layouts_settled()
    assert places() == first, "an error message"
    creation.messages.show_message("ok", "Created 00340434161234567890")
    await layouts_settled()
    assert places() == first, "a created message"
    page.context.connection_changed.emit("error", long)
    await layouts_settled()
    assert places() == first, "the connection lost"
