"""`packdesk serve`'s options and the ServiceSettings they make."""

from __future__ import annotations

import argparse
from pathlib import Path

from desktop_app.service.settings import (
    BODY_TIMEOUT,
    HEADER_TIMEOUT,
    KEEP_ALIVE_TIMEOUT,
    MAX_CONNECTIONS,
    MAX_CONNECTIONS_PER_CLIENT,
    ServiceSettings,
    default_data_dir,
    parse_rate_limit,
)
from desktop_app.service.storage.accounts import (
    DEFAULT_EMAIL,
)


def _rate_limit(text: str) -> tuple[int, float]:
    try:
        return parse_rate_limit(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def _network(text: str) -> str:
    from desktop_app.service.notifications.webhook_targets import parse_networks

    try:
        parse_networks([text])
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc
    return text


def serve_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve",
        description="Run the local Shipping Service over HTTPS.",
        epilog="Upkeep: packdesk serve migrate | backup FILE | restore FILE | audit | "
        "export-join FILE | join SOURCE | users | report | stations pending|approve|deny "
        "(each with --help).",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8443, help="TCP port; 0 picks a free one")
    p.add_argument("--data-dir", type=Path, default=None, help="database, keys, certificates")
    p.add_argument("--database-url", default=None, help="SQLAlchemy async URL (default SQLite)")
    p.add_argument("--email", default=DEFAULT_EMAIL, help="e-mail of the first account")
    p.add_argument(
        "--carrier-latency",
        type=int,
        default=0,
        metavar="MS",
        help="milliseconds each simulated carrier takes to answer (default 0)",
    )
    p.add_argument(
        "--carrier-failure-rate",
        type=float,
        default=0.0,
        metavar="P",
        help="share of carrier calls that fail at random with 502, 0 to 1 (default 0)",
    )
    p.add_argument(
        "--carrier-timeout-seconds",
        type=float,
        default=60.0,
        metavar="S",
        help="a carrier slower than this answers 504 (default 60)",
    )
    p.add_argument(
        "--render-processes",
        type=int,
        default=1,
        metavar="N",
        help="worker processes rendering labels (0: a thread of the service process)",
    )
    p.add_argument(
        "--check-processes",
        type=int,
        default=1,
        metavar="N",
        help="worker processes checking large request bodies (0: a thread of the service)",
    )
    p.add_argument(
        "--no-warm-up",
        "--no-label-warm-up",
        dest="warm_workers",
        action="store_false",
        help="start the label renderer and the body checks on first use instead of at start-up",
    )
    p.add_argument(
        "--rate-limit",
        type=_rate_limit,
        default=(120, 60.0),
        metavar="N/SECONDS",
        help="requests per interval and API key; beyond: 429 (default 120/60)",
    )
    p.add_argument(
        "--webhook-retry-seconds",
        type=float,
        default=180.0,
        metavar="S",
        help="pause before a failed webhook delivery is retried (default 180)",
    )
    p.add_argument(
        "--webhook-allow",
        type=_network,
        action="append",
        default=[],
        metavar="RANGE",
        help="an address range webhooks may go to although private or this server's own, "
        "e.g. 192.168.0.0/16 (repeatable)",
    )
    p.add_argument(
        "--auto-tracking-seconds",
        type=float,
        default=0.0,
        metavar="S",
        help="advance open sandbox shipments' tracking every S seconds (default 0: off)",
    )
    p.add_argument(
        "--sandbox-retention-days",
        type=float,
        default=14.0,
        metavar="D",
        help="delete sandbox shipments older than D days; 0 keeps them (default 14)",
    )
    p.add_argument(
        "--clock-offset",
        type=float,
        default=0.0,
        metavar="S",
        help="seconds added to the service's clock for expiry and retention (tests; default 0)",
    )
    p.add_argument("--smtp-url", default=None, help="smtp://host:port for account e-mails")
    p.add_argument(
        "--log-level",
        default="info",
        choices=["debug", "info", "warning", "error"],
        help="least important messages written to the log (default info)",
    )
    p.add_argument(
        "--parent-pid",
        type=int,
        default=None,
        metavar="PID",
        help="stop when this process ends (the app that started the service)",
    )
    addressing = p.add_argument_group("public address and certificate")
    addressing.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="https://HOST[:PORT] stations use; the base of every URL the service writes",
    )
    addressing.add_argument(
        "--tls-name",
        action="append",
        default=[],
        metavar="NAME",
        help="another DNS name or address for the server certificate (repeatable)",
    )
    addressing.add_argument(
        "--tls-cert",
        type=Path,
        default=None,
        metavar="FILE",
        help="a certificate chain the warehouse already has (default: the local CA's)",
    )
    addressing.add_argument(
        "--tls-key", type=Path, default=None, metavar="FILE", help="the key of --tls-cert"
    )
    addressing.add_argument(
        "--tls-ca",
        type=Path,
        default=None,
        metavar="FILE",
        help="with --tls-cert: the CA stations trust (default: the chain's last certificate)",
    )
    addressing.add_argument(
        "--show-pairing", action="store_true", help="print URL and CA fingerprint, then exit"
    )
    addressing.add_argument(
        "--new-ca",
        action="store_true",
        help="replace the local CA (the old one is kept aside): every station must pair again",
    )
    addressing.add_argument(
        "--new",
        action="store_true",
        help="start afresh on purpose when the data dir has a CA or keys but no database "
        "(new database and keys; the old credentials file is kept aside)",
    )
    addressing.add_argument(
        "--pairing-file",
        type=Path,
        default=None,
        metavar="FILE",
        help="write URL, CA and fingerprint (never a key) for stations to import",
    )
    limits = p.add_argument_group("slow and broken clients")
    limits.add_argument(
        "--header-timeout",
        type=float,
        default=HEADER_TIMEOUT,
        metavar="S",
        help="seconds to receive the headers and TLS handshake; else 408 (default %(default)g)",
    )
    limits.add_argument(
        "--body-timeout",
        type=float,
        default=BODY_TIMEOUT,
        metavar="S",
        help="seconds to receive the body after the headers; else 408 (default %(default)g)",
    )
    limits.add_argument(
        "--keep-alive-timeout",
        type=float,
        default=KEEP_ALIVE_TIMEOUT,
        metavar="S",
        help="seconds an idle keep-alive connection stays open (default %(default)g)",
    )
    limits.add_argument(
        "--max-connections",
        type=int,
        default=MAX_CONNECTIONS,
        metavar="N",
        help="open connections in all; beyond: 503 with Retry-After (default %(default)s)",
    )
    limits.add_argument(
        "--max-connections-per-client",
        type=int,
        default=MAX_CONNECTIONS_PER_CLIENT,
        metavar="N",
        help="open connections per client address; beyond: 503 (default %(default)s)",
    )
    return p


def settings_from_args(args: argparse.Namespace) -> ServiceSettings:
    """ServiceSettings from parsed `serve` arguments."""
    limit, interval = args.rate_limit
    return ServiceSettings(
        data_dir=(args.data_dir or default_data_dir()).resolve(),
        host=args.host,
        port=args.port,
        database_url=args.database_url,
        rate_limit=limit,
        rate_interval=interval,
        carrier_latency_ms=args.carrier_latency,
        carrier_failure_rate=args.carrier_failure_rate,
        carrier_timeout_seconds=args.carrier_timeout_seconds,
        render_processes=max(0, args.render_processes),
        check_processes=max(0, args.check_processes),
        warm_workers=args.warm_workers,
        webhook_retry_seconds=args.webhook_retry_seconds,
        auto_tracking_seconds=args.auto_tracking_seconds,
        sandbox_retention_days=args.sandbox_retention_days,
        clock_offset=args.clock_offset,
        smtp_url=args.smtp_url,
        webhook_allow=tuple(args.webhook_allow),
        public_url=args.public_url,
        header_timeout=args.header_timeout,
        body_timeout=args.body_timeout,
        keep_alive_timeout=args.keep_alive_timeout,
        max_connections=max(1, args.max_connections),
        max_connections_per_client=max(1, args.max_connections_per_client),
    )
