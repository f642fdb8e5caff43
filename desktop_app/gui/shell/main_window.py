"""The main window: environment banner with the profile switcher, pages, status bar."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.shell.closing import WAITING_STATES, close_question
from desktop_app.gui.shell.context import AppContext
from desktop_app.gui.shell.live_switch import confirm_live_switch, needs_live_confirmation
from desktop_app.gui.shell.shortcuts import ShortcutSheetDialog, window_action
from desktop_app.gui.shell.status_bar import StatusBarWidget
from desktop_app.gui.shell.theme import (
    banner_style,
    frame_style,
    look_for,
    profile_title,
    window_title,
)
from desktop_app.gui.widgets.elided import ElidedLabel
from desktop_app.profiles.models import Profile

NEW_SHIPMENT = QT_TRANSLATE_NOOP("Window", "New shipment")
HISTORY = QT_TRANSLATE_NOOP("Window", "History")
SETTINGS = QT_TRANSLATE_NOOP("Window", "Settings")
#: the smallest screen the window must fit (a desk PC's 1024x600 netbook panel)
SMALL_SCREEN = (1024, 600)


class EnvironmentBannerWidget(QFrame):
    """The coloured SANDBOX/LIVE band across the top, holding the profile switcher."""

    profile_chosen = Signal(object)  # Profile

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("environmentBanner")
        self.environment = "sandbox"
        self.text_label = ElidedLabel(max_preferred=480)
        self.text_label.setObjectName("environmentText")
        font = self.text_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.text_label.setFont(font)
        self.profile_combo = QComboBox()
        self.profile_combo.setObjectName("profileSwitcher")
        self.profile_combo.setMinimumContentsLength(16)
        self.profile_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.profile_combo.setAccessibleName("Profile")
        self.profile_combo.setToolTip(translate("Window", "Switch profile (Ctrl+Shift+P)"))
        switch_label = QLabel(translate("Window", "&Profile:"))
        switch_label.setBuddy(self.profile_combo)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(12, 6, 12, 6)
        layout.addWidget(self.text_label, 1)
        layout.addWidget(switch_label)
        layout.addWidget(self.profile_combo)
        self.profile_combo.activated.connect(self._on_activated)
        self._profiles: list[Profile] = []

    def set_profiles(self, profiles: list[Profile], current_id: str | None) -> None:
        """Fill the switcher; each entry says whether it is sandbox or live."""
        self._profiles = list(profiles)
        with _blocked(self.profile_combo):
            self.profile_combo.clear()
            for p in self._profiles:
                self.profile_combo.addItem(
                    f"{profile_title(p)}  ({look_for(p.environment).word})", p.id
                )
            index = self.profile_combo.findData(current_id)
            if index >= 0:
                self.profile_combo.setCurrentIndex(index)

    def show_environment(self, profile: Profile) -> None:
        """Colour and words of the profile's environment."""
        self.environment = profile.environment
        self.text_label.setText(look_for(profile.environment).banner)
        self.setStyleSheet(banner_style(profile.environment))
        self.setAccessibleName(look_for(profile.environment).banner)
        index = self.profile_combo.findData(profile.id)
        if index >= 0:
            with _blocked(self.profile_combo):
                self.profile_combo.setCurrentIndex(index)

    def _on_activated(self, index: int) -> None:
        profile_id = self.profile_combo.itemData(index)
        profile = next((p for p in self._profiles if p.id == profile_id), None)
        if profile is not None:
            self.profile_chosen.emit(profile)


@contextlib.contextmanager
def _blocked(widget: QWidget) -> Any:
    old = widget.blockSignals(True)
    try:
        yield
    finally:
        widget.blockSignals(old)


class MainWindow(QMainWindow):
    """Banner + switcher, the pages "New shipment", "History", "Settings", and the status bar.

    The pages plug in with `add_page(name, widget)` (replacing the placeholder of that name)
    or by setting `history_page` / `settings_page`.
    """

    profile_changed = Signal(object)  # Profile
    shipment_created = Signal(object)  # StoredShipment
    closed = Signal()

    def __init__(
        self,
        context: AppContext,
        *,
        manage_shutdown: bool = False,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.context = context
        self._manage_shutdown = manage_shutdown
        self._shutdown_task: asyncio.Task[Any] | None = None
        self._shutdown_done = False
        self._busy = False
        self.switch_task: asyncio.Task[Any] | None = None
        self.close_confirmation: QMessageBox | None = None
        self.shortcut_sheet: ShortcutSheetDialog | None = None
        self.setObjectName("mainWindow")
        self.resize(1280, 760)

        self.banner = EnvironmentBannerWidget(context)
        self.banner.profile_chosen.connect(self.switch_profile)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("pages")
        self.tabs.setDocumentMode(True)
        self._pages: dict[str, QWidget] = {}
        self._containers: dict[str, QWidget] = {}  # what the tab holds (a scroll area)
        self._page_actions: list[QAction] = []

        central = QWidget()
        central.setObjectName("centralFrame")
        layout = QVBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.banner)
        layout.addWidget(self.tabs, 1)
        self.central_frame = central
        self.setCentralWidget(central)
        self.status_bar = StatusBarWidget(context)
        self.setStatusBar(self.status_bar)

        self.shipment_page = self._make_shipment_page()
        self.add_page(NEW_SHIPMENT, self.shipment_page)
        self.add_page(
            HISTORY, _placeholder(translate("Window", "The shipment history appears here."))
        )
        self.add_page(
            SETTINGS,
            _placeholder(translate("Window", "Profiles, printers and preferences appear here.")),
        )

        self._build_menus()

        context.profile_changed.connect(self._on_profile_changed)
        context.shipment_created.connect(self.shipment_created.emit)
        self.refresh_profiles()
        if context.profile is not None:
            self._on_profile_changed(context.profile)
        else:
            self.setWindowTitle(window_title("…", "sandbox"))

    # --- menus and keys -----------------------------------------------------------------------

    def _build_menus(self) -> None:
        """Shipment (the page's own actions), Go (pages, profile), Help (F1): every key shown."""
        bar = self.menuBar()
        self.shipment_menu = bar.addMenu(self.tr("&Shipment"))
        new = window_action(self, self.tr("&New shipment"), "Ctrl+N")
        new.triggered.connect(self.start_new_shipment)
        self.shipment_menu.addAction(new)
        for action in getattr(self.shipment_page, "menu_actions", ()):
            self.shipment_menu.addAction(action)
        self.shipment_menu.addSeparator()
        quit_action = window_action(self, self.tr("&Quit"), "Ctrl+Q")
        quit_action.triggered.connect(self.close)
        self.shipment_menu.addAction(quit_action)
        self.go_menu = bar.addMenu(self.tr("&Go"))
        switcher = window_action(self, self.tr("&Profile switcher"), "Ctrl+Shift+P")
        switcher.triggered.connect(self._focus_switcher)
        self.go_menu.addAction(switcher)
        self.go_menu.addSeparator()
        for number in range(1, 10):  # Ctrl+1 ... Ctrl+9: the pages in tab order
            action = window_action(self, "", f"Ctrl+{number}")
            action.triggered.connect(lambda _=False, i=number - 1: self.tabs.setCurrentIndex(i))
            self.go_menu.addAction(action)
            self._page_actions.append(action)
        self.help_menu = bar.addMenu(self.tr("&Help"))
        sheet = window_action(self, self.tr("&Keyboard shortcuts"), "F1")
        sheet.triggered.connect(self.show_shortcut_sheet)
        self.help_menu.addAction(sheet)
        self._refresh_page_actions()

    def menus(self) -> list[QMenu]:
        """The menus in menu-bar order."""
        return [self.shipment_menu, self.go_menu, self.help_menu]

    def _refresh_page_actions(self) -> None:
        if not self._page_actions:
            return
        for index, action in enumerate(self._page_actions):
            name = self.tabs.tabText(index) if index < self.tabs.count() else ""
            action.setText(name.replace("&", ""))
            action.setVisible(bool(name))

    def _focus_switcher(self) -> None:
        self.banner.profile_combo.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.banner.profile_combo.showPopup()

    def start_new_shipment(self) -> None:
        """Ctrl+N: the New shipment page, the cursor in the receiver search / first field."""
        self.show_page(NEW_SHIPMENT)
        focus = getattr(self.shipment_page, "focus_first", None)
        if callable(focus):
            focus()

    def show_shortcut_sheet(self) -> ShortcutSheetDialog:
        """F1: every shortcut of the menus and the form's keys."""
        if self.shortcut_sheet is None:
            self.shortcut_sheet = ShortcutSheetDialog(self.menus(), self)
        self.shortcut_sheet.show()
        self.shortcut_sheet.raise_()
        return self.shortcut_sheet

    def _make_shipment_page(self) -> QWidget:
        from desktop_app.gui.shipment.page import ShipmentPageWidget

        page = ShipmentPageWidget(self.context, self)
        # creation compares the client's environment with what the banner shows
        page.set_shown_environment(lambda: self.banner.environment)
        return page

    # --- pages ----------------------------------------------------------------------------

    def add_page(self, name: str, widget: QWidget) -> None:
        """Add a page, or replace the page of that name (keeping its position).

        Pages sit in a scroll area (the New shipment page scrolls its own form), so no page's
        minimum size can make the window bigger than a small screen.
        """
        container = widget if widget is self.shipment_page else _scrolling(widget)
        old = self._containers.get(name)
        if old is not None:
            index = self.tabs.indexOf(old)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, container, translate("Window", name))
            old.deleteLater()
        else:
            self.tabs.addTab(container, translate("Window", name))
        self._pages[name] = widget
        self._containers[name] = container
        self._refresh_page_actions()

    def move_page_last(self, name: str) -> None:
        """Put the page called `name` at the end of the tabs (Settings stays last)."""
        container = self._containers.get(name)
        if container is not None:
            self.tabs.tabBar().moveTab(self.tabs.indexOf(container), self.tabs.count() - 1)
            self._refresh_page_actions()

    def current_page(self) -> QWidget | None:
        """The page in front (not its scroll area)."""
        current = self.tabs.currentWidget()
        return next((p for n, p in self._pages.items() if self._containers[n] is current), None)

    def page(self, name: str) -> QWidget | None:
        """The page called `name`."""
        return self._pages.get(name)

    def show_page(self, name: str) -> None:
        """Bring the page called `name` to the front."""
        container = self._containers.get(name)
        if container is not None:
            self.tabs.setCurrentWidget(container)

    @property
    def history_page(self) -> QWidget | None:
        """The History page (`shell.pages` sets it)."""
        return self._pages.get(HISTORY)

    @history_page.setter
    def history_page(self, widget: QWidget) -> None:
        self.add_page(HISTORY, widget)

    @property
    def settings_page(self) -> QWidget | None:
        """The Settings page (`shell.pages` sets it)."""
        return self._pages.get(SETTINGS)

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

    def _on_profile_changed(self, profile: Profile) -> None:
        self.setWindowTitle(window_title(profile_title(profile), profile.environment))
        self.banner.show_environment(profile)
        self.central_frame.setStyleSheet(frame_style(profile.environment))
        self.profile_changed.emit(profile)

    # --- closing ------------------------------------------------------------------------------

    def _creating(self) -> bool:
        creation = getattr(self.shipment_page, "creation", None)
        return bool(self._busy or getattr(creation, "busy", False))

    def waiting_print_jobs(self) -> int:
        """Labels of the current profile's queue not printed yet."""
        queue = self.context.queue
        if queue is None:
            return 0
        with contextlib.suppress(Exception):  # a queue closing meanwhile: nothing to say
            return len(queue.jobs(states=WAITING_STATES))
        return 0

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt name
        """With `manage_shutdown`: ask while a creation or print is in flight, save the draft,
        then close the context (queue, client, service) before closing."""
        if not self._manage_shutdown or self._shutdown_done:
            event.accept()
            if self._shutdown_done or not self._manage_shutdown:
                self.closed.emit()
            return
        event.ignore()
        if self._shutdown_task is not None or self.close_confirmation is not None:
            return
        question = close_question(self._creating(), self.waiting_print_jobs())
        if question is None:
            self._start_shutdown()
            return
        box = QMessageBox(self)
        box.setObjectName("closeConfirmation")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(self.tr("Close Packdesk"))
        box.setText(question.text)
        box.setInformativeText(question.details)
        proceed = box.addButton(question.proceed, QMessageBox.ButtonRole.AcceptRole)
        stay = box.addButton(self.tr("Keep working"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(proceed)
        box.setEscapeButton(stay)

        def decided(_result: int) -> None:
            self.close_confirmation = None
            if box.clickedButton() is proceed:
                self._start_shutdown()
            box.deleteLater()

        box.finished.connect(decided)
        self.close_confirmation = box
        box.open()

    def _start_shutdown(self) -> None:
        if self._shutdown_task is None:
            self.statusBar().showMessage(
                translate(
                    "Window", "Closing: finishing the label and print jobs, stopping services..."
                )
            )
            self.setEnabled(False)
            self._shutdown_task = asyncio.ensure_future(self._shutdown())

    async def _shutdown(self) -> None:
        try:
            page: Any = self.shipment_page
            creation = getattr(page, "creation", None)
            task = getattr(creation, "task", None)
            if task is not None and not task.done():
                # the creation finishes (stored, journal settled) before anything closes
                await asyncio.wait([task])
            save = getattr(page, "save_draft_now", None)
            if callable(save):
                save()
            await self.context.aclose()
        finally:
            self._shutdown_done = True
            self.close()


def _scrolling(widget: QWidget) -> QScrollArea:
    """`widget` in a frameless scroll area that resizes it (scroll bars only when too small)."""
    area = QScrollArea()
    area.setObjectName(f"{widget.objectName() or 'page'}Scroll")
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def _placeholder(text: str) -> QWidget:
    widget = QWidget()
    layout = QVBoxLayout(widget)
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    layout.addWidget(label)
    return widget
