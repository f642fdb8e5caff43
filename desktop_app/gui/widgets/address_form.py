"""Address fields of spec 2.1 with the contact rule; for the receiver, delivery modes.

Modes reshape the fields: a locker station or post branch takes the customer number in
`care_of`, the fixed keyword in `street` (filled in, not shown) and the station or outlet
number in `street_no`; a workplace parcel point takes only the partner id.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGridLayout, QLineEdit, QVBoxLayout, QWidget

from desktop_app.domain.catalog import CarrierSpec, load_catalog
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.countries import attach_country_list, country_code, country_name
from desktop_app.gui.widgets.fields import Field, FieldGroup, combo, line_edit, set_combo_items

ADDRESS = "address"
LOCKER_STATION = "locker_station"
POST_BRANCH = "post_branch"
PARTNER = "partner"
MODES = (ADDRESS, LOCKER_STATION, POST_BRANCH, PARTNER)

DEFAULT_COUNTRY = "DE"

# name, label, placeholder, (row, col, span)
_LAYOUT: tuple[tuple[str, str, str, tuple[int, int, int]], ...] = (
    ("company", QT_TRANSLATE_NOOP("Form", "Company"), "", (1, 0, 4)),
    ("first_name", QT_TRANSLATE_NOOP("Form", "First name"), "", (2, 0, 2)),
    ("last_name", QT_TRANSLATE_NOOP("Form", "Last name"), "", (2, 2, 2)),
    (
        "care_of",
        QT_TRANSLATE_NOOP("Form", "Care of"),
        QT_TRANSLATE_NOOP("Form", "c/o, department, floor"),
        (3, 0, 4),
    ),
    ("street", QT_TRANSLATE_NOOP("Form", "Street"), "", (4, 0, 3)),
    ("street_no", QT_TRANSLATE_NOOP("Form", "No."), "", (4, 3, 1)),
    ("zip_code", QT_TRANSLATE_NOOP("Form", "Postcode"), "", (5, 0, 1)),
    ("city", QT_TRANSLATE_NOOP("Form", "City"), "", (5, 1, 3)),
    # half a row each: "United Kingdom", "Vereinigtes Königreich" were cut in a quarter
    ("country", QT_TRANSLATE_NOOP("Form", "Country"), "DE", (6, 0, 2)),
    ("state", QT_TRANSLATE_NOOP("Form", "State"), "", (6, 2, 2)),
    ("phone", QT_TRANSLATE_NOOP("Form", "Phone"), "+49 30 1234567", (7, 0, 2)),
    ("email", QT_TRANSLATE_NOOP("Form", "E-mail"), "name@example.com", (8, 0, 4)),
    (
        "partner_id",
        QT_TRANSLATE_NOOP("Form", "Partner id"),
        QT_TRANSLATE_NOOP("Form", "7 characters, e.g. 1A2B3C4"),
        (9, 0, 4),
    ),
)
_DEFAULT_LABELS = {name: label for name, label, _, _ in _LAYOUT}


def mode_title(mode: str) -> str:
    """What the mode combo shows for a mode."""
    cat = load_catalog()
    return {
        ADDRESS: translate("Form", "Street address"),
        LOCKER_STATION: translate("Form", "Locker station ({keyword})").format(
            keyword=cat.locker_station.keyword
        ),
        POST_BRANCH: translate("Form", "Post branch ({keyword})").format(
            keyword=cat.post_branch.keyword
        ),
        PARTNER: translate("Form", "Workplace parcel point (partner id)"),
    }[mode]


def modes_for(spec: CarrierSpec | None) -> list[str]:
    """The delivery modes a carrier offers (all of them while no carrier is chosen)."""
    if spec is None:
        return list(MODES)
    out = [ADDRESS]
    if spec.locker_station:
        out.append(LOCKER_STATION)
    if spec.post_branch:
        out.append(POST_BRANCH)
    if spec.partner:
        out.append(PARTNER)
    return out


class AddressFormWidget(QWidget):
    """One address (`from` or `to`); `edited` fires on every user change."""

    edited = Signal()

    def __init__(self, role: str, *, with_modes: bool = False, parent: QWidget | None = None):
        super().__init__(parent)
        self.role = role
        self.with_modes = with_modes
        self.group = FieldGroup(self)
        self.group.edited.connect(self.edited)
        grid = QGridLayout()
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        for c in range(4):
            grid.setColumnStretch(c, 1)
        self.mode_combo = combo(object_name=f"{role}_mode")
        self.mode_field: Field | None = None
        if with_modes:
            self.mode_field = self.group.add(
                grid, 0, 0, "mode", translate("Form", "Deliver to"), self.mode_combo, span=4
            )
            for mode in MODES:
                self.mode_combo.addItem(mode_title(mode), mode)
            self.mode_combo.currentIndexChanged.connect(self._on_mode_changed)
        else:
            # owned by the form though never shown: a parentless combo outlived every form
            # as a top-level widget of its own
            self.mode_combo.setParent(self)
            self.mode_combo.hide()
        for name, label, placeholder, (row, col, span) in _LAYOUT:
            # (translate() gives back a text it has no translation of: "DE", "+49 …")
            hint = translate("Form", placeholder) if placeholder else ""
            edit = line_edit(hint, object_name=f"{role}_{name}")
            if name == "country":
                attach_country_list(edit)
                edit.setText(country_name(DEFAULT_COUNTRY))
                edit.setCursorPosition(0)  # its beginning, in a narrow column too
                # the common names whole ("Deutschlan", "Österrei…" were cut)
                widest = max(
                    edit.fontMetrics().horizontalAdvance(country_name(code))
                    for code in ("DE", "AT", "CH", "NL", "FR")
                )
                edit.setMinimumWidth(widest + 16)
            self.group.add(grid, row, col, name, translate("Form", label), edit, span=span)
        self._grid = grid
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(grid)
        self._spec: CarrierSpec | None = None
        self.apply_mode()

    # --- access -----------------------------------------------------------------------------

    @property
    def fields(self) -> dict[str, Field]:
        """Fields by wire name (plus `mode`)."""
        return self.group.fields

    def editor(self, name: str) -> QLineEdit:
        """The line edit of field `name` (for tests and focus)."""
        editor = self.fields[name].editor
        assert isinstance(editor, QLineEdit)
        return editor

    @property
    def mode(self) -> str:
        """The delivery mode (always `address` for the sender)."""
        if not self.with_modes:
            return ADDRESS
        return str(self.mode_combo.currentData() or ADDRESS)

    def set_mode(self, mode: str) -> None:
        """Choose a delivery mode as if the user had (the fields reshape)."""
        index = self.mode_combo.findData(mode)
        if index < 0:
            self.mode_combo.addItem(mode_title(mode), mode)
            index = self.mode_combo.count() - 1
        self.mode_combo.setCurrentIndex(index)
        if self.mode_field is not None:
            self.mode_field.touched = True
        self.edited.emit()

    # --- carrier ------------------------------------------------------------------------------

    def set_carrier(self, spec: CarrierSpec | None) -> None:
        """Offer the modes of this carrier; a chosen mode it lacks stays, flagged."""
        self._spec = spec
        if not self.with_modes:
            return
        current = self.mode
        name = spec.display_name if spec else ""
        set_combo_items(
            self.mode_combo,
            [(mode_title(m), m) for m in modes_for(spec)],
            current,
            unavailable=lambda m: translate("Form", "{0} — not offered by {name}").format(
                mode_title(m), name=name
            ),
        )
        self.apply_mode()

    def _on_mode_changed(self, _index: int) -> None:
        self.apply_mode()

    def apply_mode(self) -> None:
        """Show, hide and rename fields for the current mode."""
        mode = self.mode
        cat = load_catalog()
        f = self.fields
        place = mode in (LOCKER_STATION, POST_BRANCH)
        for name in _DEFAULT_LABELS:
            f[name].set_label(translate("Form", _DEFAULT_LABELS[name]))
        visible = {name: True for name in _DEFAULT_LABELS}
        visible["partner_id"] = False
        if place:
            visible.update(company=False, street=False, state=False)
            f["care_of"].set_label(translate("Form", "Customer number (Postnummer)"))
            f["care_of"].editor.setProperty("placeholderText", translate("Form", "6 to 10 digits"))  # type: ignore[union-attr]
            number = (
                translate("Form", "Station number")
                if mode == LOCKER_STATION
                else translate("Form", "Branch number")
            )
            f["street_no"].set_label(number)
            keyword = (cat.locker_station if mode == LOCKER_STATION else cat.post_branch).keyword
            f["street"].set_text(keyword)
        elif mode == PARTNER:
            visible = {name: name == "partner_id" for name in _DEFAULT_LABELS}
        else:
            f["care_of"].editor.setProperty(  # type: ignore[union-attr]
                "placeholderText", translate("Form", "c/o, department, floor")
            )
            keyword_values = {cat.locker_station.keyword, cat.post_branch.keyword}
            if f["street"].text().strip().upper() in keyword_values:
                f["street"].set_text("")
        for name, shown in visible.items():
            f[name].set_visible(shown)
        # the station/branch number takes the street's place rather than leaving a hole
        number_box = f["street_no"].row[0]
        if place:
            self._grid.addWidget(number_box, 4, 0, 1, 2)
        else:
            self._grid.addWidget(number_box, 4, 3, 1, 1)

    # --- data ---------------------------------------------------------------------------------

    def address(self) -> dict[str, Any]:
        """The address as on the wire (empty fields left out)."""
        mode = self.mode
        f = self.fields
        if mode == PARTNER:
            value = f["partner_id"].value()
            return {"partner_id": value} if value is not None else {"partner_id": ""}
        out: dict[str, Any] = {}
        for name in _DEFAULT_LABELS:
            if name == "partner_id":
                continue
            if mode in (LOCKER_STATION, POST_BRANCH) and name in ("company", "state"):
                continue
            value = f[name].value()
            if name == "country" and value is not None:
                value = country_code(value)  # the ISO code, whether a name or a code was typed
            if value is not None:
                out[name] = value
        if mode in (LOCKER_STATION, POST_BRANCH):
            cat = load_catalog()
            place = cat.locker_station if mode == LOCKER_STATION else cat.post_branch
            out["street"] = place.keyword
        return out

    def collect(self, draft: dict[str, Any], fields: dict[str, Field]) -> None:
        """Write the address into `draft` and register its fields under their paths."""
        draft[self.role] = self.address()
        mode = self.mode
        for name, f in self.fields.items():
            if name == "mode":
                continue
            if f.row and not f.row[0].isVisibleTo(self) and name != "street":
                continue
            fields[f"{self.role}.{name}"] = f
        if mode in (LOCKER_STATION, POST_BRANCH) and self.mode_field is not None:
            # the street is the mode's keyword: its problems belong to the mode choice
            fields[f"{self.role}.street"] = self.mode_field
        elif mode == PARTNER and self.mode_field is not None:
            fields[f"{self.role}.care_of"] = self.fields["partner_id"]
        if self.mode_field is not None:
            fields[f"{self.role}.mode"] = self.mode_field

    def set_address(self, address: dict[str, Any] | None, *, touched: bool = True) -> None:
        """Fill the fields from a wire address (a stored one, a default sender)."""
        address = address or {}
        if self.with_modes:
            index = self.mode_combo.findData(ADDRESS)
            self.mode_combo.setCurrentIndex(max(index, 0))
        for name, f in self.fields.items():
            if name == "mode":
                continue
            value = address.get(name)
            if name == "country":
                value = country_name(str(value or DEFAULT_COUNTRY))
            f.set_text(value if value is not None else "")
            f.touched = touched and value not in (None, "")
        self.apply_mode()

    def clear(self) -> None:
        """Empty every field (country back to the default) for the next shipment."""
        self.set_address({}, touched=False)
        self.group.reset_touched()
        if self.mode_field is not None:
            self.mode_field.touched = False

    def summary(self) -> str:
        """One line: name or company, street, town."""
        a = self.address()
        who = a.get("company") or " ".join(
            x for x in (a.get("first_name"), a.get("last_name")) if x
        )
        street = " ".join(x for x in (a.get("street"), a.get("street_no")) if x)
        town = " ".join(x for x in (a.get("zip_code"), a.get("city")) if x)
        country = country_name(a.get("country") or "")
        return ", ".join(x for x in (who, street, town, country) if x) or translate(
            "Form", "(empty)"
        )
