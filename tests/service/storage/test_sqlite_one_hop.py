"""The service's SQLite engine: one trip to aiosqlite's thread per statement, none for the pool's
rollback of an idle connection, and the same results as SQLAlchemy's own driver (rows, row
counts for the version check, errors, executemany)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite
import pytest
from sqlalchemy import Integer, String, insert, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from desktop_app.service.storage.db import make_engine, make_sessionmaker


class _Base(DeclarativeBase):
    pass


class _Parcel(_Base):
    __tablename__ = "parcels"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    ref: Mapped[str] = mapped_column(String(20), unique=True)
    version: Mapped[int] = mapped_column(Integer, default=1)


@asynccontextmanager
async def _parcels_db(path: Path) -> AsyncIterator[async_sessionmaker[AsyncSession]]:
    """Sessions on a new database at `path` with the parcels table (disposed afterwards)."""
    engine = make_engine(f"sqlite+aiosqlite:///{path}")
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_Base.metadata.create_all)
        yield make_sessionmaker(engine)
    finally:
        await engine.dispose()


@pytest.fixture
def trips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every function sent to an aiosqlite connection's thread, by name."""
    sent: list[str] = []
    original = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(getattr(fn, "__name__", repr(fn)))
        return await original(self, fn, *args, **kwargs)

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    yield sent


def test_a_write_transaction_takes_one_trip_per_statement(tmp_path: Path, trips: list[str]) -> None:
    async def scenario() -> tuple[list[str], list[str], list[int]]:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'one.db'}")
        try:
            async with engine.begin() as conn:
                await conn.run_sync(_Base.metadata.create_all)
            maker = make_sessionmaker(engine)
            async with maker() as session:  # open the pooled connection before counting
                await session.execute(text("SELECT 1"))
            trips.clear()
            async with maker() as session:
                session.add(_Parcel(id=1, ref="A"))
                session.add(_Parcel(id=2, ref="B"))
                await session.flush()
                refs = list(await session.scalars(select(_Parcel.ref).order_by(_Parcel.ref)))
                await session.commit()
            write = list(trips)
            trips.clear()
            async with maker() as session:
                found = list(await session.scalars(select(_Parcel.id).order_by(_Parcel.id)))
            return write, list(trips), found if refs == ["A", "B"] else []
        finally:
            await engine.dispose()

    write, read, found = asyncio.run(scenario())
    assert found == [1, 2]
    # two INSERTs (one executemany or two statements), the SELECT, the COMMIT; no rollback of
    # the connection the pool takes back after the commit
    assert len(write) <= 4, f"trips to aiosqlite's thread for the write: {write}"
    assert "rollback" not in write
    # a read: its statement (and the rollback that ends its transaction)
    assert len(read) <= 2, f"trips to aiosqlite's thread for one SELECT: {read}"


def test_results_row_counts_and_errors_are_sqlalchemys(tmp_path: Path) -> None:
    async def scenario() -> tuple[int, int, list[tuple[int, str]], str]:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'same.db'}")
        try:
            async with engine.begin() as conn:
                await conn.run_sync(_Base.metadata.create_all)
                await conn.execute(insert(_Parcel), [{"id": n, "ref": f"R{n}"} for n in (1, 2, 3)])
            async with engine.begin() as conn:
                changed = await conn.execute(
                    update(_Parcel).where(_Parcel.id >= 2).values(version=_Parcel.version + 1)
                )
                none = await conn.execute(update(_Parcel).where(_Parcel.id == 99).values(ref="X"))
                rows = (await conn.execute(select(_Parcel.id, _Parcel.ref))).all()
            refused = ""
            try:
                async with engine.begin() as conn:
                    await conn.execute(insert(_Parcel).values(id=4, ref="R1"))
            except IntegrityError as exc:
                refused = str(exc.orig)
            async with engine.connect() as conn:
                kept = (await conn.execute(select(_Parcel.id))).scalars().all()
            assert kept == [1, 2, 3], "the refused insert was rolled back"
            return changed.rowcount, none.rowcount, [tuple(r) for r in rows], refused
        finally:
            await engine.dispose()

    changed, none, rows, refused = asyncio.run(scenario())
    assert (changed, none) == (2, 0)
    assert rows == [(1, "R1"), (2, "R2"), (3, "R3")]
    assert "UNIQUE" in refused


def test_a_rolled_back_write_is_gone(tmp_path: Path) -> None:
    async def scenario() -> list[int]:
        async with _parcels_db(tmp_path / "undo.db") as maker:
            async with maker() as session:
                session.add(_Parcel(id=7, ref="gone"))
                await session.flush()
                await session.rollback()
            async with maker() as session:
                return list(await session.scalars(select(_Parcel.id)))

    assert asyncio.run(scenario()) == []


def test_committing_only_reads_takes_no_trip_and_a_write_is_still_committed(
    tmp_path: Path, trips: list[str]
) -> None:
    async def scenario() -> tuple[list[str], list[str], list[str]]:
        async with _parcels_db(tmp_path / "reads.db") as maker:
            async with maker() as session:
                session.add(_Parcel(id=1, ref="kept"))
                await session.commit()
                # a create's shape: read, commit (the carrier's wait), write, commit
                assert (await session.scalar(select(_Parcel.ref))) == "kept"
                trips.clear()
                await session.commit()
                after_reads = list(trips)
                session.add(_Parcel(id=2, ref="written"))
                await session.flush()
                trips.clear()
                await session.commit()
                after_write = list(trips)
            other = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'reads.db'}")
            try:
                async with make_sessionmaker(other)() as session:
                    stored = list(await session.scalars(select(_Parcel.ref).order_by(_Parcel.id)))
            finally:
                await other.dispose()
            return after_reads, after_write, stored

    after_reads, after_write, stored = asyncio.run(scenario())
    assert after_reads == [], f"trips to aiosqlite's thread to commit reads: {after_reads}"
    assert after_write == ["commit"]
    assert stored == ["kept", "written"]
