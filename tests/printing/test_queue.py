import asyncio
import contextlib
import os
import signal
import sqlite3
import sys
import textwrap
from pathlib import Path

import pytest

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue import INTERRUPTED_MESSAGE, PrintQueue, QueueError
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.patience import PATIENCE

from .label_factory import TRACKING, pdf_label, zpl_label

FAST = {"backoff_initial": 0.2, "backoff_max": 1.0}


def zebra(
    vp: VirtualPrinter, name: str = "zebra", dpi: int = 203, **query: str
) -> PrinterDefinition:
    uri = vp.uri + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")
    return PrinterDefinition(name, "zpl", uri, dpi, "4x6in")


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "store.sqlite3"


async def test_job_is_delivered_unchanged_and_marked_done(vprinter, db):
    states = []
    async with PrintQueue(db, **FAST) as queue:
        queue.add_listener(lambda j: states.append(j.state))
        label = zpl_label()
        job = queue.enqueue(zebra(vprinter), label, title="order 1", reference="ship-1")
        done = await queue.wait_for(job.id, timeout=PATIENCE)
    assert done.state == "done" and done.acknowledged_at is not None and done.attempts == 1
    assert states == ["queued", "sending", "sending", "done"]  # sending, then connected
    (received,) = vprinter.jobs
    assert received.data == label


async def test_refused_printer_waits_visibly_then_delivers_once(vprinter, db):
    await vprinter.set_refusing(True)
    async with PrintQueue(db, **FAST) as queue:
        printer = zebra(vprinter)
        job = queue.enqueue(printer, zpl_label())
        waiting = await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
        assert "connection refused" in waiting.last_error
        assert waiting.next_attempt_at is not None
        status = queue.status(printer.name)
        assert status.state == "waiting" and "connection refused" in status.message
        await vprinter.set_refusing(False)
        done = await queue.wait_for(job.id, timeout=PATIENCE)
    assert done.state == "done" and done.attempts >= 2
    assert len(vprinter.jobs) == 1


async def test_stall_is_retried_and_delivered_exactly_once(vprinter, db):
    vprinter.set_stall(0.8)
    async with PrintQueue(db, **FAST) as queue:
        job = queue.enqueue(zebra(vprinter, ack_timeout="0.2"), zpl_label())
        waiting = await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
        assert "stalled" in waiting.last_error and waiting.connected
        vprinter.set_stall(None)
        done = await queue.wait_for(job.id, timeout=PATIENCE)
        assert done.state == "done"
        # the stalled connection finishes as a partial job once the printer reads it
        while len(vprinter.received) < 2:
            await asyncio.sleep(0.05)
    assert len(vprinter.jobs) == 1
    assert [j.complete for j in vprinter.received].count(False) == 1


async def test_drop_mid_job_is_retried_and_delivered_exactly_once(vprinter, db):
    vprinter.set_drop_after(500)
    label = pdf_label()
    async with PrintQueue(db, **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), label, title="converted")
        waiting = await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
        assert "connection lost" in waiting.last_error
        vprinter.set_drop_after(None)
        done = await queue.wait_for(job.id, timeout=PATIENCE)
    assert done.state == "done"
    (received,) = vprinter.jobs
    assert received.data.startswith(b"^XA^PON^PW812^LL1218") and b"^GFA" in received.data
    assert vprinter.received[0].path.suffix == ".partial"


async def test_jobs_print_in_order_per_printer(vprinter, db):
    async with PrintQueue(db, **FAST) as queue:
        printer = zebra(vprinter)
        jobs = [queue.enqueue(printer, zpl_label(f"TRACK{i:04d}")) for i in range(6)]
        for job in jobs:
            await queue.wait_for(job.id, timeout=PATIENCE)
    assert [j.data for j in vprinter.jobs] == [zpl_label(f"TRACK{i:04d}") for i in range(6)]


async def test_one_printer_down_does_not_block_another(tmp_path, db):
    async with (
        VirtualPrinter(tmp_path / "a", refuse=True) as down,
        VirtualPrinter(tmp_path / "b") as up,
        PrintQueue(db, **FAST) as queue,
    ):
        stuck = queue.enqueue(zebra(down, "down"), zpl_label("A1"))
        second = queue.enqueue(zebra(down, "down"), zpl_label("A2"))
        fine = queue.enqueue(zebra(up, "up"), zpl_label("B1"))
        assert (await queue.wait_for(fine.id, timeout=PATIENCE)).state == "done"
        await queue.wait_for(stuck.id, timeout=PATIENCE, states={"waiting"})
        # order: the second job of the stuck printer waits behind the first
        assert queue.get(second.id).state == "queued"
        assert queue.status("up").state == "idle"
        await down.set_refusing(False)
        await queue.wait_for(second.id, timeout=PATIENCE)
    assert [j.data for j in down.jobs] == [zpl_label("A1"), zpl_label("A2")]


async def test_pending_jobs_survive_a_restart(vprinter, db):
    await vprinter.set_refusing(True)
    printer = zebra(vprinter)
    queue = PrintQueue(db, **FAST)
    await queue.start()
    job = queue.enqueue(printer, zpl_label(), title="survivor")
    await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
    await queue.close()

    await vprinter.set_refusing(False)
    async with PrintQueue(db, **FAST) as queue2:
        assert queue2.get(job.id).title == "survivor"
        done = await queue2.wait_for(job.id, timeout=PATIENCE)
    assert done.state == "done"
    assert len(vprinter.jobs) == 1


async def test_job_interrupted_before_connecting_is_sent_after_restart(vprinter, db):
    async with PrintQueue(db, **FAST) as queue:
        await vprinter.set_refusing(True)
        job = queue.enqueue(zebra(vprinter), zpl_label())
        await queue.wait_for(job.id, timeout=PATIENCE, states={"waiting"})
    # as if the process died after persisting `sending` but before connecting
    with contextlib.closing(sqlite3.connect(db)) as con, con:
        con.execute("UPDATE print_jobs SET state='sending', connected=0 WHERE id=?", (job.id,))
    await vprinter.set_refusing(False)
    async with PrintQueue(db, **FAST) as queue:
        assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"
    assert len(vprinter.jobs) == 1


CRASHING_CHILD = textwrap.dedent(
    """
    import asyncio, sys
    from pathlib import Path
    from desktop_app.printing.printers import PrinterDefinition
    from desktop_app.printing.queue import PrintQueue

    async def main():
        queue = PrintQueue(Path(sys.argv[1]))
        await queue.start()
        printer = PrinterDefinition("zebra", "zpl", sys.argv[2] + "?ack_timeout=60", 203, "4x6in")
        queue.enqueue(printer, b"^XA^PW812^FDcrash^FS^XZ")
        await asyncio.sleep(120)

    asyncio.run(main())
    """
)


async def test_job_killed_mid_send_needs_attention_and_is_not_resent(vprinter, db):
    vprinter.set_stall(30.0)  # the printer takes the connection but reads nothing (yet)
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CRASHING_CHILD, str(db), vprinter.uri
    )
    try:
        await vprinter.wait_for_connections(1, timeout=30)
        # another process's commit has no event to wait on: watch its row (bounded)
        async with asyncio.timeout(60):
            while True:
                with contextlib.closing(sqlite3.connect(db)) as con:
                    row = con.execute("SELECT state, connected FROM print_jobs").fetchone()
                if row == ("sending", 1):
                    break
                await asyncio.sleep(0.05)
        assert row == ("sending", 1)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        await child.wait()
    vprinter.set_stall(None)
    async with PrintQueue(db, **FAST) as queue:
        (job,) = queue.jobs()
        assert job.state == "needs_attention" and job.last_error == INTERRUPTED_MESSAGE
        # a later job for the same printer goes through; the interrupted one is not resent
        later = queue.enqueue(zebra(vprinter), zpl_label())
        await queue.wait_for(later.id, timeout=PATIENCE)
        assert [j.data for j in vprinter.jobs] == [zpl_label()]
        # the user decides to reprint: now it goes
        queue.retry(job.id)
        assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"
    assert vprinter.jobs[-1].data == b"^XA^PW812^FDcrash^FS^XZ"


async def test_cancel_retry_redirect(tmp_path, db):
    async with (
        VirtualPrinter(tmp_path / "a", refuse=True) as down,
        VirtualPrinter(tmp_path / "b", dpi=300) as other,
        PrintQueue(db, **FAST) as queue,
    ):
        waiting = queue.enqueue(zebra(down, "down"), pdf_label())
        await queue.wait_for(waiting.id, timeout=PATIENCE, states={"waiting"})
        # redirect to a 300-dpi printer: the PDF is converted again, at 300 dpi
        moved = queue.redirect(waiting.id, zebra(other, "other300", dpi=300))
        assert moved.printer == "other300" and moved.notes == "redirected from down"
        assert (await queue.wait_for(waiting.id, timeout=PATIENCE)).state == "done"
        assert b"^PW1200^LL1800" in other.jobs[0].data

        canceled = queue.enqueue(zebra(down, "down"), zpl_label())
        await queue.wait_for(canceled.id, timeout=PATIENCE, states={"waiting"})
        assert queue.cancel(canceled.id).state == "canceled"
        with pytest.raises(QueueError, match="already canceled"):
            queue.cancel(canceled.id)

        # 203-dpi ZPL for a 300-dpi printer: failed, never sent; redirect fixes it
        refused = queue.enqueue(zebra(other, "other300", dpi=300), zpl_label(dpi=203))
        failed = await queue.wait_for(refused.id, timeout=PATIENCE)
        assert failed.state == "failed" and "made for 203 dpi" in failed.last_error
        await down.set_refusing(False)
        queue.redirect(refused.id, zebra(down, "down"))
        assert (await queue.wait_for(refused.id, timeout=PATIENCE)).state == "done"
        with pytest.raises(QueueError, match="reprint"):
            queue.retry(refused.id)
        again = queue.reprint(refused.id)
        assert (await queue.wait_for(again.id, timeout=PATIENCE)).state == "done"
    assert [j.data for j in down.jobs] == [zpl_label(), zpl_label()]
    assert len(other.jobs) == 1


async def test_live_printer_definition_wins_over_the_snapshot(tmp_path, db):
    async with VirtualPrinter(tmp_path / "vp") as vp:
        old = PrinterDefinition("desk", "zpl", "tcp://127.0.0.1:1", 203, "4x6in")
        book = {"desk": zebra(vp, "desk")}
        async with PrintQueue(db, book, **FAST) as queue:
            job = queue.enqueue(old, zpl_label())
            assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"
    assert len(vp.jobs) == 1


async def test_converted_label_keeps_its_barcode(vprinter, db):
    zxingcpp = pytest.importorskip("zxingcpp")
    from desktop_app.printing.preview import preview_available, render_zpl_images

    if not preview_available():
        pytest.skip("zplkit (preview extra) not installed")
    async with PrintQueue(db, **FAST) as queue:
        job = queue.enqueue(zebra(vprinter), pdf_label())
        await queue.wait_for(job.id, timeout=PATIENCE)
    (image,) = render_zpl_images(vprinter.jobs[0].data, dpi=203)
    assert TRACKING in [b.text for b in zxingcpp.read_barcodes(image)]


async def test_cancel_while_converting_is_never_sent(tmp_path, db):
    async with VirtualPrinter(tmp_path / "vp", dpi=300) as vp, PrintQueue(db, **FAST) as queue:
        printer = zebra(vp, dpi=300)
        # 80 pages at 300 dpi take far longer to convert than the pause below
        slow = queue.enqueue(printer, pdf_label(pages=80))
        await asyncio.sleep(0.02)
        assert queue.get(slow.id).state == "queued"
        queue.cancel(slow.id)
        after = queue.enqueue(printer, zpl_label(dpi=300))
        assert (await queue.wait_for(after.id, timeout=30)).state == "done"
        assert queue.get(slow.id).state == "canceled"
    assert [j.data for j in vp.jobs] == [zpl_label(dpi=300)]


async def test_queue_table_in_the_store_file_leaves_the_store_schema_alone(vprinter, tmp_path):
    from desktop_app.profiles.store import ProfileStore

    store = ProfileStore(tmp_path / "profile")
    try:
        with contextlib.closing(sqlite3.connect(store.db_path)) as con:
            version = con.execute("PRAGMA user_version").fetchone()
        async with PrintQueue(store.db_path, **FAST) as queue:
            job = queue.enqueue(zebra(vprinter), zpl_label(), reference="shipment-1")
            assert (await queue.wait_for(job.id, timeout=PATIENCE)).state == "done"
        with contextlib.closing(sqlite3.connect(store.db_path)) as con:
            tables = {
                r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")
            }
            assert "print_jobs" in tables and len(tables) > 1
            # the store's own schema version is untouched by the queue's table
            assert con.execute("PRAGMA user_version").fetchone() == version
            assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    finally:
        store.close()
    ProfileStore(tmp_path / "profile").close()  # the store still opens its file


async def test_closing_mid_send_leaves_the_job_for_the_user(vprinter, db):
    vprinter.set_stall(30.0)
    queue = PrintQueue(db, **FAST)
    await queue.start()
    job = queue.enqueue(zebra(vprinter, ack_timeout="60"), zpl_label())
    connected = asyncio.Event()
    queue.add_listener(lambda j: connected.set() if j.connected else None)
    await asyncio.wait_for(connected.wait(), 10)
    await queue.close(grace=0.1)
    async with PrintQueue(db, **FAST) as again:
        stopped = again.get(job.id)
        assert stopped.state == "needs_attention" and stopped.last_error == INTERRUPTED_MESSAGE
