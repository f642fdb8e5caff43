"""The Settings page: its tabs, declared once (`SETTINGS_TABS`), each a page of its own in
`settings/<tab>/` that saves its own changes at once.

To add a tab: its package `settings/<tab>/` with a `page.py` whose `…Page(context)` is the
tab, and one `SettingsTab` line below. A signed-in person sees the tabs their rights allow
(`visible_tabs`, `SettingsPage.show_for`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.preferences.page import PreferencesPage
from desktop_app.gui.settings.presets.page import PresetsPage
from desktop_app.gui.settings.printers.page import PrintersPage
from desktop_app.gui.settings.products.page import ProductsPage
from desktop_app.gui.settings.profiles.page import ProfilesPage
from desktop_app.gui.settings.scales.page import ScalesPage
from desktop_app.gui.settings.shops.page import ShopsPage
from desktop_app.gui.settings.station.page import StationSettingsPage
from desktop_app.gui.settings.webhooks.page import WebhooksPage

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


@dataclass(frozen=True)
class SettingsTab:
    """One tab of the Settings page."""

    key: str
    """Its name for `show_tab` and the page's attribute (`settings.printers`)."""
    title: str
    """The tab's untranslated title ("Settings" translation context)."""
    page: Callable[[AppContext], QWidget]
    right: str | None = None
    """The right a signed-in person needs to see the tab (None: everyone at the desk)."""
    later: bool = False
    """Built with the window's other pages (`build_later_tabs`), not with Settings: the tab
    asks the service as soon as it is built."""


#: the Settings tabs in order
SETTINGS_TABS: tuple[SettingsTab, ...] = (
    SettingsTab("profiles", QT_TRANSLATE_NOOP("Settings", "&Profiles"), ProfilesPage, "keys"),
    SettingsTab("printers", QT_TRANSLATE_NOOP("Settings", "P&rinters"), PrintersPage),
    SettingsTab("scales", QT_TRANSLATE_NOOP("Settings", "Sc&ales"), ScalesPage),
    SettingsTab("preferences", QT_TRANSLATE_NOOP("Settings", "Pr&eferences"), PreferencesPage),
    # how the Scan page works (the pack check, the idle sign-out): not the packer's to change
    SettingsTab(
        "station", QT_TRANSLATE_NOOP("Settings", "S&tation"), StationSettingsPage, "settings"
    ),
    SettingsTab(
        "presets", QT_TRANSLATE_NOOP("Settings", "Sh&ipping presets"), PresetsPage, "settings"
    ),
    SettingsTab("shops", QT_TRANSLATE_NOOP("Settings", "Sh&ops"), ShopsPage, "settings"),
    SettingsTab(
        "webhooks", QT_TRANSLATE_NOOP("Settings", "&Webhooks"), WebhooksPage, "webhooks", True
    ),
    SettingsTab(
        "products", QT_TRANSLATE_NOOP("Settings", "Pro&ducts"), ProductsPage, "settings", True
    ),
)


def visible_tabs(
    rights: Collection[str] | None, tabs: tuple[SettingsTab, ...] = SETTINGS_TABS
) -> tuple[SettingsTab, ...]:
    """The tabs a person with `rights` sees, in order (None: nobody signs in, all show)."""
    if rights is None:
        return tabs
    return tuple(tab for tab in tabs if tab.right is None or tab.right in rights)


class SettingsPage(QWidget):
    """The tabs of `SETTINGS_TABS` (the `later` ones once `build_later_tabs` ran); each tab's
    page is also the attribute named by its key."""

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
        #: each built tab's page by its key
        self.tab_pages: dict[str, QWidget] = {}
        #: what the signed-in person may do (None: nobody signs in at this desk)
        self.rights: frozenset[str] | None = None
        self._build_tabs(later=False)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        self.profiles.profiles_changed.connect(self.profiles_changed)
        self.printers.printers_changed.connect(self.printers_changed)

    def __getattr__(self, name: str) -> Any:
        """A tab's page by its key (`settings.printers`)."""
        pages = self.__dict__.get("tab_pages", {})
        if name in pages:
            return pages[name]
        raise AttributeError(name)

    def _build_tabs(self, *, later: bool) -> None:
        for tab in SETTINGS_TABS:
            if tab.later == later and tab.key not in self.tab_pages:
                page = tab.page(self.ctx)
                self.tab_pages[tab.key] = page
                self.tabs.addTab(page, translate("Settings", tab.title))

    def build_later_tabs(self) -> None:
        """Add the `later` tabs (the window does once its first pages are up)."""
        self._build_tabs(later=True)
        self.show_for(self.rights)

    def show_tab(self, name: str) -> None:
        """Bring the tab with the key `name` to the front (an unknown one: Preferences)."""
        page = self.tab_pages.get(name, self.tab_pages["preferences"])
        self.tabs.setCurrentWidget(page)

    def show_for(self, rights: Collection[str] | None) -> None:
        """Show only the tabs a person with `rights` may use (None: all); tabs built later
        follow too."""
        self.rights = None if rights is None else frozenset(rights)
        shown = {tab.key for tab in visible_tabs(rights)}
        for key, page in self.tab_pages.items():
            self.tabs.setTabVisible(self.tabs.indexOf(page), key in shown)
        if not self.tabs.isTabVisible(self.tabs.currentIndex()):
            first = next((i for i in range(self.tabs.count()) if self.tabs.isTabVisible(i)), -1)
            self.tabs.setCurrentIndex(first)
