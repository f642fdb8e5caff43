"""The form of one shipping preset (Settings › Shipping presets › Add / Edit): its name, the
conditions it applies under (country, postcode, weight, order value, item count), and what it
sets: carrier, service, package type and outer size, label format and add-ons. What is wrong
shows under the form as it is typed (checked by the domain); OK is only possible without."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.domain.models.routing import RULE_OPS
from desktop_app.domain.presets import PRESET_FIELDS
from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import label_format_name, package_type_name, service_name
from desktop_app.gui.settings.presets.presenter import (
    OP_SIGNS,
    PresetData,
    condition_value,
    field_name,
    value_text,
)

SIZES = ("length", "width", "height")
#: the weights a preset may give (the box's own, the default) -> their highest value in kg
WEIGHTS = {"packaging_weight": 100.0, "default_weight": 1000.0}


def _weight_box(top: float) -> QDoubleSpinBox:
    """A weight in kg, "–" while none is given."""
    spin = QDoubleSpinBox()
    spin.setRange(0, top)
    spin.setDecimals(3)
    spin.setSingleStep(0.05)
    spin.setSuffix(translate("Presets", " kg"))
    spin.setSpecialValueText("–")
    return spin


class ConditionRow(QWidget):
    """One condition: field, operator, value, and a button that removes it."""

    def __init__(self, condition: dict[str, Any], on_change: Callable[[], object]) -> None:
        super().__init__()
        self.field = QComboBox()
        for name in PRESET_FIELDS:
            self.field.addItem(field_name(name), name)
        self.op = QComboBox()
        for op in RULE_OPS:
            self.op.addItem(OP_SIGNS.get(op, op), op)
        self.value = QLineEdit(value_text(condition.get("value", "")))
        self.value.setPlaceholderText(translate("Presets", "e.g. DE, or AT, CH for a list"))
        self.field.setCurrentIndex(max(0, self.field.findData(condition.get("field"))))
        self.op.setCurrentIndex(max(0, self.op.findData(condition.get("op"))))
        self.remove = QPushButton(translate("Presets", "Remove"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget, stretch in ((self.field, 0), (self.op, 0), (self.value, 1), (self.remove, 0)):
            layout.addWidget(widget, stretch)
        self.field.currentIndexChanged.connect(on_change)
        self.op.currentIndexChanged.connect(on_change)
        self.value.textChanged.connect(on_change)

    def condition(self) -> dict[str, Any]:
        """The condition as stored."""
        field, op = self.field.currentData(), self.op.currentData()
        return {"field": field, "op": op, "value": condition_value(field, op, self.value.text())}


class PresetDialog(QDialog):
    """Edits one preset; `preset()` is what it shows, `problems` checks it as typed."""

    def __init__(
        self,
        preset: PresetData,
        problems: Callable[[PresetData], list[str]],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Presets", "Shipping preset"))
        self._problems = problems
        self.catalog = load_catalog()
        self.name = QLineEdit(str(preset.get("name") or ""))
        self.name.setObjectName("preset_name")
        self.rows: list[ConditionRow] = []
        self.conditions = QVBoxLayout()
        add_condition = QPushButton(translate("Presets", "Add condition"))
        add_condition.clicked.connect(lambda: self._add_row({"field": "to.country", "op": "eq"}))
        self.carrier = QComboBox()
        for code, spec in self.catalog.carriers.items():
            self.carrier.addItem(spec.display_name, code)
        self.service = QComboBox()
        self.package_type = QComboBox()
        self.sizes = [QDoubleSpinBox() for _ in SIZES]
        sizes_row = QHBoxLayout()
        for spin in self.sizes:
            spin.setRange(0, 500)
            spin.setDecimals(1)
            spin.setSuffix(translate("Presets", " cm"))
            spin.setSpecialValueText("–")
            sizes_row.addWidget(spin)
        self.weights = {name: _weight_box(top) for name, top in WEIGHTS.items()}
        self.weights["packaging_weight"].setToolTip(
            translate("Presets", "Added to an order weighed by its items (catalogue or file)")
        )
        self.weights["default_weight"].setToolTip(
            translate(
                "Presets",
                "For an order that has no weight from the scale, the catalogue or the file",
            )  # fmt: skip
        )
        self.label_format = QComboBox()
        self.add_ons = QLineEdit()
        self.add_ons.setPlaceholderText('{"advance_notice": {"email": "…", "language": "de"}}')
        self.message = QLabel()
        self.message.setObjectName("preset_problems")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(f"color: {color(ERROR)};")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow(translate("Presets", "Name"), self.name)
        form.addRow(translate("Presets", "Applies when all hold"), self.conditions)
        form.addRow("", add_condition)
        form.addRow(translate("Presets", "Carrier"), self.carrier)
        form.addRow(translate("Presets", "Service"), self.service)
        form.addRow(translate("Presets", "Package type"), self.package_type)
        form.addRow(translate("Presets", "Size (L × W × H)"), sizes_row)
        form.addRow(translate("Presets", "Box's own weight"), self.weights["packaging_weight"])
        form.addRow(translate("Presets", "Default weight"), self.weights["default_weight"])
        form.addRow(translate("Presets", "Label format"), self.label_format)
        form.addRow(translate("Presets", "Add-ons (JSON)"), self.add_ons)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        self._fill(preset)
        for signal in (
            self.name.textChanged,
            self.service.currentIndexChanged,
            self.package_type.currentIndexChanged,
            self.label_format.currentIndexChanged,
            self.add_ons.textChanged,
            *(spin.valueChanged for spin in self.sizes),
            *(spin.valueChanged for spin in self.weights.values()),
        ):
            signal.connect(self.check)
        self.carrier.currentIndexChanged.connect(lambda _i: self._carrier_chosen())
        self.check()

    def _fill(self, preset: PresetData) -> None:
        for condition in preset.get("when") or []:
            self._add_row(condition)
        self.carrier.setCurrentIndex(max(0, self.carrier.findData(preset.get("carrier"))))
        package = preset.get("package") or {}
        self._carrier_chosen(preset.get("service"), package.get("type"), preset.get("label_format"))
        for spin, key in zip(self.sizes, SIZES, strict=True):
            spin.setValue(float(package.get(key) or 0))
        for key, spin in self.weights.items():
            spin.setValue(float(package.get(key) or 0))
        add_ons = preset.get("additional_services")
        self.add_ons.setText(json.dumps(add_ons, ensure_ascii=False) if add_ons else "")

    def _add_row(self, condition: dict[str, Any]) -> None:
        row = ConditionRow(condition, self.check)
        row.remove.clicked.connect(lambda: self._remove_row(row))
        self.rows.append(row)
        self.conditions.addWidget(row)
        self.check()

    def _remove_row(self, row: ConditionRow) -> None:
        self.rows.remove(row)
        row.setParent(None)
        row.deleteLater()
        self.check()

    def _carrier_chosen(
        self, service: str | None = None, ptype: str | None = None, fmt: str | None = None
    ) -> None:
        """Offer the chosen carrier's services, package types and label formats."""
        code = self.carrier.currentData()
        spec = self.catalog.carriers[code]
        service = service or self.service.currentData()
        ptype = ptype or self.package_type.currentData()
        fmt = fmt or self.label_format.currentData()
        for combo in (self.service, self.package_type, self.label_format):
            combo.blockSignals(True)
            combo.clear()
        for name in spec.services:
            self.service.addItem(service_name(code, name), name)
        self.package_type.addItem(translate("Presets", "(as the order says)"), None)
        for name in spec.package_types:
            self.package_type.addItem(package_type_name(name), name)
        self.label_format.addItem(translate("Presets", "Automatic (chosen for the printer)"), None)
        for name in LABEL_FORMATS:
            self.label_format.addItem(label_format_name(name), name)
        for combo, wanted in ((self.service, service), (self.package_type, ptype),
                              (self.label_format, fmt)):  # fmt: skip
            combo.setCurrentIndex(max(0, combo.findData(wanted)))
            combo.blockSignals(False)
        self.check()

    def preset(self) -> PresetData:
        """The preset as the form shows it (its JSON form)."""
        package: dict[str, Any] = {}
        if self.package_type.currentData():
            package["type"] = self.package_type.currentData()
        for spin, key in zip(self.sizes, SIZES, strict=True):
            if spin.value() > 0:
                package[key] = spin.value()
        for key, spin in self.weights.items():
            if spin.value() > 0:
                package[key] = round(spin.value(), 3)
        preset: PresetData = {
            "name": self.name.text().strip(),
            "when": [row.condition() for row in self.rows],
            "carrier": self.carrier.currentData(),
            "service": self.service.currentData(),
            "package": package,
        }
        if self.label_format.currentData():
            preset["label_format"] = self.label_format.currentData()
        text = self.add_ons.text().strip()
        if text:
            try:
                preset["additional_services"] = json.loads(text)
            except ValueError:
                preset["additional_services"] = text  # the check names it
        return preset

    def check(self) -> list[str]:
        """Show what is wrong; OK only without problems."""
        if not hasattr(self, "buttons"):
            return []
        problems = self._problems(self.preset())
        self.message.setText("\n".join(problems))
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(not problems)
        return problems
