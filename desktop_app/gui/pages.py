"""Installs the History and Settings pages into the main window (called by `app.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop_app.gui.history import HistoryWidget
from desktop_app.gui.settings_page import SettingsWidget

if TYPE_CHECKING:
    from desktop_app.gui.context import AppContext
    from desktop_app.gui.main_window import MainWindow
    from desktop_app.profiles.store import StoredShipment


def install_pages(window: MainWindow, context: AppContext) -> tuple[HistoryWidget, SettingsWidget]:
    """Put History and Settings into `window` and wire them to its switcher and preview."""
    history = HistoryWidget(context)
    settings = SettingsWidget(context)
    window.history_page = history
    window.settings_page = settings
    # profile changes made in Settings: the switcher lists them, a switch goes through the
    # window (which refuses it while a creation runs)
    settings.profiles_changed.connect(window.refresh_profiles)
    settings.profiles.switcher = window.switch_profile
    history.label_open_requested.connect(lambda stored: _show_label(window, stored))
    return history, settings


def _show_label(window: MainWindow, stored: StoredShipment) -> None:
    """History's "Open label": the New shipment page's preview shows it."""
    from desktop_app.gui.main_window import NEW_SHIPMENT

    preview = getattr(window.shipment_page, "preview", None)
    if preview is None:
        return
    preview.show_shipment(stored)
    window.show_page(NEW_SHIPMENT)
