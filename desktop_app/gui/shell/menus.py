"""The main window's menus: Shipment (the page's own actions), Go (pages, profile), Help (F1).

Every key the window answers to is an action in one of them, so the F1 sheet lists them all.
Texts keep the "MainWindow" translation context they had when the window built them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from desktop_app.gui.i18n import translate
from desktop_app.gui.shell.page_tabs import PageTabsWidget
from desktop_app.gui.shell.shortcuts import window_action

#: Ctrl+1 ... Ctrl+9 bring the pages to the front in tab order
PAGE_KEYS = 9


class WindowMenus:
    """Builds the menu bar of `window` and keeps the Go menu's page entries in tab order."""

    def __init__(
        self,
        window: QMainWindow,
        tabs: PageTabsWidget,
        *,
        shipment_actions: Iterable[QAction] = (),
        new_shipment: Callable[[], None],
        focus_switcher: Callable[[], None],
        show_shortcuts: Callable[[], object],
    ) -> None:
        self._tabs = tabs
        bar = window.menuBar()
        self.shipment_menu = bar.addMenu(translate("MainWindow", "&Shipment"))
        self._add(
            self.shipment_menu,
            window,
            translate("MainWindow", "&New shipment"),
            "Ctrl+N",
            new_shipment,
        )
        self._before_quit = self.shipment_menu.addSeparator()
        self.add_shipment_actions(shipment_actions)
        self._add(
            self.shipment_menu, window, translate("MainWindow", "&Quit"), "Ctrl+Q", window.close
        )
        self.go_menu = bar.addMenu(translate("MainWindow", "&Go"))
        self._add(
            self.go_menu,
            window,
            translate("MainWindow", "&Profile switcher"),
            "Ctrl+Shift+P",
            focus_switcher,
        )
        self.go_menu.addSeparator()
        self.page_actions: list[QAction] = []
        for number in range(1, PAGE_KEYS + 1):
            action = window_action(window, "", f"Ctrl+{number}")
            action.triggered.connect(lambda _=False, i=number - 1: tabs.show_nth(i))
            self.go_menu.addAction(action)
            self.page_actions.append(action)
        self.help_menu = bar.addMenu(translate("MainWindow", "&Help"))
        self._add(
            self.help_menu,
            window,
            translate("MainWindow", "&Keyboard shortcuts"),
            "F1",
            show_shortcuts,
        )
        tabs.pages_changed.connect(self.refresh_page_actions)
        self.refresh_page_actions()

    @staticmethod
    def _add(
        menu: QMenu, window: QMainWindow, text: str, keys: str, slot: Callable[[], object]
    ) -> None:
        action = window_action(window, text, keys)
        action.triggered.connect(lambda _=False: slot())
        menu.addAction(action)

    def add_shipment_actions(self, actions: Iterable[QAction]) -> None:
        """The New shipment page's keys into the Shipment menu (above Quit): the page is
        built after the window's frame is shown."""
        self.shipment_menu.insertActions(self._before_quit, list(actions))

    def menus(self) -> list[QMenu]:
        """The menus in menu-bar order."""
        return [self.shipment_menu, self.go_menu, self.help_menu]

    def refresh_page_actions(self) -> None:
        """Ctrl+1 ... Ctrl+9 named after the shown tabs they bring to the front (hidden past
        the last one)."""
        shown = self._tabs.shown_indexes()
        for number, action in enumerate(self.page_actions):
            name = self._tabs.tabText(shown[number]) if number < len(shown) else ""
            action.setText(name.replace("&", ""))
            action.setVisible(bool(name))
