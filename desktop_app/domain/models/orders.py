"""Orders of a shop (the real service's `/v1/orders`): line items, delivery address, totals."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field

from desktop_app.domain.models.address import Address, AddressResponse
from desktop_app.domain.models.base import (
    NullableList,
    RequestModel,
    ResponseModel,
    WireDateTime,
)
from desktop_app.domain.models.terms import ORDER_CURRENCIES as ORDER_CURRENCIES

#: A text in several languages: `{"fallback": "Shoes", "de": "Schuhe", "en": "Shoes"}`.
LocalizedText = dict[str, str]


class ItemInfo(RequestModel):
    """A label/value pair describing a variant (`{"name": {...}, "value": {...}}`)."""

    name: LocalizedText
    value: LocalizedText


class Returnability(RequestModel):
    """Whether (and until when) an item can be returned."""

    returnable: bool | None = None
    returnable_until: WireDateTime | None = None
    nonreturnable_reason: LocalizedText | None = None


class OrderLineItemCreate(RequestModel):
    """One line of an order as sent: what was bought, how many, for how much."""

    sku: str = Field(description="Stock keeping unit.")
    title: LocalizedText = Field(description="Item title per language; `fallback` required.")
    quantity: float = Field(description="How many of this item were ordered.")
    price: float = Field(description="Price of one item.")
    vat: float = Field(description="VAT of one item.")
    currency: str
    gtin: str | None = Field(default=None, description="Global trade item number (8-14 digits).")
    weight: float | None = Field(default=None, description="Weight of one item.")
    weight_unit: Literal["kg"] | None = None
    external_order_line_item_id: str | None = None
    item_info: list[ItemInfo] | None = None
    gross_price: float | None = None
    returnability: Returnability | None = None


class OrderCreate(RequestModel):
    """Body of `POST /v1/orders`."""

    placed_at: WireDateTime | None = None
    external_order_id: str | None = None
    external_customer_id: str | None = None
    total_price: float
    total_vat: float
    currency: Literal["EUR", "USD", "GBP"]
    refundable_until: WireDateTime | None = None
    refund_deduction_amount: float | None = None
    total_weight: float | None = None
    weight_unit: Literal["kg"] | None = None
    delivery_address: Address | None = None
    order_line_items: list[OrderLineItemCreate]


class OrderLineItem(ResponseModel):
    """A returned order line (with its id)."""

    id: str
    sku: str | None = None
    title: dict[str, Any] = Field(default_factory=dict)
    quantity: float | None = None
    price: float | None = None
    vat: float | None = None
    currency: str | None = None
    gtin: str | None = None
    weight: float | None = None
    weight_unit: str | None = None
    external_order_line_item_id: str | None = None

    @property
    def title_text(self) -> str:
        """The title's `fallback` (or any language given)."""
        text = self.title.get("fallback") or next(iter(self.title.values()), "")
        return str(text)


class Order(ResponseModel):
    """An order as returned."""

    id: str
    placed_at: WireDateTime | None = None
    external_order_id: str | None = None
    external_customer_id: str | None = None
    total_price: float | None = None
    total_vat: float | None = None
    currency: str | None = None
    total_weight: float | None = None
    weight_unit: str | None = None
    delivery_address: AddressResponse | None = None
    order_line_items: Annotated[list[OrderLineItem], NullableList] = []
    created_at: WireDateTime | None = Field(
        default=None, description="When the service stored it (Packdesk's local service)."
    )
