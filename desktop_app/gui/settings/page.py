"""The Settings page: tabs Profiles, Printers, Scales, Preferences, Station, Shipping presets,
Shops (none needed for the Local sandbox)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.preferences.page import PreferencesPage
from desktop_app.gui.settings.presets.page import PresetsPage
from desktop_app.gui.settings.printers.page import PrintersPage
from desktop_app.gui.settings.profiles.page import ProfilesPage
from desktop_app.gui.settings.scales.page import ScalesPage
from desktop_app.gui.settings.shops.page import ShopsPage
from desktop_app.gui.settings.station.page import StationSettingsPage

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class SettingsPage(QWidget):
    """Profiles, printers and preferences in tabs; each tab saves its own changes at once."""

    #: profiles were added, edited or deleted (the profile switcher reloads its list)
    profiles_changed = Signal()
    #: printer definitions changed (added, edited, removed)
    printers_changed = Signal()

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("settings")
        self.tabs = QTabWidget()
        self.tabs.setObjectName("settings_tabs")
        self.profiles = ProfilesPage(ctx)
        self.printers = PrintersPage(ctx)
        self.scales = ScalesPage(ctx)
        self.preferences = PreferencesPage(ctx)
        self.station = StationSettingsPage(ctx)
        self.presets = PresetsPage(ctx)
        self.shops = ShopsPage(ctx)
        self.tabs.addTab(self.profiles, translate("Settings", "&Profiles"))
        self.tabs.addTab(self.printers, translate("Settings", "P&rinters"))
        self.tabs.addTab(self.scales, translate("Settings", "Sc&ales"))
        self.tabs.addTab(self.preferences, translate("Settings", "Pr&eferences"))
        self.tabs.addTab(self.station, translate("Settings", "S&tation"))
        self.tabs.addTab(self.presets, translate("Settings", "Sh&ipping presets"))
        self.tabs.addTab(self.shops, translate("Settings", "Sh&ops"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self.profiles.profiles_changed.connect(self.profiles_changed)
        self.printers.printers_changed.connect(self.printers_changed)

    def show_tab(self, name: str) -> None:
        """Switch to the tab "profiles", "printers", "scales", "station", "presets", "shops"
        or "preferences"."""
        pages = {
            "profiles": self.profiles,
            "printers": self.printers,
            "scales": self.scales,
            "station": self.station,
            "presets": self.presets,
            "shops": self.shops,
        }
        page = pages.get(name, self.preferences)
        self.tabs.setCurrentWidget(page)
