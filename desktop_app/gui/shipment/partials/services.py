"""Carrier and service choice, and the additional services with their own fields.

Only what the carrier offers is listed; a choice the new carrier lacks after a change stays
(flagged) so the rules can say what to change, instead of it vanishing silently.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.catalog import CarrierSpec, load_catalog
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.context import CarrierOffer
from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate, words
from desktop_app.gui.i18n.words import additional_service_name
from desktop_app.gui.shipment.addon_choices import (
    DEFAULT_TEXTS,
    EMAIL,
    SMS,
    AddOnChoice,
    choices_from_snapshot,
    snapshot,
    wire_item,
)
from desktop_app.gui.widgets.fields import Field, FieldGroup, combo, line_edit, set_combo_items

# each language by its own name, as the receiver reads it
LANGUAGES = (("Deutsch", "de"), ("English", "en"), ("Français", "fr"), ("Nederlands", "nl"))


def service_name(carrier: str | None, service: str) -> str:
    """A service by its customer-facing name in the UI language."""
    return words.service_name(carrier, service)


class CarrierServiceWidget(QWidget):
    """Carrier and service combos (only valid combinations offered)."""

    edited = Signal()
    carrier_changed = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.group = FieldGroup(self)
        self.group.edited.connect(self.edited)
        self.carrier_combo = combo(object_name="carrier")
        self.service_combo = combo(object_name="service")
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        self.group.add(grid, 0, 0, "carrier", translate("Shipment", "&Carrier"), self.carrier_combo)
        self.group.add(grid, 0, 1, "service", translate("Shipment", "Ser&vice"), self.service_combo)
        self.carrier_combo.currentIndexChanged.connect(self._on_carrier)
        self._offers: dict[str, CarrierOffer] = {}

    @property
    def fields(self) -> dict[str, Field]:
        """`carrier` and `service`."""
        return self.group.fields

    @property
    def carrier(self) -> str | None:
        """The chosen carrier code."""
        data = self.carrier_combo.currentData()
        return str(data) if data else None

    @property
    def service(self) -> str | None:
        """The chosen service."""
        data = self.service_combo.currentData()
        return str(data) if data else None

    def set_offers(self, offers: dict[str, CarrierOffer], preferred: str | None = None) -> None:
        """The carriers of this profile's service; keeps the current choice when possible."""
        self._offers = dict(offers)
        keep = self.carrier or preferred
        if keep not in offers and preferred in offers:
            keep = preferred
        set_combo_items(
            self.carrier_combo,
            [(o.display_name, code) for code, o in offers.items()],
            keep,
            unavailable=lambda c: translate("Shipment", "{c} — not offered by this service").format(
                c=c
            ),
        )
        self._fill_services(None)
        self.carrier_changed.emit(self.carrier or "")

    def set_carrier(self, carrier: str, service: str | None = None) -> None:
        """Choose a carrier (and service) as the user would."""
        index = self.carrier_combo.findData(carrier)
        if index >= 0:
            self.carrier_combo.setCurrentIndex(index)
            self.fields["carrier"].touched = True
        if service is not None:
            self.set_service(service)
        self.edited.emit()

    def set_service(self, service: str) -> None:
        """Choose a service as the user would."""
        index = self.service_combo.findData(service)
        if index >= 0:
            self.service_combo.setCurrentIndex(index)
            self.fields["service"].touched = True
        self.edited.emit()

    def _on_carrier(self, _index: int) -> None:
        self._fill_services(self.service)
        self.carrier_changed.emit(self.carrier or "")
        self.edited.emit()

    def _fill_services(self, keep: str | None) -> None:
        offer = self._offers.get(self.carrier or "")
        services = list(offer.services) if offer else []
        if keep is None and services:
            keep = "standard" if "standard" in services else services[0]
        name = offer.display_name if offer else ""
        set_combo_items(
            self.service_combo,
            [(service_name(self.carrier, s), s) for s in services],
            keep,
            unavailable=lambda s: translate("Shipment", "{0} — not offered by {name}").format(
                service_name(None, s), name=name
            ),
        )

    def collect(self, draft: dict[str, Any], fields: dict[str, Field]) -> None:
        """`carrier` and `service` into the draft."""
        if self.carrier:
            draft["carrier"] = self.carrier
        if self.service:
            draft["service"] = self.service
        fields["carrier"] = self.fields["carrier"]
        fields["service"] = self.fields["service"]


# what each service does, in the shop owner's words (the catalog's notes are for developers)
_NOTES = {
    "advance_notice": QT_TRANSLATE_NOOP(
        "Shipment", "The carrier tells the receiver when the parcel is coming."
    ),
    "cash_on_delivery": QT_TRANSLATE_NOOP(
        "Shipment",
        "The carrier collects the amount from the receiver and transfers it to your account.",
    ),
    "drop_authorization": QT_TRANSLATE_NOOP(
        "Shipment", "Only if the receiver has allowed you to authorize this."
    ),
}


class AddOnWidget(QFrame):
    """One additional service: a check box and, when checked, its property fields."""

    edited = Signal()

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = name
        info = load_catalog().additional_services[name]
        self.group = FieldGroup(self)
        self.group.edited.connect(self.edited)
        self.check = QCheckBox(additional_service_name(name))
        self.check.setObjectName(f"addon_{name}")
        note = _NOTES.get(name)
        self.note = QLabel(translate("Shipment", note) if note else info.note)
        self.note.setStyleSheet(f"color: {color(MUTED)};")
        self.note.setWordWrap(True)
        self.body = QWidget()
        grid = QGridLayout(self.body)
        grid.setContentsMargins(20, 0, 0, 4)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.email_radio: QRadioButton | None = None
        self.sms_radio: QRadioButton | None = None
        g = self.group
        if name == "advance_notice":
            self.email_radio = QRadioButton(translate("Shipment", "By e-mail"))
            self.sms_radio = QRadioButton(translate("Shipment", "By SMS"))
            self.email_radio.setChecked(True)
            channel = QButtonGroup(self)
            channel.addButton(self.email_radio)
            channel.addButton(self.sms_radio)
            row = QHBoxLayout()
            row.addWidget(self.email_radio)
            row.addWidget(self.sms_radio)
            row.addStretch(1)
            grid.addLayout(row, 0, 0, 1, 3)
            g.add(
                grid,
                1,
                0,
                "email",
                translate("Shipment", "Notify e-mail"),
                line_edit("name@example.com"),
                span=2,
            )
            g.add(
                grid,
                1,
                2,
                "language",
                translate("Shipment", "Language"),
                combo(LANGUAGES, object_name="language"),
            )
            g.add(
                grid,
                2,
                0,
                "sms",
                translate("Shipment", "Mobile number"),
                line_edit("+49 151 2345678"),
                span=2,
            )
            for radio in (self.email_radio, self.sms_radio):
                radio.toggled.connect(self._apply_channel)
                radio.toggled.connect(lambda *_: self.edited.emit())
        elif name == "cash_on_delivery":
            g.add(
                grid,
                0,
                0,
                "amount",
                translate("Shipment", "Amount to collect"),
                line_edit(translate("Shipment", "e.g. 49.90")),
            )
            g.add(
                grid, 0, 1, "currency", translate("Shipment", "Currency"), line_edit(max_width=80)
            )
            self.fields["currency"].set_text("EUR")
            g.add(
                grid,
                1,
                0,
                "bank_account_holder",
                translate("Shipment", "Account holder"),
                line_edit(),
                span=2,
            )
            g.add(grid, 2, 0, "bank_name", translate("Shipment", "Bank"), line_edit(), span=2)
            g.add(
                grid,
                3,
                0,
                "bank_account_number",
                "IBAN",
                line_edit(translate("Shipment", "DE..")),
                span=2,
            )
            g.add(grid, 4, 0, "bank_code", "BIC", line_edit(translate("Shipment", "e.g. DEUTDEFF")))
            g.add(
                grid,
                4,
                1,
                "reference1",
                translate("Shipment", "Reference on transfer"),
                line_edit(),
            )
        elif name == "drop_authorization":
            g.add(
                grid,
                0,
                0,
                "message",
                translate("Shipment", "Where may the parcel be left?"),
                line_edit(),
                span=2,
            )
        grid.setColumnStretch(0, 2)
        grid.setColumnStretch(1, 1)
        grid.setColumnStretch(2, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.setSpacing(1)
        layout.addWidget(self.check)
        self.error = g.add_section_error("name", layout)
        self.error.always_shown = True
        layout.addWidget(self.note)
        layout.addWidget(self.body)
        self.check.toggled.connect(self._apply_checked)
        self.check.toggled.connect(self._on_toggled)
        self._sms_allowed = True
        self._apply_checked()

    def _on_toggled(self, _on: bool) -> None:
        # choosing a service is reaching its section: its missing details may be named now
        self.fields["name"].touched = True
        self.edited.emit()

    @property
    def fields(self) -> dict[str, Field]:
        """Property fields by name (plus the check box's message line `name`)."""
        return self.group.fields

    @property
    def checked(self) -> bool:
        """Whether this service is added."""
        return self.check.isChecked()

    def set_carrier(self, spec: CarrierSpec | None, offered: bool) -> None:
        """Show it when offered (or already checked); SMS only where the carrier sends it."""
        self.setVisible(offered or self.checked)
        catalog_spec = load_catalog().additional_services.get(self.name)
        brand = catalog_spec.carrier_names.get(spec.code) if catalog_spec and spec else None
        name = additional_service_name(self.name)
        # the carrier's own name too (dpd's advance notice: Predict)
        self.check.setText(
            translate("Shipment", "{service} ({brand})").format(service=name, brand=brand)
            if brand
            else name
        )
        if self.name == "advance_notice":
            channels = load_catalog().additional_services["advance_notice"].channels
            self._sms_allowed = spec is None or spec.code in channels.get("sms", ())
            self._apply_channel()
        if self.name == "saturday_delivery":
            # the services by the names the service list shows ("Express", not "one_day")
            saturday = load_catalog().additional_services["saturday_delivery"]
            carrier = spec.code if spec is not None else saturday.carriers[0]
            services = translate("Shipment", " or ").join(
                service_name(carrier, s) for s in saturday.services or ()
            )
            self.note.setText(
                translate(
                    "Shipment",
                    "Needs the service {services} and your own carrier contract; "
                    "for shipments sent on a Friday.",
                ).format(services=services)
            )

    def _apply_checked(self, *_args: Any) -> None:
        self.body.setVisible(self.checked and bool(self.fields.keys() - {"name"}))
        self.note.setVisible(self.checked or self.name == "saturday_delivery")
        self._apply_channel()

    def _apply_channel(self, *_args: Any) -> None:
        if self.sms_radio is None or self.email_radio is None:
            return
        self.sms_radio.setVisible(self._sms_allowed or self.sms_radio.isChecked())
        sms = self.sms_radio.isChecked()
        self.fields["email"].set_visible(not sms)
        self.fields["language"].set_visible(not sms)
        self.fields["sms"].set_visible(sms)

    def choice(self) -> AddOnChoice:
        """What is chosen here: ticked, the channel, every field's text."""
        sms = self.sms_radio is not None and self.sms_radio.isChecked()
        texts = {k: f.text() for k, f in self.fields.items() if k != "name"}
        return AddOnChoice(self.name, self.checked, SMS if sms else EMAIL, texts)

    def apply(self, choice: AddOnChoice) -> None:
        """Show `choice`: ticked or not, its channel, its texts (defaults where it has none)."""
        if self.sms_radio is not None and self.email_radio is not None:
            (self.sms_radio if choice.channel == SMS else self.email_radio).setChecked(True)
        for key, f in self.fields.items():
            if key != "name":
                f.set_text(choice.texts.get(key, DEFAULT_TEXTS.get(key, "")))
        self.check.setChecked(choice.checked)

    def item(self) -> dict[str, Any]:
        """The wire form: `{name, properties}`."""
        return wire_item(self.choice())

    def register(self, prefix: str, fields: dict[str, Field]) -> None:
        """Register the check box line and property fields under `prefix`."""
        fields[f"{prefix}.name"] = self.fields["name"]
        fields[prefix] = self.fields["name"]
        fields[f"{prefix}.properties"] = self.fields["name"]
        for key, f in self.fields.items():
            if key != "name":
                fields[f"{prefix}.properties.{key}"] = f

    def clear(self) -> None:
        """Unchecked, fields emptied (currency back to EUR); the channel stays as it was."""
        self.apply(AddOnChoice(self.name, channel=self.choice().channel))
        self.group.reset_touched()


class AddOnsWidget(QWidget):
    """The additional services the carrier/service allow."""

    edited = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.items: dict[str, AddOnWidget] = {}
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.group = FieldGroup(self)
        self.section_error = self.group.add_section_error("additional_services", layout)
        for name in load_catalog().additional_services:
            w = AddOnWidget(name, self)
            w.edited.connect(self.edited)
            self.items[name] = w
            layout.addWidget(w)
        self.none_label = QLabel(
            translate("Shipment", "This carrier offers no additional services.")
        )
        self.none_label.setStyleSheet(f"color: {color(MUTED)};")
        layout.addWidget(self.none_label)
        self._carrier: tuple[CarrierSpec | None, CarrierOffer | None] = (None, None)

    def set_carrier(self, spec: CarrierSpec | None, offer: CarrierOffer | None) -> None:
        """Show the services `offer` allows, plus any still checked."""
        self._carrier = (spec, offer)
        offered = set(offer.additional_services) if offer else set()
        for name, w in self.items.items():
            w.set_carrier(spec, name in offered)
        self.none_label.setVisible(not any(w.isVisibleTo(self) for w in self.items.values()))

    def collect(self, draft: dict[str, Any], fields: dict[str, Field]) -> None:
        """`additional_services` (only when some are checked), paths by list position."""
        fields["additional_services"] = self.section_error
        chosen = [w for w in self.items.values() if w.checked]
        if not chosen:
            return
        draft["additional_services"] = [w.item() for w in chosen]
        for i, w in enumerate(chosen):
            w.register(f"additional_services[{i}]", fields)

    def clear(self) -> None:
        """Uncheck everything."""
        for w in self.items.values():
            w.clear()

    def snapshot(self) -> list[dict[str, Any]]:
        """The ticked services with their channel and texts, as plain JSON (for drafts)."""
        return snapshot(w.choice() for w in self.items.values())

    def restore(self, data: Any) -> None:
        """Tick the services of a snapshot with their details; the others unticked."""
        for name, choice in choices_from_snapshot(data, self.items).items():
            self.items[name].apply(choice)
        self.set_carrier(*self._carrier)  # a ticked service shows even where not offered
