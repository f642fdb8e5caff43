"""The database schema's revisions: Alembic brings a database to the code's schema.

Every change of a table is a revision in `migrations/versions` (see docs/ARCHITECTURE.md,
"Schema revisions"); `upgrade_database` runs the missing ones when the service starts (and
for `packdesk serve migrate`, `accounts`, `storage copy`). A database made before revisions
existed (tables but no `alembic_version`) is taken up by the baseline, which only creates the
tables it lacks. A database upgraded by a newer Packdesk, whose revision this code does not
know, is refused: running old code on it could misread or lose what the newer one wrote.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from alembic.util.exc import CommandError
from sqlalchemy import Connection, inspect, text
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger("packdesk.service")
# Alembic's INFO lines (its context, each revision) would repeat ours at every start
logging.getLogger("alembic").setLevel(logging.WARNING)

# beside this module in the wheel and in the PyInstaller bundle (packaging/packdesk.spec)
MIGRATIONS_DIR = Path(__file__).with_name("migrations")
BASELINE_REVISION = "0001_baseline"
# any table of the baseline: present without `alembic_version` means made before revisions
_LEGACY_MARKER_TABLE = "accounts"
# PostgreSQL: two processes starting at once upgrade one after the other
_PG_LOCK_ID = 0x7061636B  # "pack"


class SchemaError(Exception):
    """The database's schema cannot be brought to this code's (e.g. it is newer)."""


@dataclass(frozen=True)
class SchemaUpgrade:
    """What `upgrade_database` did: revisions before and after, and whether it was pre-Alembic."""

    before: str | None
    after: str
    legacy: bool

    @property
    def changed(self) -> bool:
        """True when revisions ran."""
        return self.before != self.after


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the service's revisions (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = connection
    return config


def scripts() -> ScriptDirectory:
    """The revisions this code knows."""
    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    """The newest revision this code knows (one head: a second means an unmerged branch)."""
    head = scripts().get_current_head()
    assert head is not None
    return head


def _current(connection: Connection) -> str | None:
    heads = MigrationContext.configure(connection).get_current_heads()
    return heads[0] if heads else None


def is_known_revision(revision: str, script: ScriptDirectory | None = None) -> bool:
    """True when this code has `revision` (else a newer Packdesk wrote it)."""
    try:
        return (script or scripts()).get_revision(revision) is not None
    except CommandError:
        return False


def newer_database_message(revision: str, head: str) -> str:
    """Why a newer database is refused and what to do."""
    return (
        f"the database has schema revision {revision}, which this Packdesk does not know (its "
        f"newest is {head}): a newer Packdesk has upgraded it. Run that newer Packdesk, or "
        "restore a backup made before the upgrade (packdesk serve restore)"
    )


def _upgrade(connection: Connection) -> SchemaUpgrade:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _PG_LOCK_ID})
    script = scripts()
    head = script.get_current_head()
    assert head is not None
    before = _current(connection)
    if before is not None and not is_known_revision(before, script):
        raise SchemaError(newer_database_message(before, head))
    legacy = before is None and inspect(connection).has_table(_LEGACY_MARKER_TABLE)
    if before != head:
        command.upgrade(alembic_config(connection), "head")
    return SchemaUpgrade(before=before, after=head, legacy=legacy)


async def upgrade_database(engine: AsyncEngine) -> SchemaUpgrade:
    """Run the revisions the database lacks, in one transaction; SchemaError if it is newer."""
    async with engine.begin() as conn:
        done = await conn.run_sync(_upgrade)
    if done.legacy:
        log.info(
            "database made before schema revisions: taken up as %s, upgraded to %s",
            BASELINE_REVISION,
            done.after,
        )
    elif done.changed:
        log.info("database schema upgraded from %s to %s", done.before or "empty", done.after)
    return done


async def database_revision(engine: AsyncEngine) -> str | None:
    """The database's schema revision (None: empty, or made before revisions)."""
    async with engine.connect() as conn:
        return await conn.run_sync(_current)
