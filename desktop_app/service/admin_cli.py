"""`packdesk serve migrate|backup|restore|audit|export-join|join`: the warehouse server's
upkeep from a shell.

Each command takes the `--data-dir` and `--database-url` of the `packdesk serve` it looks
after (the systemd unit's: `--data-dir /var/lib/packdesk`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from desktop_app.service.settings import ServiceSettings, default_data_dir
from desktop_app.service.storage.db import make_engine
from desktop_app.service.storage.schema import (
    BASELINE_REVISION,
    SchemaError,
    database_revision,
    head_revision,
    upgrade_database,
)


def _settings(args: argparse.Namespace) -> ServiceSettings:
    data_dir = (args.data_dir or default_data_dir()).resolve()
    return ServiceSettings(data_dir=data_dir, database_url=args.database_url)


def _database_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-dir", type=Path, default=None, help="the service's data dir")
    parser.add_argument(
        "--database-url", default=None, help="SQLAlchemy async URL (default SQLite)"
    )


async def _migrate(args: argparse.Namespace) -> int:
    settings = _settings(args)
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    engine = make_engine(settings.db_url)
    try:
        if args.check:
            current = await database_revision(engine)
            head = head_revision()
            print(f"database: {current or 'no revision'}; this Packdesk: {head}")
            return 0 if current == head else 1
        done = await upgrade_database(engine)
    except SchemaError as exc:
        print(f"packdesk serve migrate: {exc}", file=sys.stderr)
        return 1
    finally:
        await engine.dispose()
    if done.legacy:
        print(f"made before schema revisions: taken up as {BASELINE_REVISION}, now {done.after}")
    elif done.changed:
        print(f"upgraded from {done.before or 'an empty database'} to {done.after}")
    else:
        print(f"already at {done.after}")
    return 0


def _migrate_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve migrate",
        description="Upgrade the service's database to this Packdesk's schema "
        "(`packdesk serve` does it on start too).",
    )
    _database_options(p)
    p.add_argument(
        "--check", action="store_true", help="only say whether an upgrade is due (exit 1 if so)"
    )
    return p


async def _archive(args: argparse.Namespace, command: str) -> int:
    from desktop_app.service.storage.backup import BackupError, backup, restore

    settings = _settings(args)
    started = time.perf_counter()
    try:
        run = backup if command == "backup" else restore
        summary = await run(settings, args.file)
    except BackupError as exc:
        print(f"packdesk serve {command}: {exc}", file=sys.stderr)
        return 1
    seconds = time.perf_counter() - started
    where = f"backup {args.file}" if command == "backup" else f"restored into {settings.data_dir}"
    print(
        f"{where}: {summary.shipments} shipments, {summary.labels} labels, "
        f"schema {summary.schema_revision}, {seconds:.1f} s"
    )
    return 0


async def _backup(args: argparse.Namespace) -> int:
    return await _archive(args, "backup")


async def _restore(args: argparse.Namespace) -> int:
    return await _archive(args, "restore")


def _backup_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve backup",
        description="Copy the service's database, keys file and CA into one archive while the "
        "service keeps running (SQLite's online backup; pg_dump for PostgreSQL). The archive "
        "holds keys: keep it as private as the data dir.",
    )
    p.add_argument("file", type=Path, help="the archive to write (e.g. packdesk-2026-11-26.tar)")
    _database_options(p)
    return p


def _restore_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve restore",
        description="Restore a backup into an empty data dir (and, with --database-url, an "
        "empty PostgreSQL database); then start the service on it.",
    )
    p.add_argument("file", type=Path, help="an archive of packdesk serve backup")
    _database_options(p)
    return p


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
    engine = make_engine(_settings(args).db_url)
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
    _database_options(p)
    p.add_argument("--since", default=None, help="from this time on (2026-11-26, ISO 8601; UTC)")
    p.add_argument("--account", default=None, metavar="EMAIL", help="only this account")
    p.add_argument(
        "--action", default=None, help="only this action, or a family: shipment.*, key.*"
    )
    p.add_argument("--person", default=None, metavar="NAME", help="only what this person did")
    p.add_argument("--limit", type=int, default=100, help="at most this many (default 100)")
    return p


async def _export_join(args: argparse.Namespace) -> int:
    from desktop_app.service.join import JoinError, export_join

    try:
        identity = export_join((args.data_dir or default_data_dir()).resolve(), args.file)
    except JoinError as exc:
        print(f"packdesk serve export-join: {exc}", file=sys.stderr)
        return 1
    print(
        f"join bundle {args.file} (0600: it holds the CA's key and the keys; delete it once the "
        f"other server has joined), CA SHA-256 fingerprint {identity.ca_sha256}"
    )
    return 0


def _export_join_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve export-join",
        description="Write what another server of this installation needs besides the shared "
        "PostgreSQL database: the local CA with its key and credentials.json (never server "
        "keys: each server makes its own certificate from the CA).",
    )
    p.add_argument("file", type=Path, help="the bundle to write (e.g. packdesk-join.tar)")
    p.add_argument("--data-dir", type=Path, default=None, help="this server's data dir")
    return p


async def _join(args: argparse.Namespace) -> int:
    from desktop_app.service.join import JoinError, join

    settings = _settings(args)
    try:
        identity = await join(settings, args.source)
    except (JoinError, SchemaError) as exc:
        print(f"packdesk serve join: {exc}", file=sys.stderr)
        return 1
    print(
        f"joined: {settings.data_dir} holds the installation's CA (SHA-256 {identity.ca_sha256}) "
        "and credentials; start packdesk serve on it with the same --database-url, "
        "--public-url and --tls-name as the other servers"
    )
    return 0


def _join_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve join",
        description="Make a new data dir a server of an installation that runs on PostgreSQL: "
        "takes its CA, CA key and credentials.json from a join bundle (serve export-join), a "
        "backup archive or the first server's data dir.",
    )
    p.add_argument("source", type=Path, help="a join bundle, a backup archive or a data dir")
    _database_options(p)
    return p


Command = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]
ADMIN_COMMANDS: dict[str, tuple[Callable[[], argparse.ArgumentParser], Command]] = {
    "migrate": (_migrate_parser, _migrate),
    "backup": (_backup_parser, _backup),
    "restore": (_restore_parser, _restore),
    "audit": (_audit_parser, _audit),
    "export-join": (_export_join_parser, _export_join),
    "join": (_join_parser, _join),
}


def run_command(
    commands: dict[str, tuple[Callable[[], argparse.ArgumentParser], Command]], argv: Sequence[str]
) -> int:
    """`packdesk serve COMMAND ...` for one of `commands` (argv[0] is the command)."""
    make_parser, run = commands[argv[0]]
    args = make_parser().parse_args(list(argv[1:]))
    return asyncio.run(run(args))


def admin_main(argv: Sequence[str]) -> int:
    """`packdesk serve COMMAND ...` for the commands of ADMIN_COMMANDS."""
    return run_command(ADMIN_COMMANDS, argv)
