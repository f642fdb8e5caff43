"""The shipment request the form sends, put together without a window.

Each part of the form (carrier and service, sender, receiver, packages, add-ons, reference,
order details) writes its share of the wire-shaped draft and names the field of each path it
wrote (`collect(draft, fields)`); `build_draft` adds the label and asks for a label;
`request_body` is the sanitised request (what `validate` approved).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from desktop_app.domain.sanitize import sanitize

#: the order details' text fields, as they are named on the wire (metadata.partner.*)
ORDER_TEXTS = ("shop_name", "order_number", "order_date", "e_mail_shop")


class DraftPart(Protocol):
    """A part of the form that writes its share of the draft."""

    def collect(self, draft: dict[str, Any], fields: dict[str, Any]) -> None:
        """Write into `draft`; name the field of every path in `fields`."""


def build_draft(
    parts: Iterable[DraftPart], label_format: str | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The shipment as on the wire (unsanitised) and the field of every path."""
    draft: dict[str, Any] = {}
    fields: dict[str, Any] = {}
    for part in parts:
        part.collect(draft, fields)
    if label_format:
        draft["label"] = {"format": label_format}
    draft["create_shipping_label"] = True
    return draft, fields


def order_metadata(
    texts: Mapping[str, str | None], amount: Any, currency: str | None
) -> dict[str, Any]:
    """`metadata.partner`: the order's typed texts, and its total when an amount is typed."""
    partner: dict[str, Any] = {k: v for k in ORDER_TEXTS if (v := texts.get(k)) is not None}
    if amount is not None:
        partner["order_total"] = {"amount": amount, "currency": currency}
    return partner


def request_body(draft: Mapping[str, Any]) -> dict[str, Any]:
    """The sanitised request to send."""
    body = sanitize(dict(draft))
    assert isinstance(body, dict)
    return body
