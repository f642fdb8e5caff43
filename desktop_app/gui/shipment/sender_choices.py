"""Which sender the shipment form shows, decided without a window.

`SenderChoices` knows the profile's default sender the fields were filled from, the
account's saved addresses (the "Saved addresses" list) and the account's default shipping
address offered while a profile has none. It says what to fill in when a profile opens or
its default changes, what the summary line reads, whether "Save as default sender" is
offered, and it stores a sender as the profile's default.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from desktop_app.domain.samples import sample_sender as domain_sample_sender
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.i18n import translate
from desktop_app.profiles.models import Profile

# the Local sandbox's sender until the user has one: clearly a sample, valid, so that a first
# label can be made without any setup; the same one the Local sandbox's batches, scans and
# headless commands use (`Profile.draft_sender`), so a desk sees one sample sender
SAMPLE_SENDER: dict[str, Any] = domain_sample_sender()


def sample_sender() -> dict[str, Any]:
    """The sample sender (a fresh copy)."""
    return dict(SAMPLE_SENDER)


def comparable(address: Mapping[str, Any]) -> dict[str, Any]:
    """An address without empty values, the default country filled in ({} when empty)."""
    out = {k: v for k, v in address.items() if k != "id" and v not in (None, "")}
    if not out or set(out) == {"country"}:
        return {}
    out.setdefault("country", "DE")
    return out


def address_fields(address: Mapping[str, Any]) -> dict[str, Any]:
    """A stored address without its id and nulls, to fill the fields."""
    return {k: v for k, v in address.items() if k != "id" and v not in (None, "")}


def address_line(address: Mapping[str, Any]) -> str:
    """One line for the "Saved addresses" list: who, street, postcode and town."""
    who = address.get("company") or " ".join(
        str(x) for x in (address.get("first_name"), address.get("last_name")) if x
    )
    town = " ".join(str(x) for x in (address.get("zip_code"), address.get("city")) if x)
    return ", ".join(str(x) for x in (who, address.get("street"), town) if x) or "(address)"


def only_an_id(address: Mapping[str, Any]) -> bool:
    """A default sender stored as a reference to a saved address of the account."""
    return set(address) == {"id"}


class SenderChoices:
    """The sender's state for one profile: what was filled in, what the account offers."""

    def __init__(self, context: AppContext) -> None:
        self.context = context
        self.profile_id: str | None = None
        self.loaded: dict[str, Any] = {}  # the default sender the fields were filled from
        self.saved: list[dict[str, Any]] = []  # the account's saved addresses

    def start(self, profile: Profile) -> dict[str, Any] | None:
        """A profile opened: the sender to fill in (None: an empty sender, nothing typed;
        {} while a stored address is being loaded)."""
        self.profile_id = profile.id
        self.saved = []
        sender = dict(profile.default_sender or {})
        self.loaded = sender
        if only_an_id(sender):
            return {}
        if sender:
            return sender
        return sample_sender() if profile.builtin_local else None

    def follow(self, profile: Profile, current: Mapping[str, Any]) -> dict[str, Any] | None:
        """The same profile with a new default sender: the sender to fill in, unless the user
        is typing another one (then None, and what is typed stays)."""
        new = dict(profile.default_sender or {})
        if not new or new == self.loaded or only_an_id(new):
            return None
        follows = self.untouched_by_user(current)
        self.loaded = new
        return new if follows else None

    def untouched_by_user(self, current: Mapping[str, Any]) -> bool:
        """True while the sender fields still hold what the form filled in itself."""
        profile = self.context.profile
        loaded = self.loaded or (sample_sender() if profile and profile.builtin_local else {})
        return comparable(current) in ({}, comparable(loaded))

    def summary(self, current: Mapping[str, Any], summary: str) -> str:
        """The summary line: the sandbox's sample sender says it is one."""
        profile = self.context.profile
        if (
            profile is not None
            and profile.builtin_local
            and comparable(current) == comparable(sample_sender())
        ):
            return translate("Shipment", "{summary} (sample sender of the sandbox)").format(
                summary=summary
            )
        return summary

    def offers_save(self, current: Mapping[str, Any]) -> bool:
        """Whether "Save as default sender" is offered: the sender shown is not the saved one."""
        shown = comparable(current)
        return bool(shown) and shown != comparable(self.loaded) and not only_an_id(self.loaded)

    def store_default(self, profile: Profile, body: dict[str, Any]) -> str:
        """Keep `body` as the profile's default sender; '' when done, else why not (a
        read-only config folder)."""
        try:
            self.context.manager.update(profile.model_copy(update={"default_sender": body}))
        except Exception as exc:  # keep what was typed or offered
            return translate("Shipment", "Could not save the profile: {exc}").format(exc=exc)
        self.loaded = dict(body)
        self.context.reload_profile()  # the same profile: the form keeps what is typed
        return ""

    async def load_saved(self) -> dict[str, Any] | None:
        """Read the account's saved addresses; the stored default sender's fields when the
        profile keeps it as an address id (else None)."""
        client, profile = self.context.client, self.context.profile
        if client is None or profile is None:
            return None
        try:
            stored = await client.addresses.list(per_page=100)
        except Exception:
            return None  # the sender can still be typed; the status bar shows connection trouble
        if self.context.client is not client:
            return None  # the profile changed meanwhile
        self.saved = [a.model_dump(mode="json", by_alias=True, exclude_none=True) for a in stored]
        default = profile.default_sender or {}
        if not only_an_id(default):
            return None
        match = self.saved_address(default["id"])
        return address_fields(match) if match is not None else {}

    def saved_address(self, address_id: Any) -> dict[str, Any] | None:
        """A saved address by its id."""
        return next((a for a in self.saved if a.get("id") == address_id), None)

    def needs_offer(self) -> bool:
        """Whether to ask the account for its default shipping address (no sender yet)."""
        profile = self.context.profile
        return profile is not None and not profile.default_sender

    async def load_offer(self) -> dict[str, Any] | None:
        """The account's default shipping address, offered while the profile has no sender."""
        from desktop_app.client.account_addresses import sender_offer

        client, profile = self.context.client, self.context.profile
        if client is None or profile is None:
            return None
        offer = await sender_offer(client, profile)
        if self.context.client is not client or self.context.profile is None:
            return None  # the profile changed meanwhile
        return offer if offer and not self.context.profile.default_sender else None
