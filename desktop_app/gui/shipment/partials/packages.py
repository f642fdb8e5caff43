"""Packages: weight, dimensions, type, description, declared value; several where allowed.

One package goes on the wire as `package` (paths `package.*`), several as `packages`
(paths `packages[i].*`). Dimensions are hidden for bulk; the declared value only shows for
carriers that insure higher values, and only matters above 500 EUR.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.catalog import CarrierSpec, load_catalog
from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import package_type_name
from desktop_app.gui.widgets.elided import ignore_width
from desktop_app.gui.widgets.fields import (
    Field,
    FieldGroup,
    combo,
    format_number,
    line_edit,
    set_combo_items,
)
from desktop_app.gui.widgets.scale import ScaleWeightRow

DIMENSIONS = ("length", "width", "height")


def _type_name(code: str, spec: CarrierSpec | None) -> str:  # noqa: ARG001 - one name for all
    return package_type_name(code)


class PackageRowWidget(QFrame):
    """The fields of one package."""

    edited = Signal()
    remove_requested = Signal(object)  # self

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("packageRow")
        self.group = FieldGroup(self)
        self.group.edited.connect(self.edited)
        self.title = QLabel(translate("Shipment", "Package"))
        self.title.setStyleSheet("font-weight: bold;")
        self.remove_button = QPushButton(translate("Shipment", "Remove"))
        self.remove_button.setAccessibleName("Remove this package")
        self.remove_button.clicked.connect(lambda: self.remove_requested.emit(self))
        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addStretch(1)
        head.addWidget(self.remove_button)
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        for c in range(4):
            grid.setColumnStretch(c, 1)
        g = self.group
        g.add(
            grid,
            0,
            0,
            "weight",
            translate("Shipment", "Weight (kg)"),
            line_edit(translate("Shipment", "e.g. 1.5"), object_name="weight"),
        )
        g.add(
            grid,
            0,
            1,
            "length",
            translate("Shipment", "Length (cm)"),
            line_edit(object_name="length"),
        )
        g.add(
            grid, 0, 2, "width", translate("Shipment", "Width (cm)"), line_edit(object_name="width")
        )
        g.add(
            grid,
            0,
            3,
            "height",
            translate("Shipment", "Height (cm)"),
            line_edit(object_name="height"),
        )
        self.type_combo = combo(object_name="package_type")
        # a carrier's long type names (cut in the closed box) never widen the section
        self.type_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.type_combo.setMinimumContentsLength(5)
        self.type_combo.currentIndexChanged.connect(self._apply_type)
        g.add(grid, 1, 0, "type", translate("Shipment", "Type"), self.type_combo)
        g.add(
            grid,
            1,
            1,
            "description",
            translate("Shipment", "Contents"),
            line_edit(translate("Shipment", "what is inside")),
            span=3,
        )
        self.insure_check = QCheckBox(
            translate("Shipment", "Insure a higher value (goods over 500 EUR)")
        )
        self.insure_check.setObjectName("insure")
        g.add(
            # a row of its own (the value under it): beside the value its text widened the
            # package section so far that DHL's form (which offers it) needed one column
            grid,
            2,
            0,
            "insure",
            translate("Shipment", "Declared value"),
            self.insure_check,
            span=4,
        )
        g.add(
            grid,
            3,
            0,
            "declared_value.amount",
            translate("Shipment", "Value (EUR)"),
            line_edit(translate("Shipment", "over 500")),
        )
        g.add(
            grid,
            3,
            1,
            "declared_value.currency",
            translate("Shipment", "Currency"),
            line_edit(max_width=80),
        )
        self.fields["declared_value.currency"].set_text("EUR")
        # a carrier that takes no declared value (UPS) hides the check box but keeps its
        # place: the package box keeps its height and nothing below it moves
        self.fields["insure"].keep_place_when_hidden()
        self.insure_check.toggled.connect(self._apply_insurance)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        layout.addLayout(head)
        layout.addLayout(grid)
        self._declared_allowed = True
        self.set_carrier(None)

    @property
    def fields(self) -> dict[str, Field]:
        """Fields by wire name relative to the package."""
        return self.group.fields

    def set_carrier(self, spec: CarrierSpec | None) -> None:
        """Offer this carrier's package types; show the declared value only where allowed."""
        types = list(spec.package_types) if spec else ["parcel"]
        current = self.type_combo.currentData() or (types[0] if types else "parcel")
        name = spec.display_name if spec else ""
        set_combo_items(
            self.type_combo,
            [(_type_name(t, spec), t) for t in types],
            current,
            unavailable=lambda t: translate("Shipment", "{0} — not taken by {name}").format(
                _type_name(t, None), name=name
            ),
        )
        self._declared_allowed = spec is None or spec.declared_value
        self._apply_type()
        self._apply_insurance()

    def _apply_type(self, *_args: Any) -> None:
        bulk = self.type_combo.currentData() == "bulk"
        for dim in DIMENSIONS:
            self.fields[dim].set_visible(not bulk)

    def _apply_insurance(self, *_args: Any) -> None:
        # a declared value already entered stays visible (and flagged) after a carrier change
        shown = self._declared_allowed or self.insure_check.isChecked()
        self.fields["insure"].set_visible(shown)
        on = shown and self.insure_check.isChecked()
        self.fields["declared_value.amount"].set_visible(on)
        self.fields["declared_value.currency"].set_visible(on)

    def package(self) -> dict[str, Any]:
        """The package as on the wire."""
        f = self.fields
        out: dict[str, Any] = {"weight": f["weight"].number()}
        ptype = self.type_combo.currentData()
        if ptype != "bulk":
            for dim in DIMENSIONS:
                out[dim] = f[dim].number()
        if ptype:
            out["type"] = ptype
        description = f["description"].value()
        if description is not None:
            out["description"] = description
        if self.insure_check.isChecked():
            out["declared_value"] = {
                "amount": f["declared_value.amount"].number(),
                "currency": f["declared_value.currency"].value(),
            }
        return out

    def set_package(self, package: dict[str, Any] | None) -> None:
        """Fill from a wire package (e.g. the profile's default package)."""
        package = package or {}
        f = self.fields
        for name in ("weight", *DIMENSIONS, "description"):
            f[name].set_text(format_number(package.get(name)))
        if package.get("type"):
            f["type"].set_text(package["type"])
        dv = package.get("declared_value")
        self.insure_check.setChecked(isinstance(dv, dict))
        if isinstance(dv, dict):
            f["declared_value.amount"].set_text(format_number(dv.get("amount")))
            f["declared_value.currency"].set_text(dv.get("currency") or "EUR")
        self._apply_type()
        self._apply_insurance()

    def register(self, prefix: str, fields: dict[str, Field]) -> None:
        """Register the visible fields under `prefix` (`package` or `packages[i]`)."""
        for name, f in self.fields.items():
            if f.row and not f.row[0].isVisibleTo(self):
                continue
            path = f"{prefix}.declared_value" if name == "insure" else f"{prefix}.{name}"
            fields[path] = f
        fields.setdefault(f"{prefix}.declared_value", self.fields["insure"])
        fields.setdefault(f"{prefix}.declared_value.amount", self.fields["declared_value.amount"])


class PackagesFormWidget(QWidget):
    """All packages of the shipment, with Add where the carrier takes several."""

    edited = Signal()
    rows_changed = Signal()  # a row added or removed (the tab order follows)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rows: list[PackageRowWidget] = []
        self._rows_box = QVBoxLayout()
        self._rows_box.setContentsMargins(0, 0, 0, 0)
        self.group = FieldGroup(self)
        self.add_button = QPushButton(translate("Shipment", "&Add package"))
        self.add_button.setObjectName("addPackage")
        self.add_button.clicked.connect(self._on_add)
        self.hint = QLabel()
        self.hint.setStyleSheet(f"color: {color(MUTED)};")
        # wrapped beside Add: a carrier's hint never widens the form's right column
        self.hint.setWordWrap(True)
        ignore_width(self.hint)
        # two lines kept whether a carrier has a hint or not (UPS's wraps there): choosing
        # the carrier never grows the package box
        self.hint.setMinimumHeight(2 * self.hint.fontMetrics().lineSpacing() + 2)
        keep_place = self.add_button.sizePolicy()
        keep_place.setRetainSizeWhenHidden(True)
        self.add_button.setSizePolicy(keep_place)
        foot = QHBoxLayout()
        foot.addWidget(self.add_button)
        foot.addWidget(self.hint, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._rows_box)
        self.section_error = self.group.add_section_error("packages", layout)
        layout.addLayout(foot)
        self._spec: CarrierSpec | None = None
        self._default: dict[str, Any] | None = None
        self.add_row()

    def add_row(self, package: dict[str, Any] | None = None) -> PackageRowWidget:
        """Add one package row (filled from `package` or the default package)."""
        row = PackageRowWidget(self)
        row.set_carrier(self._spec)
        row.set_package(package if package is not None else self._default)
        row.edited.connect(self.edited)
        row.remove_requested.connect(self._on_remove)
        self.rows.append(row)
        self._rows_box.addWidget(row)
        row.show()  # at once, not at the next event loop pass, so its fields register now
        self._renumber()
        self.rows_changed.emit()
        return row

    def _on_add(self) -> None:
        row = self.add_row()
        row.fields["weight"].editor.setFocus()  # type: ignore[union-attr]
        self.edited.emit()

    def _on_remove(self, row: PackageRowWidget) -> None:
        if len(self.rows) <= 1:
            return
        self.rows.remove(row)
        self._rows_box.removeWidget(row)
        row.hide()
        row.deleteLater()
        self._renumber()
        self.edited.emit()

    def _renumber(self) -> None:
        several = len(self.rows) > 1
        for i, row in enumerate(self.rows):
            row.title.setText(
                translate("Shipment", "Package {0}").format(i + 1)
                if several
                else translate("Shipment", "Package")
            )
            row.remove_button.setVisible(several)
        multiple = self._spec is None or self._spec.multiple_packages
        self.add_button.setVisible(multiple)
        if multiple:
            limit = load_catalog().max_packages
            self.add_button.setEnabled(len(self.rows) < limit)
            self.hint.setText(
                translate(
                    "Shipment", "{name} takes up to %n packages in one shipment.", None, limit
                ).format(name=self._spec.display_name)
                if self._spec
                else translate(
                    "Shipment", "This carrier takes up to %n packages in one shipment.", None, limit
                )
            )
        else:
            self.hint.setText("")

    def set_carrier(self, spec: CarrierSpec | None) -> None:
        """Re-offer types, insurance and Add for a carrier; rows stay as they are."""
        self._spec = spec
        for row in self.rows:
            row.set_carrier(spec)
        self._renumber()

    def set_default(self, package: dict[str, Any] | None) -> None:
        """The package new rows start from (the profile's default package)."""
        self._default = package

    def reset(self) -> None:
        """One row with the default package (for the next shipment)."""
        for row in self.rows[1:]:
            self._rows_box.removeWidget(row)
            row.hide()
            row.deleteLater()
        self.rows = self.rows[:1]
        self.rows[0].set_package(self._default)
        self.rows[0].group.reset_touched()
        self._renumber()

    def collect(self, draft: dict[str, Any], fields: dict[str, Field]) -> None:
        """`package` for one row, `packages` for several; fields registered per path."""
        fields["packages"] = self.section_error
        fields["package"] = self.section_error
        if len(self.rows) == 1:
            draft["package"] = self.rows[0].package()
            self.rows[0].register("package", fields)
            return
        draft["packages"] = [row.package() for row in self.rows]
        for i, row in enumerate(self.rows):
            row.register(f"packages[{i}]", fields)

    def attach_scale(self, scale_row: ScaleWeightRow) -> None:
        """Show the scale's live weight above the packages; taking it fills a weight field."""
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(0, scale_row)
        scale_row.take_requested.connect(self.take_weight)

    def take_weight(self, kg: float) -> PackageRowWidget:
        """Put `kg` in the weight of the package being edited, else of the first package
        without a weight, else of the first package."""
        focus = QApplication.focusWidget()
        target = next((r for r in self.rows if focus is not None and r.isAncestorOf(focus)), None)
        if target is None:
            empty = (r for r in self.rows if r.fields["weight"].value() is None)
            target = next(empty, self.rows[0])
        weight = target.fields["weight"]
        weight.set_text(format_number(round(kg, 3)))
        weight.touched = True
        self.edited.emit()
        return target
