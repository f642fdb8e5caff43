"""The sign-in in the main window: the covering sign-in screen, who is signed in (menu bar's
corner), Sign out (Ctrl+Shift+O, in the Shipment menu), idle sign-out from the person's input,
and what their rights show (`rights.shown_for`, applied here to pages, tabs and actions).

A profile without people ("off") leaves the window exactly as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QWidget,
)

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate
from desktop_app.gui.people.events import StationEvents, ask_release_reason
from desktop_app.gui.people.presenter import SignInPresenter
from desktop_app.gui.people.rights import Shown
from desktop_app.gui.people.screen import SignInScreen
from desktop_app.gui.shell.pages import SETTINGS
from desktop_app.gui.shell.shortcuts import window_action

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.main_window import MainWindow

#: the person's own input: what keeps a sign-in from timing out
INPUT_EVENTS = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseMove,
        QEvent.Type.Wheel,
        QEvent.Type.TouchBegin,
    }
)
SIGN_OUT_KEYS = "Ctrl+Shift+O"  # (Ctrl+Shift+L prints the label again)
FIGURES = QT_TRANSLATE_NOOP("Window", "Packing figures")


class MenuBarCorner(QWidget):
    """Who is signed in and Sign out, in the menu bar's corner, no taller than the menu bar
    was: the menu bar counts its corner even while hidden, and a taller one would raise the
    window's minimum size after it is shown (a desktop answers that by resizing it)."""

    def __init__(self, height: int) -> None:
        super().__init__()
        self.setMaximumHeight(height)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return super().sizeHint().boundedTo(self.maximumSize())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt name
        return super().minimumSizeHint().boundedTo(self.maximumSize())


class StationSignIn(QObject):
    """Puts the sign-in into `window` and keeps it showing what the presenter decided."""

    def __init__(
        self, window: MainWindow, context: AppContext, presenter: SignInPresenter | None = None
    ) -> None:
        super().__init__(window)
        self.window = window
        self.context = context
        self.presenter = presenter or SignInPresenter(context, parent=self)
        self.screen = SignInScreen(self.presenter)
        # what is set up here (the screen shown, pages hidden for a person's rights) may move
        # the keyboard focus (at launch the cursor waits in the receiver search): given back
        # below if the pages stay in front
        focused = QApplication.focusWidget()
        central = window.central_frame
        self.window_frame = central
        self.stack = window.station_stack
        self.stack.addWidget(self.screen)

        self.who_label = QLabel()
        self.who_label.setObjectName("signed_in_person")
        self.sign_out_button = QPushButton(translate("SignIn", "Sign out"))
        self.sign_out_button.setObjectName("sign_out_button")
        self.sign_out_button.setFlat(True)
        corner = MenuBarCorner(window.menuBar().sizeHint().height())
        row = QHBoxLayout(corner)
        row.setContentsMargins(0, 0, 6, 0)
        row.addWidget(self.who_label)
        row.addWidget(self.sign_out_button)
        self.corner = corner
        corner.setVisible(False)  # until someone signs in
        window.menuBar().setCornerWidget(corner)

        self.sign_out_action = window_action(
            window, translate("SignIn", "Sign &out"), SIGN_OUT_KEYS
        )
        menu = window.shipment_menu
        actions = menu.actions()
        if actions:  # above Quit
            menu.insertAction(actions[-1], self.sign_out_action)
        else:
            menu.addAction(self.sign_out_action)
        self.sign_out_action.triggered.connect(lambda _=False: self.presenter.sign_out())
        self.sign_out_button.clicked.connect(lambda _=False: self.presenter.sign_out())
        self._locked_actions: dict[QAction, bool] = {}

        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        window.closed.connect(self._remove_filter)
        self.presenter.state_changed.connect(self._show_state)
        self.presenter.shown_changed.connect(self.apply)
        window.tabs.pages_changed.connect(self._pages_changed)
        context.profile_changed.connect(lambda *_: self._show_station())
        self._applying = False
        scan: Any = window.page("Scan")
        self.events: StationEvents | None = None
        if hasattr(scan, "presenter"):
            self.events = StationEvents(context, scan.presenter, ask_release_reason(window), self)
        self._show_state(self.presenter.state)
        if (
            self.stack.currentWidget() is central
            and focused is not None
            and central.isAncestorOf(focused)
        ):
            focused.setFocus(Qt.FocusReason.OtherFocusReason)

    # --- input --------------------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        if event.type() in INPUT_EVENTS and self.presenter.state == "signed_in":
            self.presenter.note_input()
        return super().eventFilter(watched, event)

    def _remove_filter(self) -> None:
        app = QApplication.instance()
        if app is not None:
            app.removeEventFilter(self)

    # --- state ------------------------------------------------------------------------------

    def _show_state(self, state: str) -> None:
        locked = state in ("waiting", "checking")
        self.stack.setCurrentWidget(self.screen if locked else self.window_frame)
        self._lock_menus(locked)
        self.sign_out_action.setVisible(state == "signed_in")
        self.who_label.setText(self.presenter.who_text())
        self.corner.adjustSize()
        self.corner.setVisible(state == "signed_in")
        # the menu bar sizes its corner only when it is set or shown: again for the new name
        self.window.menuBar().setCornerWidget(self.corner)
        self._show_station()
        if locked:
            self.screen.code_field.setFocus()
        self.apply(self.presenter.shown)

    def _show_station(self) -> None:
        profile = self.context.profile
        station = self.context.presence.station
        name = profile.name if profile is not None else ""
        self.screen.show_station(
            translate("SignIn", "Station {station} · {profile}").format(
                station=station, profile=name
            )
            if station
            else name
        )

    def _lock_menus(self, locked: bool) -> None:
        """While no one is signed in, only Quit and the shortcut sheet answer. (An action
        hidden is disabled by Qt already and enabled again when shown: it is left alone, or
        the lock would keep it disabled for good.)"""
        if locked and not self._locked_actions:
            window = self.window
            actions = [*window.shipment_menu.actions()[:-1], *window.go_menu.actions()]
            for action in actions:
                if action.isVisible() and not action.isSeparator():
                    self._locked_actions[action] = action.isEnabled()
                    action.setEnabled(False)
        elif not locked and self._locked_actions:
            for action, enabled in self._locked_actions.items():
                action.setEnabled(enabled)
            self._locked_actions.clear()

    # --- what the rights show -----------------------------------------------------------------

    def _pages_changed(self) -> None:
        if not self._applying:
            self.apply(self.presenter.shown)

    def apply(self, shown: Shown) -> None:
        """Show the pages, Settings tabs and actions `shown` allows; hide the rest."""
        if self._applying:
            return
        self._applying = True
        try:
            self._apply(shown)
        finally:
            self._applying = False

    def _apply(self, shown: Shown) -> None:
        window = self.window
        if shown.figures and window.page(FIGURES) is None and window.settings_page:
            from desktop_app.gui.people.figures import PackingFiguresPage

            window.add_page(FIGURES, PackingFiguresPage(self.context))
            names = window.tabs.names()
            if SETTINGS in names:  # Settings stays the last tab
                window.tabs.tabBar().moveTab(names.index(FIGURES), names.index(SETTINGS))
        window.show_for(shown.rights)  # the declared pages and Settings tabs
        window.tabs.set_page_visible(FIGURES, shown.figures)  # (not declared: people only)
        if shown.rights == frozenset():  # no one signed in: not even Settings is reachable
            window.tabs.set_page_visible(SETTINGS, False)
        history: Any = window.history_page
        if hasattr(history, "action_row"):
            history.action_row.delete_button.setVisible(shown.delete)
            history.row_actions.delete.setVisible(shown.delete)
            model = history.model
            history.table.setColumnHidden(model.PRICE, not shown.prices)
            history.table.setColumnHidden(model.MADE_BY, not shown.made_by)
        combo = window.banner.profile_combo
        combo.setVisible(shown.profile_switcher)
        for label in window.banner.findChildren(QLabel):
            if label.buddy() is combo:  # "Profile:" goes with its switcher
                label.setVisible(shown.profile_switcher)
        for action in window.go_menu.actions():
            if action.shortcut().toString() == "Ctrl+Shift+P":
                action.setVisible(shown.profile_switcher)
