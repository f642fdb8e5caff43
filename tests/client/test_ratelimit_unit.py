"""The pacer's bookkeeping against the service's fixed-window limiter, on a simulated clock."""

from __future__ import annotations

import heapq
import itertools
import random
from dataclasses import dataclass, field

import pytest

from desktop_app.client.ratelimit import RateWindow, Ticket
from desktop_app.service.api.ratelimit import RateLimiter


@dataclass
class Outcome:
    """What a simulated burst produced."""

    done: int = 0
    rejected: int = 0
    finished_at: float = 0.0
    sent_times: list[float] = field(default_factory=list)


def simulate(
    *,
    calls: int,
    concurrency: int,
    limit: int,
    interval: float,
    latency: float,
    network: float = 0.002,
    others: int = 0,
    jitter: float = 0.0,
    seed: int = 1,
) -> Outcome:
    """Run `calls` requests from `concurrency` workers through one RateWindow.

    The service counts a request `network` s after it is sent and answers `latency` s later.
    `others` requests of another process sharing the key arrive at t=0. With `jitter`, each
    leg of a request takes up to that much longer, so answers come back out of order.
    """
    rng = random.Random(seed)
    now = 0.0
    server = RateLimiter(limit, interval, clock=lambda: now)
    for _ in range(others):
        server.hit("key")
    window = RateWindow()
    outcome = Outcome()
    seq = itertools.count()
    events: list[tuple[float, int, str, int, Ticket | None]] = []
    waiting: list[int] = []  # workers waiting for any answer
    remaining = calls
    in_flight: dict[int, tuple[Ticket, dict[str, str], int]] = {}

    def try_start(worker: int) -> None:
        nonlocal remaining
        if remaining <= 0:
            return
        result = window.try_acquire(now)
        if isinstance(result, Ticket):
            remaining -= 1
            outcome.sent_times.append(now)
            arrive = now + network + rng.uniform(0, jitter)
            heapq.heappush(events, (arrive, next(seq), "arrive", worker, result))
        elif result is None:
            waiting.append(worker)
        else:
            heapq.heappush(events, (now + result, next(seq), "wake", worker, None))

    for worker in range(concurrency):
        try_start(worker)
    while events:
        now, _, kind, worker, ticket = heapq.heappop(events)
        if kind == "arrive":
            assert ticket is not None
            state = server.hit("key")
            status = 200 if state.allowed else 429
            headers = {k.lower(): v for k, v in state.headers().items()}
            if status == 429:
                headers["retry-after"] = str(state.reset)
            in_flight[worker] = (ticket, headers, status)
            answer = now + latency + rng.uniform(0, jitter)
            heapq.heappush(events, (answer, next(seq), "answer", worker, ticket))
        elif kind == "answer":
            ticket, headers, status = in_flight.pop(worker)
            window.release(ticket, now, headers, status)
            if status == 429:
                outcome.rejected += 1
                remaining += 1  # retried
            else:
                outcome.done += 1
                outcome.finished_at = now
            woken, waiting[:] = list(waiting), []
            for other in [worker, *woken]:
                try_start(other)
        else:
            try_start(worker)
    return outcome


def test_burst_under_small_limit_gets_no_429() -> None:
    outcome = simulate(calls=50, concurrency=50, limit=10, interval=2.0, latency=0.01)
    assert outcome.done == 50
    assert outcome.rejected == 0
    # five windows of ten: the last batch cannot start before four windows have passed
    assert outcome.finished_at >= 8.0


@pytest.mark.parametrize("seed", range(20))
def test_answers_out_of_order_get_no_429(seed: int) -> None:
    outcome = simulate(
        calls=120, concurrency=16, limit=10, interval=1.0, latency=0.01, jitter=0.08, seed=seed
    )
    assert outcome.done == 120
    assert outcome.rejected == 0


def test_window_slots_are_not_wasted() -> None:
    outcome = simulate(calls=200, concurrency=8, limit=60, interval=10.0, latency=0.2)
    assert outcome.done == 200 and outcome.rejected == 0
    # four windows are needed; the pacer must not need a fifth one
    assert outcome.finished_at < 40.0
    windows = {int(t // 10.0) for t in outcome.sent_times}
    assert len(windows) == 4


def test_concurrency_with_one_slot_left_fires_one() -> None:
    window = RateWindow()
    first = window.try_acquire(0.0)
    assert isinstance(first, Ticket)
    assert window.try_acquire(0.0) is None  # limit unknown: one probe at a time
    window.release(
        first,
        0.1,
        {"ratelimit-limit": "10", "ratelimit-remaining": "1", "ratelimit-reset": "5"},
        200,
    )
    assert isinstance(window.try_acquire(0.1), Ticket)
    for _ in range(7):
        wait = window.try_acquire(0.1)
        assert isinstance(wait, float) and wait == pytest.approx(5.0, abs=0.1)


def test_requests_of_another_process_are_respected() -> None:
    outcome = simulate(calls=30, concurrency=8, limit=10, interval=1.0, latency=0.05, others=6)
    assert outcome.done == 30 and outcome.rejected == 0


def test_429_honours_retry_after() -> None:
    window = RateWindow()
    ticket = window.try_acquire(0.0)
    assert isinstance(ticket, Ticket)
    headers = {
        "ratelimit-limit": "5",
        "ratelimit-remaining": "0",
        "ratelimit-reset": "3",
        "retry-after": "3",
    }
    window.release(ticket, 0.5, headers, 429)
    wait = window.try_acquire(0.5)
    assert isinstance(wait, float) and wait == pytest.approx(3.0, abs=0.05)
    assert isinstance(window.try_acquire(3.6), Ticket)


def test_no_headers_means_no_pacing() -> None:
    window = RateWindow()
    first = window.try_acquire(0.0)
    assert isinstance(first, Ticket)
    window.release(first, 0.1, {}, 200)
    tickets = [window.try_acquire(0.1) for _ in range(20)]
    assert all(isinstance(t, Ticket) for t in tickets)


def test_state_for_status_bar() -> None:
    window = RateWindow()
    assert window.state(0.0, 1000.0).limit is None
    ticket = window.try_acquire(0.0)
    assert isinstance(ticket, Ticket)
    window.release(
        ticket,
        0.2,
        {"ratelimit-limit": "120", "ratelimit-remaining": "119", "ratelimit-reset": "60"},
        200,
    )
    state = window.state(0.2, 1000.2)
    assert (state.limit, state.remaining) == (120, 119)
    assert state.reset_at == pytest.approx(1060.2)


def test_lost_answers_do_not_stall_the_pacer() -> None:
    window = RateWindow()
    first = window.try_acquire(0.0)
    assert isinstance(first, Ticket)
    headers = {"ratelimit-limit": "2", "ratelimit-remaining": "1", "ratelimit-reset": "1"}
    window.release(first, 0.1, headers, 200)
    # the window ends; the next two requests are lost without an answer
    lost = [window.try_acquire(1.2), window.try_acquire(1.2)]
    assert all(isinstance(t, Ticket) for t in lost)
    assert window.try_acquire(1.2) is None  # both may still answer
    for ticket in lost:
        assert isinstance(ticket, Ticket)
        window.release(ticket, 1.3, None)
    # nothing in flight can tell more: one probe goes out instead of waiting forever
    assert isinstance(window.try_acquire(1.3), Ticket)
