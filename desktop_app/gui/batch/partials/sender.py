"""The batch page's sender: the profile's default sender, or the file's sender columns.

Every row needs a sender. Before any row is checked the page says what is missing: with no
default sender and no sender column mapped, a banner names the two ways out and its button
sets the default sender here (the rows are checked again with it). `sender_notice()` decides
what the banner says; the banner and the dialog only show it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.rules import validate_address
from desktop_app.domain.sanitize import sanitize
from desktop_app.gui.core.theme import ERROR, INFO, color, message_style, profile_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.address_form import AddressFormWidget
from desktop_app.gui.widgets.problems import problems_text

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


def maps_a_sender(targets: Iterable[str]) -> bool:
    """True when the file's mapping fills the sender's address from its columns."""
    return any(target.startswith("from.") for target in targets)


def sender_notice(has_default_sender: bool, sender_columns: bool) -> str | None:
    """What the page says about the sender before the rows are checked (None: nothing)."""
    if has_default_sender:
        return None
    if sender_columns:
        return translate(
            "Batch",
            "This profile has no default sender: rows with an empty sender column cannot be "
            "created. Set the default sender to use it for them.",
        )
    return translate(
        "Batch",
        "This profile has no default sender, so no row can be created yet: every shipment "
        "needs the sender's address. Set the default sender, or map the file's sender "
        "columns (Sender …) below.",
    )


class SenderBanner(QFrame):
    """The notice above the batch with its "Set default sender…" button."""

    #: the button was pressed
    set_sender_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("batch_sender_banner")
        self.label = QLabel()
        self.label.setObjectName("batch_sender_notice")
        self.label.setWordWrap(True)
        self.label.setStyleSheet(message_style(INFO))
        self.button = QPushButton(translate("Batch", "Set default sender…"))
        self.button.setObjectName("batch_set_sender")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.button.clicked.connect(self.set_sender_requested.emit)
        self.setVisible(False)

    def show_notice(self, text: str | None) -> None:
        """Show `text` (hidden when None)."""
        self.label.setText(text or "")
        self.setVisible(text is not None)


class DefaultSenderDialog(QDialog):
    """Type the profile's default sender; Save keeps it in the profile."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("defaultSenderDialog")
        name = profile_title(ctx.profile) if ctx.profile is not None else ""
        self.setWindowTitle(translate("Batch", "Default sender of {name}").format(name=name))
        self.form = AddressFormWidget("default_sender")
        if ctx.profile is not None and ctx.profile.default_sender:
            self.form.set_address(dict(ctx.profile.default_sender))
        self.problems_label = QLabel()
        self.problems_label.setObjectName("default_sender_problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {color(ERROR)};")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = buttons.button(QDialogButtonBox.StandardButton.Save)
        layout = QVBoxLayout(self)
        layout.addWidget(
            QLabel(translate("Batch", "Every shipment of this profile starts from this sender."))
        )
        layout.addWidget(self.form)
        layout.addWidget(self.problems_label)
        layout.addWidget(buttons)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)

    def save(self) -> bool:
        """Check the address and save it as the profile's default sender; closes on success."""
        profile = self.ctx.profile
        if profile is None:
            return False
        body = sanitize(self.form.address())
        assert isinstance(body, dict)
        problems = validate_address(body)
        if problems:
            self.problems_label.setText(problems_text(problems))
            return False
        try:
            self.ctx.manager.update(profile.model_copy(update={"default_sender": body}))
        except Exception as exc:  # a read-only config folder: say so, keep the typing
            self.problems_label.setText(
                translate("Batch", "Could not save the profile: {exc}").format(exc=exc)
            )
            return False
        self.ctx.reload_profile()  # the page checks its rows again with the new sender
        self.accept()
        return True
