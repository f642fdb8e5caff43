"""`packdesk shops add/list/remove/sync --profile NAME`: a profile's shop connections.

`add` asks for the platform's credentials (or reads them from `PACKDESK_SHOP_<FIELD>`, e.g.
`PACKDESK_SHOP_CONSUMER_SECRET`, for scripts) and keeps them in the keyring - never on the
command line, where every process could read them. `sync` pulls the shop's open orders
changed since its last sync into the profile's orders (`--full`: all of them), then writes
the tracking numbers of the labels made since back to the shop (the outbox). Exit codes:
0 done, 1 some orders or write-backs failed (said on stderr), 2 usage or connection errors.
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from desktop_app.orders.commands import (
    ProfileClientError,
    UsageError,
    open_profile,
    profile_client,
)
from desktop_app.shops import PLATFORMS, ShopConfig, ShopError
from desktop_app.shops.book import ShopBook
from desktop_app.shops.outbox import ShopOutbox
from desktop_app.shops.rounds import ShopRounds

if TYPE_CHECKING:
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile


def _err(message: str) -> None:
    print(f"packdesk shops: {message}", file=sys.stderr, flush=True)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="packdesk shops", description="Shop connections.")
    sub = parser.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="connect a shop (credentials go to the keyring)")
    add.add_argument("--profile", required=True, help="profile name (or id)")
    add.add_argument("--name", required=True, help="what the connection is called")
    add.add_argument("--platform", required=True, choices=sorted(PLATFORMS))
    add.add_argument("--url", required=True, help="the shop's address (https:// only)")
    add.add_argument(
        "--environment",
        required=True,
        choices=("test", "live"),
        help="a test shop for a sandbox profile, a live shop for a live one",
    )
    for name in ("list", "remove", "sync"):
        cmd = sub.add_parser(
            name,
            help={
                "list": "the connections and their write-backs",
                "remove": "forget a connection and its credentials",
                "sync": "pull open orders, write tracking back",
            }[name],
        )
        cmd.add_argument("--profile", required=True, help="profile name (or id)")
        if name != "list":
            cmd.add_argument("--name", required=True, help="the connection")
        if name == "sync":
            cmd.add_argument(
                "--full", action="store_true", help="all open orders, not only changes"
            )
    return parser


def shops_main(argv: Sequence[str]) -> int:
    """Entry point of `packdesk shops`."""
    try:
        args = _parser().parse_args(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        return _main(args)
    except (UsageError, ProfileClientError, ShopError) as exc:
        _err(str(exc))
        return 2
    except KeyError as exc:
        _err(f"no shop named {exc.args[0]!r}")
        return 2


def _main(args: argparse.Namespace) -> int:
    manager, profile = open_profile(args.profile)
    data_dir = manager.profile_data_dir(profile)
    book = ShopBook(data_dir, profile.id, profile.environment, manager.secrets)
    if args.command == "add":
        config = ShopConfig(name=args.name, platform=args.platform, url=args.url,
                            environment=args.environment)  # fmt: skip
        book.add(config, _ask_credentials(args.platform))
        print(json.dumps(config.to_json()))
        return 0
    if args.command == "remove":
        book.remove(args.name)
        outbox = ShopOutbox(data_dir)
        outbox.forget_shop(args.name)
        outbox.close()
        return 0
    outbox = ShopOutbox(data_dir)
    try:
        if args.command == "list":
            for config in book.list():
                counts = {s: sum(e.shop == config.name for e in outbox.entries(s))
                          for s in ("pending", "written", "failed")}  # fmt: skip
                print(json.dumps({**config.to_json(), "write_backs": counts}))
            for entry in outbox.entries("failed"):
                _err(f"order {entry.number} ({entry.shop}): {entry.error}")
            return 0
        return asyncio.run(_sync(args, manager, profile, book, outbox))
    finally:
        outbox.close()


def _ask_credentials(platform: str) -> dict[str, str]:
    out = {}
    for field in PLATFORMS[platform].credential_fields:
        value = os.environ.get(f"PACKDESK_SHOP_{field.key.upper()}")
        if not value:  # never echoed: a key is as private as its secret
            value = getpass.getpass(f"{field.label}{f' ({field.help})' if field.help else ''}: ")
        out[field.key] = value
    return out


async def _sync(
    args: argparse.Namespace,
    manager: ProfileManager,
    profile: Profile,
    book: ShopBook,
    outbox: ShopOutbox,
) -> int:
    book.get(args.name)  # KeyError (said as such) before anything is asked
    store = manager.open_store(profile)
    try:
        async with profile_client(manager, profile) as client:
            rounds = ShopRounds(book, outbox, store, client, catalogue=store.catalogue)
            done = await rounds.run_once([args.name], full=args.full)
    finally:
        store.close()
    for error in done.errors.values():
        raise ShopError(error)
    result = done.synced[book.get(args.name).name]
    for number in result.stored:
        print(json.dumps({"external_order_id": number, "stored": True}))
    for number in result.skipped:
        print(json.dumps({"external_order_id": number, "skipped": True}))
    for number, problems in result.problems.items():
        _err(f"order {number}: {'; '.join(problems)}")
    for entry in done.delivery.written:
        print(json.dumps({"external_order_id": entry.number, "tracking_written": True}))
    for entry in done.delivery.retry_later:
        _err(f"order {entry.number}: {entry.shop} cannot be reached now; tried again later")
    for entry in outbox.entries("failed"):
        _err(f"order {entry.number}: {entry.error}")
    return 1 if result.problems or done.delivery.failed else 0
