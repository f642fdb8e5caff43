"""A shop connection: pulls a shop's open orders, writes tracking numbers back.

One base class, one module per platform, a registry (`desktop_app.shops.platforms`). A
connection turns the shop's orders into `ShopOrder`s holding the import engine's
`OrderRecord` made field by field (`OrderRecord.of_receiver`: the receiver, the order date,
the items), so the engine reads an order from the API as it reads the same order from a file
and both are one order (same number, same receiver). A connection describes its own
credentials (`CredentialField`): the CLI asks for them and Settings › Shops builds its form
from them.
"""

from __future__ import annotations

import asyncio
import ssl
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal
from urllib.parse import urlsplit

import httpx

from desktop_app.orders.records import OrderItem, OrderRecord

ShopEnvironment = Literal["test", "live"]
#: which profile environment a shop of each kind may be used with
PROFILE_ENVIRONMENT: dict[ShopEnvironment, str] = {"test": "sandbox", "live": "live"}

#: retries of one request after a 429 or a 5xx before the shop counts as unavailable
REQUEST_RETRIES = 3
#: the longest wait for a Retry-After the shop asks for (seconds)
MAX_RETRY_AFTER = 30.0


#: how `ShopConnection.answer` says a status; the GUI says these phrases in the user's language
ANSWERS: dict[int, str] = {
    401: "refused the credentials (wrong or expired)",
    403: "refused: the credentials lack a permission",
    404: "does not know this order",
    429: "is limiting requests (too many)",
}
NO_ANSWER_IN_TIME = "did not answer in time"
UNREACHABLE = "cannot be reached"


class ShopError(Exception):
    """The shop refused or could not be reached; `str()` says so in words."""

    #: True when trying again later may succeed (outage, rate limit)
    retryable: ClassVar[bool] = False


class ShopUnavailable(ShopError):
    """The shop is down, slow or rate-limiting: try again later."""

    retryable = True


class ShopAuthError(ShopError):
    """The shop refused the credentials or they lack a permission."""


class ShopConfigError(ShopError):
    """A connection that must not be used as configured (http://, test vs live)."""


@dataclass(frozen=True)
class CredentialField:
    """One credential a platform asks for, as the shop's own admin names it (the words are
    marked for translation where the connector defines them)."""

    key: str
    """The name it is kept under in the keyring (and `PACKDESK_SHOP_<KEY>` for scripts)."""
    label: str
    """What the shop's admin calls it, where the user copies it from."""
    secret: bool = False
    """Typed as dots, never shown again."""
    help: str = ""
    """Where in the shop's admin it is made (the form's tooltip)."""


def shop_item(
    sku: str,
    title: str,
    quantity: float,
    *,
    price: float | None = None,
    currency: str | None = None,
    weight_kg: float | None = None,
) -> OrderItem:
    """One line item as the shop holds it, as the engine's item; `weight_kg` is one unit's
    (the shop's product weight in its unit, converted; None when the shop has none)."""
    return OrderItem(
        sku=sku,
        title=title,
        quantity=float(quantity),
        price=price,
        currency=currency or None,
        price_from="shop" if price is not None else None,
        weight_kg=weight_kg,
        weight_from="shop" if weight_kg is not None else None,
    )


@dataclass
class ShopOrder:
    """One open order of the shop: the engine's record and what the write-back needs."""

    shop_order_id: str
    """The shop's own id (what a write-back addresses)."""
    record: OrderRecord
    """The order field by field (`OrderRecord.of_receiver`): number, receiver, date, items."""
    modified_at: str = ""
    """When the shop last changed it (ISO 8601, UTC): the next sync's cursor."""

    @property
    def number(self) -> str:
        """The order number the customer and the shop's export see."""
        return self.record.number


@dataclass(frozen=True)
class Tracking:
    """What is written back to the shop for a shipped order."""

    number: str
    carrier: str
    url: str


@dataclass(frozen=True)
class ShopConfig:
    """A configured connection (no credentials: those are in the keyring)."""

    name: str
    platform: str
    url: str
    environment: ShopEnvironment

    def __post_init__(self) -> None:
        check_shop_url(self.url)
        if self.environment not in PROFILE_ENVIRONMENT:
            raise ShopConfigError(f"a shop is 'test' or 'live', not {self.environment!r}")

    def to_json(self) -> dict[str, str]:
        """What profiles' shops.json keeps."""
        return {"name": self.name, "platform": self.platform, "url": self.url,
                "environment": self.environment}  # fmt: skip

    def check_profile(self, profile_environment: str) -> None:
        """Refuse a test shop on a live profile and a live shop on a sandbox profile."""
        wanted = PROFILE_ENVIRONMENT[self.environment]
        if wanted != profile_environment:
            raise ShopConfigError(
                f"shop {self.name!r} is a {self.environment} shop and belongs to a {wanted}"
                f" profile, not a {profile_environment} one"
            )


#: a platform's weight unit -> kg per unit (WooCommerce's `woocommerce_weight_unit` options,
#: Shopify's WeightUnit; Shopware keeps kg)
KG_PER_UNIT: dict[str, float] = {
    "kg": 1.0,
    "g": 0.001,
    "lbs": 0.45359237,
    "lb": 0.45359237,
    "oz": 0.028349523125,
    "kilograms": 1.0,
    "grams": 0.001,
    "pounds": 0.45359237,
    "ounces": 0.028349523125,
}


def weight_kg(value: Any, unit: str | None) -> float | None:
    """A shop's weight in its unit as kg (None: no weight, zero, or a unit not known)."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    factor = KG_PER_UNIT.get(str(unit or "").strip().casefold())
    if factor is None or not number > 0:
        return None
    return round(number * factor, 6)


def check_shop_url(url: str) -> str:
    """The shop's base URL without a trailing slash; only https:// is accepted."""
    parts = urlsplit(url.strip())
    if parts.scheme != "https" or not parts.hostname:
        raise ShopConfigError(f"a shop's address must start with https:// ({url!r} does not)")
    return url.strip().rstrip("/")


class ShopConnection(ABC):
    """One shop of one platform, with its credentials."""

    #: registry name ("woocommerce", ...)
    platform: ClassVar[str]
    #: what the user sees
    title: ClassVar[str]
    #: the credentials the platform needs, in the order they are asked for
    credential_fields: ClassVar[tuple[CredentialField, ...]]
    #: an example of the shop's address (the form's placeholder)
    example_url: ClassVar[str] = "https://shop.example.com"
    #: the keys of the engine's `Platform`s that are this shop's own file exports (the ids
    #: such a file names, `lookup_ids` answers)
    file_exports: ClassVar[frozenset[str]] = frozenset()

    def __init__(
        self,
        config: ShopConfig,
        credentials: Mapping[str, str],
        *,
        verify: ssl.SSLContext | bool = True,
        timeout: float = 30.0,
        page_size: int = 50,
    ) -> None:
        missing = [f.label for f in self.credential_fields if not credentials.get(f.key)]
        if missing:
            raise ShopAuthError(f"shop {config.name!r} lacks its {', '.join(missing)}")
        self.config = config
        self.base_url = check_shop_url(config.url)
        self.credentials = dict(credentials)
        self.page_size = page_size
        self.http = httpx.AsyncClient(verify=verify, timeout=timeout, follow_redirects=False)

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        await self.http.aclose()

    async def __aenter__(self) -> ShopConnection:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    @abstractmethod
    def pull(self, since: str | None) -> AsyncIterator[list[ShopOrder]]:
        """The open orders (paid, not shipped) changed after `since` (all without), a page
        at a time (an async generator in each platform's module)."""

    async def check(self) -> int:
        """One request proving the address and the credentials: how many open orders the
        first page holds (a refusal raises as `request` does)."""
        pages = self.pull(None)
        try:
            first: list[ShopOrder] = await anext(pages, [])
        finally:
            close = getattr(pages, "aclose", None)
            if close is not None:
                await close()
        return len(first)

    async def lookup_ids(self, kind: str, ids: list[str]) -> dict[str, str]:  # noqa: ARG002
        """What the shop's internal ids of `kind` stand for ("country" -> ISO code,
        "product" -> SKU), for an export that names them by id; the ids it knows. A
        platform whose exports name no ids answers nothing."""
        return {}

    @abstractmethod
    async def write_back(self, shop_order_id: str, tracking: Tracking) -> None:
        """Give the order its tracking number and mark it shipped; doing it again for an
        order that has it already changes nothing."""

    async def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """One request to the shop; a 429 or 5xx is retried after the shop's Retry-After
        (a few times), then raised as ShopUnavailable; 401/403 as ShopAuthError."""
        url = path if path.startswith("https://") else f"{self.base_url}{path}"
        for attempt in range(REQUEST_RETRIES + 1):
            try:
                response = await self.http.request(method, url, **kwargs)
            except httpx.TimeoutException as exc:
                raise ShopUnavailable(f"{self.config.name} {NO_ANSWER_IN_TIME}") from exc
            except httpx.HTTPError as exc:
                raise ShopUnavailable(f"{self.config.name} {UNREACHABLE} ({exc})") from exc
            if response.status_code == 429 or response.status_code >= 500:
                if attempt < REQUEST_RETRIES:
                    await asyncio.sleep(retry_after(response, attempt))
                    continue
                raise ShopUnavailable(self.answer(response))
            if response.status_code in (401, 403):
                raise ShopAuthError(self.answer(response))
            if response.status_code >= 400:
                raise ShopError(self.answer(response))
            return response
        raise AssertionError("unreachable")  # pragma: no cover

    def answer(self, response: httpx.Response) -> str:
        """The shop's answer in words."""
        what = ANSWERS.get(response.status_code, f"answered {response.status_code}")
        return f"{self.config.name} {what}: {shop_message(response)}".rstrip(": ")


def retry_after(response: httpx.Response, attempt: int) -> float:
    """Seconds to wait: the shop's Retry-After, else 0.5 s doubling per attempt."""
    header = response.headers.get("Retry-After", "")
    try:
        return min(max(float(header), 0.0), MAX_RETRY_AFTER)
    except ValueError:
        return min(0.5 * 2**attempt, MAX_RETRY_AFTER)


def shop_message(response: httpx.Response) -> str:
    """The message a shop put in its error body (WooCommerce `message`, Shopware
    `errors[].detail`, Shopify `errors`), else the start of the body."""
    try:
        body = response.json()
    except ValueError:
        return response.text[:200].strip()
    if isinstance(body, dict):
        if isinstance(body.get("message"), str):
            return str(body["message"])
        errors = body.get("errors")
        if isinstance(errors, list):
            return "; ".join(
                str(e.get("detail") or e.get("message") or e) if isinstance(e, dict) else str(e)
                for e in errors
            )
        if isinstance(errors, str):
            return errors
    return str(body)[:200]
