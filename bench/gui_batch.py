"""GUI batch benchmark: event-loop stalls while the Batch page creates and prints 100 rows.

The real Batch page (shown, offscreen by default; `--window`: in the main window with every
page and the status bar) on a qasync loop with the app's GUI-thread
garbage collector, an `AppContext` on temp folders whose profile points at a local service
(`packdesk serve`, carrier latency 200 ms, rate limit out of the way) and a virtual ZPL label
printer (`packdesk virtual-printer`, its own process like a real printer). A CSV of 100 orders
(carrier dhl: PDF labels, converted to ZPL for the printer; `--carrier ups`: ZPL labels) is
loaded and "Create all" runs (8 creations at once); a 5 ms QTimer measures the gaps between
its ticks from the click until the printer has received every label. Each run has its own
service and folders; the loop-thread CPU and the longest gaps' share of it tell work on the
loop from waiting (for the GIL or, on a loaded machine, for a CPU: the figures depend on the
machine's load, printed at the start and the end).

Prints p50/p99/max of the tick gaps (a gap of 5 ms is no stall), the gaps over 50 ms, rows/s
of the creation and the time until the last label printed, and the Qt warnings printed over
the runs (e.g. "This plugin does not support propagateSizeHints()": the window's minimum size
changed while the file loaded or the batch ran). Targets: max gap under 50 ms, no Qt warning.

Diagnostics: `--gap-detail` splits each gap over 20 ms into the loop thread's CPU time and
its wait for a CPU (Linux schedstat; the rest is waiting for the GIL, a lock or I/O);
`--stacks` samples the loop thread's stack from a watchdog thread whenever the
loop has not ticked for 20 ms (what runs during the stalls); `--profile` runs cProfile on the
loop thread; `--slow` times every loop callback (wall and CPU) and lists those over 10 ms;
`--gc-freeze` calls gc.freeze() before measuring (the app's GUI-thread collector otherwise
traverses every start-up object in its first generation-1 and every full pass).

Usage: python bench/gui_batch.py [--rows N] [--runs R] [--carrier dhl|ups] [--window]
                                  [--gap-detail] [--stacks] [--profile] [--slow] [--gc-freeze]
                                  [--quick]   (--quick: 10 rows)
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import csv
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
from bench.support import (  # noqa: E402
    DESK_SENDER,
    exit_status,
    missed,
    quick_option,
    stop_process,
    wrong,
)
from bench.support.qt_warnings import QtWarnings, qt_warnings_figure  # noqa: E402

TICK_MS = 5
TARGET_MS = 50
QUICK_ROWS = 10
HEADERS = [
    "Bestellnummer",
    "Vorname",
    "Nachname",
    "Straße",
    "PLZ",
    "Ort",
    "Land",
    "Gewicht",
    "Carrier",
]


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


# --- helper processes ---------------------------------------------------------------------------


def _spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "desktop_app", *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux /proc; None elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_service(data_dir: Path) -> tuple[subprocess.Popen[str], dict[str, Any]]:
    """`packdesk serve` on a free port; (process, its JSON start line + sandbox key)."""
    process = _spawn(
        "serve",
        "--port",
        "0",
        "--data-dir",
        str(data_dir),
        "--carrier-latency",
        "200",
        "--rate-limit",
        "100000/60",
        "--log-level",
        "warning",
    )
    assert process.stdout is not None
    info = json.loads(process.stdout.readline())
    stdout = process.stdout
    threading.Thread(target=stdout.read, daemon=True).start()  # never block on a full pipe
    creds = json.loads(Path(info["credentials_file"]).read_text(encoding="utf-8"))
    info["sandbox_key"] = creds["sandbox_key"]
    info["pid"] = process.pid
    return process, info


class PrinterProcess:
    """`packdesk virtual-printer` in its own process; counts the complete jobs it reports."""

    def __init__(self, out_dir: Path) -> None:
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.process = _spawn(
            "virtual-printer", "--port", str(self.port), "--out", str(out_dir), "--no-render"
        )
        self.jobs = 0
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        self._wait_listening()

    def _wait_listening(self) -> None:
        import socket

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                # a probe connection closed at once is saved as a partial job, never counted
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("the virtual printer did not start")

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if ", complete" in line:
                with self.changed:
                    self.jobs += 1
                    self.changed.notify_all()

    def wait_jobs(self, count: int, timeout: float) -> bool:
        """Block until `count` complete jobs arrived (run it in a thread)."""
        with self.changed:
            return self.changed.wait_for(lambda: self.jobs >= count, timeout)

    def stop(self) -> None:
        """Terminate it."""
        stop_process(self.process)


# --- measuring ----------------------------------------------------------------------------------


class StallMeter:
    """A 5 ms QTimer: every gap between two ticks; a watchdog may sample the stalled stack."""

    def __init__(self, sample_stacks: bool, detail: bool) -> None:
        from PySide6.QtCore import Qt, QTimer

        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)
        self.last: float | None = None
        self.gaps: list[float] = []
        # gaps over 20 ms: (wall ms, CPU ms the loop thread used in them, ms it waited for a
        # CPU in them, when)
        self.long_gaps: list[tuple[float, float, float, float]] = []
        self.last_cpu = self.last_queued = 0.0
        try:
            self._schedstat: int | None = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
        except OSError:
            self._schedstat = None
        self.samples: collections.Counter[str] = collections.Counter()
        self._main = threading.get_ident()
        self._watch = sample_stacks
        self.detail = detail
        self._running = False
        self.collections: list[tuple[int, float]] = []  # (generation, ms) of the GC's passes
        self._gc_started = 0.0

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif self._running:
            self.collections.append(
                (info["generation"], (time.perf_counter() - self._gc_started) * 1000)
            )

    def _tick(self) -> None:
        now = time.perf_counter()
        if not self.detail:
            if self.last is not None:
                self.gaps.append((now - self.last) * 1000)
            self.last = now
            return
        # two system calls more per tick (~0.3 ms here): only when asked for (--gap-detail)
        cpu, queued = time.thread_time(), self._run_delay()
        if self.last is not None:
            gap = (now - self.last) * 1000
            self.gaps.append(gap)
            if gap > 20:
                self.long_gaps.append(
                    (
                        gap,
                        (cpu - self.last_cpu) * 1000,
                        (queued - self.last_queued) * 1000,
                        time.time(),
                    )
                )
        self.last, self.last_cpu, self.last_queued = now, cpu, queued

    def _run_delay(self) -> float:
        """Seconds the loop thread was ready to run but waited for a CPU (Linux schedstat)."""
        if self._schedstat is None:
            return 0.0
        try:
            return int(os.pread(self._schedstat, 64, 0).split()[1]) / 1e9
        except (OSError, IndexError, ValueError):
            return 0.0

    def start(self) -> None:
        """Start measuring."""
        self.last = None
        self.gaps.clear()
        self.long_gaps.clear()
        self._running = True
        MEASURING.set()
        self.collections.clear()
        gc.callbacks.append(self._on_gc)
        self.timer.start()
        if self._watch:
            threading.Thread(target=self._watchdog, daemon=True).start()

    def stop(self) -> None:
        """Stop measuring."""
        self._running = False
        MEASURING.clear()
        self.timer.stop()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def _watchdog(self) -> None:
        while self._running:
            time.sleep(0.002)
            last = self.last
            if last is None or (time.perf_counter() - last) * 1000 < 20:
                continue
            frame = sys._current_frames().get(self._main)
            if frame is None:
                continue
            stack = traceback.extract_stack(frame)
            self.samples[_describe(stack)] += 1


def _describe(stack: traceback.StackSummary) -> str:
    """The innermost few frames, the project's marked, as one key."""
    lines = []
    for entry in stack[-7:]:
        where = entry.filename
        where = where.split("site-packages/")[-1] if "site-packages/" in where else where
        where = where.replace(str(REPO) + "/", "")
        lines.append(f"{where}:{entry.lineno} {entry.name}")
    return "\n      ".join(lines)


SLOW_CALLBACKS: list[tuple[float, float, str]] = []
MEASURING = threading.Event()  # set while a StallMeter runs


def time_callbacks() -> None:
    """Record every loop callback over 10 ms: (wall ms, loop-thread CPU ms, what it ran).

    qasync's own debug mode (`set_debug` + `slow_callback_duration`) times only its timer
    callbacks, without their CPU time; this wraps every `asyncio.Handle`.
    """
    original = asyncio.Handle._run

    def timed(handle: asyncio.Handle) -> None:
        wall, cpu = time.perf_counter(), time.thread_time()
        try:
            original(handle)
        finally:
            spent = (time.perf_counter() - wall) * 1000
            if spent > 10 and MEASURING.is_set():
                used = (time.thread_time() - cpu) * 1000
                SLOW_CALLBACKS.append((spent, used, repr(handle)[:200]))

    asyncio.Handle._run = timed  # type: ignore[method-assign]


def write_orders(path: Path, count: int, prefix: str, carrier: str) -> Path:
    """A CSV of `count` valid orders with German column names."""
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=";")
        writer.writerow(HEADERS)
        for i in range(count):
            writer.writerow(
                [
                    f"{prefix}-{i + 1:04d}",
                    "Max",
                    f"Muster{i + 1}",
                    f"Hauptstraße {i + 1}",
                    f"{10115 + i % 800:05d}",
                    "Berlin",
                    "Deutschland",
                    f"{1 + i % 3},5",
                    carrier,
                ]
            )
    return path


async def run_batch(tmp: Path, service: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    """One batch of `args.rows` through the Batch page; the figures."""
    from desktop_app.gui.batch.page import BatchPage
    from desktop_app.gui.core.context import AppContext
    from desktop_app.printing.printers import PrinterBook, PrinterDefinition
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile
    from desktop_app.profiles.secrets import choose_secret_store

    printer = PrinterProcess(tmp / "printed")
    manager = ProfileManager(
        config_dir=tmp / "config",
        data_dir=tmp / "data",
        secrets=choose_secret_store(tmp / "data", prefer="file"),
    )
    profile = manager.add(
        Profile(
            name="Bench desk",
            environment="sandbox",
            base_url=service["base_url"],
            ca_file=str(service["ca_file"]),
        ),
        service["sandbox_key"],
        verified_environment="sandbox",
    )
    printers = PrinterBook(tmp / "config" / "printers.json")
    definition = PrinterDefinition(
        name="Bench Zebra",
        kind="zpl",
        transport=f"tcp://127.0.0.1:{printer.port}",
        dpi=203,
        stock="4x6in",
    )
    printers.put(definition)
    prefs = profile.preferences.model_copy(
        update={"default_package": {"length": 30, "width": 20, "height": 10}}
    )
    profile = manager.update(
        profile.model_copy(
            update={"default_sender": DESK_SENDER, "printer": definition.name, "preferences": prefs}
        )
    )
    ctx = AppContext(manager, printers)
    window: Any = None
    if args.window:  # the whole main window, its status bar and other pages listening
        from desktop_app.gui.shell.main_window import MainWindow
        from desktop_app.gui.shell.pages import install_operations, install_pages

        window = MainWindow(ctx)
        install_operations(window, ctx, *install_pages(window, ctx))  # as the app does
        page = window.page("Batch")
        assert isinstance(page, BatchPage)
    else:
        page = BatchPage(ctx)
    shown = window if window is not None else page
    meter = StallMeter(args.stacks, args.gap_detail)
    try:
        await ctx.open_profile(profile)
        if not ctx.connected:
            raise RuntimeError(f"not connected: {ctx.connection_message}")
        shown.resize(1366, 768)
        if window is None:
            # laid out before its native window exists, as MainWindow.setVisible does: its
            # minimum size is then set once, not changed right after the window was made
            page.layout().activate()
        shown.show()
        if window is not None:
            window.show_page("Batch")
        orders = write_orders(
            tmp / "orders.csv", args.rows, f"GB{int(time.time()) % 100000}", args.carrier
        )
        batch = await page.load_file(orders)
        if batch is None or page.counts() != {"ready": args.rows}:
            problems = [r.problem_text() for r in (batch.rows if batch else []) if r.problems]
            raise RuntimeError(f"rows not ready: {page.counts()} {problems[:3]}")
        formats = collections.Counter(
            str(r.draft.get("label", {}).get("format")) for r in batch.rows
        )
        await asyncio.sleep(0.5)  # let start-up work (reconcile, first paints) settle
        if args.gc_freeze:
            gc.freeze()  # what the app could do once its window is up (see --gc-freeze)
        profiler = None
        if args.profile:
            import cProfile

            profiler = cProfile.Profile()
        meter.start()
        started, started_cpu = time.perf_counter(), time.thread_time()
        started_queued = meter._run_delay()
        service_cpu, process_cpu = cpu_seconds(service["pid"]), time.process_time()
        if profiler is not None:
            profiler.enable()
        summary = await page.create_all()
        created_s = time.perf_counter() - started
        printed = await asyncio.to_thread(printer.wait_jobs, args.rows, 180)
        printed_s = time.perf_counter() - started
        await asyncio.sleep(0.2)  # the queue's last "done" and its repaint
        loop_cpu = time.thread_time() - started_cpu
        loop_queued = meter._run_delay() - started_queued
        process_cpu = time.process_time() - process_cpu
        service_end = cpu_seconds(service["pid"])
        if service_cpu is not None and service_end is not None:
            service_cpu = service_end - service_cpu
        if profiler is not None:
            profiler.disable()
        meter.stop()
    finally:
        meter.stop()
        await ctx.aclose()
        shown.close()
        shown.deleteLater()
        printer.stop()
    return {
        "summary": summary,
        "formats": dict(formats),
        "created_s": created_s,
        "printed_s": printed_s if printed else None,
        "gaps": list(meter.gaps),
        "loop_cpu": loop_cpu,
        "loop_queued": loop_queued,
        "process_cpu": process_cpu,
        "service_cpu": service_cpu,
        "samples": meter.samples,
        "collections": list(meter.collections),
        "long_gaps": list(meter.long_gaps),
        "profiler": profiler,
    }


def run(args: argparse.Namespace) -> tuple[list[dict[str, Any]], list[str]]:
    """All runs on one qasync loop, each on fresh temp folders and a fresh service; their
    figures and the Qt warnings printed over them."""
    from PySide6.QtWidgets import QApplication

    from desktop_app.gui.qt_compat import GuiThreadCollector

    app = QApplication.instance() or QApplication(["bench-gui-batch"])
    collector = GuiThreadCollector()  # as the app does: collection on the GUI thread only
    from desktop_app.gui.core.event_loop import DeskEventLoop

    loop = DeskEventLoop(app)
    asyncio.set_event_loop(loop)
    if args.slow:
        time_callbacks()
    results = []
    try:
        with QtWarnings() as qt:
            for index in range(args.runs):
                with tempfile.TemporaryDirectory(prefix="packdesk-bench-gui-batch-") as name:
                    tmp = Path(name)
                    os.environ["PACKDESK_CONFIG_DIR"] = str(tmp / "config")
                    os.environ["PACKDESK_DATA_DIR"] = str(tmp / "data")
                    os.environ["PACKDESK_SECRET_STORE"] = "file"
                    os.environ.pop("PACKDESK_API_KEY", None)
                    process, service = start_service(tmp / f"service{index}")
                    try:
                        results.append(loop.run_until_complete(run_batch(tmp, service, args)))
                    finally:
                        stop_process(process)
    finally:
        asyncio.set_event_loop(None)
        loop.close()
        collector.stop()
    return results, qt.messages


def report(results: list[dict[str, Any]], args: argparse.Namespace) -> None:
    """Print the figures (each run, then the stall sources if sampled)."""
    for number, result in enumerate(results, 1):
        gaps = result["gaps"]
        counts = result["summary"] or {}
        over = sum(1 for g in gaps if g > TARGET_MS)
        print(
            f"run {number}: {counts.get('created', 0)}/{args.rows} created "
            f"(label formats {result['formats']}) in {result['created_s']:.2f} s = "
            f"{args.rows / result['created_s']:.1f} rows/s; all labels printed after "
            + (f"{result['printed_s']:.2f} s" if result["printed_s"] else "TIMEOUT")
        )
        print(
            f"  tick gaps ({TICK_MS} ms timer, {len(gaps)} ticks): p50 {percentile(gaps, 50):.1f}"
            f" ms, p99 {percentile(gaps, 99):.1f} ms, max {max(gaps):.1f} ms; "
            f"{over} over {TARGET_MS} ms, {sum(1 for g in gaps if g > 20)} over 20 ms"
        )
        print(
            f"  loop-thread CPU {result['loop_cpu']:.2f} s "
            f"({result['loop_cpu'] / args.rows * 1000:.1f} ms per row), waiting for a CPU "
            f"{result['loop_queued']:.2f} s; the app's process "
            f"{result['process_cpu']:.2f} s; the local service "
            + (f"{result['service_cpu']:.2f} s" if result["service_cpu"] is not None else "?")
        )
        long_gaps = result["long_gaps"]
        if long_gaps:
            worst = sorted(long_gaps, reverse=True)[:5]
            print(
                "  longest gaps (wall ms / loop-thread CPU ms / ms waiting for a CPU): "
                + ", ".join(f"{w:.0f}/{c:.0f}/{q:.0f}" for w, c, q, _ in worst)
            )
            if args.when:
                for w, _c, _q, at in worst:
                    stamp = time.strftime("%H:%M:%S", time.localtime(at)) + f"{at % 1:.6f}"[1:]
                    print(f"    {w:.0f} ms gap ended at {stamp}")
        passes = result["collections"]
        if passes:
            slowest = max(passes, key=lambda p: p[1])
            print(
                f"  garbage collection on the loop thread: {len(passes)} passes, "
                f"{sum(p[1] for p in passes):.0f} ms in all, slowest {slowest[1]:.1f} ms "
                f"(generation {slowest[0]})"
            )
    if len(results) > 1:
        worst = [max(r["gaps"]) for r in results]
        p99s = [percentile(r["gaps"], 99) for r in results]
        print(
            f"over {len(results)} runs: max gap median {statistics.median(worst):.1f} ms, "
            f"worst {max(worst):.1f} ms; p99 median {statistics.median(p99s):.1f} ms "
            f"(target max < {TARGET_MS} ms)"
        )
    if args.slow:
        worst = sorted(SLOW_CALLBACKS, reverse=True)
        print(f"loop callbacks over 10 ms: {len(worst)}; the longest (wall ms / CPU ms):")
        for wall, cpu, what in worst[:12]:
            print(f"  {wall:5.1f} / {cpu:5.1f}  {what}")
    samples: collections.Counter[str] = collections.Counter()
    for result in results:
        samples.update(result["samples"])
    if samples:
        total = sum(samples.values())
        print(f"loop thread stacks while stalled > 20 ms ({total} samples every 2 ms):")
        for stack, n in samples.most_common(8):
            print(f"  {n:4d}x  {stack}")
    for result in results:
        if result["profiler"] is not None:
            import pstats

            print("cProfile of the loop thread (top 25 by own time):")
            stats = pstats.Stats(result["profiler"])
            restrict = [int(r) if str(r).isdigit() else r for r in args.restrict]
            stats.sort_stats(args.sort).print_stats(*restrict)
            if args.callers:
                stats.print_callers(args.callers)


def main() -> int:
    """Parse the options, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=100)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument(
        "--carrier", default="dhl", help="dhl: PDF labels converted to ZPL; ups: ZPL labels"
    )
    parser.add_argument("--window", action="store_true", help="the page in the main window")
    parser.add_argument(
        "--gap-detail",
        action="store_true",
        help="the loop thread's CPU and run-queue wait in each long gap (costs per tick)",
    )
    parser.add_argument("--stacks", action="store_true", help="sample stacks during stalls")
    parser.add_argument("--profile", action="store_true", help="cProfile the loop thread")
    parser.add_argument("--sort", default="tottime", help="with --profile: pstats sort key")
    parser.add_argument(
        "--restrict", nargs="*", default=[25], help="with --profile: pstats restrictions"
    )
    parser.add_argument("--callers", help="with --profile: callers of functions matching this")
    parser.add_argument("--slow", action="store_true", help="list loop callbacks over 10 ms")
    parser.add_argument("--when", action="store_true", help="print when the long gaps ended")
    parser.add_argument(
        "--gc-freeze",
        action="store_true",
        help="gc.freeze() before measuring: start-up objects leave the collector's passes",
    )
    parser.add_argument("--switch-ms", type=float, help="sys.setswitchinterval (experiment)")
    args = quick_option(parser).parse_args()
    if args.quick:
        args.rows = QUICK_ROWS
    if args.switch_ms:
        sys.setswitchinterval(args.switch_ms / 1000)
    load = os.getloadavg()
    print(
        f"machine: {os.cpu_count()} cores, load average {load[0]:.2f} at start; "
        f"QT_QPA_PLATFORM={os.environ.get('QT_QPA_PLATFORM')}; {args.rows} rows, concurrency 8, "
        f"carrier latency 200 ms"
    )
    results, warnings = run(args)
    report(results, args)
    for number, result in enumerate(results, 1):
        created = (result["summary"] or {}).get("created", 0)
        if created != args.rows or result["printed_s"] is None:
            wrong(f"run {number}: {created} of {args.rows} created, all printed: "
                  f"{result['printed_s'] is not None}")  # fmt: skip
        if max(result["gaps"]) >= TARGET_MS:
            missed(f"run {number}: longest tick gap under {TARGET_MS} ms")
    page = "in the main window" if args.window else "alone"
    qt_warnings_figure(f"{args.runs} run(s) of the Batch page {page}", warnings)
    started = time.perf_counter()
    gc.collect()
    full_ms = (time.perf_counter() - started) * 1000
    print(
        f"a full garbage collection after the runs takes {full_ms:.0f} ms "
        f"({len(gc.get_objects())} objects tracked, {gc.get_freeze_count()} frozen)"
    )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    return exit_status(args.quick)


if __name__ == "__main__":
    raise SystemExit(main())
