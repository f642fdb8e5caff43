"""`packdesk storage copy`: the service's data into another database."""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from desktop_app.service.settings import (
    ServiceSettings,
    default_data_dir,
)


def main(argv: Sequence[str]) -> int:
    """`packdesk storage copy --to URL [--from URL | --data-dir D]`."""
    from desktop_app.service.storage.copy import CopyError, copy_database

    parser = argparse.ArgumentParser(
        prog="packdesk storage", description="The local service's storage."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    copy = sub.add_parser("copy", help="copy the service's data into an empty database")
    copy.add_argument("--data-dir", type=Path, default=None, help="the service's data dir")
    copy.add_argument("--from", dest="source", default=None, help="source URL (default SQLite)")
    copy.add_argument("--to", dest="target", required=True, help="target SQLAlchemy async URL")
    args = parser.parse_args(list(argv))
    data_dir = (args.data_dir or default_data_dir()).resolve()
    source = args.source or ServiceSettings(data_dir=data_dir).db_url
    try:
        counts = asyncio.run(copy_database(source, args.target))
    except CopyError as exc:
        print(f"packdesk storage: {exc}", file=sys.stderr)
        return 1
    for name, count in counts.items():
        print(f"{name}: {count} rows")
    return 0
