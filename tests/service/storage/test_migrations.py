"""Schema revisions: an older database is upgraded with nothing lost, a newer one is refused,
and the revisions make exactly the schema the models describe.

The older databases are tests/service/storage/legacy/service-a658287.* (SQLite file and
pg_dump), made by main's code before Alembic through the public API (make_legacy_data.py):
shipments with PDF and ZPL labels, station keys, a second account, a pickup, a manifest, a
webhook.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Column, Connection, Integer, MetaData, text

from desktop_app.service.commands.serve import SCHEMA_REFUSED_EXIT
from desktop_app.service.storage import table_registry
from desktop_app.service.storage.db import Base, make_engine
from desktop_app.service.storage.schema import (
    BASELINE_REVISION,
    SchemaError,
    head_revision,
    scripts,
    upgrade_database,
)
from tests.fixtures.service import (
    LOCAL_SERVICE_ARGS,
    RunningService,
    run_packdesk,
    start_service,
)
from tests.payloads import shipment
from tests.service.database_rows import on_connection, snapshot, sqlite_url
from tests.service.postgres import PG_USER, PostgresCluster, throwaway_cluster

LEGACY = Path(__file__).with_name("legacy")
LEGACY_SQLITE = LEGACY / "service-a658287.db"
LEGACY_PG = LEGACY / "service-a658287.pg.sql"
# retention off: the fixture's sandbox shipments age past 14 days and would be deleted
SERVE_ARGS = (
    *LOCAL_SERVICE_ARGS,
    "--render-processes",
    "0",
    "--no-label-warm-up",
    "--sandbox-retention-days",
    "0",
)
# the running service's delivery worker retries these (attempts, times): compared by id
WORKER_TABLES = ("webhooks", "webhook_deliveries")


def _packdesk(*args: str) -> subprocess.CompletedProcess[str]:
    return run_packdesk(*args)


async def _differences(url: str, models: MetaData | None = None) -> list[Any]:
    """What Alembic finds different between the database and the models' tables."""
    table_registry.load_all()

    def compare(connection: Connection) -> list[Any]:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return list(compare_metadata(context, models or Base.metadata))

    return await on_connection(url, compare)


async def _upgrade(url: str) -> None:
    engine = make_engine(url)
    try:
        await upgrade_database(engine)
    finally:
        await engine.dispose()


def _assert_same_data(
    before: dict[str, list[tuple[Any, ...]]], after: dict[str, list[tuple[Any, ...]]]
) -> None:
    # tables of later revisions come empty; every table of the older release keeps every row
    assert after.keys() >= before.keys()
    assert all(after[name] == [] for name in after.keys() - before.keys())
    for name, rows in before.items():
        if name in WORKER_TABLES:
            assert sorted(row[0] for row in after[name]) == sorted(row[0] for row in rows)
        else:
            # columns added by later revisions come last and empty (NULL) in the older rows
            width = len(rows[0]) if rows else 0
            assert [row[:width] for row in after[name]] == rows, name
            assert all(value is None for row in after[name] for value in row[width:]), name


def _legacy_data_dir(tmp_path: Path, keys_file: Path) -> Path:
    """A data dir as the previous release left it: its credentials file (and its database)."""
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    keys = json.loads(keys_file.read_text(encoding="utf-8"))
    (data_dir / "credentials.json").write_text(json.dumps(keys["credentials"]), encoding="utf-8")
    (data_dir / "credentials.json").chmod(0o600)
    return data_dir


def _check_served_intact(
    service: RunningService, keys_file: Path, before: dict[str, list[tuple[Any, ...]]]
) -> None:
    """Every key of the older release still works and sees its own shipments and labels."""
    keys = json.loads(keys_file.read_text(encoding="utf-8"))
    assert service.sandbox_key == keys["credentials"]["sandbox_key"]  # not rotated
    labels = {row[0]: row[6] for row in before["label_files"]}  # token -> bytes
    shipments = {row[0] for row in before["shipments"]}
    station_keys = [station["sandbox_key"] for station in keys["stations"]]
    seen: set[str] = set()
    for key in (service.sandbox_key, *station_keys, keys["second_account"]["sandbox_key"]):
        with service.client(key) as client:
            assert client.get("/v1/me").status_code == 200
            listed = client.get("/v1/shipments", params={"per_page": 100}).json()["shipments"]
            for item in listed:
                assert item["id"] in shipments
                seen.add(item["id"])
                full = client.get(f"/v1/shipments/{item['id']}")
                assert full.status_code == 200
                url = full.json().get("label_url")
                if url:
                    token = url.rsplit("/", 1)[1].split(".")[0]
                    label = client.get(url.replace(service.base_url, ""))
                    assert label.status_code == 200 and label.content == labels[token]
    # the sandbox shipments of both accounts, all of them (none lost, none foreign)
    assert seen == {row[0] for row in before["shipments"] if row[2] == "sandbox"}
    with service.client("sandbox") as client:
        made = client.post("/v1/shipments", json=shipment("dhl", label=True))
        assert made.status_code == 200, made.text


def test_the_revisions_make_the_models_schema(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "new.db")

    async def run() -> None:
        engine = make_engine(url)
        try:
            done = await upgrade_database(engine)
            assert (done.before, done.after, done.legacy) == (None, head_revision(), False)
            again = await upgrade_database(engine)
            assert not again.changed
        finally:
            await engine.dispose()
        assert await _differences(url) == []

    asyncio.run(run())


def test_a_model_column_without_a_revision_is_noticed(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path / "new.db")
    asyncio.run(_upgrade(url))
    table_registry.load_all()
    models = MetaData()
    for table in Base.metadata.tables.values():
        table.to_metadata(models)
    models.tables["shipments"].append_column(Column("customs_note", Integer, nullable=True))
    found = asyncio.run(_differences(url, models))
    assert [d[0] for d in found] == ["add_column"] and found[0][3].name == "customs_note"


def test_one_line_of_revisions() -> None:
    # two heads mean two branches each added a revision on the same parent: merge them
    # (`alembic merge`) or renumber the later one on top of the other
    assert len(scripts().get_heads()) == 1
    assert scripts().get_base() == BASELINE_REVISION


def test_sqlite_database_of_the_previous_release_upgraded_with_nothing_lost(
    tmp_path: Path,
) -> None:
    data_dir = _legacy_data_dir(tmp_path, LEGACY_SQLITE.with_suffix(".keys.json"))
    database = data_dir / "service.db"
    shutil.copyfile(LEGACY_SQLITE, database)
    before = asyncio.run(snapshot(sqlite_url(database)))
    counts = {name: len(rows) for name, rows in before.items()}
    assert counts["shipments"] == 7 and counts["label_files"] == 8
    assert counts["api_keys"] == 8 and counts["api_key_names"] == 4

    with start_service(data_dir, *SERVE_ARGS) as service:
        log = (data_dir / "service.log").read_text(encoding="utf-8")
        assert "database made before schema revisions: taken up as 0001_baseline" in log
        # every row of every table, label bytes included
        _assert_same_data(before, asyncio.run(snapshot(sqlite_url(database))))
        _check_served_intact(service, LEGACY_SQLITE.with_suffix(".keys.json"), before)
    with sqlite3.connect(database) as conn:
        (version,) = conn.execute("SELECT version_num FROM alembic_version").fetchone()
    assert version == head_revision()
    assert asyncio.run(_differences(sqlite_url(database))) == []
    print(f"\nSQLite release a658287 upgraded to {version}: rows kept {counts}")  # noqa: T201 - the figures of the report


def test_serve_migrate_upgrades_explicitly_and_checks(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    shutil.copyfile(LEGACY_SQLITE, data_dir / "service.db")
    before = asyncio.run(snapshot(sqlite_url(data_dir / "service.db")))
    check = _packdesk("serve", "migrate", "--data-dir", str(data_dir), "--check")
    assert check.returncode == 1 and "no revision" in check.stdout
    done = _packdesk("serve", "migrate", "--data-dir", str(data_dir))
    assert done.returncode == 0, done.stderr
    _assert_same_data(before, asyncio.run(snapshot(sqlite_url(data_dir / "service.db"))))
    assert "made before schema revisions" in done.stdout and head_revision() in done.stdout
    again = _packdesk("serve", "migrate", "--data-dir", str(data_dir))
    assert again.returncode == 0 and f"already at {head_revision()}" in again.stdout
    check = _packdesk("serve", "migrate", "--data-dir", str(data_dir), "--check")
    assert check.returncode == 0, check.stdout


def test_a_database_newer_than_the_code_is_refused(tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    database = data_dir / "service.db"
    assert _packdesk("serve", "migrate", "--data-dir", str(data_dir)).returncode == 0
    with sqlite3.connect(database) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0999_from_the_future'")
    before = asyncio.run(snapshot(sqlite_url(database)))

    migrate = _packdesk("serve", "migrate", "--data-dir", str(data_dir))
    assert migrate.returncode == 1
    assert "0999_from_the_future" in migrate.stderr and "newer Packdesk" in migrate.stderr
    assert "Traceback" not in migrate.stderr
    serve = _packdesk("serve", "--port", "0", "--data-dir", str(data_dir), *SERVE_ARGS)
    assert serve.returncode == SCHEMA_REFUSED_EXIT, serve.stderr
    assert "newer Packdesk" in serve.stderr and "Traceback" not in serve.stderr
    accounts = _packdesk("accounts", "--data-dir", str(data_dir), "list")
    assert accounts.returncode == 1 and "newer Packdesk" in accounts.stderr
    assert asyncio.run(snapshot(sqlite_url(database))) == before  # nothing written
    with sqlite3.connect(database) as conn:
        assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [
            ("0999_from_the_future",)
        ]

    async def direct() -> None:
        engine = make_engine(sqlite_url(database))
        try:
            with pytest.raises(SchemaError, match="restore a backup"):
                await upgrade_database(engine)
        finally:
            await engine.dispose()

    asyncio.run(direct())


@pytest.fixture(scope="module")
def cluster() -> Any:
    with throwaway_cluster() as pg:
        yield pg


def _load_dump(cluster: PostgresCluster, name: str, dump: Path) -> str:
    url = cluster.create_database(name)
    done = subprocess.run(
        cluster._cmd(
            "psql", "-q", "-v", "ON_ERROR_STOP=1", "-h", str(cluster.socket_dir), "-U", PG_USER
        )
        + ["-d", name],
        input=dump.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return url


def test_postgresql_database_of_the_previous_release_upgraded_with_nothing_lost(
    cluster: PostgresCluster, tmp_path: Path
) -> None:
    url = _load_dump(cluster, "legacy", LEGACY_PG)
    keys_file = LEGACY_PG.with_suffix(".keys.json")
    data_dir = _legacy_data_dir(tmp_path, keys_file)
    before = asyncio.run(snapshot(url))
    counts = {name: len(rows) for name, rows in before.items()}
    assert counts["shipments"] == 7 and counts["label_files"] == 8

    with start_service(data_dir, "--database-url", url, *SERVE_ARGS) as service:
        _assert_same_data(before, asyncio.run(snapshot(url)))
        _check_served_intact(service, keys_file, before)

    def version(connection: Connection) -> object:
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()

    assert asyncio.run(on_connection(url, version)) == head_revision()
    assert asyncio.run(_differences(url)) == []
    print(f"\nPostgreSQL release a658287 upgraded: rows kept {counts}")  # noqa: T201 - the figures of the report


def test_postgresql_revisions_make_the_models_schema(cluster: PostgresCluster) -> None:
    url = cluster.create_database("fresh")
    asyncio.run(_upgrade(url))
    assert asyncio.run(_differences(url)) == []
