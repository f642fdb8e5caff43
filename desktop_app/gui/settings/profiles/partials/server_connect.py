"""Settings › Profiles › "Connect to a Packdesk server": trust a warehouse server's CA.

The station enters the server's URL and sees the fingerprint of the server's certificate
authority (fetched from the server, nothing trusted yet), or imports the pairing file the
server wrote. A person compares the fingerprint with the one the server printed and confirms
it; the CA is then pinned for that URL (trust on first use) and the usual profile dialog opens
with URL and CA filled in, for the station's key. A server that later presents another CA is
refused with a message saying so (profiles/server_trust.py does the work, Qt-free).
"""

from __future__ import annotations

import asyncio
import hashlib
from collections.abc import Awaitable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.pairing import Pairing
from desktop_app.gui.core.theme import ERROR, MUTED, OK, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.files import choose_file_to_open
from desktop_app.profiles.models import normalize_base_url
from desktop_app.profiles.server_trust import (
    ServerTrustError,
    fetch_pairing,
    pin_server_ca,
    read_pairing_file,
)


def pinned_ca_file(data_dir: Path, url: str) -> Path:
    """Where the CA of the server at `url` is pinned: one file per scheme, host and port."""
    parts = urlsplit(url)
    slug = hashlib.sha256(f"{parts.hostname}:{parts.port or 443}".encode()).hexdigest()[:16]
    return data_dir / "servers" / slug / "ca.pem"


class ServerConnectDialog(QDialog):
    """URL or pairing file -> fingerprint -> confirmed -> CA pinned (`pinned(url, ca_file)`)."""

    # the server's URL and the file its CA is pinned in
    pinned = Signal(str, str)
    # a fetch or import finished: (ok, message)
    looked_up = Signal(bool, str)

    def __init__(self, data_dir: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.data_dir = data_dir
        self.pairing: Pairing | None = None
        self._url = ""
        self._tasks: set[asyncio.Task[Any]] = set()
        self.setObjectName("server_connect_dialog")
        self.setWindowTitle(translate("Settings", "Connect to a Packdesk server"))
        self.setMinimumWidth(560)

        intro = QLabel(
            translate(
                "Settings",
                "Enter the address of the Packdesk server of your warehouse, or import the "
                "pairing file it wrote. Then compare the fingerprint below with the one the "
                "server shows (at its start, or with packdesk serve --show-pairing).",
            )
        )
        intro.setWordWrap(True)
        self.url_edit = QLineEdit()
        self.url_edit.setObjectName("server_url")
        self.url_edit.setPlaceholderText(translate("Settings", "https://packdesk-01.lan:8443"))
        # the example address whole (it was cut in German, where the button beside is wider)
        self.url_edit.setMinimumWidth(
            self.url_edit.fontMetrics().horizontalAdvance(self.url_edit.placeholderText()) + 24
        )
        self.fetch_button = QPushButton(translate("Settings", "Show fingerprint"))
        self.import_button = QPushButton(translate("Settings", "Import pairing file…"))
        url_row = QHBoxLayout()
        url_row.addWidget(self.url_edit, 1)
        url_row.addWidget(self.fetch_button)
        self.fingerprint_label = QLabel()
        self.fingerprint_label.setObjectName("fingerprint")
        self.fingerprint_label.setWordWrap(True)
        self.fingerprint_label.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.fingerprint_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.confirm_check = QCheckBox(
            translate("Settings", "This fingerprint is the one the server shows")
        )
        self.confirm_check.setEnabled(False)
        self.result_label = QLabel()
        self.result_label.setObjectName("server_result")
        self.result_label.setWordWrap(True)
        self.result_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        url_label = QLabel(translate("Settings", "Server &URL"))
        url_label.setBuddy(self.url_edit)
        form.addRow(url_label, url_row)
        form.addRow("", self.import_button)
        form.addRow(translate("Settings", "CA fingerprint (SHA-256)"), self.fingerprint_label)
        form.addRow("", self.confirm_check)

        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.trust_button = self.buttons.addButton(
            translate("Settings", "Trust and continue"), QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.trust_button.setEnabled(False)
        self.buttons.accepted.connect(self.trust)
        self.buttons.rejected.connect(self.reject)

        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.result_label)
        layout.addWidget(self.buttons)

        self.fetch_button.clicked.connect(lambda: self._spawn(self.fetch()))
        self.import_button.clicked.connect(self._browse)
        self.url_edit.textChanged.connect(self._forget)
        self.confirm_check.toggled.connect(self._confirm_toggled)

    def _spawn(self, coro: Awaitable[Any]) -> None:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _show(self, ok: bool | None, text: str) -> None:
        meaning = MUTED if ok is None else OK if ok else ERROR
        self.result_label.setText(text)
        self.result_label.setStyleSheet(f"color: {color(meaning)};")
        self.adjustSize()

    def _forget(self, *_args: Any) -> None:
        """The URL changed: what was shown no longer applies."""
        if self.pairing is not None and self.url_edit.text().strip() != self._url:
            self._present(None, "")

    def _present(self, pairing: Pairing | None, url: str) -> None:
        self.pairing = pairing
        self._url = url
        self.fingerprint_label.setText(pairing.ca_sha256 if pairing else "")
        self.confirm_check.setChecked(False)
        self.confirm_check.setEnabled(pairing is not None)
        self.trust_button.setEnabled(False)

    def _confirm_toggled(self, on: bool) -> None:
        self.trust_button.setEnabled(on and self.pairing is not None)

    async def fetch(self) -> bool:
        """Fetch the server's pairing data (not trusted yet) and show its fingerprint."""
        try:
            url = normalize_base_url(self.url_edit.text())
        except ValueError as exc:
            return self._failed(str(exc))
        self._show(None, translate("Settings", "Asking the server…"))
        self.fetch_button.setEnabled(False)
        try:
            pairing = await asyncio.to_thread(fetch_pairing, url)
        except ServerTrustError as exc:
            return self._failed(str(exc))
        finally:
            self.fetch_button.setEnabled(True)
        self._present(pairing, url)
        return self._looked_up(
            translate(
                "Settings",
                "Compare this fingerprint with the one the server shows before you trust it.",
            )
        )

    def _browse(self) -> None:
        path = choose_file_to_open(
            self,
            translate("Settings", "Pairing file"),
            translate("Settings", "Pairing files (*.json)"),
        )
        if path is not None:
            self.import_file(path)

    def import_file(self, path: Path) -> bool:
        """Read a pairing file: its URL and fingerprint are shown for confirmation."""
        try:
            pairing = read_pairing_file(path)
        except ServerTrustError as exc:
            return self._failed(str(exc))
        self.url_edit.setText(pairing.url)
        self._present(pairing, pairing.url)
        return self._looked_up(
            translate("Settings", "Pairing file read. Confirm the fingerprint to trust it.")
        )

    def _failed(self, message: str) -> bool:
        self._present(None, "")
        self._show(False, message)
        self.looked_up.emit(False, message)
        return False

    def _looked_up(self, message: str) -> bool:
        self._show(None, message)
        self.looked_up.emit(True, message)
        return True

    def trust(self) -> bool:
        """Pin the confirmed CA for the URL; a CA other than one pinned before is refused."""
        if self.pairing is None or not self.confirm_check.isChecked():
            return False
        ca_file = pinned_ca_file(self.data_dir, self._url)
        try:
            pin_server_ca(ca_file, self.pairing, self.pairing.ca_sha256)
        except ServerTrustError as exc:
            self._show(False, str(exc))
            self.looked_up.emit(False, str(exc))
            return False
        self._show(True, translate("Settings", "The server's certificate authority is trusted."))
        self.pinned.emit(self._url, str(ca_file))
        self.accept()
        return True
