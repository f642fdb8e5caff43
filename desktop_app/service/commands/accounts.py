"""`packdesk accounts add|list|rotate-keys|add-key|revoke-key|set|outbox`."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.settings import (
    ServiceSettings,
    default_data_dir,
)
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import (
    AccountError,
    create_account,
    first_account,
    read_credentials,
    rotate_keys,
    write_private_json,
)
from desktop_app.service.storage.db import make_engine, make_sessionmaker
from desktop_app.service.storage.schema import SchemaError, upgrade_database
from desktop_app.service.storage.station_keys import list_accounts


def _accounts_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="packdesk accounts", description="Local service accounts.")
    p.add_argument("--data-dir", type=Path, default=None)
    p.add_argument("--database-url", default=None)
    sub = p.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="create an account and print its keys once")
    add.add_argument("email")
    sub.add_parser("list", help="list accounts (key prefixes only)")
    rot = sub.add_parser("rotate-keys", help="replace an account's keys; old ones stop at once")
    rot.add_argument("email")
    settings = sub.add_parser(
        "set", help="an account's names and default shipping/returns address (JSON files)"
    )
    settings.add_argument("email")
    settings.add_argument("--first-name", default=None)
    settings.add_argument("--last-name", default=None)
    for kind in ("shipping", "returns"):
        settings.add_argument(
            f"--default-{kind}-address",
            type=Path,
            default=None,
            metavar="FILE",
            help=f"a JSON file holding the default {kind} address (as POST /v1/addresses)",
        )
    add_key = sub.add_parser(
        "add-key", help="named keys for one station (sandbox and live); printed once"
    )
    add_key.add_argument("email")
    add_key.add_argument("--name", required=True, help='the station, e.g. "Station 3"')
    add_key.add_argument(
        "--environment",
        choices=["sandbox", "production", "both"],
        default="both",
        help="which keys to make (default both)",
    )
    revoke = sub.add_parser(
        "revoke-key", help="stop a station's keys (by name or key prefix); others keep working"
    )
    revoke.add_argument("email")
    revoke.add_argument("key", help="the station's name or a key prefix")
    outbox = sub.add_parser("outbox", help="list e-mails sent or kept by the service, newest first")
    outbox.add_argument("--limit", type=int, default=20)
    return p


async def _accounts(args: argparse.Namespace) -> int:
    data_dir = (args.data_dir or default_data_dir()).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    settings = ServiceSettings(data_dir=data_dir, database_url=args.database_url)
    engine = make_engine(settings.db_url)
    try:
        try:
            await upgrade_database(engine)
        except SchemaError as exc:
            print(f"packdesk accounts: {exc}", file=sys.stderr)
            return 1
        async with make_sessionmaker(engine)() as session:
            if args.command == "list":
                for item in await list_accounts(session):
                    print(json.dumps(item))
                return 0
            if args.command == "set":
                return await _set_account(session, args)
            if args.command in ("add-key", "revoke-key"):
                return await _station_keys(session, args)
            if args.command == "outbox":
                from desktop_app.service.notifications.mail import mail_json
                from desktop_app.service.storage.mail import list_outbox

                for mail in await list_outbox(session, limit=args.limit):
                    print(json.dumps(mail_json(mail)))
                return 0
            try:
                if args.command == "add":
                    keys, action = await create_account(session, args.email), "account.created"
                else:
                    keys, action = await rotate_keys(session, args.email), "keys.rotated"
                session.add(
                    audit.entry_by(
                        audit.COMMAND_LINE, action, keys.account_id, account_id=keys.account_id
                    )
                )
                first = await first_account(session)
                await session.commit()
            except AccountError as exc:
                print(f"packdesk accounts: {exc}", file=sys.stderr)
                return 1
        if first is not None and first.id == keys.account_id:
            creds = read_credentials(settings.credentials_file) or {}
            creds.update(keys.as_json())
            write_private_json(settings.credentials_file, creds)
        print(json.dumps(keys.as_json()))
        return 0
    finally:
        await engine.dispose()


async def _station_keys(session: AsyncSession, args: argparse.Namespace) -> int:
    from desktop_app.service.storage.db import ENVIRONMENTS
    from desktop_app.service.storage.station_keys import (
        account_by_email,
        add_station_keys,
        revoke_station_keys,
    )

    try:
        if args.command == "add-key":
            environments = ENVIRONMENTS if args.environment == "both" else (args.environment,)
            made = await add_station_keys(session, args.email, args.name, environments)
            result: dict[str, object] = dict(made.as_json())
            action, account_id, what = "key.added", made.account_id, made.name
        else:
            result = {"revoked": await revoke_station_keys(session, args.email, args.key)}
            account_id = (await account_by_email(session, args.email)).id
            action, what = "key.revoked", args.key
        session.add(audit.entry_by(audit.COMMAND_LINE, action, what, account_id=account_id))
        await session.commit()
    except AccountError as exc:
        print(f"packdesk accounts: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


async def _set_account(session: AsyncSession, args: argparse.Namespace) -> int:
    from desktop_app.domain.sanitize import sanitize
    from desktop_app.service.errors import ServiceError
    from desktop_app.service.shipping.address_checks import check_default_address
    from desktop_app.service.storage.account_settings import ADDRESS_KINDS, set_account

    addresses = {}
    for kind in ADDRESS_KINDS:
        path = getattr(args, f"default_{kind}_address")
        if path is not None:
            try:
                addresses[kind] = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                print(f"packdesk accounts: cannot read {path}: {exc}", file=sys.stderr)
                return 1
    try:
        addresses = {kind: check_default_address(sanitize(d)) for kind, d in addresses.items()}
        result = await set_account(
            session,
            args.email,
            first_name=args.first_name,
            last_name=args.last_name,
            addresses=addresses,
        )
        await session.commit()
    except (AccountError, ServiceError) as exc:
        print(f"packdesk accounts: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


def main(argv: Sequence[str]) -> int:
    """`packdesk accounts add|list|rotate-keys|add-key|revoke-key|set|outbox`."""
    args = _accounts_parser().parse_args(list(argv))
    return asyncio.run(_accounts(args))
