"""Rate limiting per API key: the four headers, 429 with Retry-After, buckets, the default."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from desktop_app.service.api.ratelimit import RateLimiter
from tests.fixtures.service import RunningService, start_service


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_fixed_window_counts_and_resets() -> None:
    clock = FakeClock()
    limiter = RateLimiter(3, 10, clock=clock)
    states = [limiter.hit("k") for _ in range(4)]
    assert [s.allowed for s in states] == [True, True, True, False]
    assert [s.remaining for s in states] == [2, 1, 0, 0]
    assert states[0].headers() == {
        "RateLimit-Limit": "3",
        "RateLimit-Interval": "10",
        "RateLimit-Remaining": "2",
        "RateLimit-Reset": "10",
    }
    clock.now += 4.5
    assert limiter.hit("k").reset == 6
    assert limiter.hit("other").allowed  # buckets are separate
    clock.now += 5.5
    fresh = limiter.hit("k")
    assert fresh.allowed and fresh.remaining == 2
    assert limiter.peek("k").remaining == 2  # peeking does not count


def test_stale_buckets_are_pruned() -> None:
    clock = FakeClock()
    limiter = RateLimiter(1, 1, clock=clock)
    limiter.PRUNE_AT = 5
    for i in range(5):
        limiter.hit(f"k{i}")
    clock.now += 2
    limiter.hit("new")
    assert len(limiter._windows) == 1


@pytest.fixture(scope="module")
def limited_service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningService]:
    """A service allowing 3 requests a minute per key (or per address without a key)."""
    with start_service(tmp_path_factory.mktemp("limited"), "--rate-limit", "3/60") as service:
        yield service


def test_429_with_retry_after_per_key(limited_service: RunningService) -> None:
    service = limited_service
    with service.client("sandbox") as sandbox, service.client("live") as live:
        responses = [sandbox.get("/v1/me") for _ in range(3)]
        assert [r.headers["RateLimit-Remaining"] for r in responses] == ["2", "1", "0"]
        limited = sandbox.get("/v1/me")
        assert limited.status_code == 429
        assert limited.json()["errors"][0].startswith("rate limit exceeded")
        assert 1 <= int(limited.headers["Retry-After"]) <= 60
        for name in ("RateLimit-Limit", "RateLimit-Interval", "RateLimit-Reset", "X-Request-ID"):
            assert name in limited.headers
        assert limited.headers["RateLimit-Limit"] == "3"
        assert limited.headers["RateLimit-Interval"] == "60"
        assert limited.headers["RateLimit-Remaining"] == "0"
        # errors count too, and another key has its own budget
        assert live.get("/v1/nothing").status_code == 404
        assert live.get("/v1/me").headers["RateLimit-Remaining"] == "1"
        # label files are not limited
        created = None
        for _ in range(1):
            created = live.post(
                "/v1/shipments",
                json={
                    "carrier": "dhl",
                    "from": {
                        "company": "Ab Co",
                        "street": "A",
                        "street_no": "1",
                        "zip_code": "10115",
                        "city": "Berlin",
                        "country": "DE",
                    },
                    "to": {
                        "company": "Cd Co",
                        "street": "B",
                        "street_no": "2",
                        "zip_code": "50667",
                        "city": "Köln",
                        "country": "DE",
                    },
                    "package": {"weight": 1, "length": 10, "width": 10, "height": 10},
                    "create_shipping_label": True,
                },
            )
        assert created is not None and created.status_code == 200, created.text
        assert live.get("/v1/me").status_code == 429
        with service.client(None) as anonymous:
            for _ in range(5):
                assert anonymous.get(created.json()["label_url"]).status_code == 200


def test_unauthenticated_requests_use_the_client_address_bucket(
    limited_service: RunningService,
) -> None:
    keys = limited_service.add_account()
    with limited_service.client(None) as anonymous, limited_service.client(keys["live_key"]) as c:
        codes = [anonymous.get("/v1/me").status_code for _ in range(4)]
        assert codes == [401, 401, 401, 429]
        # a valid key has its own budget
        assert c.get("/v1/me").status_code == 200
