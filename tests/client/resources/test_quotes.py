"""client.quotes: a price for a parcel before it is shipped."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from desktop_app.domain.models import Quote
from tests.payloads import PACKAGE, RECEIVER, SENDER


async def test_quote(client: ShippingClient) -> None:
    quote = await client.quotes.create(
        {
            "carrier": "dhl",
            "service": "standard",
            "from": SENDER,
            "to": RECEIVER,
            "package": PACKAGE,
        }
    )
    assert isinstance(quote, Quote)
    assert quote.price >= 0
