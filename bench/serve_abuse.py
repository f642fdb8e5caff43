"""Benchmark: a well-behaved station's GET latency while the service is abused.

Run: `.venv/bin/python bench/serve_abuse.py [--requests N] [--stalled N] [--seconds S] [--quick]`
(--quick: every scenario briefly: 20 requests, 20 stalled connections, 16 idle ones, 2 s of the
log scenario, one flood kind).
Starts `packdesk serve` on loopback with its default connection limits and measures p50/p99 of
`GET /v1/me` from one keep-alive station (one request every 20 ms), first on a quiet service,
then while (in another process) 500 stalled connections (TLS done, headers never finished;
reconnected whenever the service cuts one) and two flooding clients (requests back to back,
their own station key) run. Everything stays on 127.0.0.0/8; the abusers use their own source
addresses (stalled: 10 addresses x 50, below the per-address cap of 64) and run at the lowest
CPU priority (on a network they would use other machines' CPUs). Target: abused p99 within 3x
of the quiet p99.

`--scenario idle`: 16 addresses hold 60 idle TLS connections each (960, above the global cap
of 900; each never sends a byte and reconnects when closed) while the station opens a new
connection for every request. Targets: every station request answered 200, p99 within 3x of
the same new-connection requests on a quiet service.

`--scenario log`: 600 idle TLS connections from one address for `--seconds` (default 60);
prints the bytes and lines `service.log` grew by, and that per hour. Target: at most 1 MB an
hour (the finding: 960 kB in 30 s, about 115 MB an hour).

`--scenario floods`: keyless connection floods from one address (`bench/support/floods.py`:
connect-and-reset, half-open, TLS churn, slow handshakes; `--kind` picks one, default all),
each with `--workers` concurrent loops, while a keyed keep-alive station (GET /v1/me every
20 ms) and a monitor (GET /health on a new connection every 0.25 s) run from two other
addresses. Prints the station's p50/p99 quiet and under each flood, the flood's connection
rate and every /health answer. Targets: p99 within 3x of quiet, /health always 200.

`--quick`: every scenario briefly (fewer requests, a short flood of each kind), as `make test`
runs it: it shows the bench still works, its figures are not the ones to quote.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.service import Service  # noqa: E402
from bench.support import exit_status, figure, machine_line, quick_option  # noqa: E402
from bench.support.floods import KINDS  # noqa: E402

P99_TARGET = 3.0
STALL_SOURCES = [f"127.0.1.{i}" for i in range(1, 11)]
FLOOD_SOURCES = ["127.0.2.1", "127.0.2.2"]
STATION_SOURCE = "127.0.3.1"
IDLE_SOURCES = [f"127.0.1.{i}" for i in range(1, 17)]
IDLE_PER_SOURCE = 60
FLOOD_SOURCE = "127.0.5.1"
MONITOR_SOURCE = "127.0.3.2"
LOG_TARGET_BYTES_PER_HOUR = 1024 * 1024


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def station_latencies(service: Service, count: int) -> list[float]:
    """`count` GET /v1/me from one keep-alive station, 20 ms apart; ms each."""
    context = ssl.create_default_context(cafile=service.ca_file)
    transport = httpx.HTTPTransport(verify=context, local_address=STATION_SOURCE)
    latencies: list[float] = []
    with httpx.Client(
        base_url=service.base_url, transport=transport, auth=(service.key, ""), timeout=30
    ) as client:
        client.get("/v1/me")  # connect and warm up
        for _ in range(count):
            started = time.perf_counter()
            response = client.get("/v1/me")
            latencies.append((time.perf_counter() - started) * 1000)
            if response.status_code != 200:
                raise RuntimeError(f"the station got {response.status_code}: {response.text}")
            time.sleep(0.02)
    return latencies


async def _read_until_closed(reader: asyncio.StreamReader, stop: asyncio.Event) -> bytes:
    """What the service sends on a held connection until it closes it or the run ends."""
    answer = b""
    try:
        while not stop.is_set():
            try:
                chunk = await asyncio.wait_for(reader.read(4096), 0.5)
            except TimeoutError:
                continue
            if not chunk:
                break
            answer += chunk
    except (OSError, ssl.SSLError):
        pass
    return answer


async def _stall(port: int, ca_file: str, source: str, stats: dict[str, int], stop: Any) -> None:
    """One stalled connection slot: connect, send half a request, wait to be cut, again."""
    context = ssl.create_default_context(cafile=ca_file)
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1",
                port,
                ssl=context,
                server_hostname="localhost",
                local_addr=(source, 0),
            )
        except OSError:
            stats["connect_failed"] += 1
            await asyncio.sleep(0.2)
            continue
        writer.write(b"GET /v1/me HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        stats["held"] += 1
        answer = await _read_until_closed(reader, stop)
        stats["held"] -= 1
        if answer.startswith(b"HTTP/1.1 408"):
            stats["cut_408"] += 1
        elif answer.startswith(b"HTTP/1.1 503"):
            stats["refused_503"] += 1
        writer.close()


async def _flood(
    base_url: str, ca_file: str, key: str, source: str, stats: dict[str, int], stop: Any
) -> None:
    context = ssl.create_default_context(cafile=ca_file)
    transport = httpx.AsyncHTTPTransport(verify=context, local_address=source)
    async with httpx.AsyncClient(
        base_url=base_url, transport=transport, auth=(key, ""), timeout=30
    ) as client:
        while not stop.is_set():
            try:
                response = await client.get("/v1/me")
                stats[f"flood_{response.status_code}"] = (
                    stats.get(f"flood_{response.status_code}", 0) + 1
                )
            except httpx.HTTPError:
                stats["flood_error"] = stats.get("flood_error", 0) + 1


def abuse(base_url: str, ca_file: str, key: str, stalled: int, stop: Any, out: Any) -> None:
    """The abusers, in a process of their own: stalled connections and two flooders.

    At the lowest CPU priority: on a network they would run on other machines, not on the
    service's cores; here they share them, and should not win by that alone.
    """
    os.nice(19)
    port = int(base_url.rsplit(":", 1)[1])
    stats: dict[str, int] = {"held": 0, "cut_408": 0, "refused_503": 0, "connect_failed": 0}

    async def main() -> None:
        tasks = [
            asyncio.create_task(
                _stall(port, ca_file, STALL_SOURCES[i % len(STALL_SOURCES)], stats, stop)
            )
            for i in range(stalled)
        ]
        tasks += [
            asyncio.create_task(_flood(base_url, ca_file, key, source, stats, stop))
            for source in FLOOD_SOURCES
        ]
        peak = 0
        while not stop.is_set():
            await asyncio.sleep(0.2)
            peak = max(peak, stats["held"])
            out.put({"held_now": stats["held"]})
        stats["held_peak"] = peak
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    out.put(stats)


def _add_station_key(data_dir: Path, name: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "desktop_app", "accounts", "--data-dir", str(data_dir)]
        + ["add-key", "owner@packdesk.local", "--name", name],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return str(json.loads(done.stdout)["sandbox_key"])


async def _idle(port: int, ca_file: str, source: str, stats: dict[str, int], stop: Any) -> None:
    """One idle connection slot: connect, send nothing, wait to be closed, connect again."""
    context = ssl.create_default_context(cafile=ca_file)
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, ssl=context, server_hostname="localhost", local_addr=(source, 0)
            )
        except OSError:
            stats["connect_failed"] += 1
            await asyncio.sleep(0.2)
            continue
        stats["held"] += 1
        answer = await _read_until_closed(reader, stop)
        stats["held"] -= 1
        if not stop.is_set():  # closed by the service (not by the end of the run)
            key = answer[:12].decode(errors="replace").strip() or "closed"
            stats[f"ended {key}"] = stats.get(f"ended {key}", 0) + 1
        writer.close()
        await asyncio.sleep(0.2)


def hold_idle(port: int, ca_file: str, sources: list[str], each: int, stop: Any, out: Any) -> None:
    """`each` idle connections from every address of `sources`, at the lowest CPU priority."""
    os.nice(19)
    stats: dict[str, int] = {"held": 0, "connect_failed": 0}

    async def main() -> None:
        tasks = [
            asyncio.create_task(_idle(port, ca_file, source, stats, stop))
            for _ in range(each)
            for source in sources
        ]
        while not stop.is_set():
            await asyncio.sleep(0.2)
            out.put({"held_now": stats["held"]})
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(main())
    out.put(stats)


def new_connection_requests(service: Service, count: int) -> tuple[list[float], dict[int, int]]:
    """`count` GET /v1/me, each on a new connection (TLS handshake included); ms and statuses."""
    context = ssl.create_default_context(cafile=service.ca_file)
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    for _ in range(count):
        transport = httpx.HTTPTransport(verify=context, local_address=STATION_SOURCE)
        started = time.perf_counter()
        with httpx.Client(
            base_url=service.base_url, transport=transport, auth=(service.key, ""), timeout=30
        ) as client:
            status = client.get("/v1/me").status_code
        latencies.append((time.perf_counter() - started) * 1000)
        statuses[status] = statuses.get(status, 0) + 1
        time.sleep(0.02)
    return latencies, statuses


def _start_holders(service: Service, sources: list[str], each: int) -> tuple[Any, Any, Any, int]:
    stop = multiprocessing.Event()
    out: Any = multiprocessing.Queue()
    port = int(service.base_url.rsplit(":", 1)[1])
    holders = multiprocessing.Process(
        target=hold_idle, args=(port, service.ca_file, sources, each, stop, out)
    )
    holders.start()
    deadline = time.monotonic() + 60
    held = 0
    while time.monotonic() < deadline and held < min(each * len(sources), 900) * 0.9:
        try:
            held = out.get(timeout=1).get("held_now", held)
        except Exception:  # queue.Empty
            pass
    return holders, stop, out, held


def _stop_holders(holders: Any, stop: Any, out: Any) -> dict[str, int]:
    stop.set()
    while True:
        item = out.get(timeout=60)
        if "held_now" not in item:
            holders.join(30)
            return dict(item)


def run_idle(requests: int) -> bool:
    print(machine_line())
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-idle-") as tmp:
        service = Service(Path(tmp), "--rate-limit", "1000000/60")
        try:
            quiet, quiet_statuses = new_connection_requests(service, requests)
            holders, stop, out, held = _start_holders(service, IDLE_SOURCES, IDLE_PER_SOURCE)
            abused, statuses = new_connection_requests(service, requests)
            stats = _stop_holders(holders, stop, out)
        finally:
            service.stop()
    q50, q99 = statistics.median(quiet), _percentile(quiet, 0.99)
    a50, a99 = statistics.median(abused), _percentile(abused, 0.99)
    print(f"station GET /v1/me on a new connection each, {requests} requests each:")
    print(f"  quiet: p50 {q50:.2f} ms, p99 {q99:.2f} ms, answers {quiet_statuses}")
    print(
        f"  {len(IDLE_SOURCES)} addresses x {IDLE_PER_SOURCE} idle connections "
        f"({held} held when measuring started): p50 {a50:.2f} ms, p99 {a99:.2f} ms, "
        f"answers {statuses}"
    )
    print(f"  idle holders: {stats}")
    refused = 1 - statuses.get(200, 0) / requests
    met = figure("station requests not answered 200", f"{refused:.1%}", refused, "all", 0.0)
    return met and figure(
        "idle-flood p99 vs quiet p99", f"{a99:.2f} ms vs {q99:.2f} ms", a99 / q99, "quiet", 3.0
    )


def run_log(seconds: float) -> bool:
    print(machine_line())
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-log-") as tmp:
        data_dir = Path(tmp)
        service = Service(data_dir, "--log-level", "info")
        log_file = data_dir / "service.log"
        try:
            holders, stop, out, held = _start_holders(service, ["127.0.1.1"], 600)
            before = log_file.stat().st_size
            lines_before = log_file.read_bytes().count(b"\n")
            time.sleep(seconds)
            grown = log_file.stat().st_size - before
            lines = log_file.read_bytes().count(b"\n") - lines_before
            stats = _stop_holders(holders, stop, out)
        finally:
            service.stop()
    per_hour = grown * 3600 / seconds
    print(f"600 idle connections from one address for {seconds:g} s ({held} held at the start):")
    print(f"  service.log grew by {grown} bytes, {lines} lines: {per_hour / 1024:.1f} kB an hour")
    print(f"  idle holders: {stats}")
    return figure(
        "log bytes an hour under the flood",
        f"{per_hour / 1024:.1f} kB",
        per_hour / LOG_TARGET_BYTES_PER_HOUR,
        "1 MB",
        1.0,
    )


def run(requests: int, stalled: int) -> bool:
    print(machine_line())
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-abuse-") as tmp:
        data_dir = Path(tmp)
        service = Service(data_dir, "--rate-limit", "1000000/60", "--log-level", "info")
        try:
            flood_key = _add_station_key(data_dir, "Flooder")
            quiet = station_latencies(service, requests)
            stop = multiprocessing.Event()
            out: Any = multiprocessing.Queue()
            abusers = multiprocessing.Process(
                target=abuse,
                args=(service.base_url, service.ca_file, flood_key, stalled, stop, out),
            )
            abusers.start()
            # wait until the stalled connections are held (bounded)
            deadline = time.monotonic() + 30
            held = 0
            while time.monotonic() < deadline and held < stalled * 0.95:
                try:
                    held = out.get(timeout=1).get("held_now", held)
                except Exception:  # queue.Empty
                    pass
            abused = station_latencies(service, requests)
            stop.set()
            stats: dict[str, int] = {}
            while True:
                item = out.get(timeout=60)
                if "held_now" not in item:
                    stats = item
                    break
            abusers.join(30)
        finally:
            service.stop()
    q50, q99 = statistics.median(quiet), _percentile(quiet, 0.99)
    a50, a99 = statistics.median(abused), _percentile(abused, 0.99)
    print(f"station GET /v1/me, {requests} requests each:")
    print(f"  quiet:  p50 {q50:.2f} ms, p99 {q99:.2f} ms")
    print(
        f"  abused: p50 {a50:.2f} ms, p99 {a99:.2f} ms "
        f"({held} stalled connections held when measuring started)"
    )
    floods = {k: v for k, v in stats.items() if k.startswith("flood_")}
    print(
        f"  abusers: peak stalled connections held {stats.get('held_peak')}, "
        f"cut with 408 {stats.get('cut_408')}, refused with 503 {stats.get('refused_503')}, "
        f"connects failed {stats.get('connect_failed')}; flood answers {floods}"
    )
    return figure(
        "abused p99 vs quiet p99",
        f"{a99:.2f} ms vs {q99:.2f} ms",
        a99 / q99,
        "the quiet p99",
        P99_TARGET,
    )


def _monitor_health(service: Service, stop: threading.Event, seen: Counter[str]) -> None:
    """GET /health on a new connection every 0.25 s from its own address (a monitor)."""
    context = ssl.create_default_context(cafile=service.ca_file)
    while not stop.is_set():
        transport = httpx.HTTPTransport(verify=context, local_address=MONITOR_SOURCE)
        try:
            with httpx.Client(base_url=service.base_url, transport=transport, timeout=30) as c:
                seen[str(c.get("/health").status_code)] += 1
        except httpx.HTTPError as exc:
            seen[type(exc).__name__] += 1
        stop.wait(0.25)


def _start_flood(service: Service, kind: str, workers: int, seconds: float) -> Any:
    port = service.base_url.rsplit(":", 1)[1]
    cmd = [sys.executable, "-m", "bench.support.floods", "--kind", kind, "--port", port]
    cmd += ["--source", FLOOD_SOURCE, "--workers", str(workers), "--seconds", f"{seconds:g}"]
    # lowest CPU priority: on a network the flood runs on other machines, not on these cores
    cmd += ["--nice", "19"]
    flood = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, text=True)
    assert flood.stdout is not None
    started = flood.stdout.readline()
    if "started" not in started:
        raise RuntimeError(f"the {kind} flood did not start: {started!r}")
    time.sleep(1.0)  # let it reach its pace
    return flood


def run_floods(requests: int, kinds: list[str], workers: int) -> bool:
    """The station's p50/p99 quiet and under each keyless flood; /health's answers."""
    print(machine_line())
    met = True
    with tempfile.TemporaryDirectory(prefix="packdesk-bench-floods-") as tmp:
        service = Service(Path(tmp), "--rate-limit", "1000000/60")
        try:
            quiet = station_latencies(service, requests)
            q50, q99 = statistics.median(quiet), _percentile(quiet, 0.99)
            print(f"station GET /v1/me (keep-alive), {requests} requests each:")
            print(f"  quiet: p50 {q50:.2f} ms, p99 {q99:.2f} ms")
            for kind in kinds:
                # long enough for the station's requests and the flood's start; ends by itself
                seconds = requests * 0.03 + 6
                flood = _start_flood(service, kind, workers, seconds)
                seen: Counter[str] = Counter()
                stop = threading.Event()
                monitor = threading.Thread(target=_monitor_health, args=(service, stop, seen))
                monitor.start()
                try:
                    abused = station_latencies(service, requests)
                finally:
                    stop.set()
                    monitor.join(60)
                    out, _ = flood.communicate(timeout=seconds + 60)
                counts = json.loads(out.strip().splitlines()[-1])
                a50, a99 = statistics.median(abused), _percentile(abused, 0.99)
                rate = counts.get("connected", 0) / seconds
                print(
                    f"  {kind} ({workers} loops, {rate:.0f} connections/s): "
                    f"p50 {a50:.2f} ms, p99 {a99:.2f} ms, max {max(abused):.0f} ms; "
                    f"/health {dict(seen)}; flood {counts}"
                )
                met = (
                    figure(
                        f"{kind} p99 vs quiet p99",
                        f"{a99:.2f} ms vs {q99:.2f} ms",
                        a99 / q99,
                        "quiet",
                        P99_TARGET,
                    )
                    and met
                )
                not_ok = sum(v for k, v in seen.items() if k != "200")
                met = (
                    figure(
                        f"{kind} /health answers other than 200",
                        f"{not_ok} of {sum(seen.values())}",
                        float(not_ok),
                        "none",
                        0.0,
                    )
                    and met
                )
        finally:
            service.stop()
    return met


def main() -> int:
    global IDLE_PER_SOURCE
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=400)
    parser.add_argument("--stalled", type=int, default=500)
    parser.add_argument(
        "--scenario", choices=["stalled", "idle", "log", "floods"], default="stalled"
    )
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--kind", choices=KINDS, action="append", default=None)
    parser.add_argument("--workers", type=int, default=100, help="concurrent loops per flood")
    args = quick_option(parser).parse_args()
    if args.quick:
        # every scenario briefly, the floods with one kind: a crash or a wrong answer fails
        IDLE_PER_SOURCE = 1
        run(20, 20)
        run_idle(20)
        run_log(2.0)
        run_floods(20, args.kind or [KINDS[0]], 20)
    elif args.scenario == "idle":
        run_idle(args.requests)
    elif args.scenario == "log":
        run_log(args.seconds)
    elif args.scenario == "floods":
        run_floods(args.requests, args.kind or list(KINDS), args.workers)
    else:
        run(args.requests, args.stalled)
    return exit_status(args.quick)


if __name__ == "__main__":
    sys.exit(main())
