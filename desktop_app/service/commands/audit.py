"""`packdesk serve audit`: who did what, newest first."""

import argparse
import json
import sys

from desktop_app.service.commands.base import AdminCommand, database_options, service_settings
from desktop_app.service.storage.db import make_engine
from desktop_app.service.storage.schema import (
    SchemaError,
    upgrade_database,
)


async def _audit(args: argparse.Namespace) -> int:
    from sqlalchemy import select

    from desktop_app.service.storage import audit
    from desktop_app.service.storage.accounts import Account
    from desktop_app.service.storage.db import make_sessionmaker

    try:
        since = audit.parse_since(args.since) if args.since else None
    except ValueError as exc:
        print(f"packdesk serve audit: {exc}", file=sys.stderr)
        return 2
    engine = make_engine(service_settings(args).db_url)
    try:
        await upgrade_database(engine)
        async with make_sessionmaker(engine)() as session:
            accounts = await session.execute(select(Account.id, Account.email))
            emails = {account_id: email for account_id, email in accounts}
            account_id = None
            if args.account:
                ids = [i for i, email in emails.items() if email == args.account.strip()]
                if not ids:
                    print(f"packdesk serve audit: no account for {args.account}", file=sys.stderr)
                    return 1
                account_id = ids[0]
            rows = await audit.list_entries(
                session,
                account_id=account_id,
                since=since,
                action=args.action,
                person=args.person,
                limit=args.limit,
            )
    except SchemaError as exc:
        print(f"packdesk serve audit: {exc}", file=sys.stderr)
        return 1
    finally:
        await engine.dispose()
    for row in rows:
        item = audit.entry_json(row)
        item["account"] = emails.get(row.account_id or "", row.account_id)
        print(json.dumps(item, ensure_ascii=False))
    return 0


def _audit_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve audit",
        description="Who did what: the audit log, newest first, one JSON object a line "
        "(time, account, station key, action, object id, person, station).",
    )
    database_options(p)
    p.add_argument("--since", default=None, help="from this time on (2026-11-26, ISO 8601; UTC)")
    p.add_argument("--account", default=None, metavar="EMAIL", help="only this account")
    p.add_argument(
        "--action", default=None, help="only this action, or a family: shipment.*, key.*"
    )
    p.add_argument("--person", default=None, metavar="NAME", help="only what this person did")
    p.add_argument("--limit", type=int, default=100, help="at most this many (default 100)")
    return p


COMMAND = AdminCommand(_audit_parser, _audit)
