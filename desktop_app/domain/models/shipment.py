"""Shipments (spec 2.2-2.6, 4.1): packages, label spec, metadata, request, response, quotes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, model_validator

from desktop_app.domain.models.address import Address, AddressResponse
from desktop_app.domain.models.base import (
    IsoDate,
    ListResponse,
    NullableList,
    RequestModel,
    ResponseModel,
    WireModel,
)
from desktop_app.domain.models.customs import (
    CustomsDeclaration,
    CustomsDeclarationInfo,
    CustomsDeclarationItem,
)
from desktop_app.domain.models.services import AdditionalService, AdditionalServiceInfo

# ---------------------------------------------------------------- request side


class DeclaredValue(RequestModel):
    """Goods value for higher insurance (dhl; only above the 500 EUR automatic cover)."""

    amount: float | None = None
    currency: str | None = Field(default=None, description="ISO 4217 code, e.g. EUR.")


class Money(RequestModel):
    """An amount with its currency (`metadata.partner.order_total`)."""

    amount: float | None = None
    currency: str | None = Field(default=None, description="ISO 4217 code, e.g. EUR.")


class Package(RequestModel):
    """One package of a request; all optional at parse level (bulk has no dimensions)."""

    weight: float | None = Field(default=None, description="Weight in kg (decimal).")
    length: float | None = Field(default=None, description="Length in cm.")
    width: float | None = Field(default=None, description="Width in cm.")
    height: float | None = Field(default=None, description="Height in cm.")
    type: str | None = Field(
        default=None, description="parcel, bulk, parcel_letter, books or letter."
    )
    description: str | None = Field(default=None, description="Contents; used with packages.")
    declared_value: DeclaredValue | None = None
    customs_declaration_items: list[CustomsDeclarationItem] | None = Field(
        default=None, description="The customs items packed in this package."
    )


class LabelSpec(RequestModel):
    """The shipment's `label`: paper `size` (e.g. A5) and file `format` (e.g. pdf_a6)."""

    size: str | None = Field(default=None, description="Overrides the account's size, e.g. A5.")
    format: str | None = Field(default=None, description="One of spec 2.4, e.g. zpl2_4x6in_203dpi.")


class PartnerMetadata(RequestModel):
    """`metadata.partner` for workplace parcel-point deliveries (spec 2.6)."""

    shop_name: str | None = None
    order_number: str | None = None
    order_date: IsoDate | None = Field(default=None, description="Order date, YYYY-MM-DD.")
    e_mail_shop: str | None = Field(default=None, description="The shop's e-mail address.")
    order_total: Money | None = None


class ShipmentMetadata(WireModel):
    """Free key-value metadata; only `partner` is interpreted (and typed)."""

    model_config = ConfigDict(extra="allow")

    partner: PartnerMetadata | None = None


class Payer(RequestModel):
    """Who pays transport or duties (`billing.transportation`, `billing.duties_and_taxes`)."""

    type: Literal["receiver", "sender", "third_party"] | None = None
    account_number: str | None = None
    zip_code: str | None = None
    country: str | None = None


class Billing(RequestModel):
    """`billing`: who pays the transport and who the duties and taxes."""

    transportation: Payer | None = None
    duties_and_taxes: Payer | None = None


class ReturnedItem(RequestModel):
    """One line of an order coming back (`returned_items`)."""

    order_line_item_id: str | None = None
    quantity: float | None = None
    reason_for_return: str | None = None


Incoterm = Literal["ddp", "ddp_untaxed", "dap", "dap_cleared", "ddu", "ddu_cleared"]


def package_list(package: Package | None, packages: list[Package] | None) -> list[Package]:
    """A request's packages: `packages` when given, else `[package]`, else []."""
    if packages is not None:
        return list(packages)
    return [package] if package is not None else []


class ShipmentRequest(RequestModel):
    """Body of `POST /v1/shipments` and `PUT /v1/shipments/{id}`.

    Every field is optional at parse level so that a draft from a half-filled form parses;
    which fields are required is decided by `domain.rules`.
    """

    from_: Address | None = Field(default=None, alias="from", description="Sender.")
    to: Address | None = Field(default=None, description="Receiver.")
    package: Package | None = Field(default=None, description="A single package.")
    packages: list[Package] | None = Field(
        default=None, description="Several packages (ups only); instead of `package`."
    )
    carrier: str | None = Field(default=None, description="Carrier code, e.g. dhl.")
    service: str | None = Field(default=None, description="standard, returns, one_day, ...")
    create_shipping_label: bool | None = None
    label: LabelSpec | None = None
    additional_services: list[AdditionalService] | None = None
    metadata: ShipmentMetadata | None = None
    reference_number: str | None = Field(default=None, description="The client's own reference.")
    notification_email: str | None = Field(
        default=None, description="Address notified of tracking updates."
    )
    pickup: dict[str, Any] | None = Field(
        default=None, description="Pickup information for carriers that need it at creation."
    )
    description: str | None = Field(default=None, description="The contents; UPS needs it abroad.")
    incoterm: Incoterm | None = None
    shipper_notification_email: str | None = Field(
        default=None, description="The shipper's address for the carrier's notices."
    )
    cover_address: Address | None = Field(
        default=None, description="Printed as the sender on the label instead of `from`."
    )
    billing: Billing | None = None
    customs_declaration: CustomsDeclaration | None = None
    order_id: str | None = Field(default=None, description="Id of an order of /v1/orders.")
    returned_items: list[ReturnedItem] | None = None

    def all_packages(self) -> list[Package]:
        """`packages`, or `[package]`, or []."""
        return package_list(self.package, self.packages)


#: `PUT /v1/shipments/{id}` takes the same body as create.
ShipmentUpdate = ShipmentRequest


class QuoteRequest(RequestModel):
    """Body of `POST /v1/shipment_quotes`; `packages` is accepted as the real service sends it."""

    carrier: str | None = None
    service: str | None = None
    from_: Address | None = Field(default=None, alias="from")
    to: Address | None = None
    package: Package | None = None
    packages: list[Package] | None = None

    def all_packages(self) -> list[Package]:
        """`packages`, or `[package]`, or []."""
        return package_list(self.package, self.packages)


# ---------------------------------------------------------------- response side


class MoneyInfo(ResponseModel):
    """An amount with currency, as returned."""

    amount: float | None = None
    currency: str | None = None


class TrackingEvent(ResponseModel):
    """One tracking event of a package."""

    id: str | None = None
    timestamp: datetime | None = None
    location: str | None = None
    status: str | None = Field(default=None, description="Tracking status, e.g. transit.")
    details: str | None = Field(default=None, description="Carrier's free text.")


class ShipmentPackage(ResponseModel):
    """A package of a returned shipment, with its own tracking number and events."""

    id: str | None = None
    weight: float | None = None
    length: float | None = None
    width: float | None = None
    height: float | None = None
    type: str | None = None
    description: str | None = None
    declared_value: MoneyInfo | None = None
    customs_declaration_items: list[dict[str, Any]] | None = None
    carrier_tracking_no: str | None = None
    label_url: str | None = None
    tracking_events: Annotated[list[TrackingEvent], NullableList] = []


class LabelInfo(ResponseModel):
    """The `label` of a returned shipment."""

    format: str | None = None
    size: str | None = None


class Shipment(ResponseModel):
    """A shipment as returned by create, update, get and list."""

    id: str
    carrier: str | None = None
    service: str | None = None
    created_at: datetime | None = None
    from_: AddressResponse | None = Field(default=None, alias="from")
    to: AddressResponse | None = None
    packages: Annotated[list[ShipmentPackage], NullableList] = []
    carrier_tracking_no: str | None = None
    carrier_tracking_url: str | None = None
    tracking_url: str | None = Field(default=None, description="Public tracking page.")
    label_url: str | None = Field(
        default=None, description="Unguessable label file URL; absent until a label exists."
    )
    price: float | None = Field(default=None, description="EUR without VAT; 0.0 in the sandbox.")
    reference_number: str | None = None
    metadata: dict[str, Any] | None = None
    additional_services: Annotated[list[AdditionalServiceInfo], NullableList] = []
    label: LabelInfo | None = None
    notification_email: str | None = None
    pickup: dict[str, Any] | None = None
    description: str | None = None
    incoterm: str | None = None
    shipper_notification_email: str | None = None
    cover_address: AddressResponse | None = None
    billing: dict[str, Any] | None = None
    customs_declaration: CustomsDeclarationInfo | None = None
    order_id: str | None = None
    returned_items: list[dict[str, Any]] | None = None

    tracking_status: str | None = Field(
        default=None,
        description="Latest tracking status; derived from the events when not sent.",
    )

    @model_validator(mode="after")
    def _derive_tracking_status(self) -> Shipment:
        # Packdesk's service sends `tracking_status`; the real one only sends the events.
        if self.tracking_status is None:
            statuses = [e.status for e in self.all_tracking_events() if e.status]
            if statuses:
                self.tracking_status = statuses[-1]
        return self

    def all_tracking_events(self) -> list[TrackingEvent]:
        """Every package's events, oldest first (events without a timestamp first)."""
        events = [e for p in self.packages for e in p.tracking_events]
        return sorted(events, key=lambda e: _sort_key(e.timestamp))

    def partner_metadata(self) -> PartnerMetadata | None:
        """`metadata.partner` parsed, or None when absent or not valid."""
        raw = (self.metadata or {}).get("partner")
        if not isinstance(raw, dict):
            return None
        try:
            return PartnerMetadata.model_validate(raw, strict=False)
        except ValueError:
            return None


def _sort_key(moment: datetime | None) -> float:
    if moment is None:
        return float("-inf")
    # Naive timestamps (lenient responses) are read as UTC so they compare with aware ones.
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


#: The response of every shipment endpoint.
ShipmentResponse = Shipment


class ShipmentList(ListResponse):
    """`GET /v1/shipments`: `{"shipments": [...]}` (a bare array is accepted too)."""

    shipments: Annotated[list[Shipment], NullableList] = []


class ShipmentQuote(ResponseModel):
    """The inner quote: price in EUR without VAT."""

    price: float


class Quote(ResponseModel):
    """`POST /v1/shipment_quotes` response: `{"shipment_quote": {"price": n}}`."""

    shipment_quote: ShipmentQuote

    @property
    def price(self) -> float:
        """The quoted price."""
        return self.shipment_quote.price
