"""Write a new schema revision of the service's database from the models' changes.

    .venv/bin/python tools/schema_revision.py "customs declarations"

It upgrades a scratch SQLite database to the newest revision, lets Alembic compare it with the
models (desktop_app/service/storage/, table_registry.TABLE_MODULES) and writes what differs as
desktop_app/service/storage/migrations/versions/NNNN_<slug>.py, numbered after the newest. Read and
complete it before committing: Alembic does not see renames (it writes a drop and an add),
and a new NOT NULL column of a table with rows needs a server default or a data step.
tests/service/storage/test_migrations.py fails until the revisions and the models agree.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

from alembic import command
from sqlalchemy import create_engine

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))

from desktop_app.service.storage.db import make_engine  # noqa: E402
from desktop_app.service.storage.schema import alembic_config, head_revision, upgrade_database  # noqa: E402


def _next_number(head: str) -> str:
    number, _, _ = head.partition("_")
    return f"{int(number) + 1:04d}"


def main(message: str) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        database = Path(scratch) / "head.db"

        async def upgrade() -> None:
            engine = make_engine(f"sqlite+aiosqlite:///{database}")
            try:
                await upgrade_database(engine)
            finally:
                await engine.dispose()

        asyncio.run(upgrade())
        slug = "_".join(message.lower().split())[:40]
        rev_id = f"{_next_number(head_revision())}_{slug}"
        with create_engine(f"sqlite:///{database}").connect() as connection:
            config = alembic_config(connection)
            config.set_main_option("file_template", "%%(rev)s")
            # Alembic says which file it wrote
            command.revision(config, message=message, autogenerate=True, rev_id=rev_id)
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
