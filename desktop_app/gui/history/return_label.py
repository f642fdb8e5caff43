"""A return label for a history entry, decided without a window.

`returnable()` says whether a stored shipment can get a return label (its carrier takes
returns), `return_offer()` what "Create return label…" offers for a selection, and
`existing_return_question()` what it asks when the shipment has a return already.
`return_draft()` builds the `returns` shipment: sender and receiver swapped, the packages
carried over, additional services removed, with the reasons as notes. `ReturnPresenter` holds
one return in the making: the draft as edited, the domain's problems, where it goes (the
account's default returns address when it has one, else the original sender) and its creation
through the journaled creator, printed when asked.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from desktop_app.domain.catalog import load_catalog

# address fields carried over (the stored address id and partner id are not: the customer's
# parcel point and the shop's stored address are not where a return starts or ends)
from desktop_app.domain.models.address import ADDRESS_FIELDS as _ADDRESS_KEYS
from desktop_app.domain.rules import Problem, validate
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import (
    additional_service_name,
    date_time,
    label_format_name,
    service_name,
)
from desktop_app.gui.widgets.tasks import service_text
from desktop_app.profiles.store import StoredShipment, return_reference

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

log = logging.getLogger(__name__)

RETURN_SERVICE = "returns"
_PACKAGE_KEYS = ("weight", "length", "width", "height", "type", "description")


def returnable(shipment: StoredShipment) -> tuple[bool, str]:
    """Whether a return label can be made for `shipment`, and why not."""
    if shipment.service == RETURN_SERVICE:
        return False, translate("History", "it is a return itself")
    spec = load_catalog().carriers.get(shipment.carrier)
    if spec is None:
        return False, translate("History", "the carrier {carrier} is unknown").format(
            carrier=shipment.carrier
        )
    if not spec.returns:
        takers = ", ".join(c.display_name for c in load_catalog().carriers.values() if c.returns)
        return False, translate(
            "History", "{display_name} takes no returns (these carriers do: {takers})"
        ).format(display_name=spec.display_name, takers=takers)
    return True, ""


def existing_return_question(shipment: StoredShipment, returns: list[StoredShipment]) -> str:
    """What "Create return label…" asks when `shipment` has return labels already."""
    latest = returns[0]
    return translate(
        "History",
        "%n return label(s) already exist for {who}; the latest is {reference}, created "
        "{when}.\n\nA second return label is rarely needed: show the existing one, or "
        "create another?",
        None,
        len(returns),
    ).format(
        who=shipment.reference_number or shipment.recipient or shipment.id,
        reference=latest.reference_number or latest.carrier_tracking_no or latest.id,
        when=date_time(latest.created_at),
    )


def _address(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        return {}
    return {k: value[k] for k in _ADDRESS_KEYS if value.get(k) not in (None, "")}


def _package(value: Any) -> dict[str, Any]:
    if not isinstance(value, Mapping):
        return {}
    return {k: value[k] for k in _PACKAGE_KEYS if value.get(k) not in (None, "")}


def return_draft(
    shipment: StoredShipment, *, label_format: str | None = None, reason: str = ""
) -> tuple[dict[str, Any], list[str]]:
    """The `returns` shipment for `shipment` and notes on what changed and why."""
    data = shipment.data
    notes: list[str] = []
    spec = load_catalog().carriers.get(shipment.carrier)
    name = spec.display_name if spec else shipment.carrier
    packages = [_package(p) for p in data.get("packages") or [] if isinstance(p, Mapping)]
    if not packages:
        packages = [{}]
    draft: dict[str, Any] = {
        "carrier": shipment.carrier,
        "service": RETURN_SERVICE,
        "from": _address(data.get("to")),
        "to": _address(data.get("from")),
    }
    if len(packages) > 1 and spec is not None and spec.multiple_packages:
        draft["packages"] = packages
    else:
        draft["package"] = packages[0]
        if len(packages) > 1:
            notes.append(
                translate(
                    "History", "{name} takes one package per shipment: the return has the first."
                ).format(name=name)
            )
    removed = [
        str(s.get("name"))
        for s in data.get("additional_services") or []
        if isinstance(s, Mapping) and s.get("name")
    ]
    if removed:
        notes.append(
            translate(
                "History",
                "Additional services removed ({0}): return shipments carry no additional services.",
            ).format(", ".join(additional_service_name(n) for n in removed))
        )
    if any(isinstance(p, Mapping) and p.get("declared_value") for p in data.get("packages") or []):
        notes.append(
            translate(
                "History",
                "The declared value (higher insurance) is not carried over to the return.",
            )
        )
    to = data.get("to") if isinstance(data.get("to"), Mapping) else {}
    if to and (to.get("partner_id") or str(to.get("care_of") or "").startswith("PAK ")):
        notes.append(
            translate(
                "History",
                "The shipment went to a workplace parcel point: check the customer's address.",
            )
        )
    draft["reference_number"] = return_reference(shipment)
    metadata: dict[str, Any] = {"return_of": shipment.id}
    if reason.strip():
        metadata["return_reason"] = reason.strip()
    draft["metadata"] = metadata
    if label_format:
        draft["label"] = {"format": label_format}
    draft["create_shipping_label"] = True
    return draft, notes


def return_offer(shipments: Sequence[StoredShipment]) -> tuple[bool, str]:
    """Whether "Create return label…" is offered for the selection, and its tooltip."""
    ok, why = (False, translate("History", "select one shipment"))
    if len(shipments) == 1:
        ok, why = returnable(shipments[0])
        if ok and shipments[0].deleted:
            ok, why = False, translate("History", "it was deleted")
    if ok:
        return True, translate("History", "Make a return label: sender and receiver swapped")
    return False, translate("History", "No return: {why}").format(why=why)


def return_question(ctx: AppContext, shipment: StoredShipment) -> tuple[str, StoredShipment | None]:
    """Before a return label for `shipment`: what to ask when it has one already (and the
    newest, to show instead), or ("", None) when nothing needs asking."""
    store = ctx.store
    existing = store.find_returns(shipment) if store is not None else []
    if not existing:
        return "", None
    return existing_return_question(shipment, existing), existing[0]


class ReturnPresenter:
    """One return label in the making for `shipment`: draft, problems, receiver, creation."""

    def __init__(self, ctx: AppContext, shipment: StoredShipment) -> None:
        self.ctx = ctx
        self.original = shipment
        self.created: StoredShipment | None = None
        self.label_format, self.format_reason = ctx.auto_format(shipment.carrier, RETURN_SERVICE)
        self.base_draft, self.notes = return_draft(shipment, label_format=self.label_format)

    def title(self) -> str:
        """The dialog's title: whose return it is."""
        s = self.original
        who = s.reference_number or s.recipient or s.id
        return translate("History", "Return label for {who}").format(who=who)

    def summary(self) -> str:
        """Carrier, service, label format and why that format."""
        spec = load_catalog().carriers.get(self.original.carrier)
        return translate("History", "{carrier} · {service} · label {label} ({reason})").format(
            carrier=spec.display_name if spec else self.original.carrier,
            service=service_name(self.original.carrier, RETURN_SERVICE),
            label=label_format_name(self.label_format) or "—",
            reason=self.format_reason,
        )

    def notes_text(self) -> str:
        """What changed against the original and why, one bullet a line."""
        return "\n".join(f"• {n}" for n in self.notes)

    def description(self) -> str:
        """The contents as the original's (first) package describes them."""
        draft = self.base_draft
        package = draft.get("package") or (draft.get("packages") or [{}])[0]
        return str(package.get("description") or "")

    def draft(
        self,
        sender: Mapping[str, Any],
        receiver: Mapping[str, Any],
        description: str = "",
        reference: str = "",
        reason: str = "",
    ) -> dict[str, Any]:
        """The return shipment with the dialog's fields (the contents fill the packages that
        have none; one package takes exactly what is typed)."""
        draft = dict(self.base_draft)
        draft["from"] = dict(sender)
        draft["to"] = dict(receiver)
        description = description.strip()
        if "package" in draft:
            package = dict(draft["package"])
            package.pop("description", None)
            if description:
                package["description"] = description
            draft["package"] = package
        else:
            packages = [dict(p) for p in draft["packages"]]
            for p in packages:
                if description and not p.get("description"):
                    p["description"] = description
            draft["packages"] = packages
        draft["reference_number"] = reference.strip()
        metadata = {"return_of": self.original.id}
        if reason.strip():
            metadata["return_reason"] = reason.strip()
        draft["metadata"] = metadata
        return draft

    def problems(self, draft: Mapping[str, Any]) -> list[Problem]:
        """The domain's problems with `draft` (Create only without)."""
        return validate(dict(draft))

    def can_create(self, problems: Sequence[Problem]) -> bool:
        """Create is offered: no problems and the service connected."""
        return not problems and self.ctx.creator is not None

    def can_print(self) -> bool:
        """The profile has a printer for the label."""
        return self.ctx.printer() is not None

    async def default_receiver(self) -> dict[str, Any] | None:
        """The account's default returns address when it has one, else None (the return goes
        back to the original sender)."""
        from desktop_app.client.account_addresses import returns_receiver

        client = self.ctx.client
        if client is None:
            return None
        receiver, is_default = await returns_receiver(client, self.base_draft["to"])
        return receiver if is_default else None

    def note_default_receiver(self) -> None:
        """Say in the notes that the return goes to the default returns address."""
        self.notes.append(
            translate("History", "The return goes to your account's default returns address.")
        )

    async def create(self, draft: Mapping[str, Any], print_label: bool) -> str:
        """Create the return through the journal (and print it when asked); "" when created,
        else why not. The created return is in `created`."""
        from desktop_app.client.errors import APIError

        creator = self.ctx.creator
        if creator is None or self.problems(draft):
            return translate("History", "Not connected to the service yet.")
        try:
            stored = await creator.create(dict(draft))
        except APIError as exc:
            return translate("History", "The service refused the return: {0}").format(
                service_text(exc)
            )
        self.created = stored
        self.ctx.shipment_created.emit(stored)
        if print_label:
            try:
                self.ctx.print_label(stored)
            except (ValueError, RuntimeError) as exc:
                log.warning("return label not printed: %s", exc)
        return ""
