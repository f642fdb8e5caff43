"""Settings › Profiles: list; add a live profile with its key (checked first); edit; delete.

The key is checked with `GET /v1/me` (the client's `check_key`) before a profile is saved; a
key of the other environment is refused with the message saying so. The built-in Local
sandbox needs no settings and cannot be deleted.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.theme import ERROR, MUTED, OK, color, look_for, profile_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.gui.i18n.profile_errors import profile_error_text, validation_text
from desktop_app.gui.settings.profiles.partials.server_connect import ServerConnectDialog
from desktop_app.gui.settings.profiles.partials.station_approvals import (
    RIGHT_PROPERTY,
    StationApprovalsDialog,
)
from desktop_app.gui.settings.profiles.partials.station_join import StationJoinDialog
from desktop_app.gui.settings.profiles.station_approvals_presenter import REQUIRED_RIGHT
from desktop_app.gui.widgets.files import choose_file_to_open
from desktop_app.profiles.errors import ProfileError
from desktop_app.profiles.models import Profile, is_loopback_host

if TYPE_CHECKING:
    from desktop_app.client.types import Me
    from desktop_app.gui.core.context import AppContext
    from desktop_app.profiles.manager import ProfileManager

log = logging.getLogger(__name__)

ENVIRONMENT_CHOICES = (
    ("live", QT_TRANSLATE_NOOP("Settings", "Live — real shipments, charged")),
    ("sandbox", QT_TRANSLATE_NOOP("Settings", "Sandbox — test shipments on a remote service")),
)


def profile_caption(profile: Profile) -> str:
    """How a profile is listed: its name and its environment."""
    if profile.builtin_local:
        return translate("Settings", "{name}  (built-in, SANDBOX)").format(
            name=profile_title(profile)
        )
    return f"{profile.name}  ({look_for('live' if profile.is_live else 'sandbox').word})"


def _error(exc: BaseException) -> str:
    """A user-facing message for a key check failure."""
    translated = client_error_text(exc) or profile_error_text(exc)
    if translated:
        return translated
    message = getattr(exc, "user_message", None)
    return str(message or exc)


class ProfileDialog(QDialog):
    """Add or edit a profile. `check_key()` and `save()` are the two actions, both async."""

    #: the profile as saved
    saved = Signal(object)
    #: the result of a key check: (ok, message)
    key_checked = Signal(bool, str)

    def __init__(
        self,
        manager: ProfileManager,
        profile: Profile | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.manager = manager
        self.original = profile
        self._tasks: set[asyncio.Task[Any]] = set()
        #: what the last successful check proved: (base_url, key, ca_file, environment) -> me
        self._verified: tuple[tuple[str, str, str | None, str], str] | None = None
        self.setWindowTitle(
            translate("Settings", "Edit profile")
            if profile
            else translate("Settings", "Add a live profile")
        )
        self.setObjectName("profile_dialog")
        self.setMinimumWidth(520)

        self.name_edit = QLineEdit()
        self.environment_combo = QComboBox()
        for value, text in ENVIRONMENT_CHOICES:
            self.environment_combo.addItem(translate("Settings", text), value)
        self.url_edit = QLineEdit()
        self.url_edit.setPlaceholderText(translate("Settings", "https://api.example.com/v1"))
        self.key_edit = QLineEdit()
        self.key_edit.setEchoMode(QLineEdit.EchoMode.Password)
        self.key_edit.setObjectName("api_key")
        show_key = QAction(translate("Settings", "Show"), self.key_edit)
        show_key.setCheckable(True)
        show_key.toggled.connect(
            lambda on: self.key_edit.setEchoMode(
                QLineEdit.EchoMode.Normal if on else QLineEdit.EchoMode.Password
            )
        )
        self.key_edit.addAction(show_key, QLineEdit.ActionPosition.TrailingPosition)
        self.ca_edit = QLineEdit()
        self.ca_edit.setPlaceholderText(
            translate("Settings", "only for a self-hosted service with its own CA")
        )
        ca_browse = QPushButton(translate("Settings", "Browse…"))
        ca_browse.clicked.connect(self._browse_ca)
        ca_row = QHBoxLayout()
        ca_label = QLabel(translate("Settings", "C&A file"))
        ca_label.setBuddy(self.ca_edit)
        ca_row.addWidget(self.ca_edit, 1)
        ca_row.addWidget(ca_browse)
        self.loopback_check = QCheckBox(
            translate("Settings", "A test service on this computer (allow a loopback address)")
        )
        self.check_button = QPushButton(translate("Settings", "Check key"))
        self.check_button.setObjectName("check_key")
        self.result_label = QLabel()
        self.result_label.setObjectName("key_result")
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        key_row = QHBoxLayout()
        key_row.addWidget(self.key_edit, 1)
        key_row.addWidget(self.check_button)

        form = QFormLayout()
        form.addRow(translate("Settings", "&Name"), self.name_edit)
        form.addRow(translate("Settings", "&Type"), self.environment_combo)
        form.addRow(translate("Settings", "Service &URL"), self.url_edit)
        key_label = QLabel(translate("Settings", "API &key"))
        key_label.setBuddy(self.key_edit)  # a row holding a layout gets no buddy by itself
        form.addRow(key_label, key_row)
        form.addRow("", self.result_label)
        form.addRow(ca_label, ca_row)
        form.addRow("", self.loopback_check)

        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.buttons.accepted.connect(self._on_save)
        self.buttons.rejected.connect(self.reject)
        self.check_button.clicked.connect(self._on_check)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

        if profile is not None:
            self.name_edit.setText(profile.name)
            self.environment_combo.setCurrentIndex(
                self.environment_combo.findData(profile.environment)
            )
            self.url_edit.setText(profile.base_url)
            self.ca_edit.setText(profile.ca_file or "")
            self.loopback_check.setChecked(profile.force_loopback)
            if manager.has_key(profile):
                self.key_edit.setPlaceholderText(
                    translate("Settings", "saved — type a new key to replace it")
                )
        else:
            self.key_edit.setPlaceholderText(
                translate("Settings", "from the account's API key page")
            )
        for edit in (self.url_edit, self.key_edit, self.ca_edit):
            edit.textChanged.connect(self._inputs_changed)
        self.environment_combo.currentIndexChanged.connect(self._inputs_changed)

    # --- inputs ------------------------------------------------------------------------------

    @property
    def environment(self) -> str:
        """The environment chosen ("live" or "sandbox")."""
        return str(self.environment_combo.currentData())

    def _identity(self, key: str) -> tuple[str, str, str | None, str]:
        ca = self.ca_edit.text().strip() or None
        return (self.url_edit.text().strip(), key, ca, self.environment)

    def _typed_key(self) -> str | None:
        return self.key_edit.text().strip() or None

    def _key_to_check(self) -> str | None:
        """The typed key, else the saved one of the profile being edited."""
        typed = self._typed_key()
        if typed is not None or self.original is None:
            return typed
        return self.manager.secrets.get(self.original.id)

    def _inputs_changed(self, *_args: Any) -> None:
        if self._verified is not None:
            self._verified = None
            self._show("", color(MUTED))

    def _browse_ca(self) -> None:
        path = choose_file_to_open(
            self,
            translate("Settings", "CA file"),
            translate("Settings", "Certificates (*.pem *.crt)"),
        )
        if path is not None:
            self.ca_edit.setText(str(path))

    def _show(self, text: str, color: str) -> None:
        self.result_label.setText(text)
        self.result_label.setStyleSheet(f"color: {color};")
        self.adjustSize()  # a two-line message must not be clipped

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _busy(self, busy: bool) -> None:
        self.check_button.setEnabled(not busy)
        self.save_button.setEnabled(not busy)
        if busy:
            self._show(translate("Settings", "Checking the key with the service…"), color(MUTED))

    # --- check -------------------------------------------------------------------------------

    def _on_check(self) -> None:
        self._spawn(self.check_key())

    async def check_key(self) -> str | None:
        """Ask the service which environment the key belongs to; the environment, or None."""
        from desktop_app.client import check_key
        from desktop_app.profiles.models import normalize_base_url

        key = self._key_to_check()
        if not key:
            self._report(False, translate("Settings", "Enter the API key first."))
            return None
        try:
            base_url = normalize_base_url(self.url_edit.text())
        except ValueError as exc:
            self._report(False, str(exc))
            return None
        identity = self._identity(key)
        self._busy(True)
        try:
            me: Me = await check_key(base_url, key, identity[2], self.environment)  # type: ignore[arg-type]
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # every failure is shown; nothing is saved
            self._verified = None
            self._report(False, _error(exc))
            return None
        finally:
            self._busy(False)
        self._verified = (identity, me.environment)
        accepted = (
            translate("Settings", "Key accepted: live key of {email}.")
            if me.environment in ("production", "live")
            else translate("Settings", "Key accepted: sandbox key of {email}.")
        )
        self._report(True, accepted.format(email=me.email))
        return me.environment

    def _report(self, ok: bool, message: str) -> None:
        self._show(("✔ " if ok else "✖ ") + message, color(OK) if ok else color(ERROR))
        self.key_checked.emit(ok, message)

    # --- save --------------------------------------------------------------------------------

    def _on_save(self) -> None:
        self._spawn(self.save())

    def _build(self) -> Profile:
        data: dict[str, Any] = {
            "name": self.name_edit.text(),
            "environment": self.environment,
            "base_url": self.url_edit.text(),
            "ca_file": self.ca_edit.text().strip() or None,
            "force_loopback": self.loopback_check.isChecked(),
        }
        if self.original is not None:
            return Profile.model_validate({**self.original.model_dump(), **data})
        return Profile.model_validate(data)

    async def save(self) -> Profile | None:
        """Check the key if needed, then save; the saved profile, or None (reason shown)."""
        from pydantic import ValidationError

        try:
            profile = self._build()
        except ValidationError as exc:
            self._report(False, validation_text(exc))
            return None
        key = self._typed_key()
        verified: str | None = None
        needs_check = key is not None or self._moved(profile)
        if needs_check:
            wanted = self._identity(self._key_to_check() or "")
            if self._verified is not None and self._verified[0] == wanted:
                verified = self._verified[1]
            else:
                verified = await self.check_key()
                if verified is None:
                    return None  # the check's message says why; nothing is saved
        try:
            if self.original is None:
                saved = self.manager.add(profile, key, verified_environment=verified)
            else:
                saved = self.manager.update(profile, key, verified_environment=verified)
        except ProfileError as exc:
            self._report(False, _error(exc))
            return None
        self.saved.emit(saved)
        self.accept()
        return saved

    def _moved(self, profile: Profile) -> bool:
        """True when an edit changed what the saved key was checked against."""
        old = self.original
        if old is None:
            return False
        return (old.base_url, old.environment, old.ca_file) != (
            profile.base_url,
            profile.environment,
            profile.ca_file,
        )


class ProfilesPage(QWidget):
    """The list of profiles with Add, Edit, Delete and Use."""

    #: profiles were added, edited or deleted (the window's switcher reloads)
    profiles_changed = Signal()
    message_shown = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.dialog: ProfileDialog | None = None
        #: how "Use this profile" switches (the main window's switch, which checks it may)
        self.switcher: Callable[[Profile], Any] = ctx.switch_profile
        self.setObjectName("profiles_page")
        self.list = QListWidget()
        self.list.setObjectName("profiles_list")
        self.add_button = QPushButton(translate("Settings", "Add live profile…"))
        self.connect_button = QPushButton(translate("Settings", "Connect to a Packdesk server…"))
        self.add_button.setObjectName("profile_add")
        self.connect_button.setObjectName("connect_server")
        self.server_dialog: ServerConnectDialog | None = None
        self.join_dialog: StationJoinDialog | None = None
        # an admin's desk lets new stations in; hidden by the sign-in without the right
        self.stations_button = QPushButton(translate("Settings", "Stations asking to join…"))
        self.stations_button.setObjectName("station_approvals")
        self.stations_button.setProperty(RIGHT_PROPERTY, REQUIRED_RIGHT)
        self.approvals_dialog: StationApprovalsDialog | None = None
        self.edit_button = QPushButton(translate("Settings", "Edit…"))
        self.delete_button = QPushButton(translate("Settings", "Delete…"))
        self.use_button = QPushButton(translate("Settings", "Use this profile"))
        self.message = QLabel()
        self.message.setWordWrap(True)
        intro = QLabel(
            translate(
                "Settings",
                "The built-in <b>Local sandbox</b> works without any setting. Add a live profile "
                "with your account's API key to print real labels.",
            )
        )
        intro.setWordWrap(True)
        intro.setStyleSheet(f"color: {color(MUTED)};")
        buttons = QVBoxLayout()
        for button in (
            self.add_button,
            self.connect_button,
            self.stations_button,
            self.edit_button,
            self.delete_button,
            self.use_button,
        ):
            buttons.addWidget(button)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(row, 1)
        layout.addWidget(self.message)

        self.add_button.clicked.connect(lambda: self.open_dialog(None))
        self.connect_button.clicked.connect(self.open_server_dialog)
        self.stations_button.clicked.connect(self.open_approvals)
        self.edit_button.clicked.connect(self._on_edit)
        self.delete_button.clicked.connect(self._on_delete)
        self.use_button.clicked.connect(self._on_use)
        self.list.itemSelectionChanged.connect(self._update_buttons)
        self.list.itemActivated.connect(lambda _item: self._on_edit())
        ctx.profile_changed.connect(lambda _p: self.reload())
        self.reload()

    @property
    def manager(self) -> ProfileManager:
        """The profile manager of the app."""
        return self.ctx.manager

    def reload(self) -> None:
        """List the profiles again, keeping the selection."""
        selected = self.selected_profile()
        keep = selected.id if selected else (self.ctx.profile.id if self.ctx.profile else None)
        self.list.clear()
        current = self.ctx.profile.id if self.ctx.profile else None
        for profile in self.manager.list():
            caption = profile_caption(profile)
            if profile.id == current:
                caption = translate("Settings", "{0}  — in use").format(caption)
            item = QListWidgetItem(caption)
            item.setData(Qt.ItemDataRole.UserRole, profile)
            self.list.addItem(item)
            if profile.id == keep:
                self.list.setCurrentItem(item)
        self._update_buttons()

    def selected_profile(self) -> Profile | None:
        """The profile selected in the list."""
        item = self.list.currentItem()
        if item is None or not item.isSelected():
            return None
        profile: Profile = item.data(Qt.ItemDataRole.UserRole)
        return profile

    def select(self, name: str) -> None:
        """Select the profile called `name`."""
        for i in range(self.list.count()):
            item = self.list.item(i)
            if item.data(Qt.ItemDataRole.UserRole).name == name:
                self.list.setCurrentItem(item)
                return

    def _update_buttons(self) -> None:
        profile = self.selected_profile()
        self.edit_button.setEnabled(profile is not None and not profile.builtin_local)
        self.delete_button.setEnabled(profile is not None and not profile.builtin_local)
        self.delete_button.setToolTip(
            translate("Settings", "The built-in Local sandbox cannot be deleted")
            if profile is not None and profile.builtin_local
            else ""
        )
        current = self.ctx.profile.id if self.ctx.profile else None
        self.use_button.setEnabled(profile is not None and profile.id != current)

    def show_message(self, text: str) -> None:
        """Show a line under the list."""
        self.message.setText(text)
        self.message_shown.emit(text)

    def open_dialog(self, profile: Profile | None) -> ProfileDialog:
        """Open the add/edit dialog (window-modal, not blocking the event loop)."""
        dialog = ProfileDialog(self.manager, profile, self)
        dialog.saved.connect(self._on_saved)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.dialog = dialog
        dialog.open()
        return dialog

    def open_server_dialog(self) -> ServerConnectDialog:
        """ "Connect to a Packdesk server": trust its CA, then add a profile with its key."""
        dialog = ServerConnectDialog(self.manager.data_dir, self)
        dialog.pinned.connect(self._on_server_trusted)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.server_dialog = dialog
        dialog.open()
        return dialog

    def open_approvals(self) -> StationApprovalsDialog:
        """The stations waiting to join the open profile's server (window-modal)."""
        dialog = StationApprovalsDialog(self.ctx, self)
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.approvals_dialog = dialog
        dialog.open()
        return dialog

    def _on_server_trusted(self, url: str, ca_file: str) -> None:
        """The server's CA is pinned: ask it to let this station join (or enter a key)."""
        dialog = StationJoinDialog(self.manager, url, ca_file, self)
        dialog.joined.connect(self._on_saved)
        dialog.key_instead.connect(lambda: self.open_key_dialog(url, ca_file))
        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        self.join_dialog = dialog
        dialog.open()
        dialog.name_edit.setFocus()

    def open_key_dialog(self, url: str, ca_file: str) -> ProfileDialog:
        """The profile dialog for a server's key copied by hand, URL and CA filled in."""
        dialog = self.open_dialog(None)
        host = urlsplit(url).hostname or url
        dialog.name_edit.setText(translate("Settings", "Packdesk server {host}").format(host=host))
        dialog.url_edit.setText(url)
        dialog.ca_edit.setText(ca_file)
        dialog.loopback_check.setChecked(is_loopback_host(host))
        return dialog

    def _on_saved(self, profile: Profile) -> None:
        self.reload()
        self.select(profile.name)
        self.show_message(
            translate("Settings", "Profile {name!r} saved.").format(name=profile.name)
        )
        self.profiles_changed.emit()
        if self.ctx.profile is not None and self.ctx.profile.id == profile.id:
            self.ctx.reload_profile()

    def _on_edit(self) -> None:
        profile = self.selected_profile()
        if profile is not None and not profile.builtin_local:
            self.open_dialog(profile)

    def _on_use(self) -> None:
        profile = self.selected_profile()
        if profile is not None:
            self.switcher(profile)

    def _on_delete(self) -> None:
        profile = self.selected_profile()
        if profile is None or profile.builtin_local:
            return
        answer = QMessageBox.question(
            self,
            translate("Settings", "Delete profile"),
            translate(
                "Settings",
                "Delete the profile {name!r} and its saved API key?\n\n"
                "Its shipment history and labels stay on this computer.",
            ).format(name=profile.name),
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        if answer == QMessageBox.StandardButton.Yes:
            self.delete_profile(profile)

    def delete_profile(self, profile: Profile) -> bool:
        """Delete `profile` (switching to the Local sandbox if it is in use)."""
        try:
            self.manager.delete(profile.id)
        except ProfileError as exc:
            self.show_message(profile_error_text(exc) or str(exc))
            return False
        if self.ctx.profile is not None and self.ctx.profile.id == profile.id:
            self.ctx.switch_profile(self.manager.local_sandbox())
        self.reload()
        self.show_message(
            translate("Settings", "Profile {name!r} deleted.").format(name=profile.name)
        )
        self.profiles_changed.emit()
        return True
