"""`packdesk serve` and `packdesk accounts ...`: the local Shipping Service from a shell."""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import socket
import sys
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.domain.pairing import Pairing
from desktop_app.service.addressing import PublicUrlError, certificate_names, parse_public_url
from desktop_app.service.installation import (
    InstallationError,
    check_database,
    ensure_first_account,
)
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
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import (
    DEFAULT_EMAIL,
    AccountError,
    create_account,
    first_account,
    read_credentials,
    rotate_keys,
    write_private_json,
)
from desktop_app.service.storage.db import make_engine, make_sessionmaker
from desktop_app.service.storage.outage import is_storage_unavailable, private_data_dir
from desktop_app.service.storage.schema import SchemaError, upgrade_database
from desktop_app.service.storage.station_keys import list_accounts
from desktop_app.service.tls import (
    EXIT_CONFIG,
    CaMissingError,
    TlsError,
    TlsFiles,
    ensure_tls,
    external_tls,
)

log = logging.getLogger("packdesk.service")
# the database is newer than this code: restarting cannot help (the unit does not restart on it)
SCHEMA_REFUSED_EXIT = 3


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


def _serve_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="packdesk serve",
        description="Run the local Shipping Service over HTTPS.",
        epilog="Upkeep: packdesk serve migrate | backup FILE | restore FILE | audit | "
        "export-join FILE | join SOURCE | users | report (each with --help).",
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


def _setup_logging(settings: ServiceSettings, level: str) -> None:
    """Log to stderr and to the rotated `service.log` in the data dir (see logs.py); stdout
    line 1 stays the JSON."""
    from desktop_app.service.logs import setup_logging

    setup_logging(settings.data_dir / "service.log", level)


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket, so the port is known (and connectable) before the JSON line."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _, proto, _, address = infos[0]
    # proto IPPROTO_TCP matters: asyncio sets TCP_NODELAY only on sockets that say TCP, and
    # without it Nagle + delayed ACK add ~40 ms to every response.
    sock = socket.socket(family, socket.SOCK_STREAM, proto or socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(address)
    sock.listen(128)
    sock.setblocking(False)
    return sock


def _tls(settings: ServiceSettings, args: argparse.Namespace) -> TlsFiles:
    """The warehouse's own certificate, else the local CA's certificate for every name."""
    if args.tls_cert or args.tls_key:
        if not (args.tls_cert and args.tls_key):
            raise TlsError("--tls-cert and --tls-key go together")
        return external_tls(settings.tls_dir, args.tls_cert, args.tls_key, args.tls_ca)
    names = certificate_names(settings.host, settings.base_url, tuple(args.tls_name))
    return ensure_tls(settings.tls_dir, names, new_ca=args.new_ca)


def _pairing(settings: ServiceSettings, tls: TlsFiles) -> Pairing:
    return Pairing.for_ca(settings.base_url, tls.ca_cert.read_text(encoding="ascii"))


def _write_pairing(path: Path, pairing: Pairing) -> None:
    """The pairing file: public, so 0644 (URL, CA and fingerprint; never a key)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(json.dumps(pairing.as_json(), indent=2) + "\n", encoding="utf-8")
    os.chmod(tmp, 0o644)  # the service's umask is 077
    tmp.replace(path)


def _print_pairing(pairing: Pairing) -> None:
    print(f"URL: {pairing.url}")
    print(f"CA SHA-256 fingerprint: {pairing.ca_sha256}")
    print(pairing.ca_pem, end="")


def _cannot_start(sock: socket.socket, why: Exception, status: int) -> int:
    """Stop before serving: say why in the log and on stderr; the exit status."""
    sock.close()
    log.error("cannot start: %s", why)
    print(f"packdesk serve: {why}", file=sys.stderr)
    return status


async def _serve(settings: ServiceSettings, args: argparse.Namespace) -> int:
    from desktop_app.service.api.connections import run_server
    from desktop_app.service.app import create_app

    try:
        sock = _bind(settings.host, settings.port)
    except OSError as exc:
        print(
            f"packdesk serve: cannot listen on {settings.host}:{settings.port}: {exc}",
            file=sys.stderr,
        )
        return 1
    settings.port = sock.getsockname()[1]
    base_url = settings.public_url = settings.base_url
    from desktop_app.service.join import unjoined_problem

    if (problem := await unjoined_problem(settings)) is not None:
        # a new CA and new keys would cut the other servers' stations off
        sock.close()
        log.error("cannot start: %s", problem)
        print(f"packdesk serve: {problem}", file=sys.stderr)
        return EXIT_CONFIG
    try:
        # before anything is made: a CA or a database file would hide what is missing
        await check_database(settings, new=args.new)
    except InstallationError as exc:
        return _cannot_start(sock, exc, EXIT_CONFIG)
    except Exception as exc:
        if not is_storage_unavailable(exc):
            raise
        # the database is away (PostgreSQL down): the start below serves 503 until it is back
    try:
        tls = _tls(settings, args)
    except TlsError as exc:
        sock.close()
        print(f"packdesk serve: {exc}", file=sys.stderr)
        return EXIT_CONFIG if isinstance(exc, CaMissingError) else 1
    settings.ca_file = tls.ca_cert
    from desktop_app.service.storage.health_probe import write_problem

    if (problem := write_problem(settings.data_dir)) is not None:
        log.error("%s: answering 503 until the data dir can be written again", problem)
    try:
        for note in await ensure_first_account(settings, args.email, tls, new=args.new):
            log.warning("%s", note)
    except InstallationError as exc:
        return _cannot_start(sock, exc, EXIT_CONFIG)
    except SchemaError as exc:
        return _cannot_start(sock, exc, SCHEMA_REFUSED_EXIT)
    except Exception as exc:
        if not is_storage_unavailable(exc):
            raise
        if read_credentials(settings.credentials_file) is None:
            sock.close()
            print(f"packdesk serve: cannot create the database: {exc}", file=sys.stderr)
            return 1
        # a restart while the database is away: serve 503 until it is back (systemd keeps
        # the service up; stations see a temporary condition, not a refused connection)
        log.error("no database at start-up (%s); answering 503 until it is back", exc)
    pairing = _pairing(settings, tls)
    if args.pairing_file is not None:
        try:
            _write_pairing(args.pairing_file, pairing)
        except OSError as exc:
            log.error("cannot write the pairing file %s (%s)", args.pairing_file, exc)
    app = create_app(settings)
    line = {
        "base_url": base_url,
        "ca_file": str(tls.ca_cert),
        "credentials_file": str(settings.credentials_file),
        "ca_sha256": pairing.ca_sha256,
    }

    def announce() -> None:
        """The start lines, once the database is open and connections are taken."""
        # logged before the JSON line: a program that reads the log after it finds them
        log.info("listening on %s:%d, public URL %s", settings.host, settings.port, base_url)
        log.info("CA SHA-256 fingerprint %s", pairing.ca_sha256)
        print(json.dumps(line), flush=True)
        print(f"Packdesk Shipping Service at {base_url}", flush=True)
        print(f"CA SHA-256 fingerprint: {pairing.ca_sha256}", flush=True)
        print(f"API keys and CA path: {settings.credentials_file}", flush=True)

    await run_server(app, settings, tls, sock, args.log_level, on_started=announce)
    return 0


def _show_pairing(settings: ServiceSettings, args: argparse.Namespace) -> int:
    """`--show-pairing`: URL, fingerprint and CA of the service these options start."""
    try:
        tls = _tls(settings, args)
    except TlsError as exc:
        print(f"packdesk serve: {exc}", file=sys.stderr)
        return 1
    pairing = _pairing(settings, tls)
    if args.pairing_file is not None:
        _write_pairing(args.pairing_file, pairing)
    _print_pairing(pairing)
    return 0


def serve_main(argv: Sequence[str]) -> int:
    """`packdesk serve`: run the service until interrupted (or one of its admin commands)."""
    from desktop_app.service.admin_cli import ADMIN_COMMANDS, admin_main, run_command
    from desktop_app.service.people_cli import PEOPLE_COMMANDS

    if argv and argv[0] in ADMIN_COMMANDS:
        return admin_main(argv)
    if argv and argv[0] in PEOPLE_COMMANDS:
        return run_command(PEOPLE_COMMANDS, argv)
    parser = _serve_parser()
    args = parser.parse_args(list(argv))
    if args.public_url is not None:
        try:
            args.public_url = parse_public_url(args.public_url)
        except PublicUrlError as exc:
            parser.error(str(exc))
    settings = settings_from_args(args)
    # database, log, labels and keys are the service user's only, whatever umask started it
    os.umask(0o077)
    try:
        settings.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        print(f"packdesk serve: cannot create the data dir: {exc}", file=sys.stderr)
        return 1
    tightened = private_data_dir(settings.data_dir)
    if args.show_pairing:
        return _show_pairing(settings, args)
    _setup_logging(settings, args.log_level)
    for line in tightened:
        log.warning("%s (private: keys, database, log)", line)
    if args.parent_pid is not None:
        from desktop_app.parent_watch import exit_with_parent

        exit_with_parent(args.parent_pid)
    try:
        return asyncio.run(_serve(settings, args))
    except KeyboardInterrupt:
        return 0


def _accounts_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="packdesk accounts", description="Local service accounts.")
    p.add_argument("--data-dir", type=Path, default=None)
    p.add_argument("--database-url", default=None)
    sub = p.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="create an account and print its keys once")
    add.add_argument("email")
    sub.add_parser("list", help="list accounts (key prefixes only)")
    rot = sub.add_parser("rotate-keys", help="replace an account's keys; old ones stop at once")
    rot.add_argument("email")
    settings = sub.add_parser(
        "set", help="an account's names and default shipping/returns address (JSON files)"
    )
    settings.add_argument("email")
    settings.add_argument("--first-name", default=None)
    settings.add_argument("--last-name", default=None)
    for kind in ("shipping", "returns"):
        settings.add_argument(
            f"--default-{kind}-address",
            type=Path,
            default=None,
            metavar="FILE",
            help=f"a JSON file holding the default {kind} address (as POST /v1/addresses)",
        )
    add_key = sub.add_parser(
        "add-key", help="named keys for one station (sandbox and live); printed once"
    )
    add_key.add_argument("email")
    add_key.add_argument("--name", required=True, help='the station, e.g. "Station 3"')
    add_key.add_argument(
        "--environment",
        choices=["sandbox", "production", "both"],
        default="both",
        help="which keys to make (default both)",
    )
    revoke = sub.add_parser(
        "revoke-key", help="stop a station's keys (by name or key prefix); others keep working"
    )
    revoke.add_argument("email")
    revoke.add_argument("key", help="the station's name or a key prefix")
    outbox = sub.add_parser("outbox", help="list e-mails sent or kept by the service, newest first")
    outbox.add_argument("--limit", type=int, default=20)
    return p


async def _accounts(args: argparse.Namespace) -> int:
    data_dir = (args.data_dir or default_data_dir()).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    settings = ServiceSettings(data_dir=data_dir, database_url=args.database_url)
    engine = make_engine(settings.db_url)
    try:
        try:
            await upgrade_database(engine)
        except SchemaError as exc:
            print(f"packdesk accounts: {exc}", file=sys.stderr)
            return 1
        async with make_sessionmaker(engine)() as session:
            if args.command == "list":
                for item in await list_accounts(session):
                    print(json.dumps(item))
                return 0
            if args.command == "set":
                return await _set_account(session, args)
            if args.command in ("add-key", "revoke-key"):
                return await _station_keys(session, args)
            if args.command == "outbox":
                from desktop_app.service.notifications.mail import list_outbox, mail_json

                for mail in await list_outbox(session, limit=args.limit):
                    print(json.dumps(mail_json(mail)))
                return 0
            try:
                if args.command == "add":
                    keys, action = await create_account(session, args.email), "account.created"
                else:
                    keys, action = await rotate_keys(session, args.email), "keys.rotated"
                session.add(
                    audit.entry_by(
                        audit.COMMAND_LINE, action, keys.account_id, account_id=keys.account_id
                    )
                )
                first = await first_account(session)
                await session.commit()
            except AccountError as exc:
                print(f"packdesk accounts: {exc}", file=sys.stderr)
                return 1
        if first is not None and first.id == keys.account_id:
            creds = read_credentials(settings.credentials_file) or {}
            creds.update(keys.as_json())
            write_private_json(settings.credentials_file, creds)
        print(json.dumps(keys.as_json()))
        return 0
    finally:
        await engine.dispose()


async def _station_keys(session: AsyncSession, args: argparse.Namespace) -> int:
    from desktop_app.service.storage.db import ENVIRONMENTS
    from desktop_app.service.storage.station_keys import (
        account_by_email,
        add_station_keys,
        revoke_station_keys,
    )

    try:
        if args.command == "add-key":
            environments = ENVIRONMENTS if args.environment == "both" else (args.environment,)
            made = await add_station_keys(session, args.email, args.name, environments)
            result: dict[str, object] = dict(made.as_json())
            action, account_id, what = "key.added", made.account_id, made.name
        else:
            result = {"revoked": await revoke_station_keys(session, args.email, args.key)}
            account_id = (await account_by_email(session, args.email)).id
            action, what = "key.revoked", args.key
        session.add(audit.entry_by(audit.COMMAND_LINE, action, what, account_id=account_id))
        await session.commit()
    except AccountError as exc:
        print(f"packdesk accounts: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


async def _set_account(session: AsyncSession, args: argparse.Namespace) -> int:
    from desktop_app.service.api.errors import ServiceError
    from desktop_app.service.storage.account_settings import ADDRESS_KINDS, set_account

    addresses = {}
    for kind in ADDRESS_KINDS:
        path = getattr(args, f"default_{kind}_address")
        if path is not None:
            try:
                addresses[kind] = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                print(f"packdesk accounts: cannot read {path}: {exc}", file=sys.stderr)
                return 1
    try:
        result = await set_account(
            session,
            args.email,
            first_name=args.first_name,
            last_name=args.last_name,
            addresses=addresses,
        )
        await session.commit()
    except (AccountError, ServiceError) as exc:
        print(f"packdesk accounts: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


def accounts_main(argv: Sequence[str]) -> int:
    """`packdesk accounts add|list|rotate-keys|add-key|revoke-key|set|outbox`."""
    args = _accounts_parser().parse_args(list(argv))
    return asyncio.run(_accounts(args))


def storage_main(argv: Sequence[str]) -> int:
    """`packdesk storage copy --to URL [--from URL | --data-dir D]`."""
    from desktop_app.service.storage.copy import CopyError, copy_database

    parser = argparse.ArgumentParser(
        prog="packdesk storage", description="The local service's storage."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    copy = sub.add_parser("copy", help="copy the service's data into an empty database")
    copy.add_argument("--data-dir", type=Path, default=None, help="the service's data dir")
    copy.add_argument("--from", dest="source", default=None, help="source URL (default SQLite)")
    copy.add_argument("--to", dest="target", required=True, help="target SQLAlchemy async URL")
    args = parser.parse_args(list(argv))
    data_dir = (args.data_dir or default_data_dir()).resolve()
    source = args.source or ServiceSettings(data_dir=data_dir).db_url
    try:
        counts = asyncio.run(copy_database(source, args.target))
    except CopyError as exc:
        print(f"packdesk storage: {exc}", file=sys.stderr)
        return 1
    for name, count in counts.items():
        print(f"{name}: {count} rows")
    return 0
