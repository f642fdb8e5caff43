"""`packdesk serve backup|restore`: one archive of database, keys and CA."""

import argparse
import sys
import time
from pathlib import Path

from desktop_app.service.commands.base import AdminCommand, database_options, service_settings


async def _archive(args: argparse.Namespace, command: str) -> int:
    from desktop_app.service.storage.backup import BackupError, backup, restore

    settings = service_settings(args)
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
    database_options(p)
    return p


def _restore_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve restore",
        description="Restore a backup into an empty data dir (and, with --database-url, an "
        "empty PostgreSQL database); then start the service on it.",
    )
    p.add_argument("file", type=Path, help="an archive of packdesk serve backup")
    database_options(p)
    return p


BACKUP = AdminCommand(_backup_parser, _backup)
RESTORE = AdminCommand(_restore_parser, _restore)
