"""The problem count under Create names problems of what the user entered: an empty form
names none, whether the carrier was just chosen or a label was just created."""

from __future__ import annotations

import asyncio

from pytestqt.qtbot import QtBot

from desktop_app.gui.shipment.page import ShipmentPage
from tests.gui.app_context import expect
from tests.gui.shipment_desk import fill_valid, layouts_settled, type_into


def _count_shown(page: ShipmentPage) -> bool:
    return page.creation.problems_button.isVisibleTo(page)


async def test_choosing_a_carrier_on_an_empty_form_names_no_problems(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    form = shipment_page.form
    assert not _count_shown(shipment_page)
    for carrier in ("ups", "dhl", "ups"):
        form.carrier_service.set_carrier(carrier)
        await layouts_settled()
        assert not _count_shown(shipment_page), (
            carrier,
            shipment_page.creation.problems_button.text(),
        )
    # the first field typed: now the missing parts of this shipment are counted
    type_into(qtbot, form.receiver.fields["first_name"].editor, "Erika")
    assert _count_shown(shipment_page)
    assert shipment_page.creation.problems_button.text().endswith("— show")


async def test_after_a_creation_the_empty_form_names_no_problems(
    qtbot: QtBot, shipment_page: ShipmentPage
) -> None:
    form = shipment_page.form
    form.carrier_service.set_carrier("ups")
    fill_valid(qtbot, form, reference="COUNT-1")
    assert form.problems == []
    created = expect(shipment_page.shipment_created)
    shipment_page.create_label()
    await asyncio.wait_for(created, 60)
    await layouts_settled()
    assert form.untouched() and form.problems  # empty again: Create waits, nothing is named
    assert not _count_shown(shipment_page), shipment_page.creation.problems_button.text()
