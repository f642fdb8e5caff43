"""WooCommerce (REST API v3, `/wp-json/wc/v3`): consumer key and secret over HTTPS Basic.

Pull: `GET /orders?status=processing&modified_after=...&dates_are_gmt=true&page=&per_page=`,
paged by the `X-WP-TotalPages` header (processing = paid, not shipped). An order's lines name
their product (and variation) by id only: their weights come from `GET /products?include=`
and `GET /products/{id}/variations?include=` (a variation without a weight has its product's),
in the store's weight unit (`GET /settings/products/woocommerce_weight_unit`: kg, g, lbs or
oz), converted to kg; a key not allowed to read the settings or the products gives orders
without weights rather than weights in a guessed unit. Write-back: an order
note with the tracking number, carrier and URL (`POST /orders/{id}/notes`, unless a note
already names the number) and `PUT /orders/{id}` with status `completed`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from typing import Any

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.orders.records import OrderRecord, Receiver
from desktop_app.shops.base import (
    CredentialField,
    ShopConnection,
    ShopError,
    ShopOrder,
    Tracking,
    shop_item,
    weight_kg,
)

API = "/wp-json/wc/v3"
#: the most ids one `include` asks for (WooCommerce's largest page)
MAX_PER_PAGE = 100


class WooCommerceConnection(ShopConnection):
    """A WooCommerce shop."""

    platform = "woocommerce"
    title = "WooCommerce"
    credential_fields = (
        CredentialField(
            "consumer_key",
            QT_TRANSLATE_NOOP("Settings", "Consumer key"),
            help=QT_TRANSLATE_NOOP(
                "Settings",
                "WooCommerce › Settings › Advanced › REST API: add a key with Read/Write"
                " permissions",
            ),
        ),
        CredentialField(
            "consumer_secret", QT_TRANSLATE_NOOP("Settings", "Consumer secret"), secret=True
        ),
    )

    @property
    def _auth(self) -> tuple[str, str]:
        return (self.credentials["consumer_key"], self.credentials["consumer_secret"])

    async def pull(self, since: str | None) -> AsyncIterator[list[ShopOrder]]:
        params: dict[str, Any] = {"status": "processing", "per_page": self.page_size,
                                  "orderby": "date", "order": "asc"}  # fmt: skip
        if since:
            params.update(modified_after=since, dates_are_gmt="true")
        page = 1
        while True:
            response = await self.request(
                "GET", f"{API}/orders", params={**params, "page": page}, auth=self._auth
            )
            body = response.json()
            if not isinstance(body, list):
                raise ShopError(f"{self.config.name} answered orders that are not a list")
            orders = [order for order in body if isinstance(order, Mapping)]
            weights = await self.weights(orders)
            yield [woo_order(order, weights) for order in orders]
            try:
                pages = int(response.headers.get("X-WP-TotalPages", "1"))
            except ValueError:
                pages = 1
            if page >= pages or not body:
                return
            page += 1

    _weight_unit: str | None = None

    async def weight_unit(self) -> str | None:
        """The store's weight unit (`woocommerce_weight_unit`), asked once per connection;
        None when the key may not read the settings."""
        if self._weight_unit is None:
            try:
                response = await self.request(
                    "GET", f"{API}/settings/products/woocommerce_weight_unit", auth=self._auth
                )
            except ShopError as exc:
                if exc.retryable:
                    raise
                return None
            setting = response.json()
            value = setting.get("value") if isinstance(setting, Mapping) else None
            self._weight_unit = str(value or "") or None
        return self._weight_unit

    async def weights(self, orders: list[Mapping[str, Any]]) -> dict[int, float]:
        """Product or variation id -> kg of one unit, for the lines of `orders` (those with
        a weight)."""
        products: set[int] = set()
        variations: dict[int, set[int]] = {}
        for order in orders:
            for line in order.get("line_items") or []:
                product, variation = _id(line.get("product_id")), _id(line.get("variation_id"))
                if product:
                    products.add(product)
                    if variation:
                        variations.setdefault(product, set()).add(variation)
        if not products:
            return {}
        unit = await self.weight_unit()
        if unit is None:
            return {}
        found: dict[int, float] = {}
        listings = [(f"{API}/products", sorted(products))] + [
            (f"{API}/products/{product}/variations", sorted(ids))
            for product, ids in sorted(variations.items())
        ]
        for path, ids in listings:
            for start in range(0, len(ids), MAX_PER_PAGE):
                chunk = ids[start : start + MAX_PER_PAGE]
                params = {"include": ",".join(str(i) for i in chunk), "per_page": len(chunk)}
                try:
                    response = await self.request("GET", path, params=params, auth=self._auth)
                except ShopError as exc:
                    if exc.retryable:
                        raise
                    return found  # not allowed to read products: the rest come without
                for entity in response.json() if isinstance(response.json(), list) else []:
                    kg = weight_kg(entity.get("weight"), unit) if isinstance(entity, dict) else None
                    if kg is not None and _id(entity.get("id")):
                        found[int(entity["id"])] = kg
        return found

    async def write_back(self, shop_order_id: str, tracking: Tracking) -> None:
        notes = await self.request("GET", f"{API}/orders/{shop_order_id}/notes", auth=self._auth)
        known = notes.json() if isinstance(notes.json(), list) else []
        if not any(tracking.number in str(n.get("note", "")) for n in known if isinstance(n, dict)):
            text = f"Shipped with {tracking.carrier}: tracking number {tracking.number}"
            if tracking.url:
                text += f" ({tracking.url})"
            await self.request(
                "POST",
                f"{API}/orders/{shop_order_id}/notes",
                json={"note": text, "customer_note": True},
                auth=self._auth,
            )
        await self.request(
            "PUT", f"{API}/orders/{shop_order_id}", json={"status": "completed"}, auth=self._auth
        )


def woo_order(order: Mapping[str, Any], weights: Mapping[int, float] | None = None) -> ShopOrder:
    """A WooCommerce order (the REST API's JSON) as the engine's record, field by field;
    `weights` (product or variation id -> kg) give its items their weights."""
    weights = weights or {}
    shipping = order.get("shipping") if isinstance(order.get("shipping"), Mapping) else {}
    billing = order.get("billing") if isinstance(order.get("billing"), Mapping) else {}
    ship, bill = dict(shipping or {}), dict(billing or {})
    receiver = Receiver(
        first_name=str(ship.get("first_name") or ""),
        last_name=str(ship.get("last_name") or ""),
        company=str(ship.get("company") or ""),
        street=str(ship.get("address_1") or ""),
        care_of=str(ship.get("address_2") or ""),
        zip_code=str(ship.get("postcode") or ""),
        city=str(ship.get("city") or ""),
        state=str(ship.get("state") or ""),
        country=str(ship.get("country") or ""),
        phone=str(ship.get("phone") or bill.get("phone") or ""),
        email=str(bill.get("email") or ""),
    )
    currency = str(order.get("currency") or "") or None
    items = [
        shop_item(
            str(line.get("sku") or ""),
            str(line.get("name") or ""),
            float(line.get("quantity") or 1),
            price=_number(line.get("price")),
            currency=currency,
            weight_kg=weights.get(_id(line.get("variation_id")))
            or weights.get(_id(line.get("product_id"))),
        )
        for line in order.get("line_items") or []
        if isinstance(line, Mapping)
    ]
    number = str(order.get("number") or order.get("id") or "")
    placed_at = str(order.get("date_created_gmt") or order.get("date_created") or "")
    modified = str(order.get("date_modified_gmt") or order.get("date_modified") or "")
    return ShopOrder(
        shop_order_id=str(order.get("id")),
        record=OrderRecord.of_receiver(number, receiver, items, placed_at=placed_at),
        modified_at=modified,
    )


def _id(value: Any) -> int:
    """A WooCommerce id (0 for none)."""
    try:
        return max(int(value), 0)
    except (TypeError, ValueError):
        return 0


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None
