"""`packdesk serve migrate`: the database up to this Packdesk's schema."""

import argparse
import sys

from desktop_app.service.commands.base import AdminCommand, database_options, service_settings
from desktop_app.service.storage.db import make_engine
from desktop_app.service.storage.schema import (
    BASELINE_REVISION,
    SchemaError,
    database_revision,
    head_revision,
    upgrade_database,
)


async def _migrate(args: argparse.Namespace) -> int:
    settings = service_settings(args)
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
    database_options(p)
    p.add_argument(
        "--check", action="store_true", help="only say whether an upgrade is due (exit 1 if so)"
    )
    return p


COMMAND = AdminCommand(_migrate_parser, _migrate)
