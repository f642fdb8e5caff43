"""`packdesk serve export-join FILE` and `packdesk serve join SOURCE`: another server of the
same installation (two or more `packdesk serve` on one PostgreSQL behind a balancer).

A server of the installation needs, besides the shared database, what its data dir holds of
the installation's identity: the local CA and its key (so it issues its own server certificate
that every paired station trusts, for its own `--tls-name`s) and `credentials.json` (the first
account's keys, so its start does not make new ones). The join bundle is a tar archive (0600)
of exactly these three files and a manifest; `serve join` also takes them from a backup archive
(`serve backup`) or straight from the first server's data dir. Server certificates and keys are
not copied: each server makes its own from the CA. The bundle holds the CA's private key and
the keys: keep it as private as the data dir, and delete it once the server has joined.
"""

from __future__ import annotations

import datetime as dt
import io
import json
import os
import tarfile
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import serialization

from desktop_app import __version__
from desktop_app.domain.pairing import certificate_fingerprint
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage.accounts import write_private_json

JOIN_MANIFEST = "packdesk-join.json"
BACKUP_MANIFEST = "packdesk-backup.json"
CREDENTIALS = "credentials.json"
CA_CERT = "tls/ca.pem"
CA_KEY = "tls/ca-key.pem"
FORMAT = 1
# what a data dir holds once an installation lives in it (a join never goes over these)
INSTALLATION_FILES = ("credentials.json", "tls/ca.pem", "tls/ca-key.pem", "service.db")


class JoinError(Exception):
    """A join or export that cannot be done; the message says why and what to do."""


@dataclass(frozen=True)
class Identity:
    """What a server of the installation shares: the CA, its key and the credentials file."""

    ca_pem: bytes
    ca_key_pem: bytes
    credentials: dict[str, object]

    @property
    def ca_sha256(self) -> str:
        """The CA's fingerprint, as stations and `serve` print it."""
        return certificate_fingerprint(self.ca_pem.decode("ascii"))

    @property
    def account_id(self) -> str:
        """The first account's id (its row must be in the database joined)."""
        return str(self.credentials.get("account_id", ""))

    def check(self, source: str) -> None:
        """JoinError unless the key belongs to the CA and the credentials name an account."""
        try:
            cert = x509.load_pem_x509_certificate(self.ca_pem)
            key = serialization.load_pem_private_key(self.ca_key_pem, password=None)
        except ValueError as exc:
            raise JoinError(f"{source}: the CA or its key cannot be read ({exc})") from None
        spki = serialization.PublicFormat.SubjectPublicKeyInfo
        der = serialization.Encoding.DER
        if key.public_key().public_bytes(der, spki) != cert.public_key().public_bytes(der, spki):
            raise JoinError(f"{source}: the CA key does not belong to the CA certificate")
        if not self.account_id or not self.credentials.get("sandbox_key"):
            raise JoinError(f"{source}: credentials.json names no account and keys")


def _read_dir(data_dir: Path) -> Identity:
    try:
        return Identity(
            ca_pem=(data_dir / CA_CERT).read_bytes(),
            ca_key_pem=(data_dir / CA_KEY).read_bytes(),
            credentials=json.loads((data_dir / CREDENTIALS).read_text(encoding="utf-8")),
        )
    except (OSError, ValueError) as exc:
        raise JoinError(
            f"{data_dir} holds no usable installation (the local CA, its key and "
            f"credentials.json are needed): {exc}"
        ) from None


def _read_archive(path: Path) -> Identity:
    try:
        archive = tarfile.open(path, "r:*")
    except (OSError, tarfile.TarError) as exc:
        raise JoinError(f"cannot read {path}: {exc}") from None
    with archive:
        names = set(archive.getnames())
        if not names & {JOIN_MANIFEST, BACKUP_MANIFEST}:
            raise JoinError(f"{path} is neither a join bundle nor a backup of packdesk serve")
        found: dict[str, bytes] = {}
        for name in (CREDENTIALS, CA_CERT, CA_KEY):
            member = archive.getmember(name) if name in names else None
            extracted = archive.extractfile(member) if member and member.isfile() else None
            if extracted is None:
                raise JoinError(f"{path} lacks {name}: export the bundle again")
            with extracted:
                found[name] = extracted.read()
    try:
        credentials = json.loads(found[CREDENTIALS])
    except ValueError:
        raise JoinError(f"{path}: credentials.json is not JSON") from None
    return Identity(found[CA_CERT], found[CA_KEY], credentials)


def read_identity(source: Path) -> Identity:
    """The installation's identity from a data dir, a join bundle or a backup archive."""
    identity = _read_dir(source) if source.is_dir() else _read_archive(source)
    identity.check(str(source))
    return identity


def _add(archive: tarfile.TarFile, name: str, data: bytes, now: dt.datetime) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o600
    info.mtime = int(now.timestamp())
    archive.addfile(info, io.BytesIO(data))


def export_join(data_dir: Path, target: Path) -> Identity:
    """Write the join bundle of the server whose data dir is `data_dir` (0600)."""
    identity = read_identity(data_dir)
    now = dt.datetime.now(dt.UTC)
    manifest = {
        "format": FORMAT,
        "created_at": now.isoformat(timespec="seconds"),
        "packdesk_version": __version__,
        "ca_sha256": identity.ca_sha256,
        "account_id": identity.account_id,
    }
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as raw, tarfile.open(fileobj=raw, mode="w") as archive:
        _add(archive, JOIN_MANIFEST, json.dumps(manifest, indent=2).encode(), now)
        _add(archive, CREDENTIALS, json.dumps(identity.credentials).encode(), now)
        _add(archive, CA_CERT, identity.ca_pem, now)
        _add(archive, CA_KEY, identity.ca_key_pem, now)
    os.chmod(partial, 0o600)
    partial.replace(target)
    return identity


async def _account_known(database_url: str, account_id: str) -> bool:
    from sqlalchemy import select

    from desktop_app.service.storage.accounts import Account
    from desktop_app.service.storage.db import make_engine, make_sessionmaker
    from desktop_app.service.storage.schema import upgrade_database

    engine = make_engine(database_url)
    try:
        await upgrade_database(engine)
        async with make_sessionmaker(engine)() as session:
            return (
                await session.scalar(select(Account.id).where(Account.id == account_id)) is not None
            )
    finally:
        await engine.dispose()


def _write_private(path: Path, data: bytes) -> None:
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)
    os.chmod(path, 0o600)


async def join(settings: ServiceSettings, source: Path) -> Identity:
    """Make `settings.data_dir` a server of the installation in `source` (data dir, bundle or
    backup); its database (`settings.database_url`, PostgreSQL) must hold that installation."""
    if not settings.database_url or not settings.database_url.startswith("postgresql"):
        raise JoinError(
            "servers of one installation share a PostgreSQL database: give its --database-url "
            "(the one the first server runs with)"
        )
    identity = read_identity(source)
    taken = [name for name in INSTALLATION_FILES if (settings.data_dir / name).exists()]
    if taken:
        raise JoinError(
            f"{settings.data_dir} already holds an installation ({', '.join(taken)}): join "
            "into a new data dir"
        )
    if not await _account_known(settings.database_url, identity.account_id):
        raise JoinError(
            f"the database at --database-url does not hold the account of {source}: give the "
            "database the first server runs with"
        )
    settings.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    os.chmod(settings.data_dir, 0o700)
    _write_private(settings.data_dir / CA_CERT, identity.ca_pem)
    _write_private(settings.data_dir / CA_KEY, identity.ca_key_pem)
    os.chmod(settings.tls_dir, 0o700)
    credentials = {**identity.credentials, "ca_file": str(settings.tls_dir / "ca.pem")}
    write_private_json(settings.credentials_file, credentials)
    return identity


async def unjoined_problem(settings: ServiceSettings) -> str | None:
    """Why a start must stop: a data dir without an installation on a PostgreSQL database
    that has one (a second server started before `serve join`); None otherwise."""
    url = settings.database_url
    if not url or not url.startswith("postgresql"):
        return None
    if any((settings.data_dir / name).exists() for name in (CREDENTIALS, CA_CERT)):
        return None
    try:
        emails = await _account_emails(url)
    except Exception:  # the database is away or empty: the start deals with that
        return None
    if not emails:
        return None
    return (
        f"the database at --database-url already serves an installation ({emails[0]}), but "
        f"the data dir {settings.data_dir} holds none of it: starting would make a new CA and "
        "new keys, and stations of the other servers would fail. Make this data dir one of its "
        "servers first:\n"
        f"  packdesk serve join --data-dir {settings.data_dir} --database-url URL "
        "BUNDLE-OR-DATA-DIR\n"
        "(a bundle from `packdesk serve export-join` on a server of the installation, or a "
        "backup archive); or restore this data dir from a backup"
    )


async def _account_emails(database_url: str) -> list[str]:
    from sqlalchemy import inspect, select

    from desktop_app.service.storage.accounts import Account
    from desktop_app.service.storage.db import make_engine

    engine = make_engine(database_url)
    try:
        async with engine.connect() as conn:
            tables = await conn.run_sync(lambda sync: inspect(sync).get_table_names())
            if Account.__tablename__ not in tables:
                return []
            rows = await conn.execute(select(Account.email).order_by(Account.created_at).limit(1))
            return [str(email) for (email,) in rows]
    finally:
        await engine.dispose()
