"""`packdesk serve` with a probe on its event loop, for the benchmarks.

Run: `python bench/support/loop_probe.py OUT_FILE serve [options]` (bench.service.Service does
it with `loop_probe=`). A timer every 2 ms notes how late the loop ran it: the time the loop
could not run a callback that was due, whatever held it (a long callback, a thread of the
service holding the GIL). Each lateness over 1 ms is a line `unix_time wall_ms cpu_ms` in
OUT_FILE, so a benchmark takes the longest hold within its own time window (start-up
excluded). `cpu_ms` is the part of it the service process spent on a CPU (its CPU time since
the previous look, at most the lateness): on a shared machine the loop is also late while the
operating system runs other processes, but no work of the service's held it then.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import TextIO

INTERVAL = 0.002  # seconds between two looks
NOTED = 0.001  # seconds: later than this is written down (epoll waits in whole ms)


def probe(loop: asyncio.AbstractEventLoop, out: TextIO) -> None:
    """Schedule the timer chain on `loop`."""
    due = loop.time() + INTERVAL
    cpu_before = time.process_time()

    def tick() -> None:
        nonlocal due, cpu_before
        now, cpu = loop.time(), time.process_time()
        late = now - due
        if late > NOTED:
            # the service's CPU time since the previous look, at most the lateness itself
            busy = min(late, max(0.0, cpu - cpu_before))
            out.write(f"{time.time() - late:.4f} {late * 1000:.2f} {busy * 1000:.2f}\n")
            out.flush()
        due = now + INTERVAL
        loop.call_later(INTERVAL, tick)
        cpu_before = cpu

    loop.call_later(INTERVAL, tick)


class ProbedLoops(asyncio.DefaultEventLoopPolicy):
    """Every new event loop (asyncio.run's) starts with the probe."""

    def __init__(self, out: TextIO) -> None:
        super().__init__()
        self.out = out

    def new_event_loop(self) -> asyncio.AbstractEventLoop:
        loop = super().new_event_loop()
        probe(loop, self.out)
        return loop


def holds_between(path: Path, start: float, end: float) -> list[tuple[float, float]]:
    """(wall ms, CPU ms) of each hold noted in `path` that began within [start, end]."""
    holds = []
    for line in path.read_text(encoding="utf-8").splitlines():
        began, wall, cpu = line.split()
        if start <= float(began) <= end:
            holds.append((float(wall), float(cpu)))
    return holds


def main() -> int:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    out = open(sys.argv[1], "a", encoding="utf-8")  # noqa: SIM115 - open while serving
    asyncio.set_event_loop_policy(ProbedLoops(out))
    sys.argv = ["packdesk", *sys.argv[2:]]
    from desktop_app.cli import main as packdesk

    return packdesk()


# worker processes (spawn) import this module again as __mp_main__: only the service probes
if __name__ == "__main__":
    sys.exit(main())
