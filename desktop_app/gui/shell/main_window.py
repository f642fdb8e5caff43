"""The main window: environment banner with the profile switcher, pages, status bar.

Its parts live beside it: the banner (`banner`), the page tabs (`page_tabs`), the menus
(`menus`), the close question (`closing`) and the status bar (`status_bar`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QMainWindow,
    QMenu,
    QMessageBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import frame_style, profile_title, window_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.shell.banner import EnvironmentBannerWidget
from desktop_app.gui.shell.closing import (
    WAITING_STATES,
    ask_before_closing,
    close_question,
    finish_and_close,
    follow,
    nothing_left_question,
)
from desktop_app.gui.shell.live_switch import confirm_live_switch, needs_live_confirmation
from desktop_app.gui.shell.menus import WindowMenus
from desktop_app.gui.shell.page_tabs import PageTabsWidget, placeholder
from desktop_app.gui.shell.pages import (
    FORM_PLACEHOLDER,
    HISTORY,
    NEW_SHIPMENT,
    PAGES,
    SETTINGS,
    entry_named,
    visible_pages,
)
from desktop_app.gui.shell.shortcuts import ShortcutSheetDialog
from desktop_app.gui.shell.status_bar import StatusBarWidget, lay_out_before_shown

if TYPE_CHECKING:
    # the frame is shown before asyncio, pydantic, the context and the form are imported
    import asyncio

    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shipment.page import ShipmentPage
    from desktop_app.profiles.models import Profile

__all__ = ["HISTORY", "NEW_SHIPMENT", "SETTINGS", "SMALL_SCREEN", "MainWindow"]

#: the smallest screen the window must fit (a desk PC's 1024x600 netbook panel)
SMALL_SCREEN = (1024, 600)


class MainWindow(QMainWindow):
    """Banner + switcher, the pages (`shell.pages.PAGES`), the status bar. `MainWindow()` is
    the frame (menus, bars, tabs with placeholders: shown before the context and the form's
    modules are imported), `attach(context)` builds the New shipment page into it;
    `MainWindow(context)` does both. `add_page(name, widget)` replaces the placeholder of
    that name; `show_for(rights)` shows only what a signed-in person may use."""

    profile_changed = Signal(object)  # Profile
    shipment_created = Signal(object)  # StoredShipment
    closed = Signal()
    # the app context and the New shipment page (from `attach` on)
    context: AppContext
    shipment_page: ShipmentPage

    def __init__(
        self,
        context: AppContext | None = None,
        *,
        manage_shutdown: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._manage_shutdown = manage_shutdown
        self._shutdown_task: asyncio.Task[Any] | None = None
        self._shutdown_done = False
        self._busy = False
        self.attached = False
        self.switch_task: asyncio.Task[Any] | None = None
        self.close_confirmation: QMessageBox | None = None
        self.shortcut_sheet: ShortcutSheetDialog | None = None
        self.setObjectName("mainWindow")
        self.resize(1280, 760)
        self.setWindowTitle(window_title("…", "sandbox"))

        self.banner = EnvironmentBannerWidget()
        self.banner.profile_chosen.connect(self.switch_profile)
        self.tabs = PageTabsWidget([entry.name for entry in PAGES])
        #: what the signed-in person may do (None: nobody signs in at this desk: every page)
        self.rights: frozenset[str] | None = None

        self.central_frame, self.station_stack = _central_stack(self.banner, self.tabs)
        self.setCentralWidget(self.station_stack)
        self.status_bar = StatusBarWidget()
        self.setStatusBar(self.status_bar)

        self.tabs.add_page(
            NEW_SHIPMENT,
            placeholder(translate("Window", FORM_PLACEHOLDER)),
            scrolls_itself=True,
        )
        for entry in PAGES:
            if entry.built == "first":
                self.add_page(entry.name, placeholder(translate("Window", entry.placeholder)))
        self.window_menus = WindowMenus(
            self,
            self.tabs,
            new_shipment=self.start_new_shipment,
            focus_switcher=self._focus_switcher,
            show_shortcuts=self.show_shortcut_sheet,
        )
        self.shipment_menu = self.window_menus.shipment_menu
        self.go_menu = self.window_menus.go_menu
        self.help_menu = self.window_menus.help_menu
        if context is not None:
            self.attach(context)

    def attach(self, context: AppContext) -> None:
        """Build the New shipment page (in its placeholder's place, its keys into the
        Shipment menu) and follow `context` from now on."""
        self.context = context
        self.status_bar.attach(context)
        self.shipment_page = self._make_shipment_page()
        self.tabs.add_page(NEW_SHIPMENT, self.shipment_page, scrolls_itself=True)
        self.window_menus.add_shipment_actions(getattr(self.shipment_page, "menu_actions", ()))
        self.attached = True
        context.profile_changed.connect(self._on_profile_changed)
        context.shipment_created.connect(self.shipment_created.emit)
        context.print_job_changed.connect(self._follow_close_question)
        self.refresh_profiles()
        if context.profile is not None:
            self._on_profile_changed(context.profile)

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt name
        """Lay the window out before its native window exists: its minimum size is then set
        once, not changed right after the platform window was made."""
        if visible:
            lay_out_before_shown(self, self.status_bar)
        super().setVisible(visible)

    def showMaximized(self) -> None:  # noqa: N802 - Qt name
        """Laid out first too: Qt makes the native window before `setVisible` here."""
        lay_out_before_shown(self, self.status_bar)
        super().showMaximized()

    # --- menus and keys -----------------------------------------------------------------------

    def menus(self) -> list[QMenu]:
        """The menus in menu-bar order."""
        return self.window_menus.menus()

    def _focus_switcher(self) -> None:
        self.banner.profile_combo.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.banner.profile_combo.showPopup()

    def start_new_shipment(self) -> None:
        """Ctrl+N: the New shipment page, the cursor in the receiver search / first field."""
        self.show_page(NEW_SHIPMENT)
        focus = getattr(getattr(self, "shipment_page", None), "focus_first", None)
        if callable(focus):
            focus()

    def show_shortcut_sheet(self) -> ShortcutSheetDialog:
        """F1: every shortcut of the menus and the form's keys."""
        if self.shortcut_sheet is None:
            self.shortcut_sheet = ShortcutSheetDialog(self.menus(), self)
        self.shortcut_sheet.show()
        self.shortcut_sheet.raise_()
        return self.shortcut_sheet

    def _make_shipment_page(self) -> ShipmentPage:
        from desktop_app.gui.shipment.page import ShipmentPage

        page = ShipmentPage(self.context, self)
        # creation compares the client's environment with what the banner shows
        page.set_shown_environment(lambda: self.banner.environment)
        return page

    # --- pages ----------------------------------------------------------------------------

    def add_page(self, name: str, widget: QWidget) -> None:
        """Add a page in a scroll area, or replace the page of that name (same position)."""
        self.tabs.add_page(name, widget)

    def show_for(self, rights: Collection[str] | None) -> None:
        """Show only the pages (and Settings tabs) a person with `rights` may use; None:
        nobody signs in at this desk, everything shows. Pages built later follow too."""
        self.rights = None if rights is None else frozenset(rights)
        if self.rights is None:
            self.tabs.show_only(None)
        else:
            allowed = {entry.name for entry in visible_pages(self.rights)}
            # a page not declared in `PAGES` asks for no right
            self.tabs.show_only(
                {n for n in self.tabs.names() if n in allowed or entry_named(n) is None}
            )
        show_tabs = getattr(self.settings_page, "show_for", None)
        if callable(show_tabs):
            show_tabs(self.rights)

    def current_page(self) -> QWidget | None:
        """The page in front (not its scroll area)."""
        return self.tabs.current_page()

    def page(self, name: str) -> QWidget | None:
        """The page called `name`."""
        return self.tabs.page(name)

    def current_page_name(self) -> str:
        """The untranslated name of the page in front (the watchdog's records name it)."""
        return self.tabs.current_name()

    def show_page(self, name: str) -> None:
        """Bring the page called `name` to the front (not a hidden one)."""
        self.tabs.show_page(name)

    @property
    def history_page(self) -> QWidget | None:
        """The History page (`shell.pages` sets it)."""
        return self.tabs.page(HISTORY)

    @history_page.setter
    def history_page(self, widget: QWidget) -> None:
        self.add_page(HISTORY, widget)

    @property
    def settings_page(self) -> QWidget | None:
        """The Settings page (`shell.pages` sets it)."""
        return self.tabs.page(SETTINGS)

    @settings_page.setter
    def settings_page(self, widget: QWidget) -> None:
        self.add_page(SETTINGS, widget)

    # --- profiles -----------------------------------------------------------------------------

    def refresh_profiles(self) -> None:
        """Re-read the profiles for the switcher (after Settings added or renamed one)."""
        current = self.context.profile.id if self.context.profile else None
        self.banner.set_profiles(self.context.manager.list(), current)

    def switch_profile(self, profile: Profile) -> asyncio.Task[Any] | None:
        """Switch the whole window to `profile` (refused while a creation runs)."""
        if self._busy:
            self.statusBar().showMessage(
                translate("Window", "Wait for the creation to finish before switching."), 5000
            )
            if self.context.profile is not None:
                self.banner.show_environment(self.context.profile)
            return None
        if self.context.profile is not None and profile.id == self.context.profile.id:
            return None
        if needs_live_confirmation(self.context.profile, profile) and not confirm_live_switch(
            self, profile
        ):
            if self.context.profile is not None:
                self.banner.show_environment(self.context.profile)  # the switcher goes back
            return None
        # what is typed stays as this profile's draft and comes back on switching back
        save = getattr(self.shipment_page, "save_draft_now", None)
        if callable(save):
            save()
        self.switch_task = self.context.switch_profile(profile)
        return self.switch_task

    def set_busy(self, busy: bool) -> None:
        """While a creation runs the profile cannot change under it."""
        self._busy = busy
        self.banner.profile_combo.setEnabled(not busy)
        self._follow_close_question()

    def _follow_close_question(self, *_args: Any) -> None:
        """An open close question says what is in flight now, not what was when it opened."""
        box = self.close_confirmation
        if box is not None:
            question = close_question(self._creating(), self.waiting_print_jobs())
            follow(box, question or nothing_left_question())

    def _on_profile_changed(self, profile: Profile) -> None:
        self.setWindowTitle(window_title(profile_title(profile), profile.environment))
        self.banner.show_environment(profile)
        _show_environment_look(self.central_frame, profile.environment)
        self.profile_changed.emit(profile)

    # --- closing ------------------------------------------------------------------------------

    @property
    def closing(self) -> bool:
        """Whether the window is closing or closed (start-up builds nothing more then)."""
        return self._shutdown_task is not None or self._shutdown_done or not self.isVisible()

    def _creating(self) -> bool:
        creation = getattr(getattr(self, "shipment_page", None), "creation", None)
        return bool(self._busy or getattr(creation, "busy", False))

    def waiting_print_jobs(self) -> int:
        """Labels of the current profile's queue not printed yet."""
        queue = self.context.queue if self.attached else None
        if queue is None:
            return 0
        with contextlib.suppress(Exception):  # a queue closing meanwhile: nothing to say
            return len(queue.jobs(states=WAITING_STATES))
        return 0

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt name
        """With `manage_shutdown`: ask while a creation or print is in flight, save the draft,
        then close the context (queue, client, service) before closing. The frame alone
        (closed before `attach`) has nothing to finish: it closes at once."""
        if not self._manage_shutdown or self._shutdown_done or not self.attached:
            event.accept()
            self.closed.emit()
            return
        event.ignore()
        if self._shutdown_task is not None or self.close_confirmation is not None:
            return
        question = close_question(self._creating(), self.waiting_print_jobs())
        if question is None:
            self._start_shutdown()
            return
        self.close_confirmation = ask_before_closing(self, question, self._start_shutdown)
        self.close_confirmation.finished.connect(self._close_question_answered)

    def _close_question_answered(self, _result: int) -> None:
        self.close_confirmation = None

    def _start_shutdown(self) -> None:
        if self._shutdown_task is None:
            self.statusBar().showMessage(
                translate(
                    "Window", "Closing: finishing the label and print jobs, stopping services..."
                )
            )
            self.setEnabled(False)
            import asyncio

            self._shutdown_task = asyncio.ensure_future(self._shutdown())

    async def _shutdown(self) -> None:
        try:
            await finish_and_close(self.shipment_page, self.context)
        finally:
            self._shutdown_done = True
            self.close()


def _central_stack(banner: QWidget, tabs: QWidget) -> tuple[QWidget, QStackedWidget]:
    """The frame (banner over the page tabs) and the stack holding it: in a stack from the
    start, so a station's sign-in screen joins it later (`shell.sign_in`) without the
    window's central widget, and minimum size, changing."""
    central = QWidget()
    central.setObjectName("centralFrame")
    layout = QVBoxLayout(central)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    layout.addWidget(banner)
    layout.addWidget(tabs, 1)
    stack = QStackedWidget()
    stack.setObjectName("stationStack")
    stack.addWidget(central)
    return central, stack


def _show_environment_look(frame: QWidget, environment: str) -> None:
    """The frame's look for `environment`, set only when it changes: setting a style sheet
    re-polishes every widget of the window (~300 ms of the GUI thread), and a saved setting
    reloads the profile without changing its look."""
    style = frame_style(environment)
    if frame.styleSheet() != style:
        frame.setStyleSheet(style)
