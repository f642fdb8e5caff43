"""Switching to a LIVE profile asks first: labels there cost real money and send real drivers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMessageBox, QWidget

from desktop_app.gui.i18n import translate

if TYPE_CHECKING:  # (the window's frame is shown before pydantic is imported)
    from desktop_app.profiles.models import Profile


def needs_live_confirmation(current: Profile | None, target: Profile) -> bool:
    """Only a switch into a live profile from another profile asks (not live to itself)."""
    if target.environment != "live":
        return False
    return current is None or current.id != target.id


def live_switch_question(profile: Profile) -> str:
    """What the window asks before it switches to the live profile `profile`."""
    return translate(
        "Window",
        "Switch to the LIVE profile {name}?\n\n"
        "Labels created there are real: the carrier charges for them, and pickups "
        "requested there send a driver.",
    ).format(name=profile.name)


def confirm_live_switch(parent: QWidget, profile: Profile) -> bool:
    """Ask; True when the user chose to switch to the live profile."""
    answer = QMessageBox.question(
        parent,
        translate("Window", "Switch to LIVE"),
        live_switch_question(profile),
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
        QMessageBox.StandardButton.Cancel,
    )
    return answer == QMessageBox.StandardButton.Yes
