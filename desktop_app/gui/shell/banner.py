"""The coloured SANDBOX/LIVE band across the top of the main window, with the profile switcher."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QLabel, QWidget

from desktop_app.gui.core.theme import banner_style, look_for, profile_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.elided import ElidedLabel

if TYPE_CHECKING:  # (the window's frame is shown before pydantic is imported)
    from desktop_app.profiles.models import Profile


class EnvironmentBannerWidget(QFrame):
    """The coloured SANDBOX/LIVE band across the top, holding the profile switcher."""

    profile_chosen = Signal(object)  # Profile

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("environmentBanner")
        self.environment = "sandbox"
        self.text_label = ElidedLabel(max_preferred=480)
        self.text_label.setObjectName("environmentText")
        font = self.text_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.text_label.setFont(font)
        self.profile_combo = QComboBox()
        self.profile_combo.setObjectName("profileSwitcher")
        self.profile_combo.setMinimumContentsLength(26)  # "Lokale Testumgebung  (TEST)" whole
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
        # styled (bold labels) from the start: the profile's look changes colours, not sizes
        self.setStyleSheet(banner_style(self.environment))

    def set_profiles(self, profiles: list[Profile], current_id: str | None) -> None:
        """Fill the switcher; each entry says whether it is sandbox or live."""
        self._profiles = list(profiles)
        with blocked_signals(self.profile_combo):
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
            with blocked_signals(self.profile_combo):
                self.profile_combo.setCurrentIndex(index)

    def _on_activated(self, index: int) -> None:
        profile_id = self.profile_combo.itemData(index)
        profile = next((p for p in self._profiles if p.id == profile_id), None)
        if profile is not None:
            self.profile_chosen.emit(profile)


@contextlib.contextmanager
def blocked_signals(widget: QWidget) -> Iterator[None]:
    """`widget` emits no signals inside the block (its previous blocking comes back after)."""
    old = widget.blockSignals(True)
    try:
        yield
    finally:
        widget.blockSignals(old)
