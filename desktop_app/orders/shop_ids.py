"""A shop's internal ids in its export (Shopware's default orders profile names the country
and the products by id): replaced by what the profile learned once per shop, the others
listed so a person (or the shop's connection) is asked once per file."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from desktop_app.orders.platforms import Platform
from desktop_app.orders.records import OrderRecord

if TYPE_CHECKING:
    from desktop_app.profiles.catalogue import CatalogueSnapshot

__all__ = ["is_shop_id", "resolve_shop_ids", "unknown_id_lines"]

_SHOP_ID = re.compile(r"[0-9a-f]{32}", re.IGNORECASE)
_SHOP_ID_ANSWER = {"country": "DE", "product": "SKU"}


def unknown_id_lines(unknown: Mapping[str, Mapping[str, list[str]]]) -> list[str]:
    """The shop's ids a file names that the profile has not learned, one line each, with
    how to say once what each is (the CLIs' and the watched folder's words)."""
    lines = []
    for kind, ids in unknown.items():
        for shop_id, numbers in ids.items():
            shown = ", ".join(numbers[:3]) + (f" and {len(numbers) - 3} more"
                                              if len(numbers) > 3 else "")  # fmt: skip
            lines.append(
                f"the shop's {kind} id {shop_id} (order(s) {shown}) is not known to this "
                f"profile: say once what it is on the Batch page or with "
                f"`packdesk batch --shop-id {kind}:{shop_id}={_SHOP_ID_ANSWER.get(kind, '...')}`"
            )
    return lines


def is_shop_id(text: str) -> bool:
    """True for a shop's internal id (Shopware's: 32 hex digits) rather than a code or SKU."""
    return bool(_SHOP_ID.fullmatch(text.strip()))


def resolve_shop_ids(
    records: Sequence[OrderRecord],
    platform: Platform | None,
    country: str | None,
    products: CatalogueSnapshot | None,
) -> dict[str, dict[str, list[str]]]:
    """Replace the shop's ids the profile has learned (a country's id in the `country`
    column by its code, a product's id by its SKU); the ids it has not: kind -> id -> the
    orders naming it."""
    unknown: dict[str, dict[str, list[str]]] = {}
    if platform is None or not platform.shop_ids:
        return unknown

    def known(kind: str, value: str, number: str) -> str | None:
        found = products.shop_id(kind, value) if products is not None else None
        if found is None:
            unknown.setdefault(kind, {}).setdefault(value.casefold(), []).append(number)
        return found

    if "country" not in platform.shop_ids:
        country = None
    for record in records:
        value = record.cells.get(country, "") if country else ""
        if country and value and is_shop_id(value):
            code = known("country", value, record.number)
            if code:
                record.cells[country] = code
        if "product" in platform.shop_ids:
            for item in record.items:
                if is_shop_id(item.sku):
                    item.sku = known("product", item.sku, record.number) or item.sku
    return unknown
