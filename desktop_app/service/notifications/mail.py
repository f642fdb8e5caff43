"""Outgoing e-mail of the service: SMTP when configured, else the `mail_outbox` table."""

from __future__ import annotations

import asyncio
import logging
import smtplib
import ssl
import uuid
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.notifications.events import utcnow
from desktop_app.service.storage.mail import MailRow

log = logging.getLogger(__name__)

DEFAULT_SENDER = "Packdesk Local Service <noreply@localhost>"
SMTP_TIMEOUT = 30.0


@dataclass(frozen=True)
class SmtpTarget:
    """Where and how to hand mail over: parsed from `smtp://`, `smtp+starttls://` or `smtps://`."""

    host: str
    port: int
    mode: str  # plain | starttls | ssl
    username: str | None
    password: str | None
    sender: str


def parse_smtp_url(url: str) -> SmtpTarget:
    """Parse `smtp[s|+starttls]://[user[:password]@]host[:port][?from=addr]`; ValueError if bad."""
    parts = urlsplit(url)
    modes = {"smtp": ("plain", 25), "smtp+starttls": ("starttls", 587), "smtps": ("ssl", 465)}
    if parts.scheme not in modes or not parts.hostname:
        raise ValueError(
            f"SMTP URL must be smtp://, smtp+starttls:// or smtps:// with a host: {url!r}"
        )
    mode, default_port = modes[parts.scheme]
    sender = parse_qs(parts.query).get("from", [DEFAULT_SENDER])[0]
    return SmtpTarget(
        host=parts.hostname,
        port=parts.port or default_port,
        mode=mode,
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
        sender=sender,
    )


def _send_blocking(target: SmtpTarget, message: EmailMessage) -> None:
    """Deliver one message over SMTP (runs in an executor)."""
    smtp: smtplib.SMTP
    if target.mode == "ssl":
        context = ssl.create_default_context()
        smtp = smtplib.SMTP_SSL(target.host, target.port, timeout=SMTP_TIMEOUT, context=context)
    else:
        smtp = smtplib.SMTP(target.host, target.port, timeout=SMTP_TIMEOUT)
    with smtp:
        if target.mode == "starttls":
            smtp.starttls(context=ssl.create_default_context())
        if target.username:
            smtp.login(target.username, target.password or "")
        smtp.send_message(message)


async def send_mail(
    session: AsyncSession, *, smtp_url: str | None, to: str, subject: str, body: str
) -> MailRow:
    """Send (or keep in the outbox) one e-mail and record it; never raises for SMTP failures."""
    row = MailRow(
        id=str(uuid.uuid4()),
        to_address=to,
        subject=subject,
        body=body,
        created_at=utcnow(),
        status="outbox",
    )
    if smtp_url:
        try:
            target = parse_smtp_url(smtp_url)
            message = EmailMessage()
            message["From"] = target.sender
            message["To"] = to
            message["Subject"] = subject
            message.set_content(body)
            # smtplib blocks; keep the service loop free
            await asyncio.get_running_loop().run_in_executor(None, _send_blocking, target, message)
            row.status = "sent"
        except (OSError, smtplib.SMTPException, ValueError) as exc:
            # the mail stays readable in the outbox; the failure is logged, not fatal
            log.warning("could not send mail to %s over SMTP: %s", to, exc)
            row.status = "failed"
            row.error = str(exc)
    session.add(row)
    await session.flush()
    return row


def mail_json(row: MailRow) -> dict[str, str | None]:
    """One mail as the CLI prints it (a JSON line)."""
    return {
        "id": row.id,
        "created_at": row.created_at.isoformat(timespec="seconds"),
        "to": row.to_address,
        "subject": row.subject,
        "status": row.status,
        "error": row.error,
        "body": row.body,
    }
