"""The main window: environment banner with the profile switcher, pages, status bar."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.shell.context import AppContext
from desktop_app.gui.shell.live_switch import confirm_live_switch, needs_live_confirmation
from desktop_app.gui.shell.status_bar import StatusBarWidget
from desktop_app.gui.shell.theme import (
    banner_style,
    frame_style,
    look_for,
    profile_title,
    window_title,
)
from desktop_app.profiles.models import Profile

NEW_SHIPMENT = QT_TRANSLATE_NOOP("Window", "New shipment")
HISTORY = QT_TRANSLATE_NOOP("Window", "History")
SETTINGS = QT_TRANSLATE_NOOP("Window", "Settings")


class EnvironmentBannerWidget(QFrame):
    """The coloured SANDBOX/LIVE band across the top, holding the profile switcher."""

    profile_chosen = Signal(object)  # Profile

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("environmentBanner")
        self.environment = "sandbox"
        self.text_label = QLabel()
        self.text_label.setObjectName("environmentText")
        font = self.text_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.text_label.setFont(font)
        self.profile_combo = QComboBox()
        self.profile_combo.setObjectName("profileSwitcher")
        self.profile_combo.setMinimumContentsLength(24)
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
        self.switch_confirmation: QMessageBox | None = None
        self.switch_task: asyncio.Task[Any] | None = None
        self.setObjectName("mainWindow")
        self.resize(1280, 760)

        self.banner = EnvironmentBannerWidget(context)
        self.banner.profile_chosen.connect(self.switch_profile)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("pages")
        self.tabs.setDocumentMode(True)
        self._pages: dict[str, QWidget] = {}

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

        QShortcut(QKeySequence("Ctrl+Shift+P"), self, self.banner.profile_combo.setFocus)
        for number in range(1, 10):  # Ctrl+1 ... Ctrl+9: the pages in tab order
            QShortcut(
                QKeySequence(f"Ctrl+{number}"),
                self,
                lambda index=number - 1: self.tabs.setCurrentIndex(index),
            )

        context.profile_changed.connect(self._on_profile_changed)
        context.shipment_created.connect(self.shipment_created.emit)
        self.refresh_profiles()
        if context.profile is not None:
            self._on_profile_changed(context.profile)
        else:
            self.setWindowTitle(window_title("…", "sandbox"))

    def _make_shipment_page(self) -> QWidget:
        from desktop_app.gui.shipment.page import ShipmentPageWidget

        page = ShipmentPageWidget(self.context, self)
        # creation compares the client's environment with what the banner shows
        page.set_shown_environment(lambda: self.banner.environment)
        return page

    # --- pages ----------------------------------------------------------------------------

    def add_page(self, name: str, widget: QWidget) -> None:
        """Add a page, or replace the page of that name (keeping its position)."""
        old = self._pages.get(name)
        if old is not None:
            index = self.tabs.indexOf(old)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, widget, translate("Window", name))
            old.deleteLater()
        else:
            self.tabs.addTab(widget, translate("Window", name))
        self._pages[name] = widget

    def page(self, name: str) -> QWidget | None:
        """The page called `name`."""
        return self._pages.get(name)

    def show_page(self, name: str) -> None:
        """Bring the page called `name` to the front."""
        widget = self._pages.get(name)
        if widget is not None:
            self.tabs.setCurrentWidget(widget)

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
        form = getattr(self.shipment_page, "form", None)
        has_input = getattr(form, "has_unsaved_input", None)
        if callable(has_input) and has_input():
            self._confirm_switch(profile)  # the switch happens once the user agrees
            return None
        self.switch_task = self.context.switch_profile(profile)
        return self.switch_task

    def _confirm_switch(self, profile: Profile) -> None:
        """Ask before a switch throws away the shipment being typed (non-modal: the loop runs)."""
        current = self.context.profile
        if self.switch_confirmation is not None:
            self.switch_confirmation.close()
        box = QMessageBox(self)
        box.setObjectName("switchConfirmation")
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(translate("Window", "Switch profile"))
        here = current.name if current is not None else translate("Window", "this profile")
        box.setText(translate("Window", "A shipment is being typed in {here}.").format(here=here))
        box.setInformativeText(
            translate(
                "Window",
                "Switching to {name} starts an empty form; what is typed here is discarded.",
            ).format(name=profile.name)
        )
        discard = box.addButton(
            translate("Window", "Discard and switch"), QMessageBox.ButtonRole.DestructiveRole
        )
        stay = box.addButton(translate("Window", "Keep typing"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(stay)
        box.setEscapeButton(stay)

        def decided(_result: int) -> None:
            self.switch_confirmation = None
            if box.clickedButton() is discard and not self._busy:
                self.switch_task = self.context.switch_profile(profile)
            elif self.context.profile is not None:
                self.banner.show_environment(self.context.profile)  # the switcher goes back
            box.deleteLater()

        box.finished.connect(decided)
        self.switch_confirmation = box
        box.open()

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

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 - Qt name
        """With `manage_shutdown`, close the context (queue, client, service) before closing."""
        if not self._manage_shutdown or self._shutdown_done:
            event.accept()
            if self._shutdown_done or not self._manage_shutdown:
                self.closed.emit()
            return
        event.ignore()
        if self._shutdown_task is None:
            self.statusBar().showMessage(
                translate("Window", "Closing: finishing print jobs and stopping services...")
            )
            self.setEnabled(False)
            self._shutdown_task = asyncio.ensure_future(self._shutdown())

    async def _shutdown(self) -> None:
        try:
            await self.context.aclose()
        finally:
            self._shutdown_done = True
            self.close()


def _placeholder(text: str) -> QWidget:
    widget = QWidget()
    layout = QVBoxLayout(widget)
    label = QLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignCenter)
    layout.addWidget(label)
    return widget
