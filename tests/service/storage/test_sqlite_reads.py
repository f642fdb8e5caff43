"""The dedicated SQLite read connection of hot reads (API keys, label downloads)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.ext.asyncio import async_sessionmaker, create_async_engine

from desktop_app.service.storage.db import Base
from desktop_app.service.storage.shipments import LabelFile, label_download
from desktop_app.service.storage.sqlite_reads import SqliteReads

TOKEN = "t" * 32


async def _label_files_db(tmp_path: Path) -> Any:
    """A SQLite file holding the label_files table (foreign keys not enforced: no shipments)."""
    engine = create_async_engine(f"sqlite+aiosqlite:///{tmp_path / 'service.db'}")
    async with engine.begin() as conn:
        await conn.run_sync(Base.metadata.create_all, tables=[LabelFile.__table__])
    return engine


def _label(label_format: str, media_type: str, data: bytes) -> LabelFile:
    return LabelFile(
        token=TOKEN,
        shipment_id="s1",
        account_id="a1",
        label_format=label_format,
        media_type=media_type,
        data=data,
    )


async def test_reads_see_every_commit_at_once_and_never_write(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    engine = await _label_files_db(tmp_path)
    reads = SqliteReads(engine)
    try:
        sql = "SELECT label_format FROM label_files WHERE token = ?"
        assert await reads.fetch(sql, (TOKEN,)) == []
        async with async_sessionmaker(engine)() as session:  # another connection commits
            session.add(_label("pdf_a6", "application/pdf", b"%PDF-"))
            await session.commit()
        assert await reads.fetch(sql, (TOKEN,)) == [("pdf_a6",)]  # no stale snapshot
        # read-only: a write fails and the caller is told to use a session
        assert await reads.fetch("DELETE FROM label_files", ()) is None
        assert await reads.fetch(sql, (TOKEN,)) == [("pdf_a6",)]
        # a failing read is logged (a bug), the caller reads through its session
        assert await reads.fetch("SELECT nothing FROM no_table", ()) is None
        assert "fast SQLite read failed" in caplog.text
    finally:
        await reads.close()
        await engine.dispose()


async def test_no_fast_reads_without_a_sqlite_file() -> None:
    engine = create_async_engine("sqlite+aiosqlite:///:memory:")
    try:
        assert await SqliteReads(engine).fetch("SELECT 1", ()) is None
    finally:
        await engine.dispose()


async def test_a_label_file_reads_the_same_through_a_session(tmp_path: Path) -> None:
    engine = await _label_files_db(tmp_path)
    reads = SqliteReads(engine)
    sessions = async_sessionmaker(engine)
    try:
        async with sessions() as session:
            session.add(_label("zpl2_4x6in_203dpi", "application/x-zpl", b"^XA^XZ"))
            await session.commit()
        found = []
        for fast_path in (reads, None):
            async with sessions() as session:
                found.append(await label_download(fast_path, session, TOKEN))
                assert await label_download(fast_path, session, "u" * 32) is None
        assert found[0] == found[1] == ("s1", "zpl2_4x6in_203dpi", "application/x-zpl", b"^XA^XZ")
    finally:
        await reads.close()
        await engine.dispose()
