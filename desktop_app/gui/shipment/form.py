"""The shipment form: sender, receiver, packages, carrier/service, add-ons, reference, label.

Every change builds a wire-shaped draft and runs `desktop_app.domain.rules.validate` on it;
each problem goes under the field its path names (problems with no field go to the form's
message area). A missing value is only pointed out once its section has been touched (or
when the user asks for all problems); a wrong value is shown at once. 422 answers of the
service are placed the same way.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollBar,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.rules import Problem, validate
from desktop_app.domain.sanitize import sanitize
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.problems import problem_message
from desktop_app.gui.i18n.words import label_format_name
from desktop_app.gui.shell.context import AppContext
from desktop_app.gui.shell.theme import ERROR_COLOR, MESSAGE_ERROR_STYLE, MUTED_COLOR
from desktop_app.gui.shipment.form_columns import FormColumns
from desktop_app.gui.shipment.locations import LocationFinderWidget
from desktop_app.gui.shipment.packages import PackagesFormWidget
from desktop_app.gui.shipment.sender_offer import SenderOfferBanner
from desktop_app.gui.shipment.services import AddOnsWidget, CarrierServiceWidget
from desktop_app.gui.widgets.address_form import PARTNER, AddressFormWidget
from desktop_app.gui.widgets.fields import ErrorLabel, Field, FieldGroup, combo, line_edit
from desktop_app.gui.widgets.problems import problem_text
from desktop_app.gui.widgets.scale import ScalePresenter, ScaleWeightRow
from desktop_app.profiles.models import Profile

# codes that only say a value is missing: not shown before the user reached that section
MISSING_CODES = frozenset(
    {"required", "contact_required", "advance_notice_contact_required", "no_package"}
)
_INDEX = re.compile(r"\[\d+\]$")
# the Local sandbox's sender until the user has one: clearly a sample, valid, so that a first
# label can be made without any setup
SAMPLE_SENDER: dict[str, str] = {
    "company": QT_TRANSLATE_NOOP("Shipment", "Sample Shop"),
    "first_name": QT_TRANSLATE_NOOP("Shipment", "Sam"),
    "last_name": QT_TRANSLATE_NOOP("Shipment", "Sample"),
    "street": "Musterstraße",
    "street_no": "12",
    "zip_code": "10115",
    "city": "Berlin",
    "country": "DE",
}


def sample_sender() -> dict[str, str]:
    """The sample sender with its names in the UI language ("Muster-Shop", "Max Mustermann")."""
    return {k: translate("Shipment", v) for k, v in SAMPLE_SENDER.items()}


def parent_path(path: str) -> str:
    """`packages[1].weight` -> `packages[1]` -> `packages` -> ``."""
    if _INDEX.search(path):
        return _INDEX.sub("", path)
    return path.rsplit(".", 1)[0] if "." in path else ""


def section_of(path: str) -> str:
    """The first segment with its index: `packages[1].weight` -> `packages[1]`."""
    return path.split(".", 1)[0]


class ShipmentFormWidget(QWidget):
    """All inputs of one shipment, validated on every change."""

    problems_changed = Signal(int)  # number of problems (shown or not)
    edited = Signal()
    tab_order_changed = Signal()  # package rows or search boxes came or went

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("shipmentForm")
        self.problems: list[Problem] = []
        self.server_problems: list[Problem] = []
        self.show_all = False
        self.last_validation_seconds = 0.0
        self._fields: dict[str, Field] = {}
        self._shown: set[int] = set()
        self._field_by_id: dict[int, Field] = {}
        self._saved_addresses: list[dict[str, Any]] = []
        self._addresses_task: asyncio.Task[Any] | None = None
        self._profile_id: str | None = None
        self._loaded_sender: dict[str, Any] = {}  # the default sender the fields were filled from
        self.receiver_search: QWidget | None = None  # the address book's search, when attached
        self.after_reference: QWidget | None = None  # where Enter in the reference goes

        self.message_area = QLabel()
        self.message_area.setObjectName("formMessages")
        self.message_area.setWordWrap(True)
        self.message_area.setStyleSheet(MESSAGE_ERROR_STYLE)
        self.message_area.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.message_area.hide()

        # --- receiver
        self.receiver = AddressFormWidget("to", with_modes=True)
        receiver_box = QGroupBox(translate("Shipment", "Receiver"))
        receiver_layout = QVBoxLayout(receiver_box)
        receiver_layout.addWidget(self.receiver)
        self.location_finder = LocationFinderWidget(
            context, self.receiver, lambda: self.carrier_service.carrier
        )
        receiver_layout.addWidget(self.location_finder)

        # --- sender: a summary line; the fields open on demand (or when they have problems)
        self.sender_form = AddressFormWidget("from")
        self.saved_combo = combo(object_name="savedAddresses")
        self.saved_combo.setAccessibleName("Saved addresses")
        self.saved_combo.addItem(translate("Shipment", "Saved addresses…"), None)
        self.saved_combo.activated.connect(self._on_saved_chosen)
        self.sender_summary = QLabel()
        self.sender_summary.setWordWrap(True)
        self.sender_toggle = QPushButton(translate("Shipment", "Change…"))
        self.sender_toggle.setCheckable(True)
        self.sender_toggle.setAccessibleName("Change the sender")
        self.sender_toggle.toggled.connect(self._on_sender_toggle)
        self.save_sender_button = QPushButton(translate("Shipment", "Save as default sender"))
        self.save_sender_button.setObjectName("saveDefaultSender")
        self.save_sender_button.setToolTip(
            translate("Shipment", "Use this sender for every new shipment of this profile")
        )
        self.save_sender_button.clicked.connect(self.save_default_sender)
        self.sender_note = QLabel()
        self.sender_note.setObjectName("senderNote")
        self.sender_note.setWordWrap(True)
        self.sender_note.setStyleSheet(f"color: {MUTED_COLOR};")
        self.sender_note.hide()
        # the account's default shipping address, offered while the profile has no sender
        self.sender_offer = SenderOfferBanner()
        self.sender_offer.accepted.connect(self.use_offered_sender)
        self._offer_task: asyncio.Task[Any] | None = None
        sender_box = QGroupBox(translate("Shipment", "Sender"))
        sl = QVBoxLayout(sender_box)
        head = QHBoxLayout()
        head.addWidget(self.sender_summary, 1)
        head.addWidget(self.sender_toggle)
        sl.addLayout(head)
        sl.addWidget(self.sender_offer)
        sl.addWidget(self.sender_note)
        sl.addWidget(self.saved_combo)
        sl.addWidget(self.sender_form)
        save_row = QHBoxLayout()
        save_row.addStretch(1)
        save_row.addWidget(self.save_sender_button)
        sl.addLayout(save_row)
        self.sender_form.hide()
        self.saved_combo.hide()
        self.save_sender_button.hide()

        # --- carrier and service, packages, add-ons
        self.carrier_service = CarrierServiceWidget()
        self.packages = PackagesFormWidget()
        # the scale's live weight above the packages (hidden without a scale in scales.json)
        self.scale = ScalePresenter(self)
        self.scale_row = ScaleWeightRow(self.scale)
        self.packages.attach_scale(self.scale_row)
        context.closing.connect(self.scale.close)
        self.scale.start()
        self.addons = AddOnsWidget()
        carrier_box = QGroupBox(translate("Shipment", "Carrier and service"))
        QVBoxLayout(carrier_box).addWidget(self.carrier_service)
        packages_box = QGroupBox(translate("Shipment", "Packages"))
        QVBoxLayout(packages_box).addWidget(self.packages)
        addons_box = QGroupBox(translate("Shipment", "Additional services"))
        QVBoxLayout(addons_box).addWidget(self.addons)

        # --- reference, order details, label format
        self.extra = FieldGroup(self)
        extra_box = QGroupBox(translate("Shipment", "Reference and label"))
        grid = QGridLayout(extra_box)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        self.reference_edit = line_edit(
            translate("Shipment", "order number (scan or type)"), object_name="reference"
        )
        # a barcode scanner ends with Enter: move on instead of submitting anything
        self.reference_edit.returnPressed.connect(self._reference_entered)
        self.extra.add(
            grid,
            0,
            0,
            "reference_number",
            translate("Shipment", "&Reference number"),
            self.reference_edit,
        )
        self.format_combo = combo(object_name="labelFormat")
        self.format_combo.activated.connect(self._on_format_chosen)
        self.format_field = self.extra.add(
            grid, 0, 1, "label.format", translate("Shipment", "&Label format"), self.format_combo
        )
        self.format_reason = QLabel()
        self.format_reason.setWordWrap(True)
        self.format_reason.setStyleSheet(f"color: {MUTED_COLOR};")
        grid.addWidget(self.format_reason, 1, 0, 1, 2)
        grid.setColumnStretch(0, 1)
        grid.setColumnStretch(1, 1)

        # a check box that opens the fields (a checkable group box leaves an empty frame)
        self.order_box = QCheckBox(
            translate("Shipment", "Add order details for the parcel point (partner)")
        )
        self.order_box.setObjectName("orderDetails")
        self.order_body = QGroupBox(translate("Shipment", "Order details"))
        og = QGridLayout(self.order_body)
        og.setHorizontalSpacing(8)
        og.setVerticalSpacing(2)
        self.order = FieldGroup(self)
        self.order.add(og, 0, 0, "shop_name", translate("Shipment", "Shop name"), line_edit())
        self.order.add(og, 0, 1, "order_number", translate("Shipment", "Order number"), line_edit())
        self.order.add(
            og,
            1,
            0,
            "order_date",
            translate("Shipment", "Order date"),
            line_edit(translate("Shipment", "YYYY-MM-DD")),
        )
        self.order.add(
            og,
            1,
            1,
            "e_mail_shop",
            translate("Shipment", "Shop e-mail"),
            line_edit("shop@example.com"),
        )
        self.order.add(
            og,
            2,
            0,
            "order_total.amount",
            translate("Shipment", "Order total"),
            line_edit(translate("Shipment", "e.g. 59.90")),
        )
        self.order.add(
            og,
            2,
            1,
            "order_total.currency",
            translate("Shipment", "Currency"),
            line_edit(max_width=80),
        )
        self.order.fields["order_total.currency"].set_text("EUR")
        self.order_box.toggled.connect(self._on_order_toggled)
        self._on_order_toggled(False)

        self._flow_boxes = (receiver_box, packages_box, carrier_box, addons_box, extra_box)
        self._later_boxes = (sender_box, self.order_box, self.order_body)
        self.packages.rows_changed.connect(self.tab_order_changed)

        # --- layout: two columns, one where two do not fit (no horizontal scroll bar)
        self.columns = FormColumns(
            left=(receiver_box, sender_box, self.order_box, self.order_body),
            right=(carrier_box, packages_box, addons_box, extra_box),
            flow=(*self._flow_boxes, *self._later_boxes),
        )
        self._available_width: int | None = None
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.addLayout(self.columns.layout)
        # problems no field holds: below the form, so showing them moves no field
        outer.addWidget(self.message_area)

        parts = (self.receiver, self.sender_form, self.carrier_service, self.packages, self.addons)
        for w in parts:
            w.edited.connect(self._on_edited)
        for g in (self.extra, self.order):
            g.edited.connect(self._on_edited)
        self.order_box.toggled.connect(lambda *_: self._on_edited())
        self.carrier_service.carrier_changed.connect(self._on_carrier_changed)
        self.carrier_service.edited.connect(self.refresh_label_formats)

        context.profile_changed.connect(self.load_profile)
        context.offers_changed.connect(self._on_offers_changed)
        context.connection_changed.connect(self._on_connection)
        # the tab order is the reading order: receiver, sender, carrier, packages, add-ons,
        # reference, label format (widgets are created in that order)
        self._on_offers_changed()
        if context.profile is not None:
            self.load_profile(context.profile)
        else:
            self.validate_now()

    # --- profile ---------------------------------------------------------------------------

    def load_profile(self, profile: Profile) -> None:
        """Start a fresh form for a new profile; for the same one (edited in Settings, a new
        default sender) only follow its changes and keep everything being typed."""
        if profile.id == self._profile_id:
            self.packages.set_default(profile.preferences.default_package)
            new_sender = dict(profile.default_sender or {})
            if new_sender and new_sender != self._loaded_sender and set(new_sender) != {"id"}:
                # a new default: the sender follows unless the user is typing another one
                if self._sender_untouched_by_user():
                    self.sender_form.set_address(new_sender)
                self._loaded_sender = new_sender
            self.refresh_label_formats()
            self.validate_now()
            self._update_sender_summary()
            return
        self._profile_id = profile.id
        self._saved_addresses = []
        self.saved_combo.clear()
        self.saved_combo.addItem(translate("Shipment", "Saved addresses…"), None)
        sender = dict(profile.default_sender or {})
        self._loaded_sender = sender
        if set(sender) == {"id"}:
            self.sender_form.set_address({})
            self.sender_summary.setText(translate("Shipment", "Loading the stored sender address…"))
        elif sender:
            self.sender_form.set_address(sender)
        elif profile.builtin_local:
            self.sender_form.set_address(sample_sender())
        else:
            self.sender_form.set_address({}, touched=False)
        prefs = profile.preferences
        self.packages.set_default(prefs.default_package)
        self.carrier_service.set_offers(self.context.offers, prefs.default_carrier)
        if prefs.default_service:
            self.carrier_service.set_service(prefs.default_service)
            self.carrier_service.fields["service"].touched = False
        self.reset_for_next()
        sender_problems = any(p.path.startswith("from") for p in self.problems)
        # open for typing when there is no sender; the sandbox's valid sample stays a summary
        self.sender_toggle.setChecked(sender_problems or not (sender or profile.builtin_local))
        self._set_sender_note("")
        self._update_sender_summary()
        self.sender_offer.withdraw()
        if self.context.connected:
            self._ask_for_sender_offer()

    def _sender_untouched_by_user(self) -> bool:
        """True while the sender fields still hold what the form filled in itself."""
        current = _comparable(self.sender_form.address())
        profile = self.context.profile
        loaded = self._loaded_sender or (
            sample_sender() if profile and profile.builtin_local else {}
        )
        return current in ({}, _comparable(loaded))

    def save_default_sender(self) -> bool:
        """Save the sender typed here as the profile's default (only a valid one)."""
        profile = self.context.profile
        if profile is None:
            return False
        self.validate_now()
        problems = [p for p in self.problems if p.path.startswith("from")]
        if problems:
            self.sender_toggle.setChecked(True)
            self.show_all = True
            self._show_problems()
            self._set_sender_note(translate("Shipment", "Correct the sender first."), error=True)
            return False
        body = sanitize(self.sender_form.address())
        assert isinstance(body, dict)
        return self._store_default_sender(profile, body)

    def _store_default_sender(self, profile: Profile, body: dict[str, Any]) -> bool:
        """Keep `body` as the profile's default sender (a read-only config folder: say so)."""
        try:
            self.context.manager.update(profile.model_copy(update={"default_sender": body}))
        except Exception as exc:  # keep what was typed or offered
            self._set_sender_note(
                translate("Shipment", "Could not save the profile: {exc}").format(exc=exc),
                error=True,
            )
            return False
        self._loaded_sender = dict(body)
        self.context.reload_profile()  # the same profile: the form keeps what is typed
        self._set_sender_note(translate("Shipment", "Saved as the default sender of this profile."))
        return True

    def _set_sender_note(self, text: str, *, error: bool = False) -> None:
        self.sender_note.setText(text)
        self.sender_note.setStyleSheet(f"color: {ERROR_COLOR if error else MUTED_COLOR};")
        self.sender_note.setVisible(bool(text))

    def has_unsaved_input(self) -> bool:
        """True when a shipment is being typed (receiver, reference or order details)."""
        receiver = {k: v for k, v in self.receiver.address().items() if k != "country"}
        if self.receiver.mode == PARTNER:
            receiver = {k: v for k, v in receiver.items() if v}
        if receiver:
            return True
        if self.extra.fields["reference_number"].value() is not None:
            return True
        return self.order_box.isChecked() and any(
            f.value() is not None
            for key, f in self.order.fields.items()
            if key != "order_total.currency"
        )

    def _on_offers_changed(self) -> None:
        prefs = self.context.profile.preferences if self.context.profile else None
        self.carrier_service.set_offers(
            self.context.offers, prefs.default_carrier if prefs else None
        )
        self.refresh_label_formats()
        self.validate_now()

    def _on_connection(self, state: str, _message: str) -> None:
        if state == "connected":
            with contextlib.suppress(RuntimeError):
                self._addresses_task = self.context.spawn(self.load_saved_addresses())
            self._ask_for_sender_offer()

    def _ask_for_sender_offer(self) -> None:
        profile = self.context.profile
        if profile is None or profile.default_sender:
            return
        with contextlib.suppress(RuntimeError):
            self._offer_task = self.context.spawn(self.load_sender_offer())

    async def load_sender_offer(self) -> None:
        """Offer the account's default shipping address when the profile has no sender."""
        from desktop_app.client.account_addresses import sender_offer

        client = self.context.client
        profile = self.context.profile
        if client is None or profile is None:
            return
        offer = await sender_offer(client, profile)
        if self.context.client is not client or self.context.profile is None:
            return  # the profile changed meanwhile
        if offer and not self.context.profile.default_sender:
            self.sender_offer.offer(offer)

    def use_offered_sender(self, address: dict[str, Any]) -> bool:
        """The offer taken: the address becomes the profile's default sender and the sender."""
        profile = self.context.profile
        if profile is None or not address:
            return False
        self.sender_form.set_address(address)
        if not self._store_default_sender(profile, address):
            return False
        self.sender_offer.withdraw()
        self._on_edited()
        self.sender_toggle.setChecked(any(p.path.startswith("from") for p in self.problems))
        return True

    async def load_saved_addresses(self) -> None:
        """Fill "Saved addresses" from the service (and resolve a stored default sender)."""
        client = self.context.client
        profile = self.context.profile
        if client is None or profile is None:
            return
        try:
            stored = await client.addresses.list(per_page=100)
        except Exception:
            return  # the sender can still be typed; the status bar shows connection trouble
        if self.context.client is not client:
            return  # the profile changed meanwhile
        self._saved_addresses = [
            a.model_dump(mode="json", by_alias=True, exclude_none=True) for a in stored
        ]
        self.saved_combo.clear()
        self.saved_combo.addItem(translate("Shipment", "Saved addresses…"), None)
        for a in self._saved_addresses:
            self.saved_combo.addItem(_address_line(a), a.get("id"))
        default = profile.default_sender or {}
        if set(default) == {"id"}:
            match = next((a for a in self._saved_addresses if a.get("id") == default["id"]), None)
            if match is not None:
                self.sender_form.set_address(_address_fields(match))
            self.validate_now()
            self._update_sender_summary()

    def _on_saved_chosen(self, index: int) -> None:
        address_id = self.saved_combo.itemData(index)
        match = next((a for a in self._saved_addresses if a.get("id") == address_id), None)
        if match is None:
            return
        self.sender_form.set_address(_address_fields(match))
        self._on_edited()

    def _on_sender_toggle(self, on: bool) -> None:
        self.sender_form.setVisible(on)
        self.saved_combo.setVisible(on)
        self.sender_toggle.setText(
            translate("Shipment", "Done") if on else translate("Shipment", "Change…")
        )

    def _update_sender_summary(self) -> None:
        profile = self.context.profile
        current = _comparable(self.sender_form.address())
        if (
            profile is not None
            and profile.builtin_local
            and current == _comparable(sample_sender())
        ):
            summary = self.sender_form.summary()
            self.sender_summary.setText(
                translate("Shipment", "{summary} (sample sender of the sandbox)").format(
                    summary=summary
                )
            )
        else:
            self.sender_summary.setText(self.sender_form.summary())
        default = self._loaded_sender or {}
        # offered whenever the sender shown is not the profile's saved default
        differs = bool(current) and current != _comparable(default)
        self.save_sender_button.setVisible(differs and set(default) != {"id"})

    # --- carrier-dependent parts ---------------------------------------------------------------

    def _on_carrier_changed(self, carrier: str) -> None:
        spec = load_catalog().carriers.get(carrier)
        offer = self.context.offers.get(carrier)
        self.receiver.set_carrier(spec)
        self.packages.set_carrier(spec)
        self.addons.set_carrier(spec, offer)
        self.refresh_label_formats()

    def refresh_label_formats(self) -> None:
        """Offer the carrier's formats; the automatic one comes from the assigned printer."""
        carrier, service = self.carrier_service.carrier, self.carrier_service.service
        auto, reason = self.context.auto_format(carrier, service)
        offer = self.context.offers.get(carrier or "")
        offered = list(offer.formats_for(service)) if offer else []
        keep = self.format_combo.currentData()
        box = self.format_combo
        old = box.blockSignals(True)
        try:
            box.clear()
            box.addItem(
                translate("Shipment", "{0} (automatic)").format(label_format_name(auto))
                if auto
                else translate("Shipment", "(automatic) — none fits"),
                None,
            )
            for fmt in offered:
                box.addItem(label_format_name(fmt), fmt)
            index = box.findData(keep) if keep else 0
            if index < 0:
                box.addItem(
                    translate("Shipment", "{0} — not offered").format(label_format_name(keep)),
                    keep,
                )
                index = box.count() - 1
            box.setCurrentIndex(index)
        finally:
            box.blockSignals(old)
        self._auto_format = auto
        self._auto_reason = reason
        chosen = box.currentData()
        self.format_reason.setText(
            translate("Shipment", "Chosen by hand (automatic would be {0}).").format(
                label_format_name(auto)
            )
            if chosen
            else translate("Shipment", "Automatic: {reason}").format(reason=reason)
        )

    def _on_format_chosen(self, _index: int) -> None:
        self.refresh_label_formats()
        self._on_edited()

    @property
    def label_format(self) -> str | None:
        """The format to request: the user's choice, else the automatic one."""
        chosen = self.format_combo.currentData()
        return str(chosen) if chosen else getattr(self, "_auto_format", None)

    @property
    def label_format_is_auto(self) -> bool:
        """True while the format follows the printer."""
        return self.format_combo.currentData() is None

    # --- draft and validation ------------------------------------------------------------------

    def draft(self) -> dict[str, Any]:
        """The shipment as on the wire (unsanitised), and the field of every path."""
        draft: dict[str, Any] = {}
        fields: dict[str, Field] = {}
        self.carrier_service.collect(draft, fields)
        self.sender_form.collect(draft, fields)
        self.receiver.collect(draft, fields)
        self.packages.collect(draft, fields)
        self.addons.collect(draft, fields)
        reference = self.extra.fields["reference_number"].value()
        if reference is not None:
            draft["reference_number"] = reference
        fields["reference_number"] = self.extra.fields["reference_number"]
        fields["label.format"] = self.format_field
        fields["label"] = self.format_field
        fmt = self.label_format
        if fmt:
            draft["label"] = {"format": fmt}
        if self.order_box.isChecked():
            partner: dict[str, Any] = {}
            f = self.order.fields
            for key in ("shop_name", "order_number", "order_date", "e_mail_shop"):
                value = f[key].value()
                if value is not None:
                    partner[key] = value
                fields[f"metadata.partner.{key}"] = f[key]
            amount = f["order_total.amount"].number()
            if amount is not None:
                partner["order_total"] = {
                    "amount": amount,
                    "currency": f["order_total.currency"].value(),
                }
            fields["metadata.partner.order_total.amount"] = f["order_total.amount"]
            fields["metadata.partner.order_total.currency"] = f["order_total.currency"]
            fields["metadata.partner.order_total"] = f["order_total.amount"]
            if partner:
                draft["metadata"] = {"partner": partner}
        draft["create_shipping_label"] = True
        self._fields = fields
        return draft

    def request_body(self) -> dict[str, Any]:
        """The sanitised request to send (what `validate` approved)."""
        body = sanitize(self.draft())
        assert isinstance(body, dict)
        return body

    def _gui_problems(self, draft: Mapping[str, Any]) -> list[Problem]:
        """Problems the wire draft cannot show: a parcel-point mode the carrier lacks, a
        label format no printer setting can give."""
        out: list[Problem] = []
        spec = load_catalog().carriers.get(str(draft.get("carrier") or ""))
        if self.receiver.mode == PARTNER and spec is not None and not spec.partner:
            out.append(
                Problem(
                    "to.partner_id",
                    "partner_not_offered",
                    translate(
                        "Shipment", "{display_name} does not deliver to workplace parcel points."
                    ).format(display_name=spec.display_name),
                )
            )
        if self.label_format is None and draft.get("carrier"):
            out.append(Problem("label.format", "no_label_format", self._auto_reason))
        return out

    def validate_now(self) -> list[Problem]:
        """Run the domain rules on the current draft and show the problems."""
        start = time.perf_counter()
        draft = self.draft()
        problems = validate(sanitize(draft)) + self._gui_problems(draft)
        if self.receiver.mode == PARTNER:
            problems = _partner_mode_problems(problems, draft.get("to"))
        self.problems = problems
        self.last_validation_seconds = time.perf_counter() - start
        self._show_problems()
        self.problems_changed.emit(len(self.problems) + len(self.server_problems))
        return problems

    def _on_edited(self) -> None:
        self.server_problems = []  # the user is changing things: local rules take over again
        self.validate_now()
        self._update_sender_summary()
        self.edited.emit()

    def field_for(self, path: str) -> Field | None:
        """The field a problem path belongs to (its own, else the nearest enclosing one)."""
        while path:
            f = self._fields.get(path)
            if f is not None:
                return f
            path = parent_path(path)
        return None

    def error_label(self, path: str) -> ErrorLabel | None:
        """The error label under the field of `path` (for tests and accessibility)."""
        f = self.field_for(path)
        return f.error if f is not None else None

    def messages_for(self, path: str) -> list[str]:
        """What is shown under the field of `path` right now."""
        label = self.error_label(path)
        return list(label.messages) if label is not None and label.isVisibleTo(self) else []

    def visible_problem_count(self) -> int:
        """How many fields show a problem right now (plus the message area)."""
        return len(self._shown) + (1 if self.message_area.text() else 0)

    def _touched_sections(self) -> set[str]:
        return {section_of(p) for p, f in self._fields.items() if f.touched}

    def _show_problems(self) -> None:
        touched = self._touched_sections()
        by_field: dict[int, list[str]] = {}
        unplaced: list[str] = []
        for p in [*self.problems, *self.server_problems]:
            f = self.field_for(p.path)
            if f is None:
                unplaced.append(problem_text(p))
                continue
            server = p.code == "server"
            missing = p.code in MISSING_CODES and section_of(p.path) not in touched
            if missing and not (self.show_all or f.always_shown or f.touched or server):
                continue
            messages = by_field.setdefault(id(f), [])
            text = problem_message(p)
            if text not in messages:
                messages.append(text)
            self._field_by_id[id(f)] = f
        for fid in self._shown - by_field.keys():
            f = self._field_by_id.get(fid)
            if f is not None:
                f.error.show_messages([])
        for fid, messages in by_field.items():
            self._field_by_id[fid].error.show_messages(messages)
        self._shown = set(by_field)
        self.message_area.setText("\n".join(unplaced))
        self.message_area.setVisible(bool(unplaced))
        sender_ids = {id(f) for p, f in self._fields.items() if p.startswith("from.")}
        if sender_ids & self._shown and not self.sender_toggle.isChecked():
            self.sender_toggle.setChecked(True)

    def reveal_all(self) -> None:
        """Show every problem, including fields not reached yet, and focus the first one."""
        self.show_all = True
        self._show_problems()
        self.problems_changed.emit(len(self.problems) + len(self.server_problems))
        for p in [*self.server_problems, *self.problems]:
            f = self.field_for(p.path)
            if f is not None and f.editor is not None and f.editor.isVisibleTo(self):
                f.editor.setFocus(Qt.FocusReason.OtherFocusReason)
                break

    def show_server_errors(
        self, field_errors: Mapping[str, Sequence[str]], general: Iterable[str] = ()
    ) -> None:
        """Put a 422's messages under the fields they name; the rest in the message area."""
        problems = [
            Problem(path, "server", message)
            for path, messages in field_errors.items()
            for message in messages
        ]
        problems += [Problem("", "server", message) for message in general]
        self.server_problems = problems
        self.draft()  # fields registered for the current shape
        self._show_problems()
        self.problems_changed.emit(len(self.problems) + len(self.server_problems))

    # --- width ----------------------------------------------------------------------------------

    def fit_width(self, available: int) -> None:
        """Two columns when they fit in `available` pixels (the scroll area's width), else one."""
        self._available_width = available
        margins = self.layout().contentsMargins()
        self.columns.fit(available - margins.left() - margins.right())

    def event(self, event: QEvent) -> bool:
        """A section grew or shrank (add-ons shown, German texts): check the columns again."""
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest and self._available_width is not None:
            self.fit_width(self._available_width)
        return done

    # --- misc ------------------------------------------------------------------------------------

    def reset_for_next(self) -> None:
        """After a creation: empty receiver, reference, add-ons, order; keep sender and carrier."""
        self.receiver.clear()
        self.location_finder.clear()
        self.packages.reset()
        self.addons.clear()
        self.extra.fields["reference_number"].set_text("")
        self.extra.reset_touched()
        for key, f in self.order.fields.items():
            f.set_text("EUR" if key == "order_total.currency" else "")
        self.order.reset_touched()
        self.order_box.setChecked(False)
        self.server_problems = []
        self.show_all = False
        self.refresh_label_formats()
        self.validate_now()

    def _on_order_toggled(self, on: bool) -> None:
        self.order_body.setVisible(on)

    def _reference_entered(self) -> None:
        target = self.after_reference
        if target is not None and target.isEnabled() and target.isVisible():
            target.setFocus(Qt.FocusReason.TabFocusReason)
        else:
            self.reference_edit.focusNextChild()

    def first_editor(self) -> QWidget | None:
        """The receiver search when there is one, else the receiver's first visible field."""
        search = self.receiver_search
        if search is not None and search.isVisibleTo(self):
            return search
        return next(
            (
                w
                for w in focusable_children(self.receiver)
                if w.isVisibleTo(self) and not isinstance(w, QComboBox)
            ),
            None,
        )

    def focus_first(self) -> None:
        """Put the cursor in the receiver search / first field (start of a new shipment)."""
        editor = self.first_editor()
        if editor is not None:
            editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def tab_chain(self) -> list[QWidget]:
        """The paper flow: receiver (search first), packages, carrier/service, add-ons,
        reference and label format; then the sender and the order details."""
        chain: list[QWidget] = [self.receiver_search] if self.receiver_search is not None else []
        for box in (*self._flow_boxes, *self._later_boxes):
            if box is self._flow_boxes[1]:  # package rows in their order, then Add package
                for row in self.packages.rows:
                    chain += focusable_children(row)
                chain.append(self.packages.add_button)
                continue
            chain += [w for w in focusable_children(box) if w is not self.receiver_search]
        return chain


def focusable_children(root: QWidget) -> list[QWidget]:
    """`root` (when focusable) and its descendants that take focus by Tab, in creation order
    (a combo box's own line edit and scroll bars excluded)."""
    out: list[QWidget] = []
    for w in [root, *root.findChildren(QWidget)]:
        if not w.focusPolicy() & Qt.FocusPolicy.TabFocus or isinstance(w, QScrollBar):
            continue
        if isinstance(w, QLabel) or w.window() is not root.window():
            continue  # a combo box's popup list is a window of its own
        if isinstance(w.parentWidget(), QComboBox):
            continue
        out.append(w)
    return out


def _partner_mode_problems(problems: list[Problem], to: Any) -> list[Problem]:
    """With only a partner id, the rest of `to` comes from the partner system: an empty id
    is one problem, not the missing street, city and name."""
    partner_id = to.get("partner_id") if isinstance(to, dict) else None
    if partner_id:
        return problems
    kept = [p for p in problems if not p.path.startswith("to.") and p.path != "to"]
    kept.append(
        Problem("to.partner_id", "required", translate("Shipment", "Enter the partner id."))
    )
    return kept


def _comparable(address: Mapping[str, Any]) -> dict[str, Any]:
    """An address without empty values, the default country filled in ({} when empty)."""
    out = {k: v for k, v in address.items() if k != "id" and v not in (None, "")}
    if not out or set(out) == {"country"}:
        return {}
    out.setdefault("country", "DE")
    return out


def _address_fields(address: Mapping[str, Any]) -> dict[str, Any]:
    """A stored address without its id and nulls, to fill the fields."""
    return {k: v for k, v in address.items() if k != "id" and v not in (None, "")}


def _address_line(address: Mapping[str, Any]) -> str:
    who = address.get("company") or " ".join(
        str(x) for x in (address.get("first_name"), address.get("last_name")) if x
    )
    town = " ".join(str(x) for x in (address.get("zip_code"), address.get("city")) if x)
    return ", ".join(str(x) for x in (who, address.get("street"), town) if x) or "(address)"
