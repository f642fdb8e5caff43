"""Settings › Shops' "Connect a shop" box: platform, name, address, test or live, the
platform's credential fields, problems, Test connection and Add.

Which credential fields a platform has (as its connection describes them: label, secret or
not, where in the shop's admin it is made) and what is wrong with the typed connection, the
page's presenter says (`ShopsPresenter.credential_fields`, `show_problems`); the secret
fields are typed as dots and handed only to the presenter, which keeps them in the keyring.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.shops.presenter import CredentialInput, ShopDraft, kind_text

# the mnemonics avoid the Settings tabs' and the menus' letters (Alt+letter reaches one thing)


class ShopFormWidget(QGroupBox):
    """The form of a new shop connection."""

    #: anything in the form changed
    edited = Signal()

    def __init__(
        self,
        platforms: list[tuple[str, str]],
        fields_of: dict[str, list[CredentialInput]],
        example_urls: dict[str, str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(translate("Settings", "New shop connection"), parent)
        self.setObjectName("shop_form")
        self.fields_of = fields_of
        self.example_urls = example_urls
        self.platform_box = QComboBox()
        self.platform_box.setObjectName("shop_platform")
        for key, title in platforms:
            self.platform_box.addItem(title, key)
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("shop_name")
        self.name_edit.setPlaceholderText(translate("Settings", "My shop"))
        self.url_edit = QLineEdit()
        self.url_edit.setObjectName("shop_url")
        self.kind_box = QComboBox()
        self.kind_box.setObjectName("shop_kind")
        for environment in ("test", "live"):
            self.kind_box.addItem(kind_text(environment), environment)
        self.form = QFormLayout()
        self.form.addRow(translate("Settings", "P&latform:"), self.platform_box)
        self.form.addRow(translate("Settings", "Na&me:"), self.name_edit)
        self.form.addRow(translate("Settings", "Shop &URL:"), self.url_edit)
        self.form.addRow(translate("Settings", "&Kind:"), self.kind_box)
        # one row per credential of any platform; the chosen platform's are shown
        self.credential_edits: dict[str, QLineEdit] = {}
        for credential in (f for fields in fields_of.values() for f in fields):
            if credential.key in self.credential_edits:
                continue
            edit = QLineEdit()
            edit.setObjectName(f"shop_{credential.key}")
            self.form.addRow(credential.label + ":", edit)
            self.credential_edits[credential.key] = edit
            edit.textChanged.connect(self.edited)
        self.problems_label = QLabel()
        self.problems_label.setObjectName("shop_problems")
        self.problems_label.setWordWrap(True)
        self.problems_label.setStyleSheet(f"color: {color(ERROR)};")
        self.problems_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.test_button = QPushButton(translate("Settings", "Test co&nnection"))
        self.test_button.setObjectName("shop_test")
        self.test_button.setToolTip(
            translate("Settings", "Ask the shop for its open orders with these credentials")
        )
        self.add_button = QPushButton(translate("Settings", "&Connect shop"))
        self.add_button.setObjectName("shop_add")
        self.add_button.setToolTip(
            translate("Settings", "Keep the connection; the credentials go to the keyring")
        )
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.test_button)
        buttons.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.problems_label)
        layout.addLayout(buttons)
        layout.addStretch(1)
        for edit in (self.name_edit, self.url_edit):
            edit.textChanged.connect(self.edited)
        self.kind_box.currentIndexChanged.connect(self.edited)
        self.platform_box.currentIndexChanged.connect(self._platform_changed)
        self._platform_changed()

    def platform(self) -> str:
        """The chosen platform's key."""
        return str(self.platform_box.currentData())

    def _platform_changed(self) -> None:
        platform = self.platform()
        wanted = {f.key: f for f in self.fields_of.get(platform, [])}
        for key, edit in self.credential_edits.items():
            credential = wanted.get(key)
            self.form.setRowVisible(edit, credential is not None)
            if credential is None:
                continue
            label = self.form.labelForField(edit)
            if isinstance(label, QLabel):  # two platforms may call the same key differently
                label.setText(credential.label + ":")
            edit.setEchoMode(
                QLineEdit.EchoMode.Password if credential.secret else QLineEdit.EchoMode.Normal
            )
            edit.setToolTip(credential.help)
        self.url_edit.setPlaceholderText(self.example_urls.get(platform, "https://"))
        self.edited.emit()

    def set_environment(self, environment: str) -> None:
        """Choose test or live (the kind the open profile takes)."""
        index = self.kind_box.findData(environment)
        if index >= 0:
            self.kind_box.setCurrentIndex(index)

    def draft(self) -> ShopDraft:
        """The connection as typed."""
        platform = self.platform()
        wanted = [f.key for f in self.fields_of.get(platform, [])]
        return ShopDraft(
            platform=platform,
            name=self.name_edit.text(),
            url=self.url_edit.text(),
            environment=str(self.kind_box.currentData()),
            credentials={f: self.credential_edits[f].text() for f in wanted},
        )

    def show_problems(self, problems: list[str]) -> None:
        """The presenter's problems; Test and Add only without any."""
        self.problems_label.setText("\n".join(problems))
        self.problems_label.setVisible(bool(problems))
        self.test_button.setEnabled(not problems)
        self.add_button.setEnabled(not problems)

    def clear(self) -> None:
        """Empty the form after an add (the secrets first)."""
        for edit in self.credential_edits.values():
            edit.clear()
        self.name_edit.clear()
        self.url_edit.clear()
