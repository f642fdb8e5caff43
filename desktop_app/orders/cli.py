"""`packdesk orders import FILE --profile NAME`, `packdesk orders watch [FOLDER] --profile NAME
[--once]` (see orders/watched_folder.py; FOLDER: the profile's watched folder when left out)
and `packdesk orders list --profile NAME`.

`import` reads a CSV/XLSX with the batch's column mapping (remembered per layout, or
`--mapping FILE`) plus the line-item columns, checks every order with the domain rules and
stores the valid ones on the profile's service (`POST /v1/orders`). An order whose number the
service already has is skipped, so running the same file again stores nothing twice.

Exit codes: 0 every order stored (or already there), 1 some order invalid or refused,
2 usage, file, mapping or profile errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.orders.commands import (
    ProfileClientError,
    UsageError,
    load_table,
    open_profile,
    profile_client,
)
from desktop_app.orders.engine import orders_of
from desktop_app.orders.mapping import MappingBook, MappingError, load_mapping_file
from desktop_app.orders.service_orders import (
    DEFAULT_CURRENCY,
    OrderDraft,
    drafts_of,
    file_origin,
    store_orders,
)
from desktop_app.orders.shop_ids import unknown_id_lines
from desktop_app.orders.watched_folder import DEFAULT_POLL_INTERVAL, DEFAULT_SETTLE, WatchedFolder

if TYPE_CHECKING:
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile


def _err(message: str) -> None:
    print(f"packdesk orders: {message}", file=sys.stderr, flush=True)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="packdesk orders", description="A shop's orders.")
    sub = parser.add_subparsers(dest="command", required=True)
    imp = sub.add_parser("import", help="store the orders of a CSV/XLSX file on the service")
    imp.add_argument("file", type=Path, help="CSV (, ; or tab) or XLSX; one row per line item")
    imp.add_argument("--profile", required=True, help="profile name (or id)")
    imp.add_argument("--mapping", type=Path, metavar="FILE", help="JSON as for packdesk batch")
    imp.add_argument("--sheet", help="XLSX: the sheet to read (default: the first)")
    imp.add_argument("--currency", default=DEFAULT_CURRENCY, help="for rows without a currency")
    imp.add_argument("--dry-run", action="store_true", help="check and report only")
    watch = sub.add_parser("watch", help="import every CSV/XLSX dropped into FOLDER once")
    watch.add_argument(
        "folder",
        type=Path,
        nargs="?",
        help="files move to done/ or failed/ with a report (default: the profile's watched folder)",
    )
    watch.add_argument("--profile", required=True, help="profile name (or id)")
    watch.add_argument("--once", action="store_true", help="import what is ready, then exit")
    watch.add_argument("--interval", type=float, default=DEFAULT_POLL_INTERVAL, help="seconds")
    watch.add_argument(
        "--settle", type=float, default=DEFAULT_SETTLE, help="seconds a file must stay unchanged"
    )
    watch.add_argument("--currency", default=DEFAULT_CURRENCY, help="for rows without a currency")
    lst = sub.add_parser("list", help="the profile's orders as JSON lines, newest first")
    lst.add_argument("--profile", required=True, help="profile name (or id)")
    lst.add_argument("--external-order-id", default=None)
    lst.add_argument("--limit", type=int, default=100)
    return parser


def orders_main(argv: Sequence[str]) -> int:
    """Entry point of `packdesk orders`."""
    try:
        args = _parser().parse_args(list(argv))
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        return _main(args)
    except (UsageError, ProfileClientError) as exc:
        _err(str(exc))
        return 2


def _main(args: argparse.Namespace) -> int:
    manager, profile = open_profile(args.profile)
    if args.command == "list":
        return asyncio.run(_list(args, manager, profile))
    if args.command == "watch":
        if args.folder is None:
            configured = profile.preferences.watched_folder
            if not configured:
                raise UsageError(
                    f"profile {profile.name!r} has no watched folder: give FOLDER, or set one "
                    "in Settings › Station"
                )
            args.folder = Path(configured)
        try:
            return asyncio.run(_watch(args, manager, profile))
        except KeyboardInterrupt:
            return 0
    orders = _read_orders(args, manager, profile)
    invalid = [order for order in orders if not order.valid]
    for order in invalid:
        where = ", ".join(str(line) for line in order.lines)
        for problem in order.problem_lines():
            _err(f"order {order.external_order_id} (line {where}): {problem}")
    _err(f"{args.file.name}: {len(orders)} orders, {len(invalid)} with problems")
    if args.dry_run:
        return 1 if invalid else 0
    valid = [order for order in orders if order.valid]
    refused = asyncio.run(_store(manager, profile, valid, args.file.name))
    return 1 if invalid or refused else 0


def _read_orders(
    args: argparse.Namespace, manager: ProfileManager, profile: Profile
) -> list[OrderDraft]:
    table = load_table(args.file, args.sheet)
    mapping = None
    if args.mapping is not None:
        try:
            mapping = load_mapping_file(args.mapping, table.headers)
        except MappingError as exc:
            raise UsageError(str(exc)) from None
    with manager.open_store(profile) as store:
        # the catalogue keeps its own file: it stays usable with the store closed
        catalogue = store.catalogue
    orders = orders_of(table, book=MappingBook(), mapping=mapping, catalogue=catalogue)
    for note in [*orders.notes, *unknown_id_lines(orders.unknown_ids)]:
        _err(f"{args.file.name}: {note}")
    return drafts_of(orders, currency=args.currency.upper())


async def _store(
    manager: ProfileManager, profile: Profile, orders: list[OrderDraft], file_name: str
) -> int:
    store = manager.open_store(profile)  # keeps which file each order came from
    try:
        async with profile_client(manager, profile) as client:
            result = await store_orders(client, orders, store=store,
                                        origin=file_origin(file_name))  # fmt: skip
    finally:
        store.close()
    for number in result.skipped:
        print(json.dumps({"external_order_id": number, "skipped": True}))
    for number, order_id in result.stored.items():
        print(json.dumps({"external_order_id": number, "id": order_id}))
    for number, error in result.refused.items():
        _err(f"order {number}: {error}")
    return len(result.refused)


async def _watch(args: argparse.Namespace, manager: ProfileManager, profile: Profile) -> int:
    problems = 0
    with manager.open_store(profile) as store:
        folder = WatchedFolder(
            args.folder,
            settle=args.settle,
            currency=args.currency.upper(),
            catalogue=store.catalogue,
        )
        async with profile_client(manager, profile) as client:
            while True:
                for report in await folder.poll(client, store):
                    problems += report.status != "done" or bool(report.refused)
                    _err(
                        f"{report.file}: {report.status}, {len(report.imported)} imported, "
                        f"{len(report.already_there)} already there, "
                        f"{len(report.refused)} refused"
                        + (f" ({report.error})" if report.error else "")
                    )
                if args.once:
                    return 1 if problems else 0
                await asyncio.sleep(max(0.1, args.interval))


async def _list(args: argparse.Namespace, manager: ProfileManager, profile: Profile) -> int:
    async with profile_client(manager, profile) as client:
        if args.external_order_id is not None:
            found = await client.orders.list(external_order_id=args.external_order_id)
        else:
            found = [order async for order in client.orders.iter_all(limit=max(1, args.limit))]
    for order in found:
        print(json.dumps(order.to_wire(), ensure_ascii=False))
    return 0
