"""Status bar: environment, connection, rate-limit remaining, print queue, pending creations."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QSizeGrip, QStatusBar, QToolButton, QWidget

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.theme import ENVIRONMENTS, ERROR, MUTED, OK, WARNING, color, look_for
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.elided import ElidedLabel

if TYPE_CHECKING:
    # annotations only: the window's frame (with this bar) is shown before the context, the
    # client and pydantic are imported; the print queue (and the label converters under it)
    # is imported when a profile opens
    from desktop_app.client.ratelimit import RateLimitState
    from desktop_app.gui.core.context import AppContext
    from desktop_app.printing.queue import PrinterStatus, PrintJob
    from desktop_app.profiles.models import Profile

_CONNECTION_ICONS = {
    "connected": "●",
    "starting": "◌",
    "connecting": "◌",
    "error": "✖",
    "offline": "○",
}


#: what the connection field says in each state (the whole message is its tooltip)
_CONNECTION_WORDS = {
    "connected": QT_TRANSLATE_NOOP("Window", "Connected"),
    "starting": QT_TRANSLATE_NOOP("Window", "Starting…"),
    "connecting": QT_TRANSLATE_NOOP("Window", "Connecting…"),
    "error": QT_TRANSLATE_NOOP("Window", "Not connected"),
    "offline": QT_TRANSLATE_NOOP("Window", "Offline"),
}


def connection_texts(state: str, message: str) -> tuple[str, str]:
    """The status bar's connection field in words ("● Connected") and its whole message (the
    tooltip: "Connected to https://…"): a machine address never fills the status bar."""
    icon = _CONNECTION_ICONS.get(state, "○")
    word = _CONNECTION_WORDS.get(state)
    return f"{icon} {translate('Window', word) if word else message}", message


def rate_texts(state: RateLimitState) -> tuple[str, str]:
    """The status bar's rate field in words ("110 calls left") and its whole form (the
    tooltip, with the limit and when the window resets)."""
    if state.remaining is None:
        text = translate("Window", "API calls left: –")
        return text, text
    left = f"{state.remaining}/{state.limit}" if state.limit is not None else state.remaining
    if state.reset_at is not None:
        seconds = max(0, round(state.reset_at - time.time()))
        whole = translate("Window", "API calls left: {0} (reset in {1} s)").format(left, seconds)
    else:
        whole = translate("Window", "API calls left: {0}").format(left)
    return translate("Window", "{0} calls left").format(state.remaining), whole


def printer_texts(name: str, status: PrinterStatus | None) -> tuple[str, str]:
    """The status bar's printer field in words ("Printer: ready", "Printer: needs attention")
    and its whole form (the tooltip: the printer's name and its own problem)."""
    from desktop_app.gui.core.sandbox_printer import printer_title
    from desktop_app.gui.i18n.words import printer_state_word, printer_status_text

    title = printer_title(name)
    if status is None:
        return translate("Window", "Printer: –"), translate("Window", "Printer {name}").format(
            name=title
        )
    whole = translate("Window", "Printer {name}: {message}").format(
        name=title, message=printer_status_text(status)
    )
    return translate("Window", "Printer: {0}").format(printer_state_word(status)), whole


class StatusBarWidget(QStatusBar):
    """Permanent fields kept up to date from the context's signals (from `attach` on: the
    window's frame shows the bar before there is a context)."""

    context: AppContext

    def __init__(self, context: AppContext | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.environment_label = QLabel()
        self.environment_label.setObjectName("environmentBadge")
        self.environment_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.environment_label.setFixedWidth(_widest_environment_word(self.environment_label))
        # messages of any length: elided, so none can widen the window
        # the badge stands first at the left edge and the temporary message's field takes the
        # room the others leave: no text, status or profile moves the badge
        self.message_label = ElidedLabel()
        self.message_label.setObjectName("statusMessage")
        self.messageChanged.connect(self.message_label.setText)
        self.connection_label = ElidedLabel()
        self.rate_label = ElidedLabel(translate("Window", "API calls left: –"))
        self.queue_label = ElidedLabel(translate("Window", "Printer: –"))
        self.journal_label = ElidedLabel(max_preferred=220)
        for label in (
            self.environment_label,
            self.message_label,
            self.connection_label,
            self.rate_label,
            self.queue_label,
            self.journal_label,
        ):
            label.setContentsMargins(6, 0, 6, 0)
            self.addPermanentWidget(label, 1 if label is self.message_label else 0)
        self.journal_label.hide()
        self.retry_button = QToolButton()
        self.retry_button.setObjectName("reconnectButton")
        self.retry_button.setText(translate("Window", "Try again"))
        self.retry_button.setToolTip(translate("Window", "Connect to the shipping service again"))
        self.retry_button.hide()
        self.addPermanentWidget(self.retry_button)
        # the pending-creations count and "Try again" come and go in space kept for them, so
        # the status bar's (and the window's) minimum width never changes while the app runs
        # as does the size grip, which the status bar shows only once the window is shown
        grips = self.findChildren(QSizeGrip)
        for optional in (self.journal_label, self.retry_button, *grips):
            policy = optional.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            optional.setSizePolicy(policy)
        self.connection_label.setText(connection_texts("starting", "")[0])
        if context is not None:
            self.attach(context)

    def attach(self, context: AppContext) -> None:
        """Follow `context`: its profile, connection, rate limit, print jobs and journal."""
        self.context = context
        self.retry_button.clicked.connect(lambda: context.spawn(context.reconnect()))
        context.profile_changed.connect(self._on_profile)
        context.connection_changed.connect(self._on_connection)
        context.rate_limit_changed.connect(self._on_rate_limit)
        context.print_job_changed.connect(self._on_print_job)
        context.journal_changed.connect(self._on_journal)
        self._on_connection(context.connection_state, context.connection_message)
        if context.profile is not None:
            self._on_profile(context.profile)

    def _on_profile(self, profile: Profile) -> None:
        look = look_for(profile.environment)
        self.environment_label.setText(f" {look.word} ")
        self.environment_label.setStyleSheet(
            f"background: {look.background}; color: {look.foreground}; font-weight: bold;"
        )
        self.environment_label.setAccessibleName(
            translate("Window", "Environment {0}").format(look.word)
        )
        self.rate_label.setText(translate("Window", "API calls left: –"))
        self._refresh_queue()

    def _on_connection(self, state: str, message: str) -> None:
        shown, whole = connection_texts(state, message)
        self.connection_label.setText(shown)
        meaning = {"connected": OK, "error": ERROR}.get(state, MUTED)
        self.connection_label.setStyleSheet(f"color: {color(meaning)};")
        self.connection_label.setToolTip(whole)
        self.connection_label.setAccessibleName(whole)
        self.retry_button.setVisible(state == "error")
        if state == "error":  # why, where there is room for it: the message field
            self.showMessage(message)

    def _on_rate_limit(self, state: RateLimitState) -> None:
        shown, whole = rate_texts(state)
        self.rate_label.setText(shown)
        self.rate_label.setToolTip(whole)
        self.rate_label.setAccessibleName(whole)

    def _on_print_job(self, job: PrintJob) -> None:
        del job  # the status of the whole printer is shown, not one job
        self._refresh_queue()

    def _refresh_queue(self) -> None:
        printer = self.context.printer()
        if printer is None:
            self.queue_label.setText(translate("Window", "Printer: none assigned"))
            self.queue_label.setStyleSheet("")
            return
        status = self.context.printer_status()
        shown, whole = printer_texts(printer.name, status)
        self.queue_label.setText(shown)
        self.queue_label.setToolTip(whole)
        self.queue_label.setAccessibleName(whole)
        if status is None:
            self.queue_label.setStyleSheet("")
            return
        meaning = {"waiting": WARNING, "attention": ERROR}.get(status.state)
        self.queue_label.setStyleSheet(f"color: {color(meaning)};" if meaning else "")

    def _on_journal(self, count: int) -> None:
        if count <= 0:
            self.journal_label.hide()
            return
        self.journal_label.setText(
            translate("Window", "%n creation(s) awaiting check", None, count)
        )
        self.journal_label.setStyleSheet(f"color: {color(WARNING)}; font-weight: bold;")
        self.journal_label.show()


def lay_out_before_shown(window: QWidget, status_bar: QStatusBar) -> None:
    """Lay `window` out (its status bar too, whose layout is otherwise rebuilt only when it
    shows) while it has no native window yet: its minimum size is then set once."""
    if window.testAttribute(Qt.WidgetAttribute.WA_WState_Created):
        return
    status_bar.reformat()
    layout = window.layout()
    if layout is not None:
        layout.activate()


def _widest_environment_word(label: QLabel) -> int:
    """Width of the environment field for its widest word (bold, with its margins)."""
    font = label.font()
    font.setBold(True)
    metrics = QFontMetrics(font)
    return max(metrics.horizontalAdvance(f" {look_for(e).word} ") for e in ENVIRONMENTS) + 12
