"""Settings › Preferences: the current profile's habits (auto-print, defaults, label format).
The weights and the box (default weight, the box's own weight, default size) are saved as
soon as they change: an order without a weight takes the default weight at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import ValidationError
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.gui.core.theme import ERROR, OK, color, profile_title
from desktop_app.gui.i18n import (
    SYSTEM,
    current_language,
    effective_language,
    save_language,
    saved_language,
    translate,
)
from desktop_app.gui.i18n.profile_errors import profile_error_text
from desktop_app.gui.i18n.words import label_format_name, service_name
from desktop_app.gui.widgets.fixed_rows import scroll_above
from desktop_app.profiles.errors import ProfileError
from desktop_app.profiles.models import Preferences

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class PreferencesPage(QWidget):
    """Edits `Profile.preferences` of the current profile; Save writes them at once."""

    preferences_saved = Signal(object)  # Preferences

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("preferences_page")
        self.heading = QLabel()
        self.auto_print = QCheckBox(
            translate("Settings", "Print the label automatically after it is created")
        )
        self.copies = QSpinBox()
        self.copies.setRange(1, 10)
        self.copies.setSuffix(translate("Settings", " copies", None, 1))
        self.copies.valueChanged.connect(
            lambda n: self.copies.setSuffix(translate("Settings", " copies", None, n))
        )
        self.carrier_combo = QComboBox()
        self.service_combo = QComboBox()
        self.format_combo = QComboBox()
        self.format_combo.addItem(translate("Settings", "Automatic (chosen for the printer)"), None)
        for name in LABEL_FORMATS:
            self.format_combo.addItem(label_format_name(name), name)
        self.weight = QDoubleSpinBox()
        self.weight.setRange(0.0, 1000.0)
        self.weight.setDecimals(2)
        self.weight.setSuffix(translate("Settings", " kg"))
        self.weight.setSpecialValueText(translate("Settings", "none"))
        self.weight.setObjectName("default_weight")
        self.box_weight = QDoubleSpinBox()
        self.box_weight.setObjectName("box_weight")
        self.box_weight.setRange(0.0, 100.0)
        self.box_weight.setDecimals(3)
        self.box_weight.setSingleStep(0.05)
        self.box_weight.setSuffix(translate("Settings", " kg"))
        self.box_weight.setSpecialValueText(translate("Settings", "none"))
        self.box_weight.setToolTip(
            translate(
                "Settings",
                "Added to an order weighed by its items (product catalogue or file), unless "
                "its shipping preset names its own box weight",
            )
        )
        self._loading = False
        self.sizes = [QSpinBox() for _ in range(3)]
        sizes_row = QHBoxLayout()
        for spin in self.sizes:
            spin.setRange(0, 500)
            spin.setSuffix(translate("Settings", " cm"))
            spin.setSpecialValueText("–")
            sizes_row.addWidget(spin)
        sizes_box = QWidget()
        sizes_box.setLayout(sizes_row)
        sizes_row.setContentsMargins(0, 0, 0, 0)

        printing = QGroupBox(translate("Settings", "Printing"))
        pform = QFormLayout(printing)
        pform.addRow(self.auto_print)
        pform.addRow(translate("Settings", "Copies per label"), self.copies)
        pform.addRow(translate("Settings", "Label format"), self.format_combo)
        form_box = QGroupBox(translate("Settings", "New shipment form"))
        fform = QFormLayout(form_box)
        fform.addRow(translate("Settings", "Default carrier"), self.carrier_combo)
        fform.addRow(translate("Settings", "Default service"), self.service_combo)
        fform.addRow(translate("Settings", "Default weight"), self.weight)
        fform.addRow(translate("Settings", "Box's own weight"), self.box_weight)
        fform.addRow(translate("Settings", "Default size (L x W x H)"), sizes_box)

        self.save_button = QPushButton(translate("Settings", "Save preferences"))
        self.save_button.setObjectName("save_preferences")
        self.message = QLabel()
        self.message.setObjectName("preferences_message")
        self.message.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.message, 1)
        row.addWidget(self.save_button)
        language_box = self._language_box()
        for box in (printing, form_box, language_box):
            box.setMaximumWidth(760)  # short values: full-width fields only look empty
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(printing)
        layout.addWidget(form_box)
        layout.addWidget(language_box)
        layout.addStretch(1)
        layout.addLayout(row)
        scroll_above(layout, 1, "preferences")  # Save and its answer stay in view

        self.carrier_combo.currentIndexChanged.connect(self._fill_services)
        self.save_button.clicked.connect(self.save)
        spins: list[QDoubleSpinBox | QSpinBox] = [self.weight, self.box_weight, *self.sizes]
        for field in spins:
            # saved when changed: on Enter, leaving the field or an arrow step, not per key
            field.setKeyboardTracking(False)
            field.valueChanged.connect(self._save_changed)
        ctx.profile_changed.connect(lambda _p: self.load())
        ctx.offers_changed.connect(self.load)
        self.load()

    def _save_changed(self, *_args: Any) -> None:
        """A weight or size changed: saved at once (not while the page shows a profile)."""
        if not self._loading and self.ctx.profile is not None:
            self.save()

    def _language_box(self) -> QGroupBox:
        """The app's language (all profiles): System, Deutsch or English, kept in settings.ini."""
        box = QGroupBox(translate("Settings", "Language of Packdesk (all profiles)"))
        self.language_combo = QComboBox()
        self.language_combo.setObjectName("ui_language")
        system = effective_language(SYSTEM)
        names = {"de": "Deutsch", "en": "English"}  # each language by its own name
        self.language_combo.addItem(
            translate("Settings", "System ({0})").format(names[system]), SYSTEM
        )
        for code in ("de", "en"):
            self.language_combo.addItem(names[code], code)
        self.language_combo.setCurrentIndex(max(0, self.language_combo.findData(saved_language())))
        self.language_note = QLabel()
        self.language_note.setObjectName("language_note")
        self.language_note.setWordWrap(True)
        self.language_combo.activated.connect(lambda _i: self._language_chosen())
        form = QFormLayout(box)
        form.addRow(translate("Settings", "Language"), self.language_combo)
        form.addRow(self.language_note)
        return box

    def _language_chosen(self) -> None:
        choice = self.language_combo.currentData()
        save_language(choice)
        if effective_language(choice) == current_language():
            self.language_note.clear()
            return
        # the open windows keep their texts: a restart shows every page in the new language
        self.language_note.setText(
            translate(
                "Settings",
                "Saved. Close and start Packdesk again to see it in the new language.",
            )
        )
        self.language_note.setStyleSheet(f"color: {color(OK)};")

    def _fill_services(self, *_args: Any, wanted: str | None = None) -> None:
        code = self.carrier_combo.currentData()
        current = wanted if wanted is not None else self.service_combo.currentData()
        self.service_combo.blockSignals(True)
        self.service_combo.clear()
        self.service_combo.addItem(translate("Settings", "(none)"), None)
        offer = self.ctx.offers.get(code) if code else None
        for service in offer.services if offer else ():
            self.service_combo.addItem(service_name(code, service), service)
        index = self.service_combo.findData(current)
        self.service_combo.setCurrentIndex(max(0, index))
        self.service_combo.setEnabled(offer is not None)
        self.service_combo.blockSignals(False)

    def load(self) -> None:
        """Show the current profile's preferences."""
        self._loading = True
        try:
            self._load()
        finally:
            self._loading = False

    def _load(self) -> None:
        profile = self.ctx.profile
        prefs = profile.preferences if profile is not None else Preferences()
        self.heading.setText(
            translate("Settings", "Preferences of <b>{name}</b>").format(
                name=profile_title(profile)
            )
            if profile
            else translate("Settings", "No profile is open")
        )
        self.setEnabled(profile is not None)
        self.auto_print.setChecked(prefs.auto_print_after_create)
        self.copies.setValue(prefs.copies)
        self.format_combo.setCurrentIndex(
            max(0, self.format_combo.findData(prefs.label_format_override))
        )
        self.carrier_combo.blockSignals(True)
        self.carrier_combo.clear()
        self.carrier_combo.addItem(translate("Settings", "(none)"), None)
        for code, offer in sorted(self.ctx.offers.items()):
            self.carrier_combo.addItem(offer.display_name, code)
        self.carrier_combo.setCurrentIndex(
            max(0, self.carrier_combo.findData(prefs.default_carrier))
        )
        self.carrier_combo.blockSignals(False)
        self._fill_services(wanted=prefs.default_service)
        package = prefs.default_package or {}
        self.weight.setValue(float(package.get("weight") or 0.0))
        self.box_weight.setValue(float(prefs.packaging_weight or 0.0))
        for spin, key in zip(self.sizes, ("length", "width", "height"), strict=True):
            spin.setValue(int(package.get(key) or 0))
        self.message.clear()

    def preferences(self) -> Preferences:
        """The preferences as shown (ValidationError if they are not valid)."""
        package: dict[str, Any] = {}
        if self.weight.value() > 0:
            package["weight"] = round(self.weight.value(), 2)
        for spin, key in zip(self.sizes, ("length", "width", "height"), strict=True):
            if spin.value() > 0:
                package[key] = spin.value()
        profile = self.ctx.profile
        base = profile.preferences if profile is not None else Preferences()
        return Preferences.model_validate(
            {
                **base.model_dump(),
                "auto_print_after_create": self.auto_print.isChecked(),
                "copies": self.copies.value(),
                "label_format_override": self.format_combo.currentData(),
                "default_carrier": self.carrier_combo.currentData(),
                "default_service": self.service_combo.currentData(),
                "default_package": package or None,
                "packaging_weight": round(self.box_weight.value(), 3) or None,
            }
        )

    def _show(self, text: str, color: str) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {color};")

    def save(self) -> bool:
        """Save into the current profile; the form and printing follow at once."""
        profile = self.ctx.profile
        if profile is None:
            return False
        try:
            prefs = self.preferences()
            self.ctx.manager.update(profile.model_copy(update={"preferences": prefs}))
        except (ValidationError, ProfileError) as exc:
            reason = profile_error_text(exc) or str(exc)
            self._show(translate("Settings", "Not saved: {exc}").format(exc=reason), color(ERROR))
            return False
        self.ctx.reload_profile()
        self._show(translate("Settings", "Preferences saved."), color(OK))
        self.preferences_saved.emit(prefs)
        return True
