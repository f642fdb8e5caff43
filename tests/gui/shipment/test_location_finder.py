"""Find near the receiver: the locker station and post branch modes list the locations near
the receiver's postcode (real local service, its sandbox directory), and the choice fills the
station number and place; a PACKSTATION shipment is created from it."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.page import ShipmentPage
from desktop_app.gui.widgets.address_form import LOCKER_STATION, POST_BRANCH
from tests.gui.app_context import emitted, expect
from tests.gui.shipment_desk import PACKAGE, fill_package, type_into


async def test_finder_fills_a_packstation_shipment(
    qtbot: QtBot, shipment_page: ShipmentPage, desk_context: AppContext
) -> None:
    form = shipment_page.form
    receiver, finder = form.receiver, form.receiver_section.finder
    assert form.carrier_service.carrier == "dhl"
    assert not finder.isVisibleTo(form)  # only for a locker station or a post branch
    receiver.set_mode(LOCKER_STATION)
    assert finder.isVisibleTo(form) and not finder.table.isVisibleTo(form)
    assert finder.find_button.text() == "Find near the receiver"

    await finder.find_locations()  # nothing to search near yet
    assert finder.note.text() == "Enter the receiver's postcode or city first."

    type_into(qtbot, receiver.fields["first_name"].editor, "Erika")
    type_into(qtbot, receiver.fields["last_name"].editor, "Mustermann")
    type_into(qtbot, receiver.fields["care_of"].editor, "12345678")
    type_into(qtbot, receiver.fields["zip_code"].editor, "51147")
    finder.find_button.click()
    await finder.tasks.wait_idle()
    assert finder.table.isVisibleTo(form)
    names = [finder.table.item(r, 0).text() for r in range(finder.table.rowCount())]
    assert names[0] == "Packstation 155"  # Porz-Grengel, the receiver's postcode
    assert all(name.startswith("Packstation") for name in names)  # lockers only
    assert finder.table.item(0, 3).text() == "Mo-Su 00:00-24:00"
    distances = [loc.distance or 0 for loc in finder.locations]
    assert distances == sorted(distances)
    assert finder.note.text() == (
        "1 location near the receiver: choose it."
        if len(names) == 1
        else f"{len(names)} locations near the receiver: choose one."
    )

    finder.table.selectRow(0)
    assert finder.use_button.isEnabled()
    finder.use_button.click()
    to = form.draft()["to"]
    assert (to["street"], to["street_no"], to["zip_code"], to["city"]) == (
        "PACKSTATION",
        "155",
        "51147",
        "Köln",
    )
    fill_package(qtbot, form, PACKAGE)
    type_into(qtbot, form.reference_edit, "ORDER-PACKSTATION")
    assert form.problems == []
    created = expect(shipment_page.shipment_created)
    shipment_page.creation.create_button.click()
    (stored,) = await emitted(created, 30)
    assert stored.data["to"]["street"] == "PACKSTATION"
    assert stored.data["to"]["street_no"] == "155"
    assert stored.data["to"]["care_of"] == "12345678"
    assert not finder.table.isVisibleTo(form)  # the next shipment starts without the list


async def test_post_branch_mode_lists_branches(qtbot: QtBot, shipment_page: ShipmentPage) -> None:
    form = shipment_page.form
    receiver, finder = form.receiver, form.receiver_section.finder
    receiver.set_mode(POST_BRANCH)
    type_into(qtbot, receiver.fields["zip_code"].editor, "20095")
    found = await finder.find_locations()
    assert found and {loc.location_type for loc in found} == {"PostOffice"}
    finder.choose(0)
    assert form.draft()["to"]["street"] == "POSTFILIALE"
    assert form.draft()["to"]["street_no"] == found[0].service_point_id
    type_into(qtbot, receiver.fields["zip_code"].editor, "99999")
    type_into(qtbot, receiver.fields["city"].editor, "Nirgendwo")
    assert await finder.find_locations() == []
    assert finder.note.text() == "No location of this kind near the receiver."
    receiver.set_mode("address")
    assert not finder.isVisibleTo(form) and finder.locations == []
