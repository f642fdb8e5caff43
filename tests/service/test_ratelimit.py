"""Rate limiting per API key: the four headers, 429 with Retry-After, buckets, the default."""

from __future__ import annotations

from collections.abc import Callable

from desktop_app.service.ratelimit import RateLimiter
from tests.fixtures.service import RunningService


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


def test_429_with_retry_after_per_key(service_factory: Callable[..., RunningService]) -> None:
    service = service_factory("--rate-limit", "3/60")
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


def test_default_limit_is_120_per_60_seconds(
    service_factory: Callable[..., RunningService],
) -> None:
    service = service_factory()
    with service.client() as client:
        response = client.get("/v1/me")
    assert response.headers["RateLimit-Limit"] == "120"
    assert response.headers["RateLimit-Interval"] == "60"
    assert response.headers["RateLimit-Remaining"] == "119"
    assert 59 <= int(response.headers["RateLimit-Reset"]) <= 60


def test_unauthenticated_requests_use_the_client_address_bucket(
    service_factory: Callable[..., RunningService],
) -> None:
    service = service_factory("--rate-limit", "2/60")
    with service.client(None) as anonymous, service.client() as sandbox:
        assert [anonymous.get("/v1/me").status_code for _ in range(3)] == [401, 401, 429]
        assert sandbox.get("/v1/me").status_code == 200
