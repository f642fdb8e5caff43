"""Names of API keys: the per-station keys of an account ("Station 3")."""

from __future__ import annotations

from sqlalchemy import ForeignKey, Index, String
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base


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
