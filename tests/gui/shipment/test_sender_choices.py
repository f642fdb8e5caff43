"""Which sender the shipment form shows, decided without a window, against the real local
service: a profile's default sender or none, a new default followed only while nothing else
is typed, the summary and "Save as default sender", storing a default, the account's saved
addresses (a default kept as an address id resolved) and its default shipping address
offered to a profile without a sender."""

from __future__ import annotations

from typing import Any

import pytest

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.sender_choices import (
    SenderChoices,
    address_line,
    comparable,
    sample_sender,
)
from desktop_app.profiles.models import local_sandbox_profile
from tests.gui.app_context import SENDER

SHOP: dict[str, Any] = {
    "company": "Laden am Eck",
    "street": "Marktplatz",
    "street_no": "1",
    "zip_code": "04109",
    "city": "Leipzig",
    "country": "DE",
}


def test_addresses_compare_without_empty_values_and_read_as_one_line() -> None:
    assert comparable({"country": "DE", "city": ""}) == {}
    assert comparable({"city": "Bonn", "id": "a1", "phone": None}) == {
        "city": "Bonn",
        "country": "DE",
    }
    assert address_line(SHOP) == "Laden am Eck, Marktplatz, 04109 Leipzig"
    assert address_line({"first_name": "Erika", "last_name": "Muster"}) == "Erika Muster"
    assert address_line({}) == "(address)"
    # one sample sender: the form's is the Local sandbox's batches' and scans'
    assert sample_sender() == local_sandbox_profile().draft_sender()


async def test_a_profiles_default_sender_and_a_new_one_followed(desk_context: AppContext) -> None:
    choices = SenderChoices(desk_context)
    profile = desk_context.profile
    assert profile is not None
    assert choices.start(profile) == SENDER  # the profile's default sender fills the fields
    assert choices.untouched_by_user(SENDER) and choices.untouched_by_user({"country": "DE"})
    assert not choices.offers_save(SENDER)  # it is the default already
    assert choices.summary(SENDER, "the summary") == "the summary"  # no sample here
    typed = {**SENDER, "company": "Werkstatt Ost"}
    assert not choices.untouched_by_user(typed) and choices.offers_save(typed)
    # Settings saves a new default: followed while the fields hold the old one ...
    changed = profile.model_copy(update={"default_sender": SHOP})
    assert choices.follow(changed, SENDER) == SHOP
    assert choices.follow(changed, SHOP) is None  # nothing new any more
    # ... and not while the user types another one (what is typed stays)
    again = profile.model_copy(update={"default_sender": SENDER})
    assert choices.follow(again, typed) is None
    assert choices.loaded == SENDER  # but it is the default to compare with from now on


async def test_a_sender_stored_as_the_profiles_default(desk_context: AppContext) -> None:
    choices = SenderChoices(desk_context)
    profile = desk_context.profile
    assert profile is not None
    choices.start(profile)
    assert choices.store_default(profile, dict(SHOP)) == ""
    stored = desk_context.manager.get(profile.id)
    assert stored.default_sender == SHOP
    assert desk_context.profile is not None and desk_context.profile.default_sender == SHOP
    assert not choices.offers_save(SHOP) and choices.loaded == SHOP


@pytest.fixture
def account_choices(own_account_ctx: AppContext) -> tuple[AppContext, SenderChoices]:
    """Sender choices on an account of its own, for a profile without a sender."""
    ctx = own_account_ctx
    assert ctx.client is not None and ctx.profile is not None
    choices = SenderChoices(ctx)
    assert choices.start(ctx.profile) is None  # no sender: the fields start empty, untouched
    return ctx, choices


async def test_saved_addresses_and_a_default_kept_as_an_address_id(
    account_choices: tuple[AppContext, SenderChoices],
) -> None:
    ctx, choices = account_choices
    assert ctx.client is not None and ctx.profile is not None
    assert await choices.load_saved() is None and choices.saved == []
    shop = await ctx.client.addresses.create(dict(SHOP))
    assert await choices.load_saved() is None  # the default is not an address id
    assert [a["id"] for a in choices.saved] == [shop.id]
    assert choices.saved_address(shop.id) == choices.saved[0]
    assert choices.saved_address("no-such-id") is None

    by_id = ctx.profile.model_copy(update={"default_sender": {"id": shop.id}})
    ctx.manager.update(by_id)
    ctx.reload_profile()
    assert choices.start(ctx.manager.get(by_id.id)) == {}  # loading the stored address…
    assert not choices.offers_save(SHOP)  # not while the default is an id being resolved
    resolved = await choices.load_saved()
    assert resolved is not None and {k: resolved[k] for k in SHOP} == SHOP
    assert "id" not in resolved


async def test_the_accounts_default_shipping_address_is_offered(
    account_choices: tuple[AppContext, SenderChoices],
) -> None:
    ctx, choices = account_choices
    assert ctx.client is not None and ctx.profile is not None
    assert choices.needs_offer()
    assert await choices.load_offer() is None  # the account has no default address yet
    await ctx.client.default_addresses.set("shipping", dict(SHOP))
    offer = await choices.load_offer()
    assert offer is not None and {k: offer[k] for k in SHOP} == SHOP
    assert choices.store_default(ctx.profile, dict(SHOP)) == ""  # taken
    assert not choices.needs_offer()
    assert await choices.load_offer() is None  # a profile with a sender is offered nothing
