"""Keyless connection floods against the local service, for benchmarks and tests.

Run: `python -m bench.support.floods --kind KIND --port P [--source 127.0.0.3] [--workers N]
[--seconds S] [--connections N]`. Each of `--workers` threads repeats one abuse on its own
connection until `--seconds` have passed or `--connections` were made in all (both bounded, so
a flood always ends by itself); the first stdout line is `{"started": true}` once every worker
runs, the last one the counts as JSON. Kinds:

- `connect-reset`: connect and close at once with `SO_LINGER 0` (a reset, no TLS): a port
  scanner or a broken monitor, thousands a second.
- `half-open`: connect and send nothing; reconnect when the service closes it.
- `tls-churn`: a whole TLS handshake, then reset; again.
- `slow-handshake`: the first bytes of a TLS record, then one byte a second; reconnect when cut.

The workers never send a key; they use `--source` as their address (127.0.0.0/8 only).
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import ssl
import struct
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

KINDS = ("connect-reset", "half-open", "tls-churn", "slow-handshake")
RESET = struct.pack("ii", 1, 0)
# a TLS handshake record header and the start of a ClientHello, sent a byte at a time
SLOW_BYTES = b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + b"\x00" * 64


@dataclass
class Flood:
    """One flood's options and counts (threads add to `counts` under `lock`)."""

    kind: str
    host: str
    port: int
    source: str
    deadline: float
    budget: int
    counts: Counter[str] = field(default_factory=Counter)
    lock: threading.Lock = field(default_factory=threading.Lock)
    stop: threading.Event = field(default_factory=threading.Event)

    def take(self) -> bool:
        """One more connection may be made (False once the time or the count is used up)."""
        with self.lock:
            if self.stop.is_set() or time.monotonic() > self.deadline or self.budget <= 0:
                self.stop.set()
                return False
            self.budget -= 1
            return True

    def count(self, what: str) -> None:
        with self.lock:
            self.counts[what] += 1

    def connect(self, timeout: float = 1.0) -> socket.socket | None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
        sock.settimeout(timeout)
        try:
            sock.bind((self.source, 0))
            sock.connect((self.host, self.port))
        except OSError:
            sock.close()
            self.count("connect_failed")
            time.sleep(0.01)
            return None
        self.count("connected")
        return sock

    def hold(self, sock: socket.socket, trickle: bytes = b"") -> None:
        """Keep `sock` open (sending `trickle` a byte a second) until the service closes it."""
        sock.settimeout(1.0)
        sent = 0
        while not self.stop.is_set() and time.monotonic() < self.deadline:
            if sent < len(trickle):
                try:
                    sock.send(trickle[sent : sent + 1])
                except OSError:
                    self.count("closed_by_service")
                    return
                sent += 1
            try:
                if not sock.recv(4096):
                    self.count("closed_by_service")
                    return
            except TimeoutError:
                continue
            except OSError:
                self.count("closed_by_service")
                return


def _worker(flood: Flood, context: ssl.SSLContext) -> None:
    while flood.take():
        sock = flood.connect()
        if sock is None:
            continue
        try:
            if flood.kind == "tls-churn":
                try:
                    with context.wrap_socket(sock, server_hostname="localhost") as tls:
                        tls.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
                        flood.count("handshakes")
                except OSError:
                    flood.count("handshake_failed")
            elif flood.kind == "half-open":
                flood.hold(sock)
            elif flood.kind == "slow-handshake":
                flood.hold(sock, SLOW_BYTES)
        finally:
            sock.close()


def run(
    kind: str,
    port: int,
    *,
    host: str = "127.0.0.1",
    source: str = "127.0.0.3",
    workers: int = 50,
    seconds: float = 10.0,
    connections: int = 1_000_000,
    started: threading.Event | None = None,
) -> dict[str, int]:
    """Flood until `seconds` passed or `connections` were made; the counts."""
    if kind not in KINDS:
        raise ValueError(f"unknown flood kind {kind!r}; known: {', '.join(KINDS)}")
    flood = Flood(kind, host, port, source, time.monotonic() + seconds, connections)
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the flood does not care whom it talks to
    threads = [
        threading.Thread(target=_worker, args=(flood, context), daemon=True) for _ in range(workers)
    ]
    for thread in threads:
        thread.start()
    if started is not None:
        started.set()
    for thread in threads:
        thread.join(seconds + 30)
    flood.stop.set()
    return dict(flood.counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kind", choices=KINDS, required=True)
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--source", default="127.0.0.3")
    parser.add_argument("--workers", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=1_000_000)
    parser.add_argument("--nice", type=int, default=0, help="lower the flood's CPU priority")
    args = parser.parse_args()
    if args.nice:
        os.nice(args.nice)
    started = threading.Event()
    threading.Thread(
        target=lambda: (started.wait(), print(json.dumps({"started": True}), flush=True)),
        daemon=True,
    ).start()
    counts = run(
        args.kind,
        args.port,
        host=args.host,
        source=args.source,
        workers=args.workers,
        seconds=args.seconds,
        connections=args.connections,
        started=started,
    )
    counts["seconds"] = int(args.seconds)
    print(json.dumps(counts), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
