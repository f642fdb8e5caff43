"""`packdesk serve`: bind, make TLS and the first account, then run the service."""

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

from desktop_app.domain.pairing import Pairing
from desktop_app.service.addressing import PublicUrlError, certificate_names, parse_public_url
from desktop_app.service.commands.serve_options import serve_parser, settings_from_args
from desktop_app.service.installation import (
    InstallationError,
    check_database,
    ensure_first_account,
)
from desktop_app.service.settings import (
    ServiceSettings,
)
from desktop_app.service.storage.accounts import (
    read_credentials,
)
from desktop_app.service.storage.outage import is_storage_unavailable, private_data_dir
from desktop_app.service.storage.schema import SchemaError
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


def main(argv: Sequence[str]) -> int:
    """`packdesk serve` with options: run the service until interrupted."""
    parser = serve_parser()
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
