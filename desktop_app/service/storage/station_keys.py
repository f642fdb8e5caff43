"""Per-station API keys: named sandbox/live keys of one account, revoked one station at a time.

`packdesk accounts add-key EMAIL --name "Station 3"` makes them and shows them once;
`revoke-key EMAIL "Station 3"` (or a key prefix) stops them while the account's other keys keep
working; `list` shows every active key by name and prefix, never the key. The service log names
the key's label with each request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.storage.accounts import (
    KEY_PREFIX_LEN,
    Account,
    AccountError,
    ApiKey,
    ApiKeyName,
    hash_key,
    new_raw_key,
)
from desktop_app.service.storage.db import ENVIRONMENTS, utcnow

MAX_NAME_LENGTH = 100


@dataclass(frozen=True)
class StationKeys:
    """Freshly made keys of a station, shown once."""

    account_id: str
    email: str
    name: str
    keys: dict[str, str]

    def as_json(self) -> dict[str, str]:
        """`accounts add-key` output: `sandbox_key` and/or `live_key` with the name."""
        out = {"account_id": self.account_id, "email": self.email, "name": self.name}
        for environment, raw in self.keys.items():
            out["sandbox_key" if environment == "sandbox" else "live_key"] = raw
        return out


async def account_by_email(session: AsyncSession, email: str) -> Account:
    account = await session.scalar(select(Account).where(Account.email == email.strip()))
    if account is None:
        raise AccountError(f"no account for {email}")
    return account


def clean_name(name: str) -> str:
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME_LENGTH or not name.isprintable():
        raise AccountError(f"a key name is 1 to {MAX_NAME_LENGTH} printable characters")
    return name


async def _active_keys(session: AsyncSession, account_id: str) -> list[tuple[ApiKey, str | None]]:
    """The account's active keys with their names (None for the account's own pair)."""
    rows = await session.execute(
        select(ApiKey, ApiKeyName.name)
        .outerjoin(ApiKeyName, ApiKeyName.key_id == ApiKey.id)
        .where(ApiKey.account_id == account_id, ApiKey.revoked_at.is_(None))
        .order_by(ApiKey.created_at)
    )
    return [(key, name) for key, name in rows.all()]


async def add_station_keys(
    session: AsyncSession, email: str, name: str, environments: tuple[str, ...] = ENVIRONMENTS
) -> StationKeys:
    """Make named keys (sandbox and live by default) for a station (the caller commits)."""
    account = await account_by_email(session, email)
    name = clean_name(name)
    active = await _active_keys(session, account.id)
    if any(other is not None and other.casefold() == name.casefold() for _, other in active):
        raise AccountError(f"{account.email} already has active keys named {name!r}")
    made: dict[str, str] = {}
    for environment in environments:
        raw = new_raw_key()
        key = ApiKey(
            account_id=account.id,
            environment=environment,
            prefix=raw[:KEY_PREFIX_LEN],
            key_hash=hash_key(raw),
        )
        session.add(key)
        await session.flush()
        session.add(ApiKeyName(key_id=key.id, account_id=account.id, name=name))
        made[environment] = raw
    await session.flush()
    return StationKeys(account.id, account.email, name, made)


async def revoke_station_keys(session: AsyncSession, email: str, which: str) -> list[str]:
    """Revoke the active keys named `which` (or the one key with that prefix); their prefixes.

    The account's other keys keep working. The caller commits.
    """
    account = await account_by_email(session, email)
    active = await _active_keys(session, account.id)
    wanted = " ".join(which.split()).casefold()
    keys = [key for key, name in active if name is not None and name.casefold() == wanted]
    if not keys:
        keys = [key for key, _name in active if key.prefix == which.strip()]
    if not keys:
        raise AccountError(f"{account.email} has no active key named or starting {which!r}")
    await session.execute(
        update(ApiKey).where(ApiKey.id.in_([k.id for k in keys])).values(revoked_at=utcnow())
    )
    return [key.prefix for key in keys]


async def key_listing(session: AsyncSession, account_id: str) -> list[dict[str, Any]]:
    """The account's active keys: name (None for the account's own pair), environment, prefix."""
    return [
        {
            "name": name,
            "environment": key.environment,
            "prefix": key.prefix,
            "created_at": key.created_at.isoformat(timespec="seconds"),
        }
        for key, name in await _active_keys(session, account_id)
    ]


async def list_accounts(session: AsyncSession) -> list[dict[str, Any]]:
    """Accounts with their active keys by name and prefix (never the keys)."""
    rows = (await session.scalars(select(Account).order_by(Account.created_at))).all()
    result = []
    for account in rows:
        keys = await key_listing(session, account.id)
        item: dict[str, Any] = {"id": account.id, "email": account.email}
        for key in keys:
            if key["name"] is None:
                item[f"{key['environment']}_key_prefix"] = key["prefix"]
        item["keys"] = keys
        result.append(item)
    return result
