"""Settings › Station: how the open profile's Scan page works (pack check, sound, the
watched folder its shop drops order exports into, the A4 printer customs papers print on).

`StationSettings` holds the decisions (what is shown, what a save writes, why it is refused)
and is driven by tests without a window; `StationSettingsPage` is its form.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, OK, color, profile_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.profile_errors import profile_error_text
from desktop_app.gui.widgets.fixed_rows import scroll_above
from desktop_app.profiles.errors import ProfileError
from desktop_app.station.customs import SellerNumberKind, seller_number_kinds

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


@dataclass(frozen=True)
class StationChoices:
    """What the Station tab shows and saves."""

    pack_check: bool = False
    scan_sound: bool = True
    watched_folder: str = ""
    documents_printer: str = ""
    """Name of the A4 printer for documents ("" = none: papers are saved as PDF files)."""
    customs_numbers: dict[str, str] = field(default_factory=dict)
    """The seller's customs numbers by kind (`SellerNumberKind.what`): "" = none."""
    sign_out_idle_minutes: int = 5
    """At a station where people sign in: minutes without input until Sign out."""


def number_caption(kind: SellerNumberKind) -> str:
    """The field's caption: the number in the user's words, with its destinations."""
    words = {
        "UK VAT number or EORI": translate("Settings", "UK VAT number or EORI (United Kingdom)"),
        "VOEC number": translate("Settings", "VOEC number (Norway)"),
        "Swiss VAT number": translate("Settings", "Swiss VAT number (Switzerland, Liechtenstein)"),
    }
    return words.get(kind.what, f"{kind.what} ({', '.join(kind.zones)})")


class StationSettings:
    """Reads and writes the station preferences of the context's open profile."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def current(self) -> StationChoices | None:
        """The open profile's choices (None without a profile)."""
        profile = self.ctx.profile
        if profile is None:
            return None
        prefs = profile.preferences
        saved = prefs.customs_numbers
        numbers = {k.what: saved[k.zones[0]] for k in seller_number_kinds() if k.zones[0] in saved}
        return StationChoices(
            prefs.pack_check,
            prefs.scan_sound,
            prefs.watched_folder or "",
            prefs.documents_printer or "",
            numbers,
            prefs.sign_out_idle_minutes,
        )

    def a4_printers(self) -> list[str]:
        """Names of the desk's printers that print PDF pages (the A4 printer's choices)."""
        return sorted(p.name for p in self.ctx.printers if p.kind == "pdf")

    def heading(self) -> str:
        """Whose station settings these are."""
        profile = self.ctx.profile
        if profile is None:
            return translate("Settings", "No profile is open")
        return translate("Settings", "Station of <b>{name}</b> (the Scan page)").format(
            name=profile_title(profile)
        )

    def save(self, choices: StationChoices) -> str | None:
        """Save `choices` into the open profile; None when saved, else the reason in words."""
        profile = self.ctx.profile
        if profile is None:
            return translate("Settings", "No profile is open")
        folder = choices.watched_folder.strip()
        if folder:
            path = Path(folder).expanduser()
            if not path.is_dir():
                return translate("Settings", "The watched folder {folder} does not exist.").format(
                    folder=folder
                )
            folder = str(path)
        a4 = choices.documents_printer
        if a4 and a4 not in self.a4_printers():
            return translate(
                "Settings", "The printer {name} does not print A4 pages (PDF) or is gone."
            ).format(name=a4)
        numbers: dict[str, str] = {}
        for kind in seller_number_kinds():
            number = choices.customs_numbers.get(kind.what, "").strip().upper()
            if number and not kind.pattern.match(number):
                return translate(
                    "Settings", "{what}: {number} is not one; it looks like {example}."
                ).format(what=number_caption(kind), number=number, example=kind.example)
            numbers.update(dict.fromkeys(kind.zones, number) if number else {})
        try:
            self.ctx.update_preferences(
                pack_check=choices.pack_check,
                scan_sound=choices.scan_sound,
                watched_folder=folder or None,
                documents_printer=a4 or None,
                customs_numbers=numbers,
                sign_out_idle_minutes=choices.sign_out_idle_minutes,
            )
        except ProfileError as exc:
            return profile_error_text(exc) or str(exc)
        return None


class StationSettingsPage(QWidget):
    """The form of `StationSettings`: two switches, a folder, Save."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("station_settings")
        self.settings = StationSettings(ctx)
        self.heading = QLabel()
        self.pack_check = QCheckBox(
            translate(
                "Settings", "Pack check: scan every item of an order before its label is made"
            )
        )
        self.pack_check.setObjectName("station_pack_check")
        self.scan_sound = QCheckBox(
            translate("Settings", "Sound a signal after each scan (success or error)")
        )
        self.scan_sound.setObjectName("station_scan_sound")
        self.folder = QLineEdit()
        self.folder.setObjectName("station_watched_folder")
        self.folder.setPlaceholderText(translate("Settings", "No watched folder"))
        choose = QPushButton(translate("Settings", "Choose…"))
        choose.clicked.connect(self._choose_folder)
        clear = QPushButton(translate("Settings", "No folder"))
        clear.clicked.connect(self.folder.clear)
        folder_row = QHBoxLayout()
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(choose)
        folder_row.addWidget(clear)
        box = QGroupBox(translate("Settings", "Scan to ship"))
        box.setMaximumWidth(760)
        form = QFormLayout(box)
        form.addRow(self.pack_check)
        form.addRow(self.scan_sound)
        # the folder's path under its title, the box's whole width: a path is long
        folder_title = QLabel(translate("Settings", "Watched folder for order exports"))
        folder_title.setBuddy(self.folder)
        self.folder.setAccessibleName(folder_title.text())
        form.addRow(folder_title)
        form.addRow(folder_row)
        note = QLabel(
            translate(
                "Settings",
                "Every CSV or XLSX file a shop drops into the watched folder is imported once "
                "as orders while the profile is open; it then moves to done/ or failed/.",
            )
        )
        note.setWordWrap(True)
        form.addRow(note)
        self.a4_printer = QComboBox()
        self.a4_printer.setObjectName("station_a4_printer")
        form.addRow(translate("Settings", "A4 printer for documents"), self.a4_printer)
        a4_note = QLabel(
            translate(
                "Settings",
                "Customs papers (CN 23, commercial invoice) print here while the label goes to "
                "the label printer, from the Scan page and from Create and print. Without an A4 "
                "printer they are saved as a PDF file beside the label and the desk says where.",
            )
        )
        a4_note.setWordWrap(True)
        form.addRow(a4_note)
        self.numbers: dict[str, QLineEdit] = {}
        for kind in seller_number_kinds():
            edit = QLineEdit()
            edit.setObjectName(f"station_number_{kind.zones[0]}")
            edit.setPlaceholderText(kind.example)
            form.addRow(number_caption(kind), edit)
            self.numbers[kind.what] = edit
        self.idle_minutes = QSpinBox()
        self.idle_minutes.setObjectName("station_idle_minutes")
        self.idle_minutes.setRange(1, 240)
        self.idle_minutes.setSuffix(translate("Settings", " min"))
        self.idle_minutes.setToolTip(
            translate(
                "Settings",
                "Sign out after this many minutes without input at a station where people sign in",
            )
        )
        form.addRow(translate("Settings", "Sign out after"), self.idle_minutes)
        self.save_button = QPushButton(translate("Settings", "Save station settings"))
        self.save_button.setObjectName("save_station_settings")
        self.save_button.clicked.connect(self.save)
        self.message = QLabel()
        self.message.setObjectName("station_settings_message")
        self.message.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.message, 1)
        row.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(box)
        layout.addStretch(1)
        layout.addLayout(row)
        scroll_above(layout, 1, "station")  # Save and its answer stay in view
        ctx.profile_changed.connect(lambda _p: self.load())
        self.load()

    def load(self) -> None:
        """Show the open profile's choices."""
        choices = self.settings.current()
        self.heading.setText(self.settings.heading())
        self.setEnabled(choices is not None)
        choices = choices or StationChoices()
        self.pack_check.setChecked(choices.pack_check)
        self.scan_sound.setChecked(choices.scan_sound)
        self.folder.setText(choices.watched_folder)
        self.a4_printer.clear()
        self.a4_printer.addItem(translate("Settings", "No A4 printer"), "")
        for name in self.settings.a4_printers():
            self.a4_printer.addItem(name, name)
        self.a4_printer.setCurrentIndex(max(0, self.a4_printer.findData(choices.documents_printer)))
        for what, edit in self.numbers.items():
            edit.setText(choices.customs_numbers.get(what, ""))
        self.idle_minutes.setValue(choices.sign_out_idle_minutes)

    def _choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self,
            translate("Settings", "Folder the shop drops its order exports into"),
            self.folder.text(),
        )
        if chosen:
            self.folder.setText(chosen)

    def save(self) -> bool:
        """Save what the form shows; the Scan page follows at once."""
        choices = StationChoices(
            self.pack_check.isChecked(),
            self.scan_sound.isChecked(),
            self.folder.text(),
            str(self.a4_printer.currentData() or ""),
            {what: edit.text() for what, edit in self.numbers.items()},
            self.idle_minutes.value(),
        )
        problem = self.settings.save(choices)
        if problem is not None:
            self.message.setText(translate("Settings", "Not saved: {exc}").format(exc=problem))
            self.message.setStyleSheet(f"color: {color(ERROR)};")
            return False
        self.message.setText(translate("Settings", "Station settings saved."))
        self.message.setStyleSheet(f"color: {color(OK)};")
        return True
