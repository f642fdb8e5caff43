"""Accounts and their API keys: creation, rotation, lookup, the credentials file."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import (
    DateTime,
    ForeignKey,
    Index,
    String,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import PRODUCTION, SANDBOX, Base, new_uuid, utcnow


class Account(Base):
    """One account of the local service; it holds one sandbox and one live key at a time."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    email: Mapped[str] = mapped_column(String(320), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ApiKey(Base):
    """An API key, stored as its sha256; the prefix identifies it in logs."""

    __tablename__ = "api_keys"

    id: Mapped[str] = mapped_column(String(36), primary_key=True, default=new_uuid)
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    environment: Mapped[str] = mapped_column(String(16))
    prefix: Mapped[str] = mapped_column(String(16))
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    revoked_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (Index("ix_api_keys_account", "account_id", "environment"),)


class ApiKeyName(Base):
    """The name a key was given by `packdesk accounts add-key` (keys without one have no row).

    A table of its own, so that data dirs made before named keys keep working unchanged.
    """

    __tablename__ = "api_key_names"

    key_id: Mapped[str] = mapped_column(
        ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True
    )
    account_id: Mapped[str] = mapped_column(ForeignKey("accounts.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(100))

    __table_args__ = (Index("ix_api_key_names_account", "account_id", "name"),)


DEFAULT_EMAIL = "owner@packdesk.local"
KEY_PREFIX_LEN = 8


@dataclass(frozen=True)
class KeyInfo:
    """Who a valid API key belongs to (what request handlers see; never the key itself)."""

    key_id: str
    prefix: str
    account_id: str
    email: str
    environment: str
    # the station's name of a key made by `accounts add-key`, None for the account's own pair
    name: str | None = None

    @property
    def sandbox(self) -> bool:
        """True for a sandbox key."""
        return self.environment == SANDBOX

    @property
    def label(self) -> str:
        """How the log names the key: `"Station 3" (sandbox a1b2c3d4)`."""
        who = f'"{self.name}"' if self.name else "account key"
        return f"{who} ({self.environment} {self.prefix})"


@dataclass(frozen=True)
class AccountKeys:
    """A freshly made key pair, shown once."""

    account_id: str
    email: str
    sandbox_key: str
    live_key: str

    def as_json(self) -> dict[str, str]:
        """Fields of the credentials file and of `accounts add` output."""
        return {
            "account_id": self.account_id,
            "email": self.email,
            "sandbox_key": self.sandbox_key,
            "live_key": self.live_key,
        }


class AccountError(Exception):
    """An accounts command cannot be done (duplicate or unknown e-mail)."""


def hash_key(raw: str) -> str:
    """sha256 hex of a raw key: what the database stores."""
    return hashlib.sha256(raw.encode("utf-8", "surrogatepass")).hexdigest()


def new_raw_key() -> str:
    """A new raw API key."""
    # 128 random bits as 32 hex characters, shaped like the real service's keys
    return secrets.token_hex(16)


def _add_keys(session: AsyncSession, account: Account) -> tuple[str, str]:
    sandbox_raw, live_raw = new_raw_key(), new_raw_key()
    for env, raw in ((SANDBOX, sandbox_raw), (PRODUCTION, live_raw)):
        session.add(
            ApiKey(
                account_id=account.id,
                environment=env,
                prefix=raw[:KEY_PREFIX_LEN],
                key_hash=hash_key(raw),
            )
        )
    return sandbox_raw, live_raw


async def create_account(session: AsyncSession, email: str) -> AccountKeys:
    """Create an account with a sandbox and a live key (the caller commits)."""
    email = email.strip()
    if "@" not in email or len(email) > 320:
        raise AccountError(f"not an e-mail address: {email!r}")
    existing = await session.scalar(select(Account).where(Account.email == email))
    if existing is not None:
        raise AccountError(f"an account for {email} already exists")
    account = Account(email=email)
    session.add(account)
    await session.flush()
    sandbox_raw, live_raw = _add_keys(session, account)
    await session.flush()
    return AccountKeys(account.id, account.email, sandbox_raw, live_raw)


async def rotate_keys(session: AsyncSession, email: str) -> AccountKeys:
    """Revoke the account's own key pair and make a new one (the caller commits).

    Named station keys (`accounts add-key`) are not touched: each is revoked on its own.
    """
    account = await session.scalar(select(Account).where(Account.email == email.strip()))
    if account is None:
        raise AccountError(f"no account for {email}")
    await session.execute(
        update(ApiKey)
        .where(
            ApiKey.account_id == account.id,
            ApiKey.revoked_at.is_(None),
            ApiKey.id.not_in(select(ApiKeyName.key_id)),
        )
        .values(revoked_at=utcnow())
    )
    sandbox_raw, live_raw = _add_keys(session, account)
    await session.flush()
    return AccountKeys(account.id, account.email, sandbox_raw, live_raw)


async def first_account(session: AsyncSession) -> Account | None:
    """The oldest account (whose keys the credentials file holds)."""
    return await session.scalar(select(Account).order_by(Account.created_at).limit(1))


async def lookup_key(session: AsyncSession, raw: str) -> KeyInfo | None:
    """The active key matching `raw`, or None."""
    if not raw or len(raw) > 256:
        return None
    row = (
        await session.execute(
            select(ApiKey, Account.email, ApiKeyName.name)
            .join(Account, Account.id == ApiKey.account_id)
            .outerjoin(ApiKeyName, ApiKeyName.key_id == ApiKey.id)
            .where(ApiKey.key_hash == hash_key(raw), ApiKey.revoked_at.is_(None))
        )
    ).first()
    if row is None:
        return None
    key, email, name = row
    return KeyInfo(key.id, key.prefix, key.account_id, email, key.environment, name)


def write_private_json(path: Path, data: dict[str, object]) -> None:
    """Write JSON to a 0600 file atomically (never briefly world-readable)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(data, fh, indent=2)
        fh.write("\n")
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def read_credentials(path: Path) -> dict[str, object] | None:
    """The credentials file's content, or None when missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None
