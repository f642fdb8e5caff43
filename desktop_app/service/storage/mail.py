"""The mail outbox table: e-mails kept when no SMTP server is configured."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import String, Text, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, mapped_column

from desktop_app.service.storage.db import Base, UTCDateTime


class MailRow(Base):
    """An e-mail the service sent (SMTP) or kept in its outbox (no SMTP configured)."""

    __tablename__ = "mail_outbox"

    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    to_address: Mapped[str] = mapped_column(String(320))
    subject: Mapped[str] = mapped_column(Text)
    body: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime, index=True)
    # outbox (kept here only), sent (handed to SMTP), failed (SMTP refused; kept here)
    status: Mapped[str] = mapped_column(String(16), default="outbox")
    error: Mapped[str | None] = mapped_column(Text, nullable=True)


async def list_outbox(session: AsyncSession, *, limit: int = 100) -> list[MailRow]:
    """Newest mails first (the CLI's `accounts outbox`)."""
    rows = await session.scalars(select(MailRow).order_by(MailRow.created_at.desc()).limit(limit))
    return list(rows)
