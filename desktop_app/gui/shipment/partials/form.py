"""The shipment form: receiver, sender, packages, carrier/service, add-ons, reference, label.

The form composes its sections (partial widgets: `receiver_section`, `sender_section`,
`packages`, `services`, `details`) and leaves the decisions to plain classes tested without a
window: `validation.FormValidation` (which problem shows where), `request` (the draft and the
request body), `label_formats` (the format list), `receiver_modes`, `sender_choices`.
Every change builds a wire-shaped draft and runs the domain rules on it; each problem goes
under the field its path names (problems with no field go to the form's message area).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGroupBox,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.rules import Problem
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.i18n import translate
from desktop_app.gui.shipment.focus_order import first_editor, tab_chain
from desktop_app.gui.shipment.form_columns import FormColumns
from desktop_app.gui.shipment.partials.customs_section import CustomsSectionWidget
from desktop_app.gui.shipment.partials.details import OrderDetailsWidget, ReferenceSectionWidget
from desktop_app.gui.shipment.partials.package_section import PackageSectionWidget
from desktop_app.gui.shipment.partials.receiver_section import ReceiverSectionWidget
from desktop_app.gui.shipment.partials.sender_section import SenderSectionWidget
from desktop_app.gui.shipment.partials.services import AddOnsWidget, CarrierServiceWidget
from desktop_app.gui.shipment.problem_display import ProblemDisplay
from desktop_app.gui.shipment.request import build_draft, request_body
from desktop_app.gui.shipment.validation import FormValidation
from desktop_app.gui.widgets.fields import Field
from desktop_app.profiles.models import Profile


def _boxed(title: str, widget: QWidget) -> QGroupBox:
    box = QGroupBox(title)
    QVBoxLayout(box).addWidget(widget)
    return box


#: what stays from one shipment to the next (`reset_for_next`): not this shipment's input
KEPT_PREFIXES = ("from.",)
KEPT_PATHS = frozenset({"carrier", "service", "label.format"})


class ShipmentFormWidget(QWidget):
    """All inputs of one shipment, validated on every change."""

    problems_changed = Signal(int)  # number of problems (shown or not)
    edited = Signal()
    tab_order_changed = Signal()  # package rows or search boxes came or went

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.setObjectName("shipmentForm")
        self.validation = FormValidation()
        self._fields: dict[str, Field] = {}
        self.display = ProblemDisplay(self.validation, lambda: self._fields)
        self.message_area = self.display.message_area
        self._profile_id: str | None = None
        self.receiver_search: QWidget | None = None  # the address book's search, when attached

        # the sections, in the paper flow's order (the order their widgets are created in)
        self.receiver_section = ReceiverSectionWidget(context, lambda: self.carrier_service.carrier)
        self.receiver = self.receiver_section.form
        self.sender_section = SenderSectionWidget(context, self.validate_now, self._reveal_quietly)
        # the address book's pickers go beside these (`addresses.book.attach_pickers`)
        self.sender_form, self.sender_toggle = self.sender_section.form, self.sender_section.toggle
        self.carrier_service = CarrierServiceWidget()
        self.package_section = PackageSectionWidget(context)
        self.packages = self.package_section.packages
        self.addons = AddOnsWidget()
        self.reference_section = ReferenceSectionWidget()
        r = self.reference_section
        self.reference_edit = r.reference_edit  # what a scanner types into
        r.format_combo.activated.connect(self._on_format_chosen)
        self.order_details = OrderDetailsWidget()
        self.customs = CustomsSectionWidget()  # shown when the destination needs a declaration
        carrier_box = _boxed(translate("Shipment", "Carrier and service"), self.carrier_service)
        addons_box = _boxed(translate("Shipment", "Additional services"), self.addons)
        self.addons_box = addons_box
        self._flow_boxes = (self.receiver_section, self.package_section, carrier_box, addons_box, r)
        self._later_boxes = (self.sender_section, self.order_details)
        self.packages.rows_changed.connect(self.tab_order_changed)
        self.customs.built.connect(self.tab_order_changed)

        # --- layout: two columns, one where two do not fit (no horizontal scroll bar)
        self.columns = FormColumns(
            left=(self.receiver_section, self.sender_section, self.order_details),
            right=(carrier_box, self.package_section, self.customs, addons_box, r),
            flow=(*self._flow_boxes, self.customs, *self._later_boxes),
            parent=self,
        )
        outer = QVBoxLayout(self)
        outer.setContentsMargins(6, 6, 6, 6)
        outer.addLayout(self.columns.layout)
        # problems no field holds: below the form, so showing them moves no field
        outer.addWidget(self.message_area)

        for part in (self.receiver, self.sender_form, self.carrier_service, self.packages):
            part.edited.connect(self._on_edited)
        for section in (self.addons, self.reference_section, self.order_details, self.customs):
            section.edited.connect(self._on_edited)
        self.sender_section.refilled.connect(self._on_edited)
        self.sender_section.reloaded.connect(self.validate_now)
        self.sender_section.reloaded.connect(self.sender_section.update_summary)
        self.carrier_service.carrier_changed.connect(self._on_carrier_changed)
        self.carrier_service.edited.connect(self.refresh_label_formats)
        context.profile_changed.connect(self.load_profile)
        context.offers_changed.connect(self._on_offers_changed)
        context.connection_changed.connect(self._on_connection)
        self._on_offers_changed()
        if context.profile is not None:
            self.load_profile(context.profile)
        else:
            self.validate_now()

    # --- profile, connection, carrier ------------------------------------------------------------

    def load_profile(self, profile: Profile) -> None:
        """Start a fresh form for a new profile; for the same one (edited in Settings, a new
        default sender) only follow its changes and keep everything being typed."""
        if profile.id == self._profile_id:
            self.packages.set_default(profile.preferences.default_package)
            self.sender_section.follow(profile)
            self.refresh_label_formats()
            self.validate_now()
            self.sender_section.update_summary()
            return
        self._profile_id = profile.id
        self.sender_section.start(profile)
        prefs = profile.preferences
        self.packages.set_default(prefs.default_package)
        self.carrier_service.set_offers(self.context.offers, prefs.default_carrier)
        if prefs.default_service:
            self.carrier_service.set_service(prefs.default_service)
            self.carrier_service.fields["service"].touched = False
        self.reset_for_next()
        sender_problems = any(p.path.startswith("from") for p in self.problems)
        has_sender = bool(profile.default_sender) or profile.builtin_local
        self.sender_section.open_for(has_sender, sender_problems)

    def has_unsaved_input(self) -> bool:
        """True when a shipment is being typed (receiver, reference or order details)."""
        return (
            self.receiver_section.has_input()
            or self.reference_section.reference.value() is not None
            or self.order_details.has_input()
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
            self.sender_section.load_saved_addresses_later()
            self.sender_section.ask_for_offer()

    def _on_carrier_changed(self, carrier: str) -> None:
        spec = load_catalog().carriers.get(carrier)
        offer = self.context.offers.get(carrier)
        self.receiver.set_carrier(spec)
        self.packages.set_carrier(spec)
        # a carrier with fewer add-ons (UPS) leaves their box as high as it was: the reference
        # and label format below it stay where the packer found them
        box = self.addons_box
        box.setMinimumHeight(max(box.minimumHeight(), box.height() if box.isVisible() else 0))
        self.addons.set_carrier(spec, offer)
        self.refresh_label_formats()

    def refresh_label_formats(self) -> None:
        """Offer the carrier's formats; the automatic one comes from the assigned printer."""
        carrier, service = self.carrier_service.carrier, self.carrier_service.service
        offer = self.context.offers.get(carrier or "")
        offered = list(offer.formats_for(service)) if offer else []
        auto, reason = self.context.auto_format(carrier, service)
        self.reference_section.show_formats(auto, reason, offered)

    def _on_format_chosen(self, _index: int) -> None:
        self.refresh_label_formats()
        self._on_edited()

    @property
    def label_format(self) -> str | None:
        """The format to request: the user's choice, else the automatic one."""
        return self.reference_section.label_format

    # --- draft and problems --------------------------------------------------------------------

    @property
    def problems(self) -> list[Problem]:
        """The local rules' problems of the current draft."""
        return self.validation.problems

    def draft(self) -> dict[str, Any]:
        """The shipment as on the wire (unsanitised); notes the field of every path."""
        parts = (
            self.carrier_service,
            self.sender_form,
            self.receiver,
            self.packages,
            self.addons,
            self.reference_section,
            self.order_details,
            self.customs,
        )
        draft, self._fields = build_draft(parts, self.label_format)
        if self.customs.follow(draft):  # shown or hidden now: its declaration in or out
            draft, self._fields = build_draft(parts, self.label_format)
        return draft

    def request_body(self) -> dict[str, Any]:
        """The sanitised request to send (what `validate` approved)."""
        return request_body(self.draft())

    def validate_now(self) -> list[Problem]:
        """Run the domain rules on the current draft and show the problems."""
        problems = self.validation.check(
            self.draft(),
            receiver_mode=self.receiver.mode,
            label_format=self.label_format,
            format_reason=self.reference_section.auto_reason,
        )
        self._show_problems()
        self.problems_changed.emit(self.validation.count)
        return problems

    def _on_edited(self) -> None:
        self.validation.server_problems = []  # the user is changing things: local rules again
        self.validate_now()
        self.sender_section.update_summary()
        self.edited.emit()

    def field_for(self, path: str) -> Field | None:
        """The field a problem path belongs to (its own, else the nearest enclosing one)."""
        return self.display.field_for(path)

    def messages_for(self, path: str) -> list[str]:
        """What is shown under the field of `path` right now."""
        f = self.field_for(path)
        shown = f is not None and f.error.isVisibleTo(self)
        return list(f.error.messages) if f is not None and shown else []

    def untouched(self) -> bool:
        """Nothing of this shipment typed or chosen since the form was emptied (a fresh or a
        reset form); what is kept from shipment to shipment (the sender, the carrier and its
        service, the label format) does not count: choosing UPS names no problems yet."""
        return not any(
            f.touched
            for path, f in self._fields.items()
            if not path.startswith(KEPT_PREFIXES) and path not in KEPT_PATHS
        )

    def visible_problem_count(self) -> int:
        """How many fields show a problem right now (plus the message area)."""
        return self.display.visible_count()

    def _show_problems(self) -> None:
        shown = self.display.show()
        if any(p.startswith("from.") for p in shown) and not self.sender_toggle.isChecked():
            self.sender_toggle.setChecked(True)  # a sender problem opens the sender's fields

    def _reveal_quietly(self) -> None:
        self.validation.show_all = True
        self._show_problems()

    def reveal_all(self) -> None:
        """Show every problem, including fields not reached yet, and focus the first one."""
        self._reveal_quietly()
        self.problems_changed.emit(self.validation.count)
        f = self.display.first_field(lambda f: f.editor is not None and f.editor.isVisibleTo(self))
        if f is not None and f.editor is not None:
            f.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_server_errors(
        self, field_errors: Mapping[str, Sequence[str]], general: Iterable[str] = ()
    ) -> None:
        """Put a 422's messages under the fields they name; the rest in the message area."""
        self.validation.set_server_errors(field_errors, general)
        self.draft()  # fields registered for the current shape
        self._show_problems()
        self.problems_changed.emit(self.validation.count)

    def reset_for_next(self) -> None:
        """After a creation: empty receiver, reference, add-ons, order; keep sender and carrier."""
        self.receiver_section.clear()
        if isinstance(self.receiver_search, QLineEdit):
            self.receiver_search.clear()
        self.packages.reset()
        self.addons.clear()
        self.reference_section.clear()
        self.customs.clear()
        self.order_details.clear()
        self.validation.reset()
        self.refresh_label_formats()
        self.validate_now()

    # --- width and focus -------------------------------------------------------------------------

    def fit_width(self, available: int) -> None:
        """Two columns when they fit in `available` pixels (the scroll area's width), else one."""
        self.columns.fit(available)

    @property
    def after_reference(self) -> QWidget | None:
        """Where Enter in the reference goes (Create and print; never creates by itself)."""
        return self.reference_section.after_reference()

    @after_reference.setter
    def after_reference(self, target: QWidget | None) -> None:
        self.reference_section.after_reference = lambda: target

    def first_editor(self) -> QWidget | None:
        """The receiver search when there is one, else the receiver's first visible field."""
        return first_editor(self.receiver, self.receiver_search, self)

    def focus_first(self) -> None:
        """Put the cursor in the receiver search / first field (start of a new shipment)."""
        editor = self.first_editor()
        if editor is not None:
            editor.setFocus(Qt.FocusReason.OtherFocusReason)
            # Ctrl+N from the form's end: the search scrolls into view, typing is seen
            area = self.parentWidget()
            while area is not None and not isinstance(area, QScrollArea):
                area = area.parentWidget()
            if isinstance(area, QScrollArea):
                area.ensureWidgetVisible(editor, 0, 40)

    def tab_chain(self) -> list[QWidget]:
        """The paper flow: receiver (search first), packages, carrier/service, add-ons,
        reference and label format; then the sender and the order details."""
        sections = (*self._flow_boxes, *self._later_boxes)
        packages = self._flow_boxes[1]
        add = self.packages.add_button
        return tab_chain(self.receiver_search, sections, packages, self.packages.rows, add)
