"""Soak benchmark: a working day at the desk, 1,000 labels through the real GUI.

The real main window (offscreen by default) on the Local sandbox (its `packdesk serve` child)
prints to a virtual ZPL printer running as a separate process (`packdesk virtual-printer`, so
the jobs it keeps are not counted in the app's memory). For each label the receiver, parcel
and reference are typed key by key and "Create and print" is pressed, the same code paths as a
user's keystrokes. Every 100 labels (once the printer has received them all) it prints the
app's resident memory (RSS) and open file descriptors, its child processes' RSS, and the
time per label over that hundred; at the end, the growth from label 100 to the last. The
sandbox runs without its rate limit (120 creations a minute by default), so the time per label
is the app's and the service's, not the limiter's.

Targets: app RSS growth under 10 %, no descriptor growth, time per label flat (the last
hundred within 10 % of the second hundred); the app's own CPU per label is held to the same
target (wall time on a shared machine moves with its load, the CPU a label costs does not).

Usage: python bench/soak.py [--labels N]   (default 1000; a multiple of 100; it takes a while)
       python bench/soak.py --quick   (10 labels, a checkpoint every 5)
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from bench.support import exit_status, figure, machine_line, quick_option, stop_process  # noqa: E402
from bench.support.desk import open_desk, run_at_desk  # noqa: E402

STEP = 100
QUICK_LABELS, QUICK_STEP = 10, 5
RSS_TARGET = 1.10
FDS_TARGET = 1.0
TIME_TARGET = 1.10
# The Local sandbox answers 120 creations a minute by default (the real service's limit), which
# would pace this run at ~0.5 s a label after the first 120 and hide the app's own time per
# label behind the limiter (flat whatever the app did). The soak measures the app: no pacing.
SERVICE_ARGS = ("--rate-limit", "1000000/60")


@dataclass
class Checkpoint:
    """The app after `labels` labels."""

    labels: int
    rss_mb: float
    fds: int
    children_mb: float
    ms_per_label: float
    cpu_ms_per_label: float  # the app's own CPU: flat or not whatever else the machine runs
    children_cpu_ms_per_label: float  # the local service's and its workers' CPU


def rss_kb(pid: int) -> int:
    """Resident set size of process `pid` in KiB (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def cpu_ms(pid: int) -> float:
    """User + system CPU milliseconds process `pid` has used (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            fields = fh.read().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process below `pid` (children, their children...)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, ValueError, IndexError):
                continue
            parents.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


class PrinterProcess:
    """`packdesk virtual-printer` on a free loopback port, counting the complete jobs it prints."""

    def __init__(self, folder: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        cmd = [sys.executable, "-m", "desktop_app", "virtual-printer", "--no-render"]
        cmd += ["--port", str(self.port), "--out", str(folder)]
        self.process = subprocess.Popen(
            cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
        )
        self.complete = 0
        self._changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe, contextlib.suppress(OSError):
                probe.connect(("127.0.0.1", self.port))
                break
            time.sleep(0.05)

    @property
    def uri(self) -> str:
        """Where the app sends its jobs."""
        return f"tcp://127.0.0.1:{self.port}"

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if ", complete" in line:
                with self._changed:
                    self.complete += 1
                    self._changed.notify_all()

    async def wait_for(self, count: int, timeout: float = 120) -> None:
        """Until `count` jobs have printed."""

        def wait() -> bool:
            with self._changed:
                return self._changed.wait_for(lambda: self.complete >= count, timeout)

        if not await asyncio.to_thread(wait):
            raise TimeoutError(f"the printer has {self.complete} of {count} jobs")

    def stop(self) -> None:
        """Stop it."""
        stop_process(self.process)


def children_of_app(printer: PrinterProcess) -> list[int]:
    """The app's child processes: the local service and its workers, not the bench's printer."""
    return [pid for pid in descendants(os.getpid()) if pid != printer.process.pid]


def children_cpu_ms(printer: PrinterProcess) -> float:
    """CPU milliseconds the app's child processes have used so far."""
    return sum(cpu_ms(pid) for pid in children_of_app(printer))


async def steady_fds(samples: int = 10, pause: float = 0.02) -> int:
    """The app's open descriptors when nothing is in flight: the fewest of a few samples while
    the loop runs (a print connection or HTTP request still closing is +1 for a moment; a leak
    raises every sample)."""
    counts = []
    for _ in range(samples):
        counts.append(len(os.listdir("/proc/self/fd")))
        await asyncio.sleep(pause)
    return min(counts)


def checkpoint(
    labels: int,
    ms_per_label: float,
    cpu_ms_per_label: float,
    children_cpu_ms_per_label: float,
    printer: PrinterProcess,
    fds: int,
) -> Checkpoint:
    """The app's figures now (its children: the local service and workers, not the printer)."""
    children = sum(rss_kb(pid) for pid in children_of_app(printer))
    return Checkpoint(
        labels,
        rss_kb(os.getpid()) / 1024,
        fds,
        children / 1024,
        ms_per_label,
        cpu_ms_per_label,
        children_cpu_ms_per_label,
    )


async def soak(labels: int, step: int, tmp: Path) -> list[Checkpoint]:
    """Create and print `labels` labels; a checkpoint every `step`."""
    printer = PrinterProcess(tmp / "printer")
    try:
        return await _soak(labels, step, printer)
    finally:
        printer.stop()  # at once: the window has closed, the loop ends


async def _soak(labels: int, step: int, printer: PrinterProcess) -> list[Checkpoint]:
    points: list[Checkpoint] = []
    latencies: list[float] = []
    async with open_desk(printer.uri, SERVICE_ARGS) as desk:
        started, cpu_started = time.perf_counter(), time.process_time()
        children_started = children_cpu_ms(printer)
        for number in range(labels):
            await desk.fill(number, latencies)
            await desk.create_and_print()
            if (number + 1) % step == 0:
                await printer.wait_for(number + 1)
                wall = (time.perf_counter() - started) * 1000 / step
                cpu = (time.process_time() - cpu_started) * 1000 / step
                children_cpu = children_cpu_ms(printer)
                service_cpu = (children_cpu - children_started) / step
                fds = await steady_fds()
                point = checkpoint(number + 1, wall, cpu, service_cpu, printer, fds)
                points.append(point)
                print(
                    f"  {point.labels:5d} labels: app RSS {point.rss_mb:7.1f} MB, "
                    f"{point.fds:4d} open fds, children RSS {point.children_mb:7.1f} MB, "
                    f"{point.ms_per_label:6.1f} ms per label ({point.cpu_ms_per_label:5.1f} ms of "
                    f"the app's CPU, {point.children_cpu_ms_per_label:5.1f} ms of its children's) "
                    f"over the last {step}",
                    flush=True,
                )
                latencies.clear()
                started, cpu_started = time.perf_counter(), time.process_time()
                children_started = children_cpu
    return points


def run(labels: int, step: int) -> list[Checkpoint]:
    """The soak on a qasync loop, in temp folders."""
    return run_at_desk("packdesk-bench-soak-", lambda tmp: soak(labels, step, tmp))


def main() -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=int, default=1000, help="labels to print (>= 200)")
    args = quick_option(parser).parse_args()
    step = QUICK_STEP if args.quick else STEP
    labels = QUICK_LABELS if args.quick else max(2 * STEP, args.labels // STEP * STEP)
    print(machine_line() + f"; {labels} labels, QT_QPA_PLATFORM={os.environ['QT_QPA_PLATFORM']}")
    points = run(labels, step)
    first, second, last = points[0], points[1], points[-1]
    span = f"label {first.labels} -> {last.labels}"
    figure(
        f"soak: app RSS, {span}",
        f"{first.rss_mb:.1f} -> {last.rss_mb:.1f} MB",
        last.rss_mb / first.rss_mb,
        f"at label {first.labels}",
        RSS_TARGET,
    )
    figure(
        f"soak: open file descriptors, {span}",
        f"{first.fds} -> {last.fds} (each checkpoint: {' '.join(str(p.fds) for p in points)})",
        last.fds / first.fds,
        f"at label {first.labels}",
        FDS_TARGET,
    )
    figure(
        f"soak: time per label, last {step} vs labels {second.labels - step + 1}-{second.labels}",
        f"{second.ms_per_label:.1f} -> {last.ms_per_label:.1f} ms",
        last.ms_per_label / second.ms_per_label,
        "the second checkpoint's",
        TIME_TARGET,
    )
    figure(
        f"soak: app CPU per label, last {step} vs labels {second.labels - step + 1}-"
        f"{second.labels}",
        f"{second.cpu_ms_per_label:.1f} -> {last.cpu_ms_per_label:.1f} ms",
        last.cpu_ms_per_label / second.cpu_ms_per_label,
        "the second checkpoint's",
        TIME_TARGET,
    )
    figure(
        f"soak: local service CPU per label, last {step} vs labels {second.labels - step + 1}-"
        f"{second.labels}",
        f"{second.children_cpu_ms_per_label:.1f} -> {last.children_cpu_ms_per_label:.1f} ms",
        last.children_cpu_ms_per_label / second.children_cpu_ms_per_label,
        "the second checkpoint's",
        TIME_TARGET,
    )
    return exit_status(args.quick)


if __name__ == "__main__":
    raise SystemExit(main())
