"""`packdesk serve stations pending|approve ID --phrase P|deny ID`: let new stations in from a
shell on the server.

A station that asked to join from "Connect to a Packdesk server" shows a phrase; the admin
lists the waiting stations with their phrases, and approves one by typing the phrase its
screen shows (or denies it). The approved station's key is made for the account (the first
one, or `--account EMAIL`) in the environment given (`--environment`, live by default) and
reaches the station at its next poll, over the connection it verified.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import sys

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.commands.base import AdminCommand, database_options, service_settings
from desktop_app.service.errors import ServiceError
from desktop_app.service.shipping import station_joins
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import Account
from desktop_app.service.storage.db import make_engine, make_sessionmaker, utcnow
from desktop_app.service.storage.schema import SchemaError, upgrade_database

PROG = "packdesk serve stations"


def stations_parser() -> argparse.ArgumentParser:
    """The parser of `packdesk serve stations`."""
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Stations asking to join this server: list them with the phrase each "
        "shows, approve one by its phrase (it receives its own key at once) or deny it. An "
        "undecided request expires after 15 minutes.",
    )
    database_options(p)
    sub = p.add_subparsers(dest="command", required=True)
    pending = sub.add_parser("pending", help="the stations waiting for a decision")
    pending.add_argument("--json", action="store_true", help="one JSON object a line")
    approve = sub.add_parser("approve", help="let a station in (type the phrase it shows)")
    approve.add_argument("id", help="the request's id (or its first characters)")
    approve.add_argument("--phrase", required=True, help="the phrase the station shows")
    approve.add_argument(
        "--account", default=None, metavar="EMAIL", help="the account (default: the first)"
    )
    approve.add_argument(
        "--environment",
        choices=("live", "sandbox"),
        default="live",
        help="the key the station gets (default: live)",
    )
    deny = sub.add_parser("deny", help="refuse a station")
    deny.add_argument("id", help="the request's id (or its first characters)")
    for command in sub.choices.values():
        # also after the subcommand, as `serve users add NAME --data-dir DIR` takes them
        database_options(command, default=argparse.SUPPRESS)
    return p


def _minutes_left(expires_at: str, now: dt.datetime) -> int:
    return max(0, int((dt.datetime.fromisoformat(expires_at) - now).total_seconds() // 60))


async def _request_id(session: AsyncSession, wanted: str, now: dt.datetime) -> str:
    """The full id of the request whose id is or starts with `wanted`."""
    listed = await station_joins.list_join_requests(session, now, None)
    matches = [item["id"] for item in listed if item["id"].startswith(wanted.strip().lower())]
    if len(matches) != 1:
        raise ServiceError(404, f"no single join request with an id starting {wanted!r}")
    return str(matches[0])


async def _account_id(session: AsyncSession, email: str | None) -> str:
    query = select(Account.id).order_by(Account.created_at).limit(1)
    if email:
        query = select(Account.id).where(Account.email == email.strip())
    account_id = await session.scalar(query)
    if account_id is None:
        raise ServiceError(404, f"no account for {email}" if email else "no account yet")
    return str(account_id)


async def _run(args: argparse.Namespace) -> int:
    engine = make_engine(service_settings(args).db_url)
    now = utcnow()
    try:
        await upgrade_database(engine)
        async with make_sessionmaker(engine)() as session:
            if args.command == "pending":
                for item in await station_joins.list_join_requests(session, now):
                    if args.json:
                        print(json.dumps(item, ensure_ascii=False))
                        continue
                    print(
                        f"{item['id'][:8]}  {item['station']!r}  phrase {item['phrase']}  "
                        f"from {item['address']}  expires in "
                        f"{_minutes_left(item['expires_at'], now)} min"
                    )
                return 0
            request_id = await _request_id(session, args.id, now)
            if args.command == "approve":
                account_id = await _account_id(session, args.account)
                item = await station_joins.approve_request(
                    session,
                    request_id,
                    args.phrase,
                    account_id=account_id,
                    environment=args.environment,
                    decided_by=audit.COMMAND_LINE,
                    now=now,
                )
                done = (
                    f"approved {item['station']!r}: the station receives its {args.environment} "
                    "key at its next poll"
                )
            else:
                account_id = None
                item = await station_joins.deny_request(
                    session, request_id, decided_by=audit.COMMAND_LINE, now=now
                )
                done = f"denied {item['station']!r}"
            action = f"station.join_{'approved' if args.command == 'approve' else 'denied'}"
            session.add(
                audit.entry_by(audit.COMMAND_LINE, action, request_id, account_id=account_id)
            )
            await session.commit()
    except ServiceError as exc:
        print(f"{PROG} {args.command}: {exc}", file=sys.stderr)
        return 1
    except SchemaError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    finally:
        await engine.dispose()
    print(done)
    return 0


COMMAND = AdminCommand(stations_parser, _run)
