"""Shopify (Admin GraphQL API 2025-07): an app's Admin API access token.

Pull: the `orders` query with `fulfillment_status:unfulfilled financial_status:paid` and
`updated_at:>'cursor'`, sorted by UPDATED_AT, paged by `pageInfo.endCursor`; an item's weight
is its variant's shipping weight (`variant.inventoryItem.measurement.weight`: value and unit,
GRAMS, KILOGRAMS, OUNCES or POUNDS; the variant's own `weight`/`weightUnit` are gone since
2024-04), converted to kg; a token without the read_products scope gets the orders without
weights. Write-back:
the order's open fulfillment orders get one fulfillment with the tracking number, carrier
and URL (`fulfillmentCreate`, the customer notified); an order without an open fulfillment
order is shipped already and is left alone. Shopify's cost-based throttling is honoured:
a THROTTLED answer waits until the bucket has refilled for the query's cost
(`extensions.cost.throttleStatus`), and so does a page whose next query would not fit.
The token of a custom app does not expire; one the shop revokes is said in words.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Mapping
from typing import Any

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.orders.records import OrderRecord, Receiver
from desktop_app.shops.base import (
    MAX_RETRY_AFTER,
    REQUEST_RETRIES,
    CredentialField,
    ShopAuthError,
    ShopConnection,
    ShopError,
    ShopOrder,
    ShopUnavailable,
    Tracking,
    shop_item,
    weight_kg,
)

API_VERSION = "2025-07"

ORDERS_QUERY = """
query OpenOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id name createdAt updatedAt email currencyCode
      shippingAddress {
        firstName lastName name company address1 address2 zip city provinceCode
        countryCodeV2 phone
      }
      lineItems(first: 100) {
        nodes {
          sku title quantity originalUnitPriceSet { shopMoney { amount currencyCode } }
          %(weight)s
        }
      }
    }
  }
}
"""

#: an item's shipping weight: needs the read_products (or read_inventory) scope
WEIGHT_FIELDS = "variant { inventoryItem { measurement { weight { unit value } } } }"
ORDERS_WITH_WEIGHTS = ORDERS_QUERY % {"weight": WEIGHT_FIELDS}
ORDERS_WITHOUT_WEIGHTS = ORDERS_QUERY % {"weight": ""}

FULFILLMENT_ORDERS_QUERY = """
query FulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 20) { nodes { id status } } }
}
"""

FULFILLMENT_CREATE = """
mutation Ship($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}
"""


class ShopifyConnection(ShopConnection):
    """A Shopify shop."""

    platform = "shopify"
    title = "Shopify"
    credential_fields = (
        CredentialField(
            "access_token",
            QT_TRANSLATE_NOOP("Settings", "Admin API access token"),
            secret=True,
            help=QT_TRANSLATE_NOOP(
                "Settings",
                "Shopify admin › Settings › Apps › Develop apps: the app's Admin API access"
                " token (read_orders, write_fulfillments, read_products)",
            ),
        ),
    )
    example_url = "https://example.myshopify.com"

    async def graphql(self, query: str, variables: Mapping[str, Any]) -> dict[str, Any]:
        """The `data` of one GraphQL request; THROTTLED is waited out (a few times)."""
        url = f"/admin/api/{API_VERSION}/graphql.json"
        headers = {"X-Shopify-Access-Token": self.credentials["access_token"]}
        for _attempt in range(REQUEST_RETRIES + 1):
            response = await self.request(
                "POST", url, json={"query": query, "variables": dict(variables)}, headers=headers
            )
            body = response.json()
            errors = body.get("errors") if isinstance(body, Mapping) else None
            if errors:
                codes = {str((e.get("extensions") or {}).get("code")) for e in errors}
                if "THROTTLED" in codes:
                    await asyncio.sleep(throttle_wait(body))
                    continue
                words = "; ".join(str(e.get("message")) for e in errors)
                if "ACCESS_DENIED" in codes:
                    raise ShopAuthError(f"{self.config.name} refused: {words}")
                raise ShopError(f"{self.config.name} refused the request: {words}")
            await asyncio.sleep(throttle_wait(body, before_next=True))
            return dict(body.get("data") or {})
        raise ShopUnavailable(f"{self.config.name} is limiting requests (throttled)")

    async def pull(self, since: str | None) -> AsyncIterator[list[ShopOrder]]:
        search = "fulfillment_status:unfulfilled financial_status:paid"
        if since:
            search += f" updated_at:>'{since}'"
        after: str | None = None
        while True:
            variables = {"first": self.page_size, "after": after, "query": search}
            data = await self.orders_page(variables)
            orders = data.get("orders") or {}
            yield [shopify_order(o) for o in orders.get("nodes") or [] if isinstance(o, Mapping)]
            page = orders.get("pageInfo") or {}
            if not page.get("hasNextPage"):
                return
            after = page.get("endCursor")

    #: the token may not read products (no read_products scope): orders come without weights
    weights_denied: bool = False

    async def orders_page(self, variables: Mapping[str, Any]) -> dict[str, Any]:
        """One page of orders, with the items' weights unless the token may not read them
        (then without: an order without weights is weighed at the desk)."""
        if not self.weights_denied:
            try:
                return await self.graphql(ORDERS_WITH_WEIGHTS, variables)
            except ShopAuthError:
                self.weights_denied = True
        return await self.graphql(ORDERS_WITHOUT_WEIGHTS, variables)

    async def write_back(self, shop_order_id: str, tracking: Tracking) -> None:
        data = await self.graphql(FULFILLMENT_ORDERS_QUERY, {"id": shop_order_id})
        order = data.get("order")
        if order is None:
            raise ShopError(f"{self.config.name} does not know this order ({shop_order_id})")
        open_ids = [f["id"] for f in order["fulfillmentOrders"]["nodes"]
                    if f.get("status") in ("OPEN", "IN_PROGRESS")]  # fmt: skip
        if not open_ids:
            return  # fulfilled already (by us before a crash, or in the shop)
        info: dict[str, Any] = {"number": tracking.number, "company": tracking.carrier}
        if tracking.url:
            info["url"] = tracking.url
        fulfillment = {
            "trackingInfo": info,
            "notifyCustomer": True,
            "lineItemsByFulfillmentOrder": [{"fulfillmentOrderId": i} for i in open_ids],
        }
        answer = await self.graphql(FULFILLMENT_CREATE, {"fulfillment": fulfillment})
        errors = (answer.get("fulfillmentCreate") or {}).get("userErrors") or []
        if errors:
            words = "; ".join(str(e.get("message")) for e in errors)
            raise ShopError(f"{self.config.name} refused the fulfillment: {words}")


def throttle_wait(body: Any, *, before_next: bool = False) -> float:
    """Seconds until the cost bucket holds the query's cost again (0 when it does)."""
    cost = ((body.get("extensions") or {}).get("cost") or {}) if isinstance(body, Mapping) else {}
    status = cost.get("throttleStatus") or {}
    try:
        available = float(status["currentlyAvailable"])
        rate = float(status["restoreRate"]) or 1.0
        needed = float(cost.get("requestedQueryCost") or 0)
    except (KeyError, TypeError, ValueError):
        return 0.0 if before_next else 1.0
    return min(max(needed - available, 0.0) / rate, MAX_RETRY_AFTER)


def shopify_order(order: Mapping[str, Any]) -> ShopOrder:
    """A Shopify order (GraphQL) as the engine's record, field by field."""
    address = order.get("shippingAddress") or {}
    name = address.get("name") or " ".join(
        p for p in (address.get("firstName"), address.get("lastName")) if p
    )
    items = []
    for line in (order.get("lineItems") or {}).get("nodes") or []:
        money = (line.get("originalUnitPriceSet") or {}).get("shopMoney") or {}
        items.append(
            shop_item(
                str(line.get("sku") or ""),
                str(line.get("title") or ""),
                float(line.get("quantity") or 1),
                price=float(money["amount"]) if money.get("amount") is not None else None,
                currency=money.get("currencyCode") or order.get("currencyCode"),
                weight_kg=_variant_weight(line.get("variant")),
            )
        )
    receiver = Receiver(
        name=str(name or ""),
        company=str(address.get("company") or ""),
        street=str(address.get("address1") or ""),
        care_of=str(address.get("address2") or ""),
        zip_code=str(address.get("zip") or ""),
        city=str(address.get("city") or ""),
        state=str(address.get("provinceCode") or ""),
        country=str(address.get("countryCodeV2") or ""),
        phone=str(address.get("phone") or ""),
        email=str(order.get("email") or ""),
    )
    number, placed_at = str(order.get("name") or ""), str(order.get("createdAt") or "")
    return ShopOrder(
        shop_order_id=str(order.get("id")),
        record=OrderRecord.of_receiver(number, receiver, items, placed_at=placed_at),
        modified_at=str(order.get("updatedAt") or ""),
    )


def _variant_weight(variant: Any) -> float | None:
    """A line's variant's shipping weight in kg (None when the line has no variant any more,
    or the variant no weight)."""
    item = variant.get("inventoryItem") if isinstance(variant, Mapping) else None
    measurement = item.get("measurement") if isinstance(item, Mapping) else None
    weight = measurement.get("weight") if isinstance(measurement, Mapping) else None
    if not isinstance(weight, Mapping):
        return None
    return weight_kg(weight.get("value"), str(weight.get("unit") or ""))
