"""Create-to-printer time with the window idle and with the window's thread held.

A local service (`packdesk serve`), a virtual ZPL printer in its own process (`packdesk
virtual-printer`, like a real printer) and a real `AppContext` on temp folders on a qasync
loop, offscreen. Each label: created through the journal (as Create does), queued for the
printer, and timed until the printer reports it complete. "idle": the window's thread is free;
"busy": right after the label is queued, a slot holds the window's thread with work for
`--hold` seconds (a frozen window): the print queue's workers run on a thread of their own,
so the label should reach the printer in the same time.

Prints p50/max of Create-to-printer and of queued-to-printer for both, and the longest
GUI-thread turn the watchdog saw (the holds themselves, in busy mode). Target: busy
queued-to-printer p50 within 2x idle (never the hold's length).

Usage: python bench/print_latency.py [--labels N] [--hold S] [--quick]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from bench.gui_batch import PrinterProcess, start_service  # noqa: E402
from bench.support import DESK_SENDER, exit_status, figure, quick_option, stop_process  # noqa: E402

RECEIVER = {
    "first_name": "Erika",
    "last_name": "Mustermann",
    "street": "Heidestraße",
    "street_no": "17",
    "zip_code": "51147",
    "city": "Köln",
    "country": "DE",
}


def _spin(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


async def _run(args: argparse.Namespace, folder: Path) -> dict[str, list[float]]:
    from PySide6.QtCore import QTimer

    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.watchdog import FINE_INTERVAL, GuiWatchdog
    from desktop_app.printing.printers import PrinterBook, PrinterDefinition
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile

    service, info = start_service(folder / "service")
    printer = PrinterProcess(folder / "printer")
    watchdog = GuiWatchdog(interval=FINE_INTERVAL).start()
    figures: dict[str, list[float]] = {}
    try:
        from desktop_app.profiles.secrets import choose_secret_store

        manager = ProfileManager(
            config_dir=folder / "config",
            data_dir=folder / "data",
            secrets=choose_secret_store(folder / "data", prefer="file"),
        )
        book = PrinterBook(folder / "config" / "printers.json")
        book.put(
            PrinterDefinition(
                name="Bench Zebra",
                kind="zpl",
                transport=f"tcp://127.0.0.1:{printer.port}",
                dpi=203,
                stock="4x6in",
            )
        )
        profile = manager.add(
            Profile(
                name="Bench",
                environment="sandbox",
                base_url=info["base_url"],
                ca_file=str(info["ca_file"]),
                default_sender=dict(DESK_SENDER),
                printer="Bench Zebra",
            ),
            info["sandbox_key"],
            verified_environment="sandbox",
        )
        ctx = AppContext(manager, book)
        await ctx.open_profile(profile)
        assert ctx.connected and ctx.creator is not None, ctx.connection_message
        printed = 0
        for mode in ("idle", "busy"):
            to_printer: list[float] = []
            queued_to_printer: list[float] = []
            for _ in range(args.labels):
                started = time.perf_counter()
                stored = await ctx.creator.create(
                    {
                        "carrier": "ups",
                        "service": "standard",
                        "from": dict(DESK_SENDER),
                        "to": dict(RECEIVER),
                        "package": {"weight": 1.5, "length": 30, "width": 20, "height": 10},
                        "label": {"format": "zpl2_4x6in_203dpi"},
                    }
                )
                queued = time.perf_counter()
                ctx.print_label(stored)
                printed += 1
                if mode == "busy":
                    QTimer.singleShot(0, lambda: _spin(args.hold))
                # the arrival is timed on a thread of its own: the window's may be held
                arrival: list[float] = []

                def watch(count: int = printed, into: list[float] = arrival) -> None:
                    if printer.wait_jobs(count, 120):
                        into.append(time.perf_counter())

                watcher = threading.Thread(target=watch, name="arrival")
                watcher.start()
                await asyncio.to_thread(watcher.join)
                if not arrival:
                    raise RuntimeError("a label did not reach the printer within 120 s")
                done = arrival[0]
                to_printer.append((done - started) * 1000)
                queued_to_printer.append((done - queued) * 1000)
                await asyncio.sleep(args.hold if mode == "busy" else 0)  # the hold ends
            figures[f"{mode} create-to-printer"] = to_printer
            figures[f"{mode} queued-to-printer"] = queued_to_printer
        await ctx.aclose()
    finally:
        watchdog.stop()
        printer.stop()
        stop_process(service)
    figures["longest GUI turn (CPU)"] = [watchdog.report().longest_cpu_ms]
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=int, default=10)
    parser.add_argument("--hold", type=float, default=2.0, help="busy mode: seconds held")
    args = quick_option(parser).parse_args()
    if args.quick:
        args.labels, args.hold = 2, 0.5
    from PySide6.QtWidgets import QApplication

    # the holds are on purpose: the watchdog's warnings about them are no news
    logging.getLogger("desktop_app.gui.shell.watchdog").setLevel(logging.ERROR)
    app = QApplication.instance() or QApplication(["bench-print-latency"])
    from desktop_app.gui.core.event_loop import DeskEventLoop

    loop = DeskEventLoop(app)
    asyncio.set_event_loop(loop)
    print(f"load before: {os.getloadavg()[0]:.1f}", flush=True)
    with tempfile.TemporaryDirectory(prefix="packdesk-print-latency-") as tmp:
        os.environ["PACKDESK_CONFIG_DIR"] = str(Path(tmp) / "config")
        os.environ["PACKDESK_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["PACKDESK_SECRET_STORE"] = "file"
        with loop:
            figures = loop.run_until_complete(_run(args, Path(tmp)))
    for name, values in figures.items():
        print(f"{name:28s} p50 {statistics.median(values):8.0f} ms   max {max(values):8.0f} ms")
    print(f"load after: {os.getloadavg()[0]:.1f}")
    idle = statistics.median(figures["idle queued-to-printer"])
    busy = statistics.median(figures["busy queued-to-printer"])
    figure(
        "busy queued-to-printer p50 vs idle",
        f"{busy:.0f} ms vs {idle:.0f} ms",
        busy / max(idle, 50.0),
        "idle (at least 50 ms)",
        2.0,
    )
    return exit_status(args.quick)


if __name__ == "__main__":
    threading.current_thread().name = "gui"
    sys.exit(main())
