"""New connections cost the event loop nothing until they are admitted.

asyncio accepts every connection on the event loop and starts its TLS handshake at once: a
keyless flood of connect-and-reset loops (a port scanner, a broken monitor: ~3,000 a second
from one address) took the loop's whole core, a keyed station's requests waited seconds and the
health probe timed out. Here a thread of its own accepts (`Acceptor`), and `Admission` decides,
before the loop hears of the connection, whether it is handed to the loop now, waits, or is
reset:

- each address has a budget of new connections (a token bucket: `burst` at once, `rate` a
  second after that) and may have `handshakes_per_address` TLS handshakes in flight;
- addresses that have not proven themselves (no request with a valid key from them lately)
  share a global budget (`global_rate`) and all share `handshakes_total` handshakes in flight;
  an address that sent a keyed request (`prove`) skips the global budget, so a flood from many
  addresses cannot crowd a station out;
- a connection beyond its budget waits, accepted but untouched, in its address's queue (at most
  `queue_per_address`, `queue_total` in all, `wait_seconds` long); beyond that it is reset.
  A burst of a real client (a pool opening 64 connections) is smoothed, not refused.

The handshake itself keeps its time limit (`--header-timeout`); the accepted socket is handed to
the loop with `loop.connect_accepted_socket`, so everything after it is asyncio's and uvicorn's
as before. Work per refused connection: one `accept`, a few dictionary look-ups and a `close`
in the accepting thread (GIL held for microseconds).
"""

from __future__ import annotations

import collections
import contextlib
import logging
import os
import select
import socket
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from desktop_app.service.logs import THROTTLE

log = logging.getLogger("packdesk.service")

# new connections per address: this many at once, then this many a second
ADDRESS_BURST = 100
ADDRESS_RATE = 50.0
# new connections a second (and at once) from addresses without a proven key, in all
GLOBAL_RATE = 300.0
GLOBAL_BURST = 600
HANDSHAKES_PER_ADDRESS = 16
HANDSHAKES_TOTAL = 128
QUEUE_PER_ADDRESS = 256
QUEUE_TOTAL = 2048
# an address that sent a request with a valid key skips the global budget this long
PROVEN_SECONDS = 3600.0
# at most this many addresses are remembered (beyond: the oldest forgotten)
ADDRESSES_KEPT = 8192
RESET = struct.pack("ii", 1, 0)


def thread_accepts_here() -> bool:
    """Whether `Acceptor` runs here: it waits with `select.poll`, which Windows' Python lacks
    (there uvicorn accepts on the loop itself, without admission)."""
    return hasattr(select, "poll")


def reset(sock: socket.socket) -> None:
    """Close with a reset: no FIN exchange, no TIME_WAIT, nothing more to do for it."""
    with contextlib.suppress(OSError):
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, RESET)
    sock.close()


@dataclass
class _Address:
    tokens: float
    stamp: float
    handshakes: int = 0
    waiting: collections.deque[tuple[socket.socket, float]] = field(
        default_factory=collections.deque
    )


@dataclass
class AdmissionCounts:
    """What admission did (for tests, benchmarks and the log)."""

    admitted: int = 0
    queued: int = 0
    reset: int = 0
    expired: int = 0


class Admission:
    """Budgets of new connections per address and in all (thread-safe; see the module)."""

    def __init__(
        self,
        start: Callable[[socket.socket, str], None],
        *,
        rate: float = ADDRESS_RATE,
        burst: int = ADDRESS_BURST,
        global_rate: float = GLOBAL_RATE,
        global_burst: int = GLOBAL_BURST,
        handshakes_per_address: int = HANDSHAKES_PER_ADDRESS,
        handshakes_total: int = HANDSHAKES_TOTAL,
        queue_per_address: int = QUEUE_PER_ADDRESS,
        queue_total: int = QUEUE_TOTAL,
        wait_seconds: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        # `start(sock, address)` hands an admitted connection to the event loop
        self._start = start
        self.rate, self.burst = rate, burst
        self.global_rate, self.global_burst = global_rate, global_burst
        self.handshakes_per_address = handshakes_per_address
        self.handshakes_total = handshakes_total
        self.queue_per_address = queue_per_address
        self.queue_total = queue_total
        self.wait_seconds = wait_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._addresses: collections.OrderedDict[str, _Address] = collections.OrderedDict()
        self._global_tokens = float(global_burst)
        self._global_stamp = clock()
        self._proven: collections.OrderedDict[str, float] = collections.OrderedDict()
        self.handshakes = 0
        self.waiting = 0
        self.counts = AdmissionCounts()

    # called by the accepting thread
    def offer(self, sock: socket.socket, address: str) -> None:
        """A new connection: hand it to the loop, queue it, or reset it."""
        with self._lock:
            now = self._clock()
            entry = self._entry(address, now)
            if not entry.waiting and self._may_start(entry, address, now):
                self._admit(entry, sock, address)
                return
            if len(entry.waiting) < self.queue_per_address and self.waiting < self.queue_total:
                entry.waiting.append((sock, now))
                self.waiting += 1
                self.counts.queued += 1
                return
            self.counts.reset += 1
        reset(sock)
        THROTTLE.log(
            logging.WARNING,
            ("admission", address),
            "new connections from %s beyond its budget (%g a second, %d waiting): reset",
            address,
            self.rate,
            self.queue_per_address,
        )

    def tick(self) -> float | None:
        """Start what may start now, reset what waited too long; seconds until the next tick
        is due (None: nothing waits)."""
        expired: list[socket.socket] = []
        with self._lock:
            now = self._clock()
            for address, entry in list(self._addresses.items()):
                while entry.waiting and now - entry.waiting[0][1] > self.wait_seconds:
                    expired.append(entry.waiting.popleft()[0])
                    self.waiting -= 1
                    self.counts.expired += 1
                while entry.waiting and self._may_start(entry, address, now):
                    sock, _ = entry.waiting.popleft()
                    self.waiting -= 1
                    self._admit(entry, sock, address)
            pending = self.waiting
        for sock in expired:
            reset(sock)
        return 0.01 if pending else None

    # called on the event loop
    def handshake_ended(self, address: str) -> None:
        """The TLS handshake of a connection from `address` finished or failed."""
        with self._lock:
            self.handshakes -= 1
            entry = self._addresses.get(address)
            if entry is not None:
                entry.handshakes -= 1

    def prove(self, address: str) -> None:
        """`address` sent a request with a valid key: it skips the global budget for a while."""
        with self._lock:
            self._proven[address] = self._clock()
            self._proven.move_to_end(address)
            while len(self._proven) > ADDRESSES_KEPT:
                self._proven.popitem(last=False)

    def close(self) -> None:
        """Reset every waiting connection (the service stops)."""
        with self._lock:
            waiting = [sock for entry in self._addresses.values() for sock, _ in entry.waiting]
            for entry in self._addresses.values():
                entry.waiting.clear()
            self.waiting = 0
        for sock in waiting:
            reset(sock)

    # under the lock
    def _entry(self, address: str, now: float) -> _Address:
        entry = self._addresses.get(address)
        if entry is None:
            if len(self._addresses) >= ADDRESSES_KEPT:
                self._forget_one()
            entry = self._addresses[address] = _Address(float(self.burst), now)
        else:
            self._addresses.move_to_end(address)
        return entry

    def _forget_one(self) -> None:
        """Forget the least recently seen address that holds nothing."""
        for address, entry in self._addresses.items():
            if not entry.waiting and not entry.handshakes:
                del self._addresses[address]
                return

    def _proven_now(self, address: str, now: float) -> bool:
        since = self._proven.get(address)
        return since is not None and now - since < PROVEN_SECONDS

    def _may_start(self, entry: _Address, address: str, now: float) -> bool:
        entry.tokens = min(self.burst, entry.tokens + (now - entry.stamp) * self.rate)
        entry.stamp = now
        if entry.tokens < 1 or entry.handshakes >= self.handshakes_per_address:
            return False
        if self._proven_now(address, now):
            return True
        self._global_tokens = min(
            self.global_burst, self._global_tokens + (now - self._global_stamp) * self.global_rate
        )
        self._global_stamp = now
        return self._global_tokens >= 1 and self.handshakes < self.handshakes_total

    def _admit(self, entry: _Address, sock: socket.socket, address: str) -> None:
        entry.tokens -= 1
        if not self._proven_now(address, self._clock()):
            self._global_tokens -= 1
        entry.handshakes += 1
        self.handshakes += 1
        self.counts.admitted += 1
        try:
            self._start(sock, address)
        except RuntimeError:  # the loop is closed: the service is stopping
            entry.handshakes -= 1
            self.handshakes -= 1
            reset(sock)


class Acceptor:
    """Accepts on the listening socket in a thread of its own and offers each connection."""

    def __init__(self, listener: socket.socket, admission: Admission) -> None:
        self.listener = listener
        self.admission = admission
        self._wake_read, self._wake_write = os.pipe()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="packdesk-accept", daemon=True)

    def start(self) -> None:
        self.listener.setblocking(False)
        self._thread.start()

    def close(self) -> None:
        """Stop accepting (the listening socket is closed), reset what waits."""
        self._stopping = True
        with contextlib.suppress(OSError):
            os.write(self._wake_write, b"x")
        self._thread.join(5)
        self.admission.close()
        for fd in (self._wake_read, self._wake_write):
            with contextlib.suppress(OSError):
                os.close(fd)

    def _run(self) -> None:
        poller = select.poll()
        poller.register(self.listener.fileno(), select.POLLIN)
        poller.register(self._wake_read, select.POLLIN)
        timeout: float | None = None
        try:
            while not self._stopping:
                poller.poll(None if timeout is None else timeout * 1000)
                if self._stopping:
                    break
                self._accept_ready()
                timeout = self.admission.tick()
        finally:
            self.listener.close()

    def _accept_ready(self) -> None:
        for _ in range(1024):  # then tick, so waiting connections are not starved
            try:
                sock, peer = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:  # EMFILE and friends: pause rather than spin
                log.warning("cannot accept connections (%s); pausing 0.1 s", exc)
                time.sleep(0.1)
                return
            address = peer[0] if isinstance(peer, tuple) else "unknown"
            self.admission.offer(sock, address)
