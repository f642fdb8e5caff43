"""Nothing on the New shipment form moves under the packer's hand in a 1024x600 window: not at
the first key typed into a fresh form, not when UPS is chosen (the package box keeps its
height). Global places of every field and of each section, before and after."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.page import ShipmentPage
from tests.gui.shipment_desk import make_window, wait_until

Place = tuple[int, int, int, int]


def places(page: ShipmentPage) -> dict[str, Place]:
    """Where each visible field's editor and each section is on the screen (x, y, w, h)."""
    form = page.form
    form.draft()  # the fields of the current shape
    widgets: dict[str, QWidget] = {
        f"field {path}": f.editor for path, f in form._fields.items() if f.editor is not None
    }
    widgets |= {
        "receiver box": form.receiver_section,
        "package box": form.package_section,
        "carrier box": form.carrier_service,
        "reference box": form.reference_section,
        "create": page.creation.create_button,
    }
    found = {}
    for name, widget in widgets.items():
        if widget.isVisibleTo(page):
            at = widget.mapToGlobal(QPoint(0, 0))
            found[name] = (at.x(), at.y(), widget.width(), widget.height())
    return found


def moved(before: dict[str, Place], after: dict[str, Place]) -> dict[str, Any]:
    """What is shown in both and not where it was (a field hidden for a carrier is gone,
    not moved: UPS takes no declared value)."""
    return {
        name: (before[name], after[name])
        for name in before.keys() & after.keys()
        if before[name] != after[name]
    }


async def laid_out(page: ShipmentPage) -> dict[str, Place]:
    """The places once the window's layouts have settled (the same over two turns of the
    loop, with the posted layout requests handled between them)."""
    seen: list[dict[str, Place]] = [{}]

    def settled() -> bool:
        QCoreApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        now, seen[0] = seen[0], places(page)
        return now == seen[0]

    await wait_until(settled)
    return seen[0]


@pytest.mark.parametrize("language", ["en", "de"])
async def test_nothing_moves_at_the_first_key_nor_for_ups(
    qtbot: QtBot, desk_context: AppContext, request: pytest.FixtureRequest, language: str
) -> None:
    """The first key names the receiver's missing values under their fields, in room kept
    for them; UPS hides the declared value and shows a hint beside Add package, in room
    kept too; its fewer add-ons leave their box as high as it was. German's longer messages too."""
    if language == "de":
        request.getfixturevalue("german")
    window = make_window(qtbot, desk_context)
    window.resize(1024, 600)
    page = window.shipment_page
    assert isinstance(page, ShipmentPage)
    form = page.form
    await wait_until(lambda: form.columns.count == 2)
    fresh = await laid_out(page)
    assert "package box" in fresh and "field to.zip_code" in fresh, fresh.keys()
    editor = form.receiver.fields["first_name"].editor
    assert editor is not None
    editor.setFocus(Qt.FocusReason.MouseFocusReason)
    qtbot.keyClicks(editor, "E")
    assert editor.text() == "E"
    # the receiver's missing values are named now (the section is reached)
    await wait_until(lambda: form.messages_for("to.zip_code"))
    typed = await laid_out(page)
    assert not moved(fresh, typed), moved(fresh, typed)
    form.carrier_service.set_carrier("ups")
    await wait_until(lambda: not form.packages.rows[0].fields["insure"].editor.isVisible())
    ups = await laid_out(page)
    assert not moved(typed, ups), moved(typed, ups)
    assert ups["package box"] == fresh["package box"]
