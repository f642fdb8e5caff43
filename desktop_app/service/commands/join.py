"""`packdesk serve export-join|join`: another server of an installation on PostgreSQL."""

import argparse
import sys
from pathlib import Path

from desktop_app.service.commands.base import AdminCommand, database_options, service_settings
from desktop_app.service.settings import default_data_dir
from desktop_app.service.storage.schema import (
    SchemaError,
)


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

    settings = service_settings(args)
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
    database_options(p)
    return p


EXPORT = AdminCommand(_export_join_parser, _export_join)
JOIN = AdminCommand(_join_parser, _join)
