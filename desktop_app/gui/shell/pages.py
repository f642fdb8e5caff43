"""Installs the History and Settings pages (and the operations pages) into the main window.

Called by `app.py`: `install_pages`, then `install_operations` with the pages it returned.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.history.page import HistoryPage
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.page import SettingsPage

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.profiles.store import StoredOrder, StoredShipment


def install_pages(window: MainWindow, context: AppContext) -> tuple[HistoryPage, SettingsPage]:
    """Put History and Settings into `window` and wire them to its switcher and preview."""
    history = HistoryPage(context)
    settings = SettingsPage(context)
    window.history_page = history
    window.settings_page = settings
    # profile changes made in Settings: the switcher lists them, a switch goes through the
    # window (which refuses it while a creation runs)
    settings.profiles_changed.connect(window.refresh_profiles)
    settings.profiles.switcher = window.switch_profile
    history.label_open_requested.connect(lambda stored: _show_label(window, stored))
    return history, settings


def install_operations(
    window: MainWindow, context: AppContext, history: HistoryPage, settings: SettingsPage
) -> None:
    """Addresses, End of day (manifests, pickups), Batch and Scan pages; tracking and returns in the
    history; webhooks and the product catalogue (Products) in Settings; address-book pickers in
    the shipment form (Settings stays the last page)."""
    from desktop_app.gui.addresses.page import AddressBookPage, attach_pickers, fill_address
    from desktop_app.gui.batch.page import BatchPage
    from desktop_app.gui.history import tracking
    from desktop_app.gui.history.partials import returns
    from desktop_app.gui.pickups.page import PickupsPage
    from desktop_app.gui.scan.page import ScanPage
    from desktop_app.gui.settings.products.page import ProductsPage
    from desktop_app.gui.settings.webhooks.page import WebhooksPage
    from desktop_app.gui.shell.main_window import NEW_SHIPMENT, SETTINGS
    from desktop_app.gui.shipment.order_entry import entry_for, fill_form

    tracking.attach_to_history(history, context)
    returns.attach_to_history(history, context)
    addresses = AddressBookPage(context)
    window.add_page(QT_TRANSLATE_NOOP("Window", "Addresses"), addresses)
    window.add_page(QT_TRANSLATE_NOOP("Window", "End of day"), PickupsPage(context))
    window.add_page(QT_TRANSLATE_NOOP("Window", "Batch"), BatchPage(context))
    scan = ScanPage(context)
    window.add_page(QT_TRANSLATE_NOOP("Window", "Scan"), scan)
    window.move_page_last(SETTINGS)
    webhooks = WebhooksPage(context)
    settings.tabs.addTab(webhooks, translate("Window", "&Webhooks"))
    settings.webhooks = webhooks  # type: ignore[attr-defined]
    products = ProductsPage(context)
    settings.tabs.addTab(products, translate("Window", "Pro&ducts"))
    settings.products = products  # type: ignore[attr-defined]
    form = getattr(window.shipment_page, "form", None)
    if form is None:
        return
    attach_pickers(form, addresses)

    def use(part: str, address: dict[str, object]) -> None:
        fill_address(getattr(form, part), address)
        window.show_page(NEW_SHIPMENT)

    addresses.receiver_chosen.connect(lambda address: use("receiver", address))
    addresses.sender_chosen.connect(lambda address: use("sender_form", address))

    def open_order(order: StoredOrder) -> None:
        fill_form(form, entry_for(context, order))
        window.show_page(NEW_SHIPMENT)

    scan.presenter.open_in_form.connect(open_order)


def _show_label(window: MainWindow, stored: StoredShipment) -> None:
    """History's "Open label": the New shipment page's preview shows it."""
    from desktop_app.gui.shell.main_window import NEW_SHIPMENT

    preview = getattr(window.shipment_page, "preview", None)
    if preview is None:
        return
    preview.show_shipment(stored)
    window.show_page(NEW_SHIPMENT)
    window.shipment_page.show_preview()
