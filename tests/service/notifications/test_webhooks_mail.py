"""The service's e-mail: SMTP URL parsing, real SMTP hand-over, outbox when SMTP fails or is off."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from desktop_app.service.app import create_app
from desktop_app.service.context import ServiceContext
from desktop_app.service.notifications.mail import parse_smtp_url, send_mail
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage.mail import list_outbox
from desktop_app.service.storage.schema import upgrade_database
from tests.fixtures.receiver import SmtpSink


@pytest.mark.parametrize(
    ("url", "host", "port", "mode", "user", "password"),
    [
        ("smtp://mail.example.com", "mail.example.com", 25, "plain", None, None),
        (
            "smtp+starttls://u%40x:p%3Aw@mail.example.com",
            "mail.example.com",
            587,
            "starttls",
            "u@x",
            "p:w",
        ),  # fmt: skip
        ("smtps://me@mail.example.com:2465", "mail.example.com", 2465, "ssl", "me", None),
    ],
)
def test_parse_smtp_url(
    url: str, host: str, port: int, mode: str, user: str | None, password: str | None
) -> None:
    target = parse_smtp_url(url)
    assert (target.host, target.port, target.mode) == (host, port, mode)
    assert (target.username, target.password) == (user, password)


@pytest.mark.parametrize("url", ["http://mail.example.com", "smtp://", "mail.example.com"])
def test_parse_smtp_url_rejects(url: str) -> None:
    with pytest.raises(ValueError):
        parse_smtp_url(url)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def test_send_mail_paths(tmp_path: Path, smtp_sink: SmtpSink) -> None:
    ctx: ServiceContext = create_app(ServiceSettings(data_dir=tmp_path)).state.ctx
    try:
        await upgrade_database(ctx.engine)
        async with ctx.sessions() as session, session.begin():
            kept = await send_mail(
                session, smtp_url=None, to="a@example.com", subject="1", body="b"
            )
            sent = await send_mail(
                session,
                smtp_url=f"smtp://127.0.0.1:{smtp_sink.port}",
                to="b@example.com",
                subject="2",
                body="hello over SMTP",
            )
            failed = await send_mail(
                session,
                smtp_url=f"smtp://127.0.0.1:{_closed_port()}",
                to="c@example.com",
                subject="3",
                body="b",
            )
        assert (kept.status, sent.status, failed.status) == ("outbox", "sent", "failed")
        assert failed.error
        (message,) = smtp_sink.wait_for(1)
        assert message["to"] == ["b@example.com"] and "hello over SMTP" in message["data"]
        async with ctx.sessions() as session:
            assert {m.subject for m in await list_outbox(session)} == {"1", "2", "3"}
    finally:
        await ctx.engine.dispose()
