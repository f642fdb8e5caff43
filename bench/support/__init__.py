"""Helpers shared by the benchmark scripts (a package, so `make bench` does not run it)."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from desktop_app.profiles.local_sandbox import terminate_child

if TYPE_CHECKING:
    from desktop_app.printing.printers import PrinterDefinition
    from desktop_app.printing.queue import PrintJob, PrintQueue

STOP_TIMEOUT = 15.0

#: The shop's address in the batch benches (`packdesk batch` and the client's create loop).
SHOP_SENDER: dict[str, Any] = {
    "company": "Bench Shop",
    "street": "Hauptstraße",
    "street_no": "1",
    "zip_code": "10115",
    "city": "Berlin",
    "country": "DE",
}
#: The desk's default sender in the GUI benches.
DESK_SENDER: dict[str, Any] = {
    "company": "Packdesk Bench GmbH",
    "street": "Hafenstrasse",
    "street_no": "12",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
}


def stop_process(process: subprocess.Popen[Any]) -> None:
    """Terminate a child process; kill it if it has not exited after 15 s."""
    terminate_child(process, STOP_TIMEOUT)


def machine_line() -> str:
    """Cores and load averages: other processes on the machine shift every timing."""
    loads = ", ".join(f"{value:.2f}" for value in os.getloadavg())
    return f"machine: {os.cpu_count()} CPU(s), load average {loads} (1, 5, 15 min)"


#: the figures of this run that missed their targets, and the results that were wrong
MISSED: list[str] = []
WRONG: list[str] = []
QUICK_HELP = (
    "a few iterations (make test): every part runs and its results are checked, the figures "
    "are printed but no target is asserted"
)


def quick_option(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """Add `--quick` (make test runs every benchmark with it)."""
    parser.add_argument("--quick", action="store_true", help=QUICK_HELP)
    return parser


def quick_requested() -> bool:
    """`--quick` for the benchmarks without other options."""
    return quick_option(argparse.ArgumentParser()).parse_args().quick


def figure(name: str, value: str, ratio: float, versus: str, target: float) -> bool:
    """One line per figure: what was measured, its ratio to its floor or peer, the target."""
    met = ratio <= target
    verdict = "met" if met else "MISSED"
    print(f"{name}: {value}; {ratio:.2f}x {versus} (target <= {target:g}x) {verdict}")
    if not met:
        MISSED.append(name)
    return met


def missed(name: str) -> None:
    """A target checked outside `figure` was missed."""
    MISSED.append(name)


def wrong(what: str) -> None:
    """A wrong result (not a slow one): the benchmark fails, with --quick too."""
    print(f"WRONG RESULT: {what}")
    WRONG.append(what)


def exit_status(quick: bool) -> int:
    """0 unless a result was wrong or, without --quick, a target was missed."""
    if WRONG:
        print(f"wrong results: {len(WRONG)}")
        return 1
    if quick:
        print("quick run: results checked, targets not asserted")
        return 0
    if MISSED:
        print(f"targets missed: {', '.join(MISSED)}")
        return 1
    return 0


def taking_turns(runs: Sequence[Callable[[], object]], rounds: int) -> list[float]:
    """Median ms of each run over `rounds`, the runs taking turns (so all see the same load);
    each runs once first to warm up (imports, caches)."""
    for run in runs:
        run()
    times: list[list[float]] = [[] for _ in runs]
    for _ in range(rounds):
        for run, ms in zip(runs, times, strict=True):
            t0 = time.perf_counter()
            run()
            ms.append((time.perf_counter() - t0) * 1000)
    return [statistics.median(ms) for ms in times]


async def delivery_latencies(
    queue: PrintQueue, printer: PrinterDefinition, label: bytes, count: int, warmup: int
) -> list[float]:
    """ms from enqueueing each of `warmup + count` labels, one after another, to its
    acknowledgement (state done); the first `warmup` are not counted."""
    import asyncio

    done: dict[int, float] = {}
    events: dict[int, asyncio.Event] = {}

    def on_change(job: PrintJob) -> None:
        if job.state == "done" and job.id in events:
            done[job.id] = time.perf_counter()
            events[job.id].set()

    remove = queue.add_listener(on_change)
    latencies = []
    try:
        for n in range(count + warmup):
            t0 = time.perf_counter()
            job = queue.enqueue(printer, label, title=f"bench {n}")
            events[job.id] = asyncio.Event()
            await events[job.id].wait()
            if n >= warmup:
                latencies.append((done[job.id] - t0) * 1000)
    finally:
        remove()
    return latencies
