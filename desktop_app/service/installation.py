"""A start never replaces an installation silently.

An installation is its database, its CA (stations pin it) and the first account's keys in
`credentials.json`. A start that found the CA or the credentials but no database (an unmounted
volume, a wrong `--data-dir`, a database restored in the wrong order) made a new, empty service:
new keys written over `credentials.json`, every station 401, zero shipments, `/health` 200.
Now such a start stops (exit 78, `EXIT_CONFIG`, which the unit does not restart) and says what
to do; `packdesk serve --new` starts afresh on purpose, keeping the old credentials aside.
`credentials.json` is never written over an existing file that holds other keys.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from sqlalchemy import inspect
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine

from desktop_app.service.settings import ServiceSettings
from desktop_app.service.storage import audit
from desktop_app.service.storage.accounts import (
    AccountKeys,
    create_account,
    first_account,
    read_credentials,
    rotate_keys,
    write_private_json,
)
from desktop_app.service.storage.db import make_engine, make_sessionmaker
from desktop_app.service.storage.schema import upgrade_database
from desktop_app.service.tls import TlsError, TlsFiles


class InstallationError(TlsError):
    """The data dir holds part of an installation; starting would replace it (exit 78)."""


def identity_files(settings: ServiceSettings) -> list[Path]:
    """The installation's CA and credentials files that exist in the data dir."""
    candidates = [
        settings.credentials_file,
        settings.tls_dir / "ca.pem",
        settings.tls_dir / "ca-key.pem",
    ]
    return [path for path in candidates if path.exists()]


def sqlite_path(settings: ServiceSettings) -> Path | None:
    """The SQLite database file, None for another database."""
    url = make_url(settings.db_url)
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


async def _has_tables(engine: AsyncEngine) -> bool:
    async with engine.connect() as conn:
        return bool(await conn.run_sync(lambda sync: inspect(sync).get_table_names()))


def _database_name(settings: ServiceSettings) -> str:
    path = sqlite_path(settings)
    if path is not None:
        return str(path)
    return make_url(settings.db_url).render_as_string(hide_password=True)


def missing_database_message(settings: ServiceSettings, found: list[Path]) -> str:
    """Why the start stops, and the ways on."""
    names = ", ".join(str(path.relative_to(settings.data_dir)) for path in found)
    data_dir = settings.data_dir
    return (
        f"the data dir {data_dir} holds an installation ({names}) but its database "
        f"{_database_name(settings)} is missing or empty. Starting would make a new, empty "
        "service with new keys: every station would get 401. Check --data-dir, "
        "--database-url and that the volume is mounted; or restore the backup of this "
        f"installation: packdesk serve restore --data-dir {data_dir} BACKUP.tar; or start "
        "afresh on purpose (a new database and new keys; the old credentials are kept aside) "
        f"with:\n  packdesk serve --new --data-dir {data_dir}"
    )


def set_aside(path: Path) -> Path:
    """Move `path` to `<name>.replaced-<time>` beside it (kept, never deleted)."""
    aside = path.with_name(f"{path.name}.replaced-{dt.datetime.now(dt.UTC):%Y%m%d-%H%M%S}")
    os.replace(path, aside)
    return aside


async def check_database(settings: ServiceSettings, *, new: bool = False) -> None:
    """Stop (`InstallationError`) when the data dir holds a CA or credentials but the database
    is missing or empty; run before anything is made (a CA, a database file)."""
    found = identity_files(settings)
    if not found or new:
        return
    database_file = sqlite_path(settings)
    if database_file is not None and not database_file.exists():
        # checked before any connection, which would create the file
        raise InstallationError(missing_database_message(settings, found))
    engine = make_engine(settings.db_url)
    try:
        if not await _has_tables(engine):
            raise InstallationError(missing_database_message(settings, found))
    finally:
        await engine.dispose()


async def ensure_first_account(
    settings: ServiceSettings, email: str, tls: TlsFiles, *, new: bool = False
) -> list[str]:
    """Check the installation, create the first account on first start and write the
    credentials file when it is missing; what was set aside, for the log.

    Credentials of another account than the database's first are never written over:
    `InstallationError`, unless `new` (then the old file is set aside)."""
    notes: list[str] = []
    engine = make_engine(settings.db_url)
    try:
        await upgrade_database(engine)
        async with make_sessionmaker(engine)() as session:
            account = await first_account(session)
            creds = read_credentials(settings.credentials_file)
            file_there = settings.credentials_file.exists()
            mismatch = file_there and (
                account is None or creds is None or creds.get("account_id") != account.id
            )
            if mismatch and not new:
                raise InstallationError(
                    f"{settings.credentials_file} holds the keys of another account than the "
                    f"database's ({_database_name(settings)}): it is not rewritten. Restore the "
                    "matching database or credentials file, or start with --new to give the "
                    "first account new keys (the old file is kept aside)."
                )
            if mismatch:
                notes.append(
                    f"set the old credentials aside: {set_aside(settings.credentials_file)}"
                )
                creds = None
            keys: AccountKeys | None = None
            action = None
            if account is None:
                keys, action = await create_account(session, email), "account.created"
            elif creds is None:
                # the file is gone: new keys for the first account (the old ones cannot be
                # recovered from their hashes)
                keys, action = await rotate_keys(session, account.email), "keys.rotated"
            if keys is not None and action is not None:
                session.add(
                    audit.entry_by(
                        audit.SERVICE_START, action, keys.account_id, account_id=keys.account_id
                    )
                )
                await session.commit()
        if keys is not None:
            creds = dict(keys.as_json())
        assert creds is not None
        if keys is not None or creds.get("ca_file") != str(tls.ca_cert):
            creds["ca_file"] = str(tls.ca_cert)
            write_private_json(settings.credentials_file, creds)
    finally:
        await engine.dispose()
    return notes
