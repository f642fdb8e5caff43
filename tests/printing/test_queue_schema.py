"""The print queue's file across versions: an old file is upgraded intact, a newer one refused."""

import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from desktop_app.printing.queue import SCHEMA_VERSION, PrintQueue
from desktop_app.printing.queue.table import MIGRATIONS, VERSION_TABLE
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.sqlite_db import NewerSchemaError
from tests.patience import PATIENCE

from .label_factory import zpl_label
from .test_queue import FAST, zebra

OLD_QUEUE = Path(__file__).parents[1] / "data" / "old_databases" / "print_queue.sqlite"


def recorded_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as conn:
        return int(conn.execute(f"SELECT version FROM {VERSION_TABLE}").fetchone()[0])


async def test_a_queue_file_of_main_before_the_split_keeps_its_jobs_and_prints_them(
    vprinter: VirtualPrinter, tmp_path: Path
) -> None:
    path = tmp_path / "print_queue.sqlite"
    shutil.copyfile(OLD_QUEUE, path)
    printers = {"zebra": zebra(vprinter)}
    async with PrintQueue(path, printers, health=False, **FAST) as queue:
        held, done = queue.jobs()
        assert (held.title, held.reference, done.title, done.state) == (
            "old job",
            "shp_old_1",
            "done job",
            "done",
        )
        assert queue.document(held.id) == b"^XA^FDold^FS^XZ"
        assert (await queue.wait_for(held.id, timeout=PATIENCE)).state == "done"
        new = queue.enqueue(printers["zebra"], zpl_label())
        assert (await queue.wait_for(new.id, timeout=PATIENCE)).state == "done"
    assert [job.data for job in vprinter.jobs] == [b"^XA^FDold^FS^XZ", zpl_label()]
    assert recorded_version(path) == SCHEMA_VERSION


async def test_a_queue_file_from_before_held_jobs_gains_the_column(tmp_path: Path) -> None:
    path = tmp_path / "print_queue.sqlite"
    with closing(sqlite3.connect(path)) as conn:
        for statement in MIGRATIONS[0]:
            conn.execute(statement)
        conn.execute(
            "INSERT INTO print_jobs (printer, printer_json, state, title, document, doc_kind,"
            " created_at, updated_at) VALUES ('zebra', '{}', 'failed', 'early', x'00', 'zpl', 1, 1)"
        )
        conn.commit()
    async with PrintQueue(path, health=False) as queue:
        (job,) = queue.jobs()
        assert (job.title, job.state, job.held_reason) == ("early", "failed", None)
    assert recorded_version(path) == SCHEMA_VERSION == 2


async def test_a_queue_file_of_a_newer_packdesk_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "print_queue.sqlite"
    PrintQueue(path, health=False)._table.close()
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"UPDATE {VERSION_TABLE} SET version = ?", (SCHEMA_VERSION + 1,))
        conn.commit()
    with pytest.raises(NewerSchemaError) as refused:
        PrintQueue(path, health=False)
    message = str(refused.value)
    assert str(path) in message and "newer Packdesk" in message and "update Packdesk" in message
    assert recorded_version(path) == SCHEMA_VERSION + 1


def test_the_print_command_moves_the_queue_file_of_its_earlier_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop_app.paths import LEGACY_CLI_QUEUE_DB_NAME, PRINT_QUEUE_DB_NAME
    from desktop_app.printing.cli import _queue_db

    monkeypatch.setenv("PACKDESK_DATA_DIR", str(tmp_path))
    shutil.copyfile(OLD_QUEUE, tmp_path / LEGACY_CLI_QUEUE_DB_NAME)
    assert _queue_db(None) == tmp_path / PRINT_QUEUE_DB_NAME
    assert not (tmp_path / LEGACY_CLI_QUEUE_DB_NAME).exists()
    assert (tmp_path / PRINT_QUEUE_DB_NAME).read_bytes() == OLD_QUEUE.read_bytes()
