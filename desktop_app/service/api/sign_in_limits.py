"""Failed sign-ins counted per station key and per client address: too many, and no code is
even checked until the oldest failure is `WINDOW_S` old (429 with Retry-After, in words)."""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

WINDOW_S = 15 * 60
MAX_PER_STATION = 5
MAX_PER_ADDRESS = 10
# buckets kept at most; older ones are dropped first when more addresses than this failed
MAX_BUCKETS = 10_000


@dataclass
class SignInLimits:
    """Sliding windows of failure times; `clock` is monotonic seconds."""

    clock: Callable[[], float] = time.monotonic
    failures: dict[str, deque[float]] = field(default_factory=dict)
    # buckets whose lock was written to the audit log (one entry per lock, not per refusal)
    locked_logged: set[str] = field(default_factory=set)

    def _recent(self, bucket: str) -> deque[float]:
        times = self.failures.get(bucket)
        if times is None:
            return deque()
        now = self.clock()
        while times and now - times[0] >= WINDOW_S:
            times.popleft()
        if not times:
            self.failures.pop(bucket, None)
            self.locked_logged.discard(bucket)
        return times

    def retry_after(self, buckets: dict[str, int]) -> int:
        """Seconds until a code may be checked again (0: now) for these bucket -> limit pairs."""
        wait = 0.0
        for bucket, limit in buckets.items():
            times = self._recent(bucket)
            if len(times) >= limit:
                wait = max(wait, times[len(times) - limit] + WINDOW_S - self.clock())
        return math.ceil(wait) if wait > 0 else 0

    def failed(self, buckets: dict[str, int]) -> None:
        """Count one failure in each bucket."""
        if len(self.failures) >= MAX_BUCKETS:
            for bucket in list(self.failures)[: MAX_BUCKETS // 10]:
                self.failures.pop(bucket, None)
                self.locked_logged.discard(bucket)
        now = self.clock()
        for bucket in buckets:
            self.failures.setdefault(bucket, deque()).append(now)

    def first_refusal(self, buckets: dict[str, int]) -> bool:
        """True once per lock: whether this refusal is the one to write to the audit log."""
        new = [b for b in buckets if b not in self.locked_logged and b in self.failures]
        self.locked_logged.update(new)
        return bool(new)


def buckets_for(key_id: str, address: str) -> dict[str, int]:
    """The two windows a sign-in counts in, with their limits."""
    return {f"station:{key_id}": MAX_PER_STATION, f"address:{address}": MAX_PER_ADDRESS}
