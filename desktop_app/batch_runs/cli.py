"""`packdesk batch FILE --profile NAME`: create and print a CSV/XLSX of orders, headless.

Every row is validated with the domain rules; the valid ones are created concurrently
(within the profile's rate limit) and their labels printed in file order on `--printer`
(default: the profile's printer). Killing the command loses nothing: running it again on
the same file creates no duplicate (rows are known by their reference numbers).

Exit codes: 0 every row created (and printed), 1 some row invalid, failed or not printed
(the report lists them), 2 usage, file, mapping, profile or printer errors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.batch_runs.export import write_results
from desktop_app.batch_runs.progress_bar import ProgressBar
from desktop_app.batch_runs.rows import Batch, BatchRow, printer_format_chooser
from desktop_app.batch_runs.runner import DEFAULT_CONCURRENCY, summarize
from desktop_app.orders.cell_values import parse_number
from desktop_app.orders.commands import UsageError, load_table, open_profile
from desktop_app.orders.engine import orders_of
from desktop_app.orders.importer import Table, TableError
from desktop_app.orders.mapping import ColumnMapping, MappingBook, MappingError, load_mapping_file
from desktop_app.orders.records import OrderFile
from desktop_app.orders.shipment_drafts import Defaults
from desktop_app.orders.shop_ids import unknown_id_lines
from desktop_app.paths import PRINT_QUEUE_DB_NAME

if TYPE_CHECKING:
    from desktop_app.client import ShippingClient
    from desktop_app.printing.printers import PrinterDefinition
    from desktop_app.profiles.catalogue import Catalogue
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile
    from desktop_app.shops.book import ShopBook

DEFAULT_PRINT_TIMEOUT = 120.0


def _err(message: str) -> None:
    print(f"packdesk batch: {message}", file=sys.stderr, flush=True)


def _parser() -> argparse.ArgumentParser:
    from desktop_app.orders.targets import TARGETS

    parser = argparse.ArgumentParser(
        prog="packdesk batch",
        description="Create (and print) shipments for every row of a CSV or XLSX file.",
        epilog="Mapping targets: "
        + ", ".join(TARGETS)
        + '. A mapping file is JSON, e.g. {"to.last_name": "Nachname", "carrier": "=dhl"}. '
        "Exit codes: 0 all rows created (and printed), 1 some row invalid, failed or not "
        "printed, 2 usage errors.",
    )
    parser.add_argument("file", type=Path, help="the orders: CSV (, ; or tab) or XLSX")
    parser.add_argument("--profile", required=True, help="profile name (or id)")
    parser.add_argument("--printer", help="printer name from printers.json (default: profile's)")
    parser.add_argument("--no-print", action="store_true", help="create only, print nothing")
    parser.add_argument(
        "--mapping", type=Path, metavar="FILE", help="JSON: target field -> column or =constant"
    )
    parser.add_argument("--dry-run", action="store_true", help="validate and report only")
    parser.add_argument(
        "--concurrency",
        type=int,
        default=DEFAULT_CONCURRENCY,
        metavar="N",
        help=f"rows created at once (default {DEFAULT_CONCURRENCY}); the rate limit is kept anyway",
    )
    parser.add_argument(
        "--results", type=Path, metavar="FILE", help="write the per-row results to this CSV"
    )
    parser.add_argument(
        "--carrier",
        help="carrier for rows without one (default: the profile's, else its shipping presets)",
    )
    parser.add_argument("--service", help="service for rows without one (default: profile's)")
    parser.add_argument("--label-format", help="request this label format for every row")
    parser.add_argument("--sheet", help="XLSX: the sheet to read (default: the first)")
    parser.add_argument(
        "--products",
        action="append",
        default=[],
        type=Path,
        metavar="FILE",
        help="first add a product export to the profile's catalogue (Shopify or WooCommerce "
        "products CSV, Shopware 6 product export, Amazon inventory file, or a table of SKU and "
        "weight): orders weigh themselves by their items x quantity (+ the box)",
    )
    parser.add_argument(
        "--weight",
        type=_weight_kg,
        metavar="KG",
        help="the weight of every order that has none from the catalogue, the file or the "
        "profile's default weight (as typed on the Batch page)",
    )
    parser.add_argument(
        "--shop-id",
        action="append",
        default=[],
        type=_shop_id_answer,
        metavar="KIND:ID=VALUE",
        help="what a shop's internal id stands for, remembered in the profile for every later "
        "file (Shopware's orders export names countries and products by ids): "
        "country:<id>=DE, product:<id>=SKU",
    )
    parser.add_argument(
        "--print-timeout",
        type=float,
        default=DEFAULT_PRINT_TIMEOUT,
        metavar="S",
        help="wait this long for the labels to print after the last creation (default 120)",
    )
    parser.add_argument(
        "--reconcile-after",
        type=float,
        metavar="S",
        help="an interrupted attempt younger than this is looked up on the service until it "
        "is this old before it is sent again (default: the client's create time-out + 15 s)",
    )
    return parser


def _weight_kg(text: str) -> float:
    """`--weight 1,5` -> 1.5 (kg, above 0 and at most 1000)."""
    value = parse_number(text)
    if not isinstance(value, float) or not 0 < value <= 1000:
        raise argparse.ArgumentTypeError(f"{text!r} is no weight in kg (e.g. 1.5)")
    return value


def _shop_id_answer(text: str) -> tuple[str, str, str]:
    """`country:<id>=DE` -> ("country", id, "DE")."""
    from desktop_app.profiles.catalogue import SHOP_ID_KINDS

    kind, _, rest = text.partition(":")
    shop_id, _, value = rest.partition("=")
    if kind not in SHOP_ID_KINDS or not shop_id.strip() or not value.strip():
        raise argparse.ArgumentTypeError(
            f"{text!r}: write KIND:ID=VALUE, KIND one of {', '.join(SHOP_ID_KINDS)}"
        )
    if kind == "country":
        from desktop_app.orders.cell_values import country_code

        value = country_code(value)
    return kind, shop_id.strip(), value.strip()


def _printer(args: argparse.Namespace, profile: Profile) -> PrinterDefinition | None:
    if args.no_print:
        return None
    name = args.printer or profile.printer
    if not name:
        return None
    from desktop_app.printing.printers import PrinterBook, PrinterError

    try:
        return PrinterBook()[name]
    except PrinterError as exc:
        raise UsageError(str(exc)) from None


def given_mapping(
    args: argparse.Namespace, table: Table, book: MappingBook
) -> ColumnMapping | None:
    """The `--mapping FILE` (remembered for the layout), or None."""
    if args.mapping is None:
        return None
    try:
        mapping = load_mapping_file(args.mapping, table.headers)
    except MappingError as exc:
        raise UsageError(str(exc)) from None
    book.put(table.layout, table.headers, mapping)  # remembered for this layout
    return mapping


def read_file_orders(
    args: argparse.Namespace,
    table: Table,
    book: MappingBook,
    catalogue: Catalogue | None,
    shops: ShopBook | None = None,
) -> tuple[OrderFile, str]:
    """The file's orders through the import engine, and where the mapping came from; ids
    of a shop the profile has not learned are asked of the profile's shops first."""
    mapping = given_mapping(args, table, book)
    orders = orders_of(table, book=book, mapping=mapping, catalogue=catalogue)
    if orders.unknown_ids and shops is not None:
        from desktop_app.shops.sync import learn_ids_from_shops

        if asyncio.run(learn_ids_from_shops(shops, orders, catalogue)):
            orders = orders_of(table, book=book, mapping=mapping, catalogue=catalogue)
    origin = {
        "given": f"from {args.mapping} (remembered for this layout)",
        "remembered": "remembered for this layout",
        "recognised": f"recognised: {orders.platform.name if orders.platform else ''}",
        "guessed": "guessed from the header names",
    }[orders.mapping_origin]
    for note in [*orders.notes, *unknown_id_lines(orders.unknown_ids)]:
        _err(f"{args.file.name}: {note}")
    return orders, origin


#: where a weight came from, in the CLI's words
WEIGHT_WORDS = {
    "catalogue": "product catalogue",
    "file": "order file",
    "catalogue+file": "product catalogue and order file",
    "typed": "--weight",
    "scale": "scale",
    "default": "default weight",
}


def describe_weights(rows: Sequence[BatchRow]) -> str | None:
    """What to do about the orders without a weight (None when every order has one)."""
    missing = [row for row in rows if row.weight.kg is None and row.status == "invalid"]
    if not missing:
        return None
    shown = ", ".join(row.reference for row in missing[:5]) + (
        f" and {len(missing) - 5} more" if len(missing) > 5 else ""
    )
    return (
        f"{len(missing)} order(s) have no weight ({shown}): give their products a weight "
        "(--products FILE: the shop's product export), pass --weight KG for all of them, "
        "or weigh or type them on the Batch page"
    )


def describe_filled(rows: Sequence[BatchRow]) -> str:
    """What the profile and the catalogue fill in, counted over the orders (said before the
    run): "sender: sample sender (3); preset Standard (3); weight: product catalogue (2)"."""
    counts: dict[str, int] = {}
    for row in rows:
        for path, origin in row.filled.items():
            what = {
                "from": f"sender: {origin}",
                "preset": f"carrier/service/parcel: preset {origin!r}",
                "package.weight": f"weight: {WEIGHT_WORDS.get(origin, origin)}",
            }.get(path, f"{path}: {origin}")
            counts[what] = counts.get(what, 0) + 1
    return "; ".join(f"{what} ({n})" for what, n in counts.items()) or "nothing"


def _describe_mapping(mapping: ColumnMapping) -> str:
    parts = []
    for target, source in mapping.items():
        what = repr(source.column) if source.column is not None else f"={source.value!r}"
        parts.append(f"{target} <- {what}")
    return ", ".join(parts) or "(nothing mapped)"


def batch_main(argv: Sequence[str]) -> int:
    """Entry point of `packdesk batch`."""
    parser = _parser()
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as exc:  # argparse exits 2 on usage errors, 0 for --help
        return int(exc.code or 0)
    try:
        return _main(args)
    except UsageError as exc:
        _err(str(exc))
        return 2
    except KeyboardInterrupt:  # a second Ctrl+C: the journal keeps what was sent
        _err("interrupted; run the same command again to finish the batch")
        return 130


def _import_products(paths: Sequence[Path], catalogue: Catalogue) -> None:
    """`--products FILE`: the product exports into the catalogue, said on stderr."""
    from desktop_app.orders.products import import_products

    for path in paths:
        if not path.is_file():
            raise UsageError(f"no such file: {path}")
        try:
            report = import_products(path, catalogue)
        except TableError as exc:
            raise UsageError(str(exc)) from None
        line = f"{path.name}: {report.added} product(s) into the catalogue"
        if report.without_weight:
            line += f", {len(report.without_weight)} without a weight in the file"
        if report.skipped:
            line += f", {len(report.skipped)} row(s) left out"
        _err(line)


def _main(args: argparse.Namespace) -> int:
    if args.concurrency < 1:
        raise UsageError("--concurrency must be at least 1")
    table = load_table(args.file, args.sheet)
    if args.label_format is not None:
        from desktop_app.domain.labels import LABEL_FORMATS

        if args.label_format not in LABEL_FORMATS:
            raise UsageError(f"unknown label format {args.label_format!r}")

    manager, profile = open_profile(args.profile)
    printer = _printer(args, profile)
    with manager.open_store(profile) as store:
        # the catalogue keeps its own file: it stays usable with the store closed
        catalogue = store.catalogue
    _import_products(args.products, catalogue)
    for kind, shop_id, value in args.shop_id:
        catalogue.learn_shop_ids(kind, {shop_id: value})
    from desktop_app.shops.book import ShopBook

    shops = ShopBook(manager.profile_data_dir(profile), profile.id, profile.environment,
                     manager.secrets)  # fmt: skip
    orders, mapping_origin = read_file_orders(args, table, MappingBook(), catalogue, shops)
    mapping = orders.mapping
    prefs = profile.preferences
    defaults = Defaults(
        sender=profile.draft_sender(),
        sender_origin="default sender" if profile.default_sender else "sample sender",
        carrier=args.carrier or prefs.default_carrier,
        service=args.service or prefs.default_service,
        package=prefs.default_package,
        label_format=args.label_format,
        presets=tuple(profile.presets()),
        packaging_kg=prefs.packaging_weight,
    )
    batch = Batch.of_orders(
        orders,
        defaults,
        choose_format=printer_format_chooser(printer, prefs.label_format_override),
        catalogue=catalogue,
    )
    described = _describe_mapping(mapping)
    _err(
        f"{args.file.name}: {len(batch)} orders from {orders.rows_read} rows; "
        f"mapping {mapping_origin}: {described}"
    )
    if args.weight is not None:
        typed = batch.set_weight_for_all(args.weight)
        _err(f"--weight {args.weight:g} kg for {len(typed)} order(s) without a weight")
    _err(f"filled in from the profile: {describe_filled(batch.rows)}")
    weights = describe_weights(batch.rows)
    if weights:
        _err(weights)
    if args.dry_run:
        return _report(batch, args, printer=None, dry_run=True)
    if profile.is_live:
        _err(f"LIVE profile {profile.name!r}: the shipments created are real and charged")
    return asyncio.run(_run(batch, args, manager, profile, printer))


async def _run(
    batch: Batch,
    args: argparse.Namespace,
    manager: ProfileManager,
    profile: Profile,
    printer: PrinterDefinition | None,
) -> int:
    from desktop_app.orders.commands import ProfileClientError, profile_client

    try:
        async with profile_client(manager, profile) as client:
            await _run_with(client, batch, args, manager, profile, printer)
    except ProfileClientError as exc:
        raise UsageError(str(exc)) from None
    return _report(batch, args, printer=printer, dry_run=False)


async def _run_with(
    client: ShippingClient,
    batch: Batch,
    args: argparse.Namespace,
    manager: ProfileManager,
    profile: Profile,
    printer: PrinterDefinition | None,
) -> None:
    from desktop_app.batch_runs.runner import BatchRunner
    from desktop_app.client.journaled_creation import ShipmentCreator
    from desktop_app.printing.printers import PrinterBook
    from desktop_app.printing.queue import PrintQueue

    store = await asyncio.to_thread(manager.open_store, profile)
    queue = None
    if printer is not None:
        queue_path = Path(manager.profile_data_dir(profile)) / PRINT_QUEUE_DB_NAME
        queue = PrintQueue(queue_path, PrinterBook())
        await queue.start()  # also resumes labels an interrupted run left queued
    progress = ProgressBar(sum(1 for r in batch.rows if r.valid))
    try:
        kwargs = {}
        if args.reconcile_after is not None:
            kwargs["reconcile_after"] = timedelta(seconds=args.reconcile_after)
        runner = BatchRunner(
            batch,
            ShipmentCreator(client, store),
            queue=queue,
            printer=printer,
            concurrency=args.concurrency,
            on_row=progress.row_changed,
            **kwargs,
        )
        loop = asyncio.get_running_loop()

        def on_signal() -> None:
            if runner.canceled:
                raise KeyboardInterrupt
            _err("canceling: rows being created finish, no further rows are sent")
            runner.cancel()

        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError, RuntimeError):
                loop.add_signal_handler(sig, on_signal)
        await runner.run()
        if queue is not None:
            await runner.wait_printed(args.print_timeout)
        progress.finish()
    finally:
        if queue is not None:
            await queue.close()
        await asyncio.to_thread(store.close)


def _report(
    batch: Batch, args: argparse.Namespace, *, printer: PrinterDefinition | None, dry_run: bool
) -> int:
    rows = batch.rows
    counts = summarize(rows)
    out = sys.stdout
    if dry_run:
        valid = sum(1 for r in rows if r.valid)
        print(
            f"{args.file.name}: {len(rows)} rows, {valid} valid, {len(rows) - valid} with "
            "problems (dry run: nothing created)",
            file=out,
        )
    else:
        line = (
            f"{args.file.name}: {len(rows)} rows: {counts['created']} created, "
            f"{counts['failed']} failed, {counts['invalid']} invalid, {counts['canceled']} canceled"
        )
        if printer is not None:
            line += f"; {counts['printed']} labels printed on {printer.name}"
        print(line, file=out)
    bad: list[str] = []
    for row in rows:
        where = f"row {row.number} (line {row.line}, {row.reference})"
        bad.extend(f"  {where}: {note}" for note in row.file_notes)
        if row.problems:
            bad.append(f"  {where} invalid: {'; '.join(batch.problem_lines(row))}")
        elif dry_run:
            continue
        elif row.status != "created":
            bad.append(f"  {where} {row.status}: {row.error or row.note or ''}".rstrip(": "))
        elif printer is not None and row.print_state != "done":
            state = row.print_state or "not queued"
            bad.append(f"  {where} created, label not printed ({state}); it stays in the queue")
    if bad:
        print("Rows with problems:", file=out)
        print("\n".join(bad), file=out)
    if any(p.path == "from" for r in rows for p in r.problems):
        print("Hint: set the profile's default sender (Settings > Profiles).", file=out)
    if args.results is not None:
        path = write_results(rows, args.results)
        print(f"Results: {path}", file=out)
    out.flush()
    return 1 if bad else 0
