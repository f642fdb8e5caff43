"""What every `packdesk serve COMMAND` shares: its registration and the database options."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, NamedTuple

from desktop_app.service.settings import ServiceSettings, default_data_dir


class AdminCommand(NamedTuple):
    """A `packdesk serve COMMAND`: its argument parser and the coroutine that runs it."""

    parser: Callable[[], argparse.ArgumentParser]
    run: Callable[[argparse.Namespace], Coroutine[Any, Any, int]]


def service_settings(args: argparse.Namespace) -> ServiceSettings:
    """The settings of the service the command looks after (its data dir and database)."""
    data_dir = (args.data_dir or default_data_dir()).resolve()
    return ServiceSettings(data_dir=data_dir, database_url=args.database_url)


def database_options(parser: argparse.ArgumentParser, *, default: object = None) -> None:
    """`--data-dir` and `--database-url` of the `packdesk serve` the command looks after.

    A subcommand's parser beside its parent's takes `default=argparse.SUPPRESS`, so the options
    work before or after the subcommand without the subparser's default hiding the parent's."""
    parser.add_argument("--data-dir", type=Path, default=default, help="the service's data dir")
    parser.add_argument(
        "--database-url", default=default, help="SQLAlchemy async URL (default SQLite)"
    )
