"""The address book's stored addresses of one profile, Qt-free: a per-profile cache file
(`address_book.json` in the profile's data dir, so a profile never sees another's addresses)
synced from `/v1/addresses`, search, create and edit (checked with the domain's address rules
first), remove, get, the workplace parcel-point lookup by partner id, and the profile's
default sender."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop_app.domain.rules import Problem, validate_address
from desktop_app.domain.sanitize import sanitize
from desktop_app.gui.widgets.address_formatting import FIELDS, address_fields
from desktop_app.profiles.files import atomic_write_bytes

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile

log = logging.getLogger(__name__)

BOOK_FILE = "address_book.json"


class AddressProblems(ValueError):
    """The address breaks the domain's address rules; `problems` says where."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = list(problems)


class AddressBook:
    """The stored addresses of one profile: a cache file synced from the service."""

    def __init__(self, directory: Path) -> None:
        self.path = Path(directory) / BOOK_FILE
        self.addresses: list[dict[str, Any]] = []
        self.default_sender_id: str | None = None
        self.synced_at: str | None = None
        #: addresses removed from this book: the shipping API has no delete or update of a
        #: stored address (GET/POST only), so they stay on the service and are left out here
        self.removed_ids: set[str] = set()
        self._load()

    @classmethod
    def for_profile(cls, manager: ProfileManager, profile: Profile) -> AddressBook:
        """The book of `profile` (in its own data dir)."""
        return cls(manager.profile_data_dir(profile))

    def _load(self) -> None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return
        except (OSError, ValueError) as exc:
            # a damaged cache is rebuilt from the service at the next sync
            log.warning("address book %s unreadable (%s); starting empty", self.path, exc)
            return
        if not isinstance(data, dict):
            return
        self.addresses = [a for a in data.get("addresses") or [] if isinstance(a, dict)]
        default = data.get("default_sender_id")
        self.default_sender_id = default if isinstance(default, str) else None
        synced = data.get("synced_at")
        self.synced_at = synced if isinstance(synced, str) else None
        removed = data.get("removed_ids")
        if isinstance(removed, list):
            self.removed_ids = {r for r in removed if isinstance(r, str)}
            self.addresses = [a for a in self.addresses if a.get("id") not in self.removed_ids]

    def save(self) -> None:
        """Write the cache atomically."""
        data = {
            "addresses": self.addresses,
            "default_sender_id": self.default_sender_id,
            "synced_at": self.synced_at,
            "removed_ids": sorted(self.removed_ids),
        }
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, ensure_ascii=False, indent=1)
        atomic_write_bytes(self.path, text.encode("utf-8"), mode=0o600)

    # --- reading -------------------------------------------------------------------------------

    def get_cached(self, address_id: str) -> dict[str, Any] | None:
        """A cached address by id."""
        return next((a for a in self.addresses if a.get("id") == address_id), None)

    def search(self, query: str = "") -> list[dict[str, Any]]:
        """Addresses whose fields contain every word of `query` (case-insensitive)."""
        words = query.casefold().split()
        if not words:
            return list(self.addresses)
        out = []
        for address in self.addresses:
            text = " ".join(str(address.get(k) or "") for k in FIELDS).casefold()
            if all(w in text for w in words):
                out.append(address)
        return out

    @property
    def default_sender(self) -> dict[str, Any] | None:
        """The default sender's stored address, if it is in the book."""
        return self.get_cached(self.default_sender_id) if self.default_sender_id else None

    # --- service --------------------------------------------------------------------------------

    def _put(self, address: dict[str, Any]) -> dict[str, Any]:
        for i, old in enumerate(self.addresses):
            if old.get("id") == address.get("id"):
                self.addresses[i] = address
                break
        else:
            self.addresses.append(address)
        return address

    async def sync(self, client: ShippingClient) -> int:
        """Replace the cache with the service's list; returns how many addresses it has."""
        found = [
            a.model_dump(mode="json", by_alias=True, exclude_none=True)
            async for a in client.addresses.iter_all()
            if a.id not in self.removed_ids
        ]
        self.addresses = found
        self.synced_at = datetime.now(UTC).isoformat(timespec="seconds")
        await asyncio.to_thread(self.save)
        return len(found)

    async def create(self, client: ShippingClient, address: Mapping[str, Any]) -> dict[str, Any]:
        """Store a new address on the service (AddressProblems if the rules refuse it)."""
        body = sanitize(address_fields(address))
        problems = validate_address(body)
        if problems:
            raise AddressProblems(problems)
        created = await client.addresses.create(body)
        stored = self._put(created.model_dump(mode="json", by_alias=True, exclude_none=True))
        await asyncio.to_thread(self.save)
        return stored

    async def update(
        self, client: ShippingClient, address_id: str, address: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Replace a stored address by an edited one, in the same place in the book.

        The shipping API cannot change a stored address: the edited one is stored as a new
        address and the old one is removed from this book (it stays on the service). A
        default sender that was the old address becomes the new one.
        """
        body = sanitize(address_fields(address))
        problems = validate_address(body)
        if problems:
            raise AddressProblems(problems)
        created = await client.addresses.create(body)
        stored = created.model_dump(mode="json", by_alias=True, exclude_none=True)
        place = next(
            (i for i, a in enumerate(self.addresses) if a.get("id") == address_id),
            len(self.addresses),
        )
        self.addresses.insert(place, stored)
        self._forget(address_id)
        if self.default_sender_id == address_id:
            self.default_sender_id = str(stored.get("id"))
        await asyncio.to_thread(self.save)
        return stored

    def remove(self, address_id: str) -> bool:
        """Remove an address from this book (and as the default sender); False if not here."""
        if self.get_cached(address_id) is None:
            return False
        self._forget(address_id)
        if self.default_sender_id == address_id:
            self.default_sender_id = None
        self.save()
        return True

    def _forget(self, address_id: str) -> None:
        self.removed_ids.add(address_id)
        self.addresses = [a for a in self.addresses if a.get("id") != address_id]

    async def get(self, client: ShippingClient, address_id: str) -> dict[str, Any]:
        """One stored address, fresh from the service (the cache is updated)."""
        fetched = await client.addresses.get(address_id)
        stored = self._put(fetched.model_dump(mode="json", by_alias=True, exclude_none=True))
        await asyncio.to_thread(self.save)
        return stored

    async def lookup_partner(self, client: ShippingClient, partner_id: str) -> dict[str, Any]:
        """The delivery address a workplace parcel-point user's id resolves to (stored too)."""
        partner_id = partner_id.strip()
        problems = validate_address({"partner_id": partner_id})
        if problems:
            raise AddressProblems(problems)
        found = await client.addresses.create({"partner_id": partner_id})
        stored = self._put(found.model_dump(mode="json", by_alias=True, exclude_none=True))
        await asyncio.to_thread(self.save)
        return stored

    def set_default_sender(
        self, manager: ProfileManager, profile: Profile, address: Mapping[str, Any]
    ) -> Profile:
        """Make `address` the profile's default sender (saved in the profile and the book)."""
        fields = {k: v for k, v in address_fields(address).items() if k != "partner_id"}
        problems = validate_address(fields)
        if problems:
            raise AddressProblems(problems)
        saved = manager.update(profile.model_copy(update={"default_sender": fields}))
        self.default_sender_id = str(address.get("id")) if address.get("id") else None
        self.save()
        return saved
