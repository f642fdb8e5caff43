"""Shop platforms' order exports, recognised by their header and mapped without a question.

Each `Platform` names the columns its export always has (`signature`), the batch mapping of
its delivery address and order number, its line-item columns, the unit of its weights and how
its rows make an order. The column sets come from the platforms' own documentation; the
fixtures under tests/orders/fixtures/platforms/ name the document of each.

A file whose header holds every name of a signature is that platform's export; the first
(most specific) match wins. Files of no known platform get the guessed mapping as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from desktop_app.orders.importer import fold_header

__all__ = ["PLATFORMS", "Platform", "detect_platform", "fold_header"]


@dataclass(frozen=True)
class Platform:
    """How one platform's order export reads."""

    key: str
    name: str
    signature: tuple[str, ...]
    """Header names (case-insensitive) every export of this platform has."""
    mapping: Mapping[str, str | tuple[str, ...]]
    """Batch target -> column (the order's delivery address, number, date); a tuple names
    columns to try in turn (the first the file has is used)."""
    items: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    """Line-item field (sku, title, quantity, price, gtin, weight, currency) -> column."""
    weight_unit: str | None = None
    """The unit of the export's weights (`g`, `kg`, `lb`) when it has any."""
    price_is_line_total: bool = False
    """Amazon: the item price is for the whole quantity, not per unit."""
    price_in_cents: bool = False
    """Kaufland's order units: prices in cents."""
    items_in_one_cell: str | None = None
    """Shopware: every line item in one cell, `2x SW10001|1x SW10002`."""
    sku_list: str | None = None
    """Etsy's sold orders: the SKUs of an order in one cell, comma separated."""
    item_count: str | None = None
    """Etsy's sold orders: the number of items of an order."""
    items_beside: tuple[str, str] | None = None
    """Etsy: (this file's name prefix, the prefix of the file beside it with the items):
    EtsySoldOrders2026-11.csv takes its items from EtsySoldOrderItems2026-11.csv."""
    shop_ids: Mapping[str, str] = field(default_factory=dict)
    """Kind of shop id ("country", "product") -> the column holding the shop's internal ids
    (Shopware's default orders profile exports ids, not codes): the profile learns once per
    shop what each id stands for."""

    def matches(self, headers: Iterable[str]) -> bool:
        """True when `headers` hold every name of the signature."""
        present = {fold_header(h) for h in headers}
        return all(fold_header(name) in present for name in self.signature)

    def resolve(self, headers: Iterable[str]) -> dict[str, str]:
        """Column names as the file spells them: folded name -> the file's header."""
        return {fold_header(h): h for h in headers}

    def columns_of(
        self, fields: Mapping[str, str | tuple[str, ...]], headers: Iterable[str]
    ) -> dict[str, str]:
        """field -> the file's header for each of `fields` (its `mapping` or `items`) the
        file has; of alternatives, the first the file has."""
        present = self.resolve(headers)
        out: dict[str, str] = {}
        for name, columns in fields.items():
            for column in (columns,) if isinstance(columns, str) else columns:
                actual = present.get(fold_header(column))
                if actual is not None:
                    out[name] = actual
                    break
        return out


def _to(pattern: str, **parts: str) -> dict[str, str]:
    """Delivery-address targets -> the columns one naming pattern of an export gives:
    `_to("Ship To {}", zip_code="Zip")` -> `{"to.zip_code": "Ship To Zip"}`."""
    return {f"to.{target}": pattern.format(part) for target, part in parts.items()}


def _items(
    sku: str, title: str, quantity: str | None = None, price: str | None = None, **more: Any
) -> dict[str, str | tuple[str, ...]]:
    """The line-item columns: SKU, title, quantity, price and any more (currency, gtin)."""
    named = {"sku": sku, "title": title, "quantity": quantity, "price": price, **more}
    return {name: column for name, column in named.items() if column}


SHOPIFY = Platform(
    key="shopify",
    name="Shopify orders export",
    signature=("Name", "Lineitem quantity", "Lineitem name", "Shipping Name", "Shipping Zip"),
    mapping={
        "reference_number": "Name", "to.email": "Email", "order_date": "Created at",
        **_to("Shipping {}", name="Name", company="Company", street="Address1",
              care_of="Address2", zip_code="Zip", city="City", state="Province",
              country="Country", phone="Phone"),
    },
    items=_items("Lineitem sku", "Lineitem name", "Lineitem quantity", "Lineitem price",
                 currency="Currency"),
)  # fmt: skip

WOO_ADVANCED = Platform(
    key="woocommerce-advanced-order-export",
    name="WooCommerce (Advanced Order Export For WooCommerce)",
    signature=("Order Number", "First Name (Shipping)", "Postcode (Shipping)", "Item Name"),
    mapping={
        "reference_number": "Order Number", "order_date": "Order Date",
        **_to("{} (Shipping)", first_name="First Name", last_name="Last Name",
              company="Company", street="Address 1&2", zip_code="Postcode", city="City",
              state="State Code", country="Country Code"),
        **_to("{} (Billing)", phone="Phone", email="Email"),
    },
    items=_items("SKU", "Item Name", "Quantity", "Item Cost"),
)  # fmt: skip

WOO_CUSTOMER_ORDER = Platform(
    key="woocommerce-customer-order-export",
    name="WooCommerce (Customer/Order/Coupon Export)",
    signature=("order_number", "shipping_first_name", "shipping_postcode", "item_name"),
    mapping={
        "reference_number": "order_number", "order_date": "order_date",
        **_to("shipping_{}", first_name="first_name", last_name="last_name",
              company="company", street="address_1", care_of="address_2",
              zip_code="postcode", city="city", state="state_code", country="country"),
        **_to("billing_{}", phone="phone", email="email"),
    },
    items=_items("item_sku", "item_name", "item_quantity", "item_subtotal",
                 currency="order_currency"),
    price_is_line_total=True,
)  # fmt: skip

SHOPWARE = Platform(
    key="shopware6",
    name="Shopware 6 (Default orders profile)",
    signature=("order_number", "customer_lastname", "shipping_address_street", "line_items"),
    mapping={
        "reference_number": "order_number", "order_date": "order_date_time",
        **_to("customer_{}", first_name="firstname", last_name="lastname", email="email"),
        **_to("shipping_address_{}", company="company", care_of="department",
              street="street", zip_code="zipcode", city="city"),
        # the default profile has only the country's id; a profile that adds the country's
        # code (deliveries.shippingOrderAddress.country.iso) under one of these names wins
        "to.country": ("shipping_address_country_iso", "shipping_address_country",
                       "deliveries.shippingOrderAddress.country.iso",
                       "shipping_address_country_id"),
    },
    items_in_one_cell="line_items",
    shop_ids={"country": "shipping_address_country_id", "product": "line_items"},
)  # fmt: skip

AMAZON = Platform(
    key="amazon-unshipped",
    name="Amazon Seller Central (Unshipped Orders report)",
    signature=("order-id", "order-item-id", "recipient-name", "ship-postal-code"),
    mapping={
        "reference_number": "order-id", "to.name": "recipient-name",
        "to.email": "buyer-email", "order_date": "purchase-date",
        **_to("ship-{}", street="address-1", care_of="address-2", zip_code="postal-code",
              city="city", state="state", country="country", phone="phone-number"),
    },
    items=_items("sku", "product-name", "quantity-to-ship", "item-price", currency="currency"),
    price_is_line_total=True,
)  # fmt: skip

EBAY = Platform(
    key="ebay-orders-report",
    name="eBay Seller Hub (Orders report)",
    signature=("Sales Record Number", "Order Number", "Ship To Name", "Ship To Zip"),
    mapping={
        "reference_number": "Order Number", "to.email": "Buyer Email",
        "order_date": "Sale Date",
        **_to("Ship To {}", name="Name", street="Address 1", care_of="Address 2",
              zip_code="Zip", city="City", state="State", country="Country", phone="Phone"),
    },
    items=_items("Custom Label", "Item Title", "Quantity", "Sold For"),
)  # fmt: skip

EBAY_DE = Platform(
    key="ebay-de-orders-report",
    name="eBay.de Seller Hub (Bestellbericht)",
    signature=("Verkaufsprotokollnummer", "Bestellnummer", "Name des Empfängers",
               "Versand nach - PLZ"),
    mapping={
        "reference_number": "Bestellnummer", "to.email": "E-Mail des Käufers",
        "order_date": "Verkauft am",
        **_to("{} des Empfängers", name="Name", street="Adresse 1", care_of="Adresse 2",
              phone="Telefonnummer"),
        **_to("Versand nach - {}", zip_code="PLZ", city="Ort", country="Land"),
    },
    items=_items("Bestandseinheit", "Angebotstitel", "Anzahl", "Verkauft für"),
)  # fmt: skip

#: Etsy's two downloads name the delivery city, state, postcode and country alike
_ETSY_TOWN = _to("Ship {}", zip_code="Zipcode", city="City", state="State", country="Country")

ETSY_ITEMS = Platform(
    key="etsy-sold-order-items",
    name="Etsy (Sold Order Items)",
    signature=("Order ID", "Item Name", "Ship Name", "Ship Zipcode", "Transaction ID"),
    mapping={
        "reference_number": "Order ID", "order_date": "Sale Date", **_ETSY_TOWN,
        **_to("Ship {}", name="Name", street="Address1", care_of="Address2"),
    },
    items=_items("SKU", "Item Name", "Quantity", "Price", currency="Currency"),
)  # fmt: skip

ETSY_ORDERS = Platform(
    key="etsy-sold-orders",
    name="Etsy (Sold Orders)",
    signature=("Order ID", "Full Name", "Street 1", "Ship Zipcode", "Number of Items"),
    mapping={
        "reference_number": "Order ID", "order_date": "Sale Date", **_ETSY_TOWN,
        "to.name": "Full Name", "to.street": "Street 1", "to.care_of": "Street 2",
    },
    items={"currency": "Currency"},
    sku_list="SKU",
    item_count="Number of Items",
    items_beside=("EtsySoldOrders", "EtsySoldOrderItems"),
)  # fmt: skip

KAUFLAND = Platform(
    key="kaufland-order-units",
    name="Kaufland.de (order units)",
    signature=("id_order", "id_order_unit", "shipping_address_postcode"),
    mapping={
        "reference_number": "id_order", "to.email": "buyer_email",
        "order_date": "ts_created_iso",
        **_to("shipping_address_{}", first_name="first_name", last_name="last_name",
              company="company_name", street="street", street_no="house_number",
              care_of="additional_field", zip_code="postcode", city="city",
              country="country", phone="phone"),
    },
    items=_items("id_offer", "product_title", price="price", currency="currency",
                 gtin=("product_eans", "product_ean")),
    price_in_cents=True,
)  # fmt: skip

#: most specific first: the first platform whose signature the header holds is the one
PLATFORMS: tuple[Platform, ...] = (
    SHOPIFY,
    WOO_ADVANCED,
    WOO_CUSTOMER_ORDER,
    SHOPWARE,
    AMAZON,
    EBAY,
    EBAY_DE,
    ETSY_ITEMS,
    ETSY_ORDERS,
    KAUFLAND,
)

_SHOPWARE_ITEM = re.compile(r"^\s*(?P<qty>\d+(?:[.,]\d+)?)\s*x\s*(?P<sku>.+?)\s*$")


def detect_platform(headers: Iterable[str]) -> Platform | None:
    """The platform whose export has these header names, or None."""
    names = list(headers)
    return next((p for p in PLATFORMS if p.matches(names)), None)


def shopware_items(cell: str) -> list[tuple[float, str]]:
    """`2x SW10001|1x SW10002` -> [(2.0, "SW10001"), (1.0, "SW10002")]."""
    out: list[tuple[float, str]] = []
    for part in cell.split("|"):
        match = _SHOPWARE_ITEM.match(part)
        if match:
            out.append((float(match["qty"].replace(",", ".")), match["sku"]))
        elif part.strip():
            out.append((1.0, part.strip()))
    return out
