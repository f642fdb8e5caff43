"""All options of the local Shipping Service in one place."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_RATE_LIMIT = 120
DEFAULT_RATE_INTERVAL = 60.0
MAX_BODY_BYTES = 1024 * 1024
# slow and broken clients (see connections.py)
HEADER_TIMEOUT = 10.0
BODY_TIMEOUT = 18.0
# a stalled connection is cut at most this long after its deadline (cuts are paced)
CUT_SPREAD_SECONDS = 2.0
KEEP_ALIVE_TIMEOUT = 5.0
MAX_CONNECTIONS = 900
MAX_CONNECTIONS_PER_CLIENT = 64
RETRY_AFTER_SECONDS = 5


def parse_rate_limit(text: str) -> tuple[int, float]:
    """Parse `N/SECONDS` (e.g. `120/60`) into (limit, interval seconds)."""
    count, sep, seconds = text.partition("/")
    if not sep:
        raise ValueError(f"rate limit must look like N/SECONDS, got {text!r}")
    limit, interval = int(count), float(seconds)
    if limit < 1 or interval <= 0:
        raise ValueError(f"rate limit must be positive, got {text!r}")
    return limit, interval


@dataclass
class ServiceSettings:
    """Options of one service process (the `packdesk serve` flags map onto these)."""

    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 0
    database_url: str | None = None
    rate_limit: int = DEFAULT_RATE_LIMIT
    rate_interval: float = DEFAULT_RATE_INTERVAL
    max_body_bytes: int = MAX_BODY_BYTES
    # the base of every URL the service writes (None: from host and port, see addressing.py)
    public_url: str | None = None
    # the CA stations trust (None: the local CA in tls_dir)
    ca_file: Path | None = None
    # seconds to receive a request's headers (also the TLS handshake) and then its body,
    # seconds an idle keep-alive connection stays open; open connections per address and in all
    header_timeout: float = HEADER_TIMEOUT
    body_timeout: float = BODY_TIMEOUT
    keep_alive_timeout: float = KEEP_ALIVE_TIMEOUT
    max_connections: int = MAX_CONNECTIONS
    max_connections_per_client: int = MAX_CONNECTIONS_PER_CLIENT
    # simulated carriers (S2's adapters read these)
    carrier_latency_ms: int = 0
    carrier_failure_rate: float = 0.0
    carrier_timeout_seconds: float = 60.0
    # label rendering in worker processes (0: in a thread, sharing the event loop's GIL)
    render_processes: int = 1
    # large request bodies parsed and checked in worker processes (0: in a thread, see bodies.py)
    check_processes: int = 1
    # start the workers (label renderer, body checks) and load what they need at start-up, so
    # the first label or large body is not slower
    warm_workers: bool = True
    # webhooks and sandbox lifecycle (S1b)
    webhook_retry_seconds: float = 180.0
    auto_tracking_seconds: float = 0.0
    sandbox_retention_days: float = 0.0
    # seconds added to "now" for time-based behaviour (tests of expiry/retention)
    clock_offset: float = 0.0
    smtp_url: str | None = None
    # address ranges webhooks may go to although private or the server's own (webhook_targets)
    webhook_allow: tuple[str, ...] = ()
    # options other modules may add without touching this class
    extra: dict[str, object] = field(default_factory=dict)

    @property
    def db_url(self) -> str:
        """SQLAlchemy URL: the given one, else a SQLite file in the data dir."""
        if self.database_url:
            return self.database_url
        return f"sqlite+aiosqlite:///{self.data_dir / 'service.db'}"

    @property
    def base_url(self) -> str:
        """The public base URL of the service (never taken from a request's Host header)."""
        from desktop_app.service.addressing import public_base_url

        return public_base_url(self.host, self.port, self.public_url)

    @property
    def tls_dir(self) -> Path:
        """Where the local CA and the server certificate live."""
        return self.data_dir / "tls"

    @property
    def credentials_file(self) -> Path:
        """0600 JSON file with the first account's keys."""
        return self.data_dir / "credentials.json"

    @property
    def labels_dir(self) -> Path:
        """Label files written by the service."""
        return self.data_dir / "labels"


def default_data_dir() -> Path:
    """`desktop_app.paths.data_dir() / "service"`."""
    from desktop_app.paths import data_dir

    return data_dir() / "service"
