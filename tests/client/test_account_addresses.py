"""The account's default addresses at the desk: the sender offered to a live profile on first
use, and the receiver of returns (end to end against the local service)."""

from __future__ import annotations

from desktop_app.client import ShippingClient
from desktop_app.client.account_addresses import returns_receiver, sender_offer
from desktop_app.profiles.models import Profile
from tests.fixtures.service import RunningService
from tests.payloads import RECEIVER, SENDER

RETURNS_DESK = {**SENDER, "company": "Packdesk Retouren", "street_no": "9"}


def _profile(service: RunningService, environment: str, **extra: object) -> Profile:
    return Profile.model_validate(
        {
            "name": f"{environment} desk",
            "environment": environment,
            "base_url": service.base_url,
            "ca_file": str(service.ca_file),
            "force_loopback": True,
            **extra,
        }
    )


async def test_sender_offered_to_a_profile_without_one(client_service: RunningService) -> None:
    keys = client_service.add_account()
    live = _profile(client_service, "live")
    async with ShippingClient(
        client_service.base_url, keys["live_key"], ca_file=str(client_service.ca_file)
    ) as client:
        assert await sender_offer(client, live) is None  # the account has none yet
        await client.default_addresses.set("shipping", SENDER)
        offer = await sender_offer(client, live)
        assert offer == SENDER  # the fields, no id, no nulls
        # a sandbox profile of the account (the Local one) is offered it too
        assert await sender_offer(client, _profile(client_service, "sandbox")) == SENDER
        # not when the profile has a sender
        assert (
            await sender_offer(client, live.model_copy(update={"default_sender": RECEIVER})) is None
        )


async def test_returns_go_to_the_default_returns_address(client_service: RunningService) -> None:
    keys = client_service.add_account()
    async with ShippingClient(
        client_service.base_url, keys["sandbox_key"], ca_file=str(client_service.ca_file)
    ) as client:
        original = {**SENDER, "id": "x", "phone": None}
        assert await returns_receiver(client, original) == (SENDER, False)
        await client.default_addresses.set("returns", RETURNS_DESK)
        assert await returns_receiver(client, original) == (RETURNS_DESK, True)
