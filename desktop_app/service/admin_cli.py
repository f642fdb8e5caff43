"""`packdesk serve migrate`: the warehouse server's upkeep from a shell.

Each command takes the `--data-dir` and `--database-url` of the `packdesk serve` it looks
after (the systemd unit's: `--data-dir /var/lib/packdesk`).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

from desktop_app.service.db import make_engine
from desktop_app.service.schema import (
    BASELINE_REVISION,
    SchemaError,
    database_revision,
    head_revision,
    upgrade_database,
)
from desktop_app.service.settings import ServiceSettings


def _settings(args: argparse.Namespace) -> ServiceSettings:
    from desktop_app.service.cli import default_data_dir

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


Command = Callable[[argparse.Namespace], Coroutine[Any, Any, int]]
ADMIN_COMMANDS: dict[str, tuple[Callable[[], argparse.ArgumentParser], Command]] = {
    "migrate": (_migrate_parser, _migrate),
}


def admin_main(argv: Sequence[str]) -> int:
    """`packdesk serve COMMAND ...` for the commands of ADMIN_COMMANDS."""
    make_parser, run = ADMIN_COMMANDS[argv[0]]
    args = make_parser().parse_args(list(argv[1:]))
    return asyncio.run(run(args))
