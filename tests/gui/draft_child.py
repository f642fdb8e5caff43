"""Child process of the draft crash test: opens the desk, types a receiver key by key, waits
until the draft is kept, says so and waits to be killed (as a crash or a power cut would).

Usage: python -m tests.gui.draft_child PROFILE_ID (folders and keys from the PACKDESK_*
environment the test sets).
"""

from __future__ import annotations

import asyncio
import json
import sys

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QApplication

from desktop_app.gui.core.event_loop import DeskEventLoop

TYPED = {"first_name": "Jürgen", "last_name": "Absturz", "city": "Bonn"}
REFERENCE = "ORDER-KILLED-1"
#: cash on delivery ticked, its details typed (the amount half-way: "49," of 49,90)
COD_TYPED = {"amount": "49,", "bank_account_holder": "Absturz GmbH", "currency": "CHF"}


def _type(editor: object, text: str) -> None:
    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(
                editor, QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch)
            )


async def main(profile_id: str) -> None:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shipment.drafts import DRAFT_NAME, form_snapshot
    from desktop_app.gui.shipment.page import ShipmentPage
    from desktop_app.printing.printers import PrinterBook
    from desktop_app.profiles.manager import ProfileManager

    manager = ProfileManager()
    ctx = AppContext(manager, PrinterBook())
    await ctx.open_profile(manager.get(profile_id))
    page = ShipmentPage(ctx)
    page.show()
    form = page.form
    for name, text in TYPED.items():
        _type(form.receiver.fields[name].editor, text)
        await asyncio.sleep(0)
    _type(form.reference_edit, REFERENCE)
    cod = form.addons.items["cash_on_delivery"]
    cod.check.click()
    for name, text in COD_TYPED.items():
        cod.fields[name].set_text("")
        _type(cod.fields[name].editor, text)
        await asyncio.sleep(0)
    # the draft keeper saves a moment after the last key (no close, no flush): wait until
    # what it kept is what the form shows
    assert ctx.store is not None
    typed = json.loads(json.dumps(form_snapshot(form)))
    async with asyncio.timeout(60):
        while ctx.store.drafts.load(DRAFT_NAME) != typed:
            await asyncio.sleep(0.05)
    sys.stdout.write("typed\n")
    sys.stdout.flush()
    await asyncio.sleep(120)


if __name__ == "__main__":
    app = QApplication([])
    loop = DeskEventLoop(app)
    asyncio.set_event_loop(loop)
    loop.run_until_complete(main(sys.argv[1]))
