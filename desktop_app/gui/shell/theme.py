"""Colours and texts that make sandbox and live look different at a glance."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate

APP_NAME = "Packdesk"

ERROR_COLOR = "#b3261e"
OK_COLOR = "#1b5e20"
MUTED_COLOR = "#5f6368"


@dataclass(frozen=True, slots=True)
class EnvironmentLook:
    """How one environment is shown: banner text, colours, the word in the title."""

    word_source: str
    banner_source: str
    background: str
    foreground: str
    frame: str

    @property
    def word(self) -> str:
        """ "SANDBOX" or "LIVE" in the UI language."""
        return translate("Window", self.word_source)

    @property
    def banner(self) -> str:
        """The banner's text in the UI language."""
        return translate("Window", self.banner_source)


SANDBOX_LOOK = EnvironmentLook(
    word_source=QT_TRANSLATE_NOOP("Window", "SANDBOX"),
    banner_source=QT_TRANSLATE_NOOP("Window", "SANDBOX — test labels, not for shipping"),
    background="#ffd54f",
    foreground="#3e2700",
    frame="#f9a825",
)
LIVE_LOOK = EnvironmentLook(
    word_source=QT_TRANSLATE_NOOP("Window", "LIVE"),
    banner_source=QT_TRANSLATE_NOOP("Window", "LIVE — labels cost money"),
    background="#2e7d32",
    foreground="#ffffff",
    frame="#1b5e20",
)


#: the environments a profile can have
ENVIRONMENTS = ("sandbox", "live")


def look_for(environment: str) -> EnvironmentLook:
    """The look of "sandbox" or "live" (anything else is treated as live: the safe side)."""
    return SANDBOX_LOOK if environment == "sandbox" else LIVE_LOOK


def profile_title(profile: Any) -> str:
    """A profile's name as shown: the built-in Local sandbox's in the UI language."""
    if getattr(profile, "builtin_local", False):
        return translate("Window", "Local sandbox")
    return str(profile.name)


def window_title(profile_name: str, environment: str) -> str:
    """`Packdesk — <profile> (SANDBOX|LIVE)`."""
    return translate("Window", "{app} — {profile} ({environment})").format(
        app=APP_NAME, profile=profile_name, environment=look_for(environment).word
    )


def banner_style(environment: str) -> str:
    """Style sheet of the environment banner."""
    look = look_for(environment)
    return (
        f"QFrame#environmentBanner {{ background: {look.background}; "
        f"border-bottom: 3px solid {look.frame}; }}"
        f"QFrame#environmentBanner QLabel {{ color: {look.foreground}; font-weight: bold; }}"
    )


def frame_style(environment: str) -> str:
    """A coloured frame around the central area, so the environment shows on every page."""
    look = look_for(environment)
    return f"QWidget#centralFrame {{ border: 4px solid {look.frame}; }}"


ERROR_LABEL_STYLE = f"color: {ERROR_COLOR}; font-size: 90%;"
MESSAGE_ERROR_STYLE = (
    f"QLabel {{ color: {ERROR_COLOR}; background: #fdecea; border: 1px solid #f5c6c2;"
    " padding: 6px; border-radius: 4px; }"
)
MESSAGE_OK_STYLE = (
    f"QLabel {{ color: {OK_COLOR}; background: #e8f5e9; border: 1px solid #c8e6c9;"
    " padding: 6px; border-radius: 4px; }"
)
MESSAGE_INFO_STYLE = (
    "QLabel { color: #0d47a1; background: #e3f2fd; border: 1px solid #bbdefb;"
    " padding: 6px; border-radius: 4px; }"
)
