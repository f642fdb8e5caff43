"""Shop platforms' order exports, recognised by their header and mapped without a question.

Each `Platform` names the columns its export always has (`signature`), the batch mapping of
its delivery address and order number, its line-item columns, the unit of its weights and how
its rows make an order. The column sets come from the platforms' own documentation; the
fixtures under tests/batch/fixtures/platforms/ name the document of each.

A file whose header holds every name of a signature is that platform's export; the first
(most specific) match wins. Files of no known platform get the guessed mapping as before.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from desktop_app.batch.importer import fold_header

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


SHOPIFY = Platform(
    key="shopify",
    name="Shopify orders export",
    signature=("Name", "Lineitem quantity", "Lineitem name", "Shipping Name", "Shipping Zip"),
    mapping={
        "reference_number": "Name",
        "to.name": "Shipping Name",
        "to.company": "Shipping Company",
        "to.street": "Shipping Address1",
        "to.care_of": "Shipping Address2",
        "to.zip_code": "Shipping Zip",
        "to.city": "Shipping City",
        "to.state": "Shipping Province",
        "to.country": "Shipping Country",
        "to.phone": "Shipping Phone",
        "to.email": "Email",
        "order_date": "Created at",
    },
    items={
        "sku": "Lineitem sku",
        "title": "Lineitem name",
        "quantity": "Lineitem quantity",
        "price": "Lineitem price",
        "currency": "Currency",
    },
)

WOO_ADVANCED = Platform(
    key="woocommerce-advanced-order-export",
    name="WooCommerce (Advanced Order Export For WooCommerce)",
    signature=("Order Number", "First Name (Shipping)", "Postcode (Shipping)", "Item Name"),
    mapping={
        "reference_number": "Order Number",
        "to.first_name": "First Name (Shipping)",
        "to.last_name": "Last Name (Shipping)",
        "to.company": "Company (Shipping)",
        "to.street": "Address 1&2 (Shipping)",
        "to.zip_code": "Postcode (Shipping)",
        "to.city": "City (Shipping)",
        "to.state": "State Code (Shipping)",
        "to.country": "Country Code (Shipping)",
        "to.phone": "Phone (Billing)",
        "to.email": "Email (Billing)",
        "order_date": "Order Date",
    },
    items={"sku": "SKU", "title": "Item Name", "quantity": "Quantity", "price": "Item Cost"},
)

WOO_CUSTOMER_ORDER = Platform(
    key="woocommerce-customer-order-export",
    name="WooCommerce (Customer/Order/Coupon Export)",
    signature=("order_number", "shipping_first_name", "shipping_postcode", "item_name"),
    mapping={
        "reference_number": "order_number",
        "to.first_name": "shipping_first_name",
        "to.last_name": "shipping_last_name",
        "to.company": "shipping_company",
        "to.street": "shipping_address_1",
        "to.care_of": "shipping_address_2",
        "to.zip_code": "shipping_postcode",
        "to.city": "shipping_city",
        "to.state": "shipping_state_code",
        "to.country": "shipping_country",
        "to.phone": "billing_phone",
        "to.email": "billing_email",
        "order_date": "order_date",
    },
    items={
        "sku": "item_sku",
        "title": "item_name",
        "quantity": "item_quantity",
        "price": "item_subtotal",
        "currency": "order_currency",
    },
    price_is_line_total=True,
)

SHOPWARE = Platform(
    key="shopware6",
    name="Shopware 6 (Default orders profile)",
    signature=("order_number", "customer_lastname", "shipping_address_street", "line_items"),
    mapping={
        "reference_number": "order_number",
        "to.first_name": "customer_firstname",
        "to.last_name": "customer_lastname",
        "to.company": "shipping_address_company",
        "to.care_of": "shipping_address_department",
        "to.street": "shipping_address_street",
        "to.zip_code": "shipping_address_zipcode",
        "to.city": "shipping_address_city",
        # the default profile has only the country's id; a profile that adds the country's
        # code (deliveries.shippingOrderAddress.country.iso) under one of these names wins
        "to.country": (
            "shipping_address_country_iso",
            "shipping_address_country",
            "deliveries.shippingOrderAddress.country.iso",
            "shipping_address_country_id",
        ),
        "to.email": "customer_email",
        "order_date": "order_date_time",
    },
    items_in_one_cell="line_items",
    shop_ids={"country": "shipping_address_country_id", "product": "line_items"},
)

AMAZON = Platform(
    key="amazon-unshipped",
    name="Amazon Seller Central (Unshipped Orders report)",
    signature=("order-id", "order-item-id", "recipient-name", "ship-postal-code"),
    mapping={
        "reference_number": "order-id",
        "to.name": "recipient-name",
        "to.street": "ship-address-1",
        "to.care_of": "ship-address-2",
        "to.zip_code": "ship-postal-code",
        "to.city": "ship-city",
        "to.state": "ship-state",
        "to.country": "ship-country",
        "to.phone": "ship-phone-number",
        "to.email": "buyer-email",
        "order_date": "purchase-date",
    },
    items={
        "sku": "sku",
        "title": "product-name",
        "quantity": "quantity-to-ship",
        "price": "item-price",
        "currency": "currency",
    },
    price_is_line_total=True,
)

EBAY = Platform(
    key="ebay-orders-report",
    name="eBay Seller Hub (Orders report)",
    signature=("Sales Record Number", "Order Number", "Ship To Name", "Ship To Zip"),
    mapping={
        "reference_number": "Order Number",
        "to.name": "Ship To Name",
        "to.street": "Ship To Address 1",
        "to.care_of": "Ship To Address 2",
        "to.zip_code": "Ship To Zip",
        "to.city": "Ship To City",
        "to.state": "Ship To State",
        "to.country": "Ship To Country",
        "to.phone": "Ship To Phone",
        "to.email": "Buyer Email",
        "order_date": "Sale Date",
    },
    items={
        "sku": "Custom Label",
        "title": "Item Title",
        "quantity": "Quantity",
        "price": "Sold For",
    },  # fmt: skip
)

EBAY_DE = Platform(
    key="ebay-de-orders-report",
    name="eBay.de Seller Hub (Bestellbericht)",
    signature=(
        "Verkaufsprotokollnummer",
        "Bestellnummer",
        "Name des Empfängers",
        "Versand nach - PLZ",
    ),  # fmt: skip
    mapping={
        "reference_number": "Bestellnummer",
        "to.name": "Name des Empfängers",
        "to.street": "Adresse 1 des Empfängers",
        "to.care_of": "Adresse 2 des Empfängers",
        "to.zip_code": "Versand nach - PLZ",
        "to.city": "Versand nach - Ort",
        "to.country": "Versand nach - Land",
        "to.phone": "Telefonnummer des Empfängers",
        "to.email": "E-Mail des Käufers",
        "order_date": "Verkauft am",
    },
    items={
        "sku": "Bestandseinheit",
        "title": "Angebotstitel",
        "quantity": "Anzahl",
        "price": "Verkauft für",
    },  # fmt: skip
)

ETSY_ITEMS = Platform(
    key="etsy-sold-order-items",
    name="Etsy (Sold Order Items)",
    signature=("Order ID", "Item Name", "Ship Name", "Ship Zipcode", "Transaction ID"),
    mapping={
        "reference_number": "Order ID",
        "to.name": "Ship Name",
        "to.street": "Ship Address1",
        "to.care_of": "Ship Address2",
        "to.zip_code": "Ship Zipcode",
        "to.city": "Ship City",
        "to.state": "Ship State",
        "to.country": "Ship Country",
        "order_date": "Sale Date",
    },
    items={
        "sku": "SKU",
        "title": "Item Name",
        "quantity": "Quantity",
        "price": "Price",
        "currency": "Currency",
    },  # fmt: skip
)

ETSY_ORDERS = Platform(
    key="etsy-sold-orders",
    name="Etsy (Sold Orders)",
    signature=("Order ID", "Full Name", "Street 1", "Ship Zipcode", "Number of Items"),
    mapping={
        "reference_number": "Order ID",
        "to.name": "Full Name",
        "to.street": "Street 1",
        "to.care_of": "Street 2",
        "to.zip_code": "Ship Zipcode",
        "to.city": "Ship City",
        "to.state": "Ship State",
        "to.country": "Ship Country",
        "order_date": "Sale Date",
    },
    items={"currency": "Currency"},
    sku_list="SKU",
    item_count="Number of Items",
)

KAUFLAND = Platform(
    key="kaufland-order-units",
    name="Kaufland.de (order units)",
    signature=("id_order", "id_order_unit", "shipping_address_postcode"),
    mapping={
        "reference_number": "id_order",
        "to.first_name": "shipping_address_first_name",
        "to.last_name": "shipping_address_last_name",
        "to.company": "shipping_address_company_name",
        "to.street": "shipping_address_street",
        "to.street_no": "shipping_address_house_number",
        "to.care_of": "shipping_address_additional_field",
        "to.zip_code": "shipping_address_postcode",
        "to.city": "shipping_address_city",
        "to.country": "shipping_address_country",
        "to.phone": "shipping_address_phone",
        "to.email": "buyer_email",
        "order_date": "ts_created_iso",
    },
    items={
        "sku": "id_offer",
        "title": "product_title",
        "gtin": ("product_eans", "product_ean"),
        "price": "price",
        "currency": "currency",
    },  # fmt: skip
    price_in_cents=True,
)

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
