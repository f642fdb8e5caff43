"""The operations installed into the main window as the app does it: pages, Settings › Webhooks,
history timeline and return action, address-book pickers in the shipment form."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from desktop_app.gui.addresses.page import AddressBookPage
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.settings.webhooks.page import WebhooksPage
from desktop_app.gui.shell.main_window import HISTORY, NEW_SHIPMENT, MainWindow
from desktop_app.gui.shell.pages import install_operations, install_pages


async def test_operations_in_the_main_window(ctx: AppContext, qtbot: QtBot) -> None:
    """Pages in order (Settings last), webhooks tab, history extras, pickers, use-as-receiver."""
    window = MainWindow(ctx)
    qtbot.addWidget(window)
    history, settings = install_pages(window, ctx)
    install_operations(window, ctx, history, settings)
    tabs = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert tabs == [NEW_SHIPMENT, HISTORY, "Addresses", "End of day", "Batch", "Scan", "Settings"]
    tabs = [settings.tabs.widget(i) for i in range(settings.tabs.count())]
    assert sum(isinstance(tab, WebhooksPage) for tab in tabs) == 1
    assert history.timeline is not None and history.return_action in history.extra_actions
    page = window.page("Addresses")
    assert isinstance(page, AddressBookPage)
    form = window.shipment_page.form  # type: ignore[attr-defined]
    assert form.findChild(object, "receiver_picker") is not None
    assert form.findChild(object, "sender_picker") is not None

    assert ctx.client is not None and page.book is not None
    stored = await page.book.create(
        ctx.client,
        {
            "company": "Werkstatt Ost",
            "street": "Ringstraße",
            "street_no": "9",
            "zip_code": "04109",
            "city": "Leipzig",
            "country": "DE",
        },
    )
    page.show_addresses()
    assert page.select_address(str(stored["id"]))
    window.show_page("Addresses")
    page.use_receiver_button.click()
    assert window.tabs.currentWidget() is window.shipment_page
    assert form.receiver.address()["company"] == "Werkstatt Ost"
    assert form.receiver.address()["city"] == "Leipzig"
