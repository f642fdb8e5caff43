"""`packdesk virtual-printer`, `packdesk print`, `packdesk printers` (list/add/remove/test/
status/scan).

`packdesk print` and `printers test` use a machine-level queue database,
`data_dir()/print_queue.sqlite` (or `--queue-db`), with the same queue as the app: it waits
until the printer acknowledges the job, printing the queue's status while the printer is
unreachable; when `--wait` runs out the job is canceled (so it does not print unexpectedly
later) and the command exits 1 with the reason. Exit codes: 0 printed, 1 not printed,
2 usage or definition error.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from desktop_app.paths import PRINT_QUEUE_DB_NAME
from desktop_app.printing.printers import (
    PAPERS,
    STOCKS,
    PrinterBook,
    PrinterDefinition,
    PrinterError,
)

if TYPE_CHECKING:
    from desktop_app.printing.queue import PrintJob


def _err(message: str) -> None:
    print(f"packdesk: {message}", file=sys.stderr)


# --- virtual-printer ----------------------------------------------------------------------------


def virtual_printer_main(argv: Sequence[str]) -> int:
    """Run a TCP label printer that stores (and renders) every job until interrupted."""
    parser = argparse.ArgumentParser(
        prog="packdesk virtual-printer",
        description="A raw TCP label printer storing each job in --out (PNG too with zplkit).",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=9100)
    parser.add_argument("--dpi", type=int, choices=(203, 300), default=203)
    parser.add_argument("--out", type=Path, required=True, help="folder for the received jobs")
    parser.add_argument("--no-render", action="store_true", help="do not render PNG previews")
    parser.add_argument("--refuse", action="store_true", help="start refusing connections")
    parser.add_argument("--stall", type=float, metavar="SECONDS", help="accept, read nothing")
    parser.add_argument("--drop-after", type=int, metavar="BYTES", help="reset mid-job")
    parser.add_argument("--paper-out", action="store_true", help="report paper out (~HS)")
    parser.add_argument("--head-open", action="store_true", help="report the head open")
    parser.add_argument("--paused", action="store_true", help="report being paused")
    parser.add_argument("--ribbon-out", action="store_true", help="report ribbon out")
    parser.add_argument(
        "--control",
        type=Path,
        metavar="FILE",
        help='JSON file re-read when it changes: {"refuse": true, "stall": 5, "drop_after": 100,'
        ' "paper_out": true, "head_open": false, "paused": false, "ribbon_out": false}'
        " (default: OUT/control.json)",
    )
    args = parser.parse_args(argv)
    try:
        return asyncio.run(_virtual_printer(args))
    except KeyboardInterrupt:
        return 0


async def _virtual_printer(args: argparse.Namespace) -> int:
    from desktop_app.control_file import ControlFile
    from desktop_app.printing.preview import NOT_AVAILABLE, preview_available
    from desktop_app.printing.virtual_printer import ReceivedJob, VirtualPrinter

    printer = VirtualPrinter(
        args.out,
        host=args.host,
        port=args.port,
        dpi=args.dpi,
        render=not args.no_render,
        refuse=args.refuse,
        stall=args.stall,
        drop_after=args.drop_after,
    )
    printer.panel.set(
        paper_out=args.paper_out,
        head_open=args.head_open,
        paused=args.paused,
        ribbon_out=args.ribbon_out,
    )

    def on_job(job: ReceivedJob) -> None:
        what = "complete" if job.complete else "incomplete (connection reset)"
        if job.faults:
            what += f", arrived while {'+'.join(job.faults)}"
        extra = f", rendered {', '.join(p.name for p in job.pngs)}" if job.pngs else ""
        if job.render_error:
            extra = f", not rendered: {job.render_error}"
        print(f"{job.path.name}: {len(job.data)} bytes, {what}{extra}", flush=True)

    printer.on_job = on_job
    try:
        await printer.start()
    except OSError as exc:
        _err(f"cannot listen on {args.host}:{args.port}: {exc.strerror or exc}")
        return 1
    control = args.control or (args.out / "control.json")
    note = f" ({NOT_AVAILABLE})" if not args.no_render and not preview_available() else ""
    print(
        f"virtual printer {printer.uri} at {args.dpi} dpi, jobs in {args.out}{note}"
        f"; control file {control}; Ctrl+C stops",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    watched = ControlFile(control)
    try:
        while not stop.is_set():
            # the control file lets a shell script switch fault modes while jobs run
            settings = watched.changes()
            if settings is not None:
                await printer.apply_control(settings)
                faults = ",".join(printer.panel.faults()) or "none"
                print(
                    f"control: refuse={printer.refusing} stall={printer.stall} "
                    f"drop_after={printer.drop_after} faults={faults}",
                    flush=True,
                )
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.5):
                    await stop.wait()
    finally:
        await printer.stop()
    return 0


# --- print --------------------------------------------------------------------------------------


def _queue_db(path: Path | None) -> Path:
    if path is not None:
        return path
    from desktop_app.paths import LEGACY_CLI_QUEUE_DB_NAME, data_dir

    path = data_dir() / PRINT_QUEUE_DB_NAME
    legacy = data_dir() / LEGACY_CLI_QUEUE_DB_NAME
    if legacy.exists() and not path.exists():
        # the queue of an earlier version keeps its unprinted jobs (with its WAL files)
        for suffix in ("-wal", "-shm", ""):
            old = legacy.with_name(legacy.name + suffix)
            if old.exists():
                old.replace(path.with_name(path.name + suffix))
    return path


def _book(path: Path | None) -> PrinterBook:
    return PrinterBook(path)


async def _print_through_queue(
    printer: PrinterDefinition,
    document: bytes,
    *,
    title: str,
    source_format: str | None,
    queue_db: Path,
    book: PrinterBook | None,
    wait: float,
) -> int:
    from desktop_app.printing.queue import PrintQueue

    queue = PrintQueue(queue_db, book)
    shown: set[str] = set()

    def on_change(job: PrintJob) -> None:
        if job.id == job_id and job.state == "waiting" and job.last_error:
            line = job.status_text
            if job.last_error not in shown:
                shown.add(job.last_error)
                print(f"job {job.id}: {line}", file=sys.stderr, flush=True)

    job_id = -1
    await queue.start()
    try:
        queue.add_listener(on_change)
        job = queue.enqueue(printer, document, title=title, source_format=source_format)
        job_id = job.id
        try:
            final = await queue.wait_for(job_id, timeout=wait)
        except TimeoutError:
            current = queue.get(job_id)
            if current.state == "sending":
                # the attempt in flight ends by itself (its own time-outs); let it settle
                with contextlib.suppress(TimeoutError):
                    final = await queue.wait_for(job_id, timeout=30)
                    if final.state == "done":
                        return _report_done(final, printer)
                current = queue.get(job_id)
            if current.state in ("queued", "waiting", "failed"):
                queue.cancel(job_id)
            reason = current.last_error or "the printer did not take the job"
            _err(f"not printed within {wait:g} s on {printer.name}: {reason} (job canceled)")
            return 1
        if final.state == "done":
            return _report_done(final, printer)
        _err(f"not printed on {printer.name}: {final.last_error or final.state}")
        return 1
    finally:
        await queue.close()


def _report_done(job: PrintJob, printer: PrinterDefinition) -> int:
    notes = f" ({job.notes})" if job.notes else ""
    print(f"printed {job.title} on {printer.name}{notes} [job {job.id}]")
    return 0


def print_main(argv: Sequence[str]) -> int:
    """Print a PDF or ZPL label file through the print queue."""
    parser = argparse.ArgumentParser(
        prog="packdesk print",
        description="Print a PDF or ZPL label, converting PDF to ZPL for thermal printers.",
    )
    parser.add_argument("file", type=Path)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--printer", metavar="NAME", help="a printer from `packdesk printers`")
    where.add_argument(
        "--to",
        metavar="URI",
        help="tcp://HOST:PORT, cups:QUEUE, file:DIR, serial:DEV, usb:VID:PID, qt:NAME",
    )
    parser.add_argument("--dpi", type=int, choices=(203, 300), help="the printer's resolution")
    parser.add_argument("--stock", help=f"label stock for --to ({', '.join(STOCKS)}, WxHmm)")
    parser.add_argument("--kind", choices=("zpl", "pdf"), help="printer kind for --to")
    parser.add_argument("--format", dest="source_format", help="the label's format name")
    parser.add_argument("--title", help="job title (default: the file name)")
    parser.add_argument("--wait", type=float, default=30.0, help="seconds to wait (default 30)")
    parser.add_argument("--queue-db", type=Path, help=f"default: data dir/{PRINT_QUEUE_DB_NAME}")
    parser.add_argument("--printers-file", type=Path, help="printer definitions JSON")
    args = parser.parse_args(argv)
    try:
        document = args.file.read_bytes()
    except OSError as exc:
        _err(f"cannot read {args.file}: {exc.strerror or exc}")
        return 1
    book: PrinterBook | None = None
    try:
        if args.printer:
            book = _book(args.printers_file)
            printer = book[args.printer]
            if args.dpi and args.dpi != printer.dpi:
                printer = printer.with_changes(dpi=args.dpi)
        else:
            from desktop_app.printing.transports import adhoc_printer

            printer = adhoc_printer(
                args.to, dpi=args.dpi or 203, kind=args.kind, stock=args.stock or "4x6in"
            )
        from desktop_app.printing.transports import create_transport

        create_transport(printer)  # a bad URI is a usage error, reported before queueing
    except (PrinterError, ValueError) as exc:
        _err(str(exc))
        return 2
    from desktop_app.printing.payload import PayloadRefused, detect_kind

    try:
        detect_kind(document)
    except PayloadRefused as exc:
        _err(f"{args.file}: {exc}")
        return 1
    return asyncio.run(
        _print_through_queue(
            printer,
            document,
            title=args.title or args.file.name,
            source_format=args.source_format,
            queue_db=_queue_db(args.queue_db),
            book=book,
            wait=args.wait,
        )
    )


# --- printers -----------------------------------------------------------------------------------


def _parse_pair(text: str, cast: type) -> tuple:  # type: ignore[type-arg]
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"{text!r}: expected X,Y")
    try:
        return (cast(parts[0]), cast(parts[1]))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected two numbers X,Y") from None


def printers_main(argv: Sequence[str]) -> int:
    """Manage the machine's printer definitions: list, add, remove, test, scan."""
    parser = argparse.ArgumentParser(prog="packdesk printers", description=printers_main.__doc__)
    parser.add_argument("--printers-file", type=Path, help="printer definitions JSON")
    sub = parser.add_subparsers(dest="action", required=True)

    p_list = sub.add_parser("list", help="list defined printers")
    p_list.add_argument("--system", action="store_true", help="also list CUPS queues")
    p_list.add_argument("--json", action="store_true", help="machine-readable output")

    p_add = sub.add_parser("add", help="define (or with --replace, redefine) a printer")
    p_add.add_argument("name")
    p_add.add_argument("--kind", choices=("zpl", "pdf"), required=True)
    p_add.add_argument("--to", dest="transport", required=True, metavar="URI")
    p_add.add_argument("--dpi", type=int, default=None, help="203 or 300 (ZPL); PDF render dpi")
    p_add.add_argument("--stock", default=None, help=f"ZPL stock: {', '.join(STOCKS)}, WxHmm")
    p_add.add_argument("--paper", default="A4", help=f"PDF paper: {', '.join(PAPERS)}, WxHmm")
    p_add.add_argument("--offset", type=lambda t: _parse_pair(t, float), help="PDF: X,Y mm")
    p_add.add_argument("--center", action="store_true", help="PDF: centre the label")
    p_add.add_argument("--darkness", type=int, help="ZPL: 0-30 (~SD)")
    p_add.add_argument("--label-home", type=lambda t: _parse_pair(t, int), help="ZPL: X,Y dots")
    p_add.add_argument("--label-top", type=int, help="ZPL: -120..120 dot rows")
    p_add.add_argument("--preferred-format", help="label format to prefer, e.g. pdf_a6")
    p_add.add_argument("--replace", action="store_true", help="overwrite an existing printer")
    p_add.add_argument(
        "--detect",
        action="store_true",
        help="ZPL on TCP/serial: take dpi and stock from what the printer reports (~HI, ^HH)",
    )

    p_remove = sub.add_parser("remove", help="delete a printer definition")
    p_remove.add_argument("name")

    p_test = sub.add_parser("test", help="print a test label showing dpi and stock edges")
    p_test.add_argument("name")
    p_test.add_argument("--wait", type=float, default=30.0)
    p_test.add_argument("--queue-db", type=Path)

    p_status = sub.add_parser("status", help="ask a Zebra printer whether it can print (~HS)")
    p_status.add_argument("name")
    p_status.add_argument("--timeout", type=float, default=2.0, help="seconds to wait")
    p_status.add_argument("--json", action="store_true", help="machine-readable output")

    p_scan = sub.add_parser("scan", help="find raw (port 9100) printers on a host or a /24")
    p_scan.add_argument("target", help="HOST, IP or a network such as 192.168.1.0/24")
    p_scan.add_argument("--port", type=int, default=9100)
    p_scan.add_argument("--timeout", type=float, default=0.3, help="per host, seconds")
    p_scan.add_argument(
        "--identify",
        action="store_true",
        help="ask each printer found for model, dpi and stock (~HI, ^HH): only where every"
        " printer on the port speaks ZPL (others may print the query as text)",
    )

    args = parser.parse_args(argv)
    try:
        book = _book(args.printers_file)
    except PrinterError as exc:
        _err(str(exc))
        return 2
    if args.action == "list":
        return _printers_list(book, args)
    if args.action == "add":
        return _printers_add(book, args)
    if args.action == "remove":
        try:
            book.remove(args.name)
        except PrinterError as exc:
            _err(str(exc))
            return 2
        print(f"removed {args.name}")
        return 0
    if args.action == "test":
        return _printers_test(book, args)
    if args.action == "status":
        return _printers_status(book, args)
    return _printers_scan(args)


def _describe(p: PrinterDefinition) -> str:
    if p.kind == "zpl":
        extra = f"ZPL {p.dpi} dpi, stock {p.stock}"
        if p.darkness is not None:
            extra += f", darkness {p.darkness}"
    else:
        extra = f"PDF, paper {p.paper}, {p.placement} + {p.offset_mm[0]:g},{p.offset_mm[1]:g} mm"
    return f"{p.name:<20} {extra:<40} {p.transport}"


def _printers_list(book: PrinterBook, args: argparse.Namespace) -> int:
    printers = list(book)
    if args.json:
        payload: dict[str, object] = {"printers": [p.to_json() for p in printers]}
    elif printers:
        for p in printers:
            print(_describe(p))
    else:
        print(f"no printers defined ({book.path}); add one with `packdesk printers add`")
    if args.system:
        from desktop_app.printing.discovery import DiscoveryError, list_cups_queues

        failed = False
        try:
            queues = asyncio.run(list_cups_queues())
        except DiscoveryError as exc:
            queues, failed = [], True
            _err(str(exc))
        if args.json:
            payload["cups"] = [{"name": q.name, "device_uri": q.device_uri} for q in queues]
        elif not failed:
            print("\nCUPS queues:" if queues else "\nno CUPS queues")
            for q in queues:
                print(f"  {q.name:<20} {q.device_uri:<40} (use --to cups:{q.name})")
    if args.json:
        print(json.dumps(payload, indent=2))
    return 0


def _printers_add(book: PrinterBook, args: argparse.Namespace) -> int:
    if args.name in book and not args.replace:
        _err(f"printer {args.name!r} exists; use --replace to change it")
        return 2
    fields: dict[str, object] = {
        "name": args.name,
        "kind": args.kind,
        "transport": args.transport,
        "dpi": args.dpi or (203 if args.kind == "zpl" else 300),
        "stock": args.stock or "4x6in",
        "paper": args.paper,
        "placement": "center" if args.center else "top-left",
        "darkness": args.darkness,
        "label_top": args.label_top,
        "preferred_format": args.preferred_format,
    }
    if args.offset:
        fields["offset_mm"] = args.offset
    if args.label_home:
        fields["label_offset_dots"] = args.label_home
    try:
        printer = PrinterDefinition(**fields)  # type: ignore[arg-type]
        from desktop_app.printing.transports import create_transport

        create_transport(printer)
    except (PrinterError, ValueError) as exc:
        _err(str(exc))
        return 2
    if args.detect:
        detected = _detect(printer, dpi_given=args.dpi is not None, stock_given=args.stock)
        if detected is None:
            return 1
        printer = detected
    book.put(printer)
    print(f"saved {_describe(printer)}")
    return 0


def _detect(
    printer: PrinterDefinition, *, dpi_given: bool, stock_given: str | None
) -> PrinterDefinition | None:
    """`printer` with the dpi and stock the printer reports (those given stay); None if the
    printer does not tell."""
    from desktop_app.printing.discovery import DiscoveryError, detect_settings

    try:
        found = asyncio.run(detect_settings(printer))
    except DiscoveryError as exc:
        _err(f"cannot detect the printer's settings: {exc}")
        return None
    print(
        f"{found.model or 'the printer'} reports {found.dpi or '?'} dpi, stock {found.stock or '?'}"
    )
    if dpi_given:
        found = dataclasses.replace(found, dpi=None)
    if stock_given:
        found = dataclasses.replace(found, stock=None)
    try:
        return found.apply(printer)
    except PrinterError as exc:
        _err(str(exc))
        return None


def _lookup(book: PrinterBook, name: str) -> PrinterDefinition | None:
    """The printer called `name`, or None after saying that there is none."""
    try:
        return book[name]
    except PrinterError as exc:
        _err(str(exc))
        return None


def _printers_status(book: PrinterBook, args: argparse.Namespace) -> int:
    """Exit 0 ready, 1 not ready or unreachable, 2 unknown printer, 3 it does not tell."""
    from desktop_app.printing.health import PrinterSilent, PrinterUnreachable, query_printer

    printer = _lookup(book, args.name)
    if printer is None:
        return 2
    try:
        report = asyncio.run(
            query_printer(printer, identify=True, configuration=True, timeout=args.timeout)
        )
    except PrinterUnreachable as exc:
        _err(f"{printer.name}: not reachable ({exc})")
        return 1
    except PrinterSilent:
        report = None
    if report is None:
        print(f"{printer.name}: does not report its state (not a Zebra-compatible printer?)")
        return 3
    reason = report.hold_reason(printer)
    ident = report.identification
    if args.json:
        payload = {
            "printer": printer.name,
            "ready": reason is None,
            "reason": reason,
            "problems": report.status.problems,
            "labels_remaining": report.status.labels_remaining,
            "formats_in_buffer": report.status.formats_in_buffer,
            "model": ident.model if ident else None,
            "firmware": ident.firmware if ident else None,
            "dpi": report.dpi,
            "stock": report.stock(),
        }
        print(json.dumps(payload, indent=2))
    else:
        print(f"{printer.name}: {'ready' if reason is None else reason}")
        if ident:
            print(f"  model {ident.model}, firmware {ident.firmware}, {report.dpi or '?'} dpi")
        print(
            f"  stock {report.stock() or '?'} (defined: {printer.stock} at {printer.dpi} dpi),"
            f" {report.status.formats_in_buffer} format(s) in buffer,"
            f" {report.status.labels_remaining} label(s) left to print"
        )
    return 0 if reason is None else 1


def _printers_test(book: PrinterBook, args: argparse.Namespace) -> int:
    from desktop_app.printing.discovery import make_test_label

    printer = _lookup(book, args.name)
    if printer is None:
        return 2
    return asyncio.run(
        _print_through_queue(
            printer,
            make_test_label(printer),
            title=f"test print {printer.name}",
            source_format=None,
            queue_db=_queue_db(args.queue_db),
            book=book,
            wait=args.wait,
        )
    )


def _printers_scan(args: argparse.Namespace) -> int:
    from desktop_app.printing.discovery import DiscoveryError, scan

    try:
        found = asyncio.run(scan(args.target, args.port, per_host_timeout=args.timeout))
    except DiscoveryError as exc:
        _err(str(exc))
        return 2
    if not found:
        print(f"no printer answered on port {args.port} in {args.target}")
        return 1
    for f in found:
        add = f"packdesk printers add NAME --kind zpl --to {f.uri}"
        if not args.identify:
            print(f"{f.uri}    ({add} --detect)")
            continue
        from desktop_app.printing.discovery import detect_settings

        probe = PrinterDefinition(f.uri, "zpl", f.uri)
        try:
            found_settings = asyncio.run(detect_settings(probe, timeout=max(1.0, args.timeout)))
        except DiscoveryError as exc:
            print(f"{f.uri}    ({exc}; {add})")
            continue
        what = f"{found_settings.model or '?'}, {found_settings.dpi or '?'} dpi"
        options = "".join(
            f" --{k} {v}"
            for k, v in (("dpi", found_settings.dpi), ("stock", found_settings.stock))
            if v
        )
        print(f"{f.uri}    {what}, stock {found_settings.stock or '?'}    ({add}{options})")
    return 0
