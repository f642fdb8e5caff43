"""Shopware 6 (Admin API): an integration's client id and secret.

A token comes from `POST /api/oauth/token` (client_credentials) and is fetched again when it
expires or the shop refuses it. Pull: `POST /api/search/order` with a Criteria (paid
transaction, open delivery, `updatedAt` after the cursor; `page`/`limit`, exact total).
A write-back addresses the order's delivery (its id is `ShopOrder.shop_order_id`): the
tracking number is added to its `trackingCodes` (`PATCH /api/order-delivery/{id}`) unless it
is there, and the delivery goes to `shipped` (`POST /api/_action/order_delivery/{id}/state/
ship`) unless it is. The tracking URL comes from the shop's shipping method, not from us.
The ids the default orders export names a country and a product by are looked up with
`POST /api/search/country` and `/api/search/product` (Criteria `ids`). An item's weight is
its product's (`lineItems.product` association; Shopware keeps weights in kg), a variant
without its own weight taking its parent's (the `sw-inheritance` header); an integration
without the product:read privilege gets the orders without weights.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Mapping
from typing import Any

import httpx

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.orders.records import OrderRecord, Receiver
from desktop_app.shops.base import (
    CredentialField,
    ShopAuthError,
    ShopConnection,
    ShopError,
    ShopOrder,
    Tracking,
    shop_item,
    weight_kg,
)

#: renew a token this long before the shop says it expires (seconds)
TOKEN_MARGIN = 30.0
#: kind of id in the default orders export -> (the entity searched, its field that says it)
_ID_LOOKUPS = {"country": ("country", "iso"), "product": ("product", "productNumber")}
ORDER_ASSOCIATIONS: dict[str, Any] = {
    "deliveries": {"associations": {"shippingOrderAddress": {"associations": {"country": {}}}}},
    "lineItems": {"associations": {"product": {}}},
    "currency": {},
}
#: the same without the items' products (an integration not allowed to read products)
ORDER_ASSOCIATIONS_WITHOUT_WEIGHTS: dict[str, Any] = {**ORDER_ASSOCIATIONS, "lineItems": {}}


class ShopwareConnection(ShopConnection):
    """A Shopware 6 shop."""

    platform = "shopware6"
    title = "Shopware 6"
    credential_fields = (
        CredentialField(
            "client_id",
            QT_TRANSLATE_NOOP("Settings", "Access key ID"),
            help=QT_TRANSLATE_NOOP(
                "Settings",
                "Shopware administration › Settings › System › Integrations: add one"
                " (role with orders and products)",
            ),
        ),
        CredentialField(
            "client_secret", QT_TRANSLATE_NOOP("Settings", "Secret access key"), secret=True
        ),
    )
    file_exports = frozenset({"shopware6"})

    _token: str | None = None
    _token_until: float = 0.0

    async def _bearer(self, *, renew: bool = False) -> dict[str, str]:
        if renew or self._token is None or time.monotonic() >= self._token_until:
            body = {"grant_type": "client_credentials", "client_id": self.credentials["client_id"],
                    "client_secret": self.credentials["client_secret"]}  # fmt: skip
            try:
                answer = (await self.request("POST", "/api/oauth/token", json=body)).json()
            except ShopError as exc:
                if "answered 400" in str(exc):  # Shopware says a wrong client with a 400
                    raise ShopAuthError(str(exc)) from exc
                raise
            self._token = str(answer["access_token"])
            self._token_until = time.monotonic() + float(answer["expires_in"]) - TOKEN_MARGIN
        # inherited fields (a variant's weight from its parent) are read resolved
        return {"Authorization": f"Bearer {self._token}", "Accept": "application/json",
                "sw-inheritance": "1"}  # fmt: skip

    async def _api(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """A request with a token, fetched again once when the shop says it expired."""
        try:
            return await self.request(method, path, headers=await self._bearer(), **kwargs)
        except ShopAuthError:
            headers = await self._bearer(renew=True)
            return await self.request(method, path, headers=headers, **kwargs)

    async def pull(self, since: str | None) -> AsyncIterator[list[ShopOrder]]:
        filters: list[dict[str, Any]] = [
            {"type": "equals", "field": "transactions.stateMachineState.technicalName",
             "value": "paid"},
            {"type": "equals", "field": "deliveries.stateMachineState.technicalName",
             "value": "open"},
        ]  # fmt: skip
        if since:
            filters.append({"type": "range", "field": "updatedAt", "parameters": {"gt": since}})
        page = 1
        while True:
            criteria = {
                "page": page,
                "limit": self.page_size,
                "filter": filters,
                "sort": [{"field": "updatedAt", "order": "ASC"}],
                "associations": ORDER_ASSOCIATIONS,
                "total-count-mode": "exact",
            }
            body = await self.search_orders(criteria)
            data = body.get("data") if isinstance(body, Mapping) else None
            if not isinstance(data, list):
                raise ShopError(f"{self.config.name} answered a search without orders")
            yield [order for o in data if isinstance(o, Mapping) and (order := shopware_order(o))]
            total = int(body.get("total") or 0)
            if not data or page * self.page_size >= total:
                return
            page += 1

    #: the integration may not read products (no product:read): orders come without weights
    weights_denied: bool = False

    async def search_orders(self, criteria: dict[str, Any]) -> Any:
        """One search of orders, with the items' products (their weights) unless the
        integration may not read them (then without: those orders are weighed at the desk)."""
        if not self.weights_denied:
            try:
                return (await self._api("POST", "/api/search/order", json=criteria)).json()
            except ShopAuthError:
                self.weights_denied = True
        plain = {**criteria, "associations": ORDER_ASSOCIATIONS_WITHOUT_WEIGHTS}
        return (await self._api("POST", "/api/search/order", json=plain)).json()

    async def lookup_ids(self, kind: str, ids: list[str]) -> dict[str, str]:
        entity, field_name = _ID_LOOKUPS.get(kind, ("", ""))
        if not entity or not ids:
            return {}
        criteria = {"ids": ids, "limit": len(ids)}
        body = (await self._api("POST", f"/api/search/{entity}", json=criteria)).json()
        data = body.get("data") if isinstance(body, Mapping) else None
        return {
            str(found["id"]).casefold(): str(found[field_name])
            for found in data or []
            if isinstance(found, Mapping) and found.get("id") and found.get(field_name)
        }

    async def write_back(self, shop_order_id: str, tracking: Tracking) -> None:
        criteria = {"ids": [shop_order_id], "associations": {"stateMachineState": {}}}
        found = (await self._api("POST", "/api/search/order-delivery", json=criteria)).json()
        data = found.get("data") if isinstance(found, Mapping) else None
        if not data:
            raise ShopError(f"{self.config.name} does not know this delivery ({shop_order_id})")
        delivery = data[0]
        codes = [str(c) for c in delivery.get("trackingCodes") or []]
        if tracking.number not in codes:
            await self._api("PATCH", f"/api/order-delivery/{shop_order_id}",
                            json={"trackingCodes": [*codes, tracking.number]})  # fmt: skip
        state = (delivery.get("stateMachineState") or {}).get("technicalName")
        if state != "shipped":
            await self._api(
                "POST", f"/api/_action/order_delivery/{shop_order_id}/state/ship", json={}
            )


def shopware_order(order: Mapping[str, Any]) -> ShopOrder | None:
    """A Shopware order (Admin API JSON) as the engine's record, field by field; None for an
    order without a delivery (nothing to ship)."""
    deliveries = [d for d in order.get("deliveries") or [] if isinstance(d, Mapping)]
    if not deliveries:
        return None
    address = deliveries[0].get("shippingOrderAddress") or {}
    customer = order.get("orderCustomer") or {}
    currency = (order.get("currency") or {}).get("isoCode") or None
    items = [
        shop_item(
            str((line.get("payload") or {}).get("productNumber") or ""),
            str(line.get("label") or ""),
            float(line.get("quantity") or 1),
            price=_number(line.get("unitPrice")),
            currency=currency,
            weight_kg=weight_kg((line.get("product") or {}).get("weight"), "kg"),
        )
        for line in order.get("lineItems") or []
        if isinstance(line, Mapping) and line.get("type", "product") == "product"
    ]
    receiver = Receiver(
        first_name=str(address.get("firstName") or customer.get("firstName") or ""),
        last_name=str(address.get("lastName") or customer.get("lastName") or ""),
        company=str(address.get("company") or ""),
        care_of=str(address.get("department") or ""),
        street=str(address.get("street") or ""),
        zip_code=str(address.get("zipcode") or ""),
        city=str(address.get("city") or ""),
        country=str((address.get("country") or {}).get("iso") or ""),
        email=str(customer.get("email") or ""),
    )
    number = str(order.get("orderNumber") or "")
    placed_at = str(order.get("orderDateTime") or "")
    return ShopOrder(
        shop_order_id=str(deliveries[0].get("id")),
        record=OrderRecord.of_receiver(number, receiver, items, placed_at=placed_at),
        modified_at=str(order.get("updatedAt") or order.get("createdAt") or ""),
    )


def _number(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None
