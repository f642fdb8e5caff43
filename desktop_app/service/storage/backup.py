"""`packdesk serve backup FILE` and `packdesk serve restore FILE`: the whole service in one file.

A backup is a tar archive of what a data dir needs besides the program (not compressed: the
labels inside are compressed already, and gzip took 8 of 12 s for 5000 shipments):

    packdesk-backup.json   what it holds: database kind, schema revision, rows per table
    service.db             SQLite: a consistent copy by SQLite's online backup API
    database.pgdump        PostgreSQL: `pg_dump --format=custom` of the service's database
    credentials.json, tls/ the first account's keys file, the CA (and its key) and certificate

Both copies are taken inside one read transaction, so the service keeps answering and writing
(stations keep working) and the copy is the database as it was at one moment. The archive
holds keys and the CA's private key: it is written 0600, like the data dir's own files.

Restore writes into an empty (or absent) data dir only (the log of a start that stopped, e.g.
on a missing database, may be there), and for PostgreSQL into an empty database, so it never
mixes two services' data; the restored rows are counted against the
archive's list. A backup of an older release restores as it is; the next start upgrades it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import func, inspect, select
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from desktop_app import __version__
from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage import table_registry
from desktop_app.service.storage.db import Base, make_engine
from desktop_app.service.storage.schema import (
    database_revision,
    head_revision,
    is_known_revision,
    newer_database_message,
)
from desktop_app.service.storage.shared_limits import TRANSIENT_TABLES

MANIFEST = "packdesk-backup.json"
SQLITE_MEMBER = "service.db"
# what the health probe writes and removes every second (health_probe.PROBE_NAME)
WRITE_PROBE = ".packdesk-write-probe"
PG_MEMBER = "database.pgdump"
CREDENTIALS_MEMBER = "credentials.json"
TLS_MEMBER = "tls"
FORMAT = 1
PG_TIMEOUT_SECONDS = 3600


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why and what to do."""


@dataclass(frozen=True)
class BackupSummary:
    """What a backup holds or a restore wrote."""

    database: str
    schema_revision: str | None
    counts: dict[str, int]

    @property
    def shipments(self) -> int:
        """Shipments in it."""
        return self.counts.get("shipments", 0)

    @property
    def labels(self) -> int:
        """Label files in it."""
        return self.counts.get("label_files", 0)


def _private_file(path: Path) -> None:
    path.chmod(0o600)


def _pg_tool(name: str) -> str:
    """`pg_dump`/`pg_restore` from PATH, else the newest of Debian's /usr/lib/postgresql."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"))
    if candidates:
        return str(candidates[-1])
    raise BackupError(f"{name} is not installed (apt-get install postgresql-client)")


def _libpq(url: str) -> tuple[list[str], dict[str, str]]:
    """pg_dump/pg_restore connection options and environment of a SQLAlchemy URL."""
    parsed = make_url(url)
    args: list[str] = []
    host = parsed.query.get("host") or parsed.host
    if isinstance(host, tuple):
        host = host[0]
    if host:
        args += ["--host", str(host)]
    if parsed.port:
        args += ["--port", str(parsed.port)]
    if parsed.username:
        args += ["--username", parsed.username]
    env = {**os.environ}
    if parsed.password:
        # the password goes through the environment, never the command line (ps shows that)
        env["PGPASSWORD"] = str(parsed.password)
    if not parsed.database:
        raise BackupError("the PostgreSQL URL names no database")
    return [*args, "--dbname", parsed.database], env


async def _counts(engine: AsyncEngine) -> dict[str, int]:
    """Rows per service table (those the database has)."""
    table_registry.load_all()
    async with engine.connect() as conn:
        present = set(await conn.run_sync(lambda sync: inspect(sync).get_table_names()))
        counts = {}
        for table in Base.metadata.sorted_tables:
            if table.name in present and table.name not in TRANSIENT_TABLES:
                counts[table.name] = int(
                    (await conn.execute(select(func.count()).select_from(table))).scalar_one()
                )
    return counts


async def _summary(url: str) -> BackupSummary:
    engine = make_engine(url)
    try:
        return BackupSummary(
            database=engine.dialect.name,
            schema_revision=await database_revision(engine),
            counts=await _counts(engine),
        )
    finally:
        await engine.dispose()


def _sqlite_copy(source: Path, target: Path) -> None:
    """SQLite's online backup API in one step: one read transaction, writers go on (WAL)."""
    if not source.exists():
        raise BackupError(f"there is no database at {source}")
    src = sqlite3.connect(source, timeout=30)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    with sqlite3.connect(target) as check:
        # the copy keeps WAL mode in its header; a restored file is opened by the service anyway
        check.execute("PRAGMA journal_mode=DELETE")
    _private_file(target)


def _run_pg_tool(tool: str, url: str, *args: str) -> None:
    """Run pg_dump/pg_restore against the database of `url`; BackupError with its complaint."""
    options, env = _libpq(url)
    done = subprocess.run(
        [_pg_tool(tool), "--no-owner", "--no-privileges", *options, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=PG_TIMEOUT_SECONDS,
        check=False,
    )
    if done.returncode != 0:
        raise BackupError(f"{tool} failed: {done.stderr.strip()}")


def _pg_dump(url: str, target: Path) -> None:
    transient = [f"--exclude-table-data={name}" for name in TRANSIENT_TABLES]
    _run_pg_tool("pg_dump", url, "--format=custom", *transient, "--file", str(target))
    _private_file(target)


def _add_bytes(archive: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o600
    info.mtime = int(dt.datetime.now(dt.UTC).timestamp())
    archive.addfile(info, io.BytesIO(data))


async def backup(settings: ServiceSettings, target: Path) -> BackupSummary:
    """Write the service's data (database, keys file, CA) into the archive `target`."""
    url = settings.db_url
    target = target.resolve()
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=".packdesk-backup-", dir=target.parent) as scratch:
        work = Path(scratch)
        if url.startswith("sqlite"):
            database = work / SQLITE_MEMBER
            source = Path(make_url(url).database or "")
            await asyncio.to_thread(_sqlite_copy, source, database)
            summary = await _summary(f"sqlite+aiosqlite:///{database}")
        elif url.startswith("postgresql"):
            database = work / PG_MEMBER
            # counted first: the dump (a later snapshot) holds at least these rows
            summary = await _summary(url)
            await asyncio.to_thread(_pg_dump, url, database)
        else:
            raise BackupError(f"backups of {make_url(url).get_backend_name()} are not supported")
        manifest = {
            "format": FORMAT,
            "created_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "packdesk_version": __version__,
            "database": summary.database,
            "schema_revision": summary.schema_revision,
            "counts": summary.counts,
        }
        partial = work / "archive.tar"
        with tarfile.open(partial, "w") as archive:
            _add_bytes(archive, MANIFEST, json.dumps(manifest, indent=2).encode())
            archive.add(database, database.name)
            if settings.credentials_file.exists():
                archive.add(settings.credentials_file, CREDENTIALS_MEMBER)
            if settings.tls_dir.is_dir():
                for path in sorted(settings.tls_dir.iterdir()):
                    if path.is_file():
                        archive.add(path, f"{TLS_MEMBER}/{path.name}")
        _private_file(partial)
        partial.replace(target)
    return summary


def _allowed(name: str) -> bool:
    if name in (MANIFEST, SQLITE_MEMBER, PG_MEMBER, CREDENTIALS_MEMBER):
        return True
    head, _, tail = name.partition("/")
    return head == TLS_MEMBER and bool(tail) and "/" not in tail and tail not in (".", "..")


def _read_manifest(archive: tarfile.TarFile) -> dict[str, Any]:
    try:
        member = archive.extractfile(MANIFEST)
    except KeyError:
        raise BackupError("this is not a Packdesk backup (no packdesk-backup.json)") from None
    assert member is not None
    manifest: dict[str, Any] = json.loads(member.read())
    if manifest.get("format") != FORMAT:
        raise BackupError(f"backup format {manifest.get('format')} is not known to this Packdesk")
    return manifest


def _check_revision(revision: str | None) -> None:
    if revision is not None and not is_known_revision(revision):
        raise BackupError(newer_database_message(revision, head_revision()))


def _left_by_a_start(path: Path, kept: dict[str, bytes], data_dir: Path) -> bool:
    """What a start that stopped leaves (a log, a write probe's file, an empty directory), or
    a file the archive holds byte for byte (the installation's own CA and credentials)."""
    if path.is_symlink():
        return False
    if path.is_dir():
        return all(_left_by_a_start(inner, kept, data_dir) for inner in path.iterdir())
    name = path.name
    if name == WRITE_PROBE or name == "service.log" or name.startswith("service.log."):
        return True
    wanted = kept.get(path.relative_to(data_dir).as_posix())
    return wanted is not None and path.read_bytes() == wanted


def _kept_files(archive: tarfile.TarFile) -> dict[str, bytes]:
    """The archive's credentials and CA files (small), by their place in the data dir."""
    kept = {}
    for member in archive.getmembers():
        if member.isfile() and member.name != SQLITE_MEMBER and _allowed(member.name):
            extracted = archive.extractfile(member)
            if extracted is not None and member.size < 1024 * 1024:
                kept[member.name] = extracted.read()
    return kept


def _empty_data_dir(data_dir: Path, kept: dict[str, bytes]) -> None:
    """The data dir is absent, empty, or holds only what a failed start left (its log) and
    files identical to the archive's (`kept`)."""
    if data_dir.exists():
        if not data_dir.is_dir():
            raise BackupError(f"{data_dir} is not a directory")
        inside = sorted(
            p.name for p in data_dir.iterdir() if not _left_by_a_start(p, kept, data_dir)
        )
        if inside:
            raise BackupError(
                f"the data dir {data_dir} is not empty ({', '.join(inside[:5])}): restore into "
                "an empty one (stop the service and move the old one aside first)"
            )
    data_dir.mkdir(parents=True, exist_ok=True)
    data_dir.chmod(0o700)


async def _pg_restore(url: str, dump: Path) -> None:
    engine = make_engine(url)
    try:
        async with engine.connect() as conn:
            tables = await conn.run_sync(lambda sync: inspect(sync).get_table_names())
    finally:
        await engine.dispose()
    if tables:
        raise BackupError(
            f"the PostgreSQL database already holds tables ({', '.join(sorted(tables)[:5])}): "
            "restore into an empty database (createdb a new one)"
        )
    await asyncio.to_thread(
        _run_pg_tool, "pg_restore", url, "--single-transaction", "--exit-on-error", str(dump)
    )


async def restore(settings: ServiceSettings, source: Path) -> BackupSummary:
    """Restore the archive `source` into the (empty) data dir and database of `settings`."""
    try:
        archive = tarfile.open(source, "r:*")
    except (OSError, tarfile.TarError) as exc:
        raise BackupError(f"cannot read {source}: {exc}") from None
    with archive:
        manifest = _read_manifest(archive)
        _check_revision(manifest.get("schema_revision"))
        kind = manifest.get("database")
        url = settings.db_url
        if (kind == "sqlite") != url.startswith("sqlite"):
            wanted = (
                "a SQLite data dir (no --database-url)"
                if kind == "sqlite"
                else ("--database-url of an empty PostgreSQL database")
            )
            raise BackupError(f"this is a {kind} backup: restore it with {wanted}")
        _empty_data_dir(settings.data_dir, _kept_files(archive))
        with tempfile.TemporaryDirectory(prefix=".restore-", dir=settings.data_dir) as scratch:
            work = Path(scratch)
            for member in archive.getmembers():
                if not member.isfile() or not _allowed(member.name):
                    continue
                extracted = archive.extractfile(member)
                assert extracted is not None
                path = work / member.name
                path.parent.mkdir(mode=0o700, exist_ok=True)
                with extracted, open(path, "wb") as out:
                    shutil.copyfileobj(extracted, out)
                _private_file(path)
            if kind == "sqlite":
                with sqlite3.connect(work / SQLITE_MEMBER) as check:
                    (result,) = check.execute("PRAGMA integrity_check").fetchone()
                if result != "ok":
                    raise BackupError(f"the backup's database is damaged: {result}")
                (work / SQLITE_MEMBER).replace(Path(make_url(url).database or ""))
            else:
                await _pg_restore(url, work / PG_MEMBER)
            for name in (CREDENTIALS_MEMBER, TLS_MEMBER):
                if (settings.data_dir / name).is_dir():
                    # the archive's own files (checked above): replaced by the same
                    shutil.rmtree(settings.data_dir / name)
                if (work / name).exists():
                    (work / name).replace(settings.data_dir / name)
    restored = await _summary(url)
    expected = {name: int(n) for name, n in manifest.get("counts", {}).items()}
    # a SQLite copy is the counted file itself; a pg_dump is a moment after the count
    exact = kind == "sqlite"
    wrong = {
        name: (n, restored.counts.get(name, 0))
        for name, n in expected.items()
        if restored.counts.get(name, 0) < n or (exact and restored.counts.get(name, 0) != n)
    }
    if wrong:
        raise BackupError(
            f"the restored rows differ from the backup's list (listed, restored): {wrong}"
        )
    return restored
