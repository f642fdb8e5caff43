"""Settings › Shipping presets: the open profile's presets in the order they are tried, with
Add, Edit, Delete, Move up / down and Back to the defaults; each change is saved at once
(`PresetsPresenter`, which says each outcome), the form of one preset is `PresetDialog`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, OK, color, profile_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.presets.partials.preset_form import PresetDialog
from desktop_app.gui.settings.presets.presenter import PresetData, PresetsPresenter

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

NEW_PRESET: PresetData = {
    "name": "",
    "when": [{"field": "to.country", "op": "eq", "value": "DE"}],
    "carrier": "dhl",
    "service": "standard",
    "package": {"type": "parcel", "length": 30, "width": 20, "height": 10},
}


class PresetsPage(QWidget):
    """The list of presets and the buttons that change it."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presets_page")
        self.ctx = ctx
        self.presenter = PresetsPresenter(ctx, self)
        self.heading = QLabel()
        self.heading.setWordWrap(True)
        self.list = QListWidget()
        self.list.setObjectName("presets_list")
        self.list.itemDoubleClicked.connect(lambda _item: self.edit())
        self.message = QLabel()
        self.message.setObjectName("presets_message")
        self.message.setWordWrap(True)
        buttons = QHBoxLayout()
        for name, text, slot in (
            ("preset_add", translate("Presets", "Add…"), self.add),
            ("preset_edit", translate("Presets", "Edit…"), self.edit),
            ("preset_delete", translate("Presets", "Delete"), self.delete),
            ("preset_up", translate("Presets", "Move up"), lambda: self.move_preset(-1)),
            ("preset_down", translate("Presets", "Move down"), lambda: self.move_preset(1)),
            ("preset_defaults", translate("Presets", "Back to the defaults"), self.reset),
        ):
            button = QPushButton(text)
            button.setObjectName(name)
            button.clicked.connect(slot)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        self.presenter.message_shown.connect(self.show_message)
        ctx.profile_changed.connect(lambda _p: self.load())
        self.load()

    def load(self, current: int | None = None) -> None:
        """Show the open profile's presets (keeping the selection at `current`)."""
        self.presenter.load()
        profile = self.ctx.profile
        if profile is None:
            self.heading.setText(translate("Presets", "No profile is open"))
        else:
            text = translate(
                "Presets",
                "Shipping presets of <b>%1</b>: the first whose conditions all hold decides "
                "how an order ships (Scan page, Batch page, packdesk batch).",
            )
            self.heading.setText(text.replace("%1", profile_title(profile)))
        self.setEnabled(profile is not None)
        row = self.list.currentRow() if current is None else current
        self.list.clear()
        self.list.addItems(self.presenter.summaries())
        self.list.setCurrentRow(min(max(row, 0), self.list.count() - 1))

    def show_message(self, text: str, error: bool = False) -> None:
        """The line under the list: an outcome in green, problems in red."""
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {color(ERROR if error else OK)};" if text else "")

    def open_dialog(self, preset: PresetData) -> PresetDialog:
        """The form for `preset` (not shown yet)."""
        return PresetDialog(preset, self.presenter.problems, self)

    def add(self) -> None:
        """Add a preset through the form (tried after the others)."""
        dialog = self.open_dialog(NEW_PRESET)
        if dialog.exec() == QDialog.DialogCode.Accepted:
            problems = self.presenter.add(dialog.preset())
            self.load(len(self.presenter.presets) - 1 if not problems else None)

    def edit(self) -> None:
        """Change the selected preset through the form."""
        row = self.list.currentRow()
        if row < 0:
            return
        dialog = self.open_dialog(self.presenter.presets[row])
        if dialog.exec() == QDialog.DialogCode.Accepted:
            self.presenter.replace(row, dialog.preset())
            self.load(row)

    def delete(self) -> None:
        """Remove the selected preset."""
        row = self.list.currentRow()
        if row >= 0:
            self.presenter.delete(row)
            self.load(row)

    def move_preset(self, step: int) -> None:
        """Move the selected preset up (-1) or down (+1)."""
        row = self.list.currentRow()
        if row >= 0:
            self.load(self.presenter.move(row, step))

    def reset(self) -> None:
        """The default presets again."""
        self.presenter.reset_to_defaults()
        self.load(0)
