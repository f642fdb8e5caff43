"""BatchRunner in process: cancel, failed rows edited and retried, printing in file order."""

from __future__ import annotations

from pathlib import Path

from desktop_app.batch_runs.rows import Batch, BatchRow, printer_format_chooser
from desktop_app.batch_runs.runner import BatchRunner
from desktop_app.client.errors import APIError
from desktop_app.client.journaled_creation import ShipmentCreator
from desktop_app.orders.importer import read_table
from desktop_app.orders.mapping import guess_mapping
from desktop_app.orders.shipment_drafts import Defaults
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue import PrintQueue
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.orders.helpers import HEADERS, PACKAGE, SENDER, Station, order_rows, write_csv


def _batch(path: Path, printer: PrinterDefinition | None = None) -> Batch:
    table = read_table(path)
    defaults = Defaults(sender=SENDER, carrier="ups", package=PACKAGE)
    return Batch(
        table, guess_mapping(table.headers), defaults, choose_format=printer_format_chooser(printer)
    )


async def test_cancel_then_retry_creates_each_row_once(station: Station, tmp_path: Path) -> None:
    batch = _batch(write_csv(tmp_path / "o.csv", HEADERS, order_rows(12)))
    seen: list[tuple[int, str]] = []
    runner: BatchRunner

    def on_row(row: BatchRow) -> None:
        seen.append((row.number, row.status))
        if row.status == "created" and not any(s == "canceled" for _, s in seen):
            runner.cancel()  # the first run only: as soon as one row is created

    with station.manager.open_store(station.profile) as store:
        async with station.client() as client:
            runner = BatchRunner(
                batch, ShipmentCreator(client, store), concurrency=2, on_row=on_row
            )
            await runner.run()
            statuses = [r.status for r in batch.rows]
            assert set(statuses) == {"created", "canceled"}
            created = statuses.count("created")
            assert 1 <= created <= 3  # the rows already sent when it was canceled finish
            assert (1, "creating") in seen and (1, "created") in seen
            assert sorted(await station.references_on_service()) == sorted(
                r.reference for r in batch.rows if r.status == "created"
            )

            retried = await runner.retry_failed()
            assert len(retried) == 12 - created
            assert [r.status for r in batch.rows] == ["created"] * 12
            references = await station.references_on_service()
            assert sorted(references) == [f"A-{i:04d}" for i in range(1, 13)]
            assert store.count_shipments() == 12


async def test_failed_row_is_fixed_and_retried_labels_in_file_order(
    station: Station, vprinter: VirtualPrinter, tmp_path: Path
) -> None:
    printer = PrinterDefinition(name="Zebra", kind="zpl", transport=vprinter.uri, stock="4x6in")
    rows = [["A-1", "Acme", "Ring", "10115", "Berlin", "DE", "1"]]
    rows += [["A-2", "CARRIER-ERROR Ltd", "Ring", "10115", "Berlin", "DE", "2"]]
    rows += [[f"A-{i}", f"Firma {i}", "Ring", "10115", "Berlin", "DE", "1,5"] for i in (3, 4, 5)]
    headers = ["Order", "Firma", "Straße", "PLZ", "Ort", "Land", "Gewicht"]
    # no house-number column and none in the street: the street number comes from the mapping
    path = write_csv(tmp_path / "o.csv", headers, [[*r[:2], f"{r[2]} 1", *r[3:]] for r in rows])
    batch = _batch(path, printer)
    assert all(r.valid for r in batch.rows), [r.problems for r in batch.rows]

    queue = PrintQueue(tmp_path / "queue.sqlite", {"Zebra": printer})
    await queue.start()
    try:
        with station.manager.open_store(station.profile) as store:
            async with station.client() as client:
                runner = BatchRunner(
                    batch, ShipmentCreator(client, store), queue=queue, printer=printer
                )
                await runner.run()
                assert [r.status for r in batch.rows] == [
                    "created",
                    "failed",
                    "created",
                    "created",
                    "created",
                ]
                failed = batch.rows[1]
                assert failed.error is not None and "CARRIER-ERROR" in failed.error
                # the client error is kept beside its text, for the GUI to word it
                assert isinstance(failed.failure, APIError) and failed.failure.errors
                jobs = await runner.wait_printed(30)
                assert [j.state for j in jobs] == ["done"] * 4

                batch.edit_cell(1, "Firma", "Beta GmbH")
                assert failed.status == "ready"
                await runner.retry_failed()
                assert failed.status == "created" and failed.error is None
                assert failed.failure is None
                jobs = await runner.wait_printed(30)
                assert [j.state for j in jobs] == ["done"]
    finally:
        await queue.close()

    order = [1, 3, 4, 5, 2]  # file order, then the retried row
    received = [job for job in vprinter.jobs if job.complete]
    assert len(received) == 5
    for job, number in zip(received, order, strict=True):
        tracking = batch.rows[number - 1].tracking_no
        assert tracking and tracking.encode() in job.data
    assert sorted(await station.references_on_service()) == [f"A-{i}" for i in range(1, 6)]


async def test_rerun_prints_nothing_twice_but_reprints_a_canceled_label(
    station: Station, vprinter: VirtualPrinter, tmp_path: Path
) -> None:
    printer = PrinterDefinition(name="Zebra", kind="zpl", transport=vprinter.uri, stock="4x6in")
    path = write_csv(tmp_path / "o.csv", HEADERS, order_rows(4))
    queue = PrintQueue(tmp_path / "queue.sqlite", {"Zebra": printer}, backoff_initial=0.1)
    await queue.start()
    try:
        with station.manager.open_store(station.profile) as store:
            async with station.client() as client:
                await vprinter.set_refusing(True)  # the printer is off during the first run
                first = _batch(path, printer)
                runner = BatchRunner(
                    first, ShipmentCreator(client, store), queue=queue, printer=printer
                )
                await runner.run()
                assert [r.status for r in first.rows] == ["created"] * 4
                # row 3's label is canceled at the desk while it waits behind row 1's
                queue.cancel(first.rows[2].print_job_id or 0)
                await vprinter.set_refusing(False)
                jobs = await runner.wait_printed(30)
                assert [j.state for j in jobs] == ["done", "done", "canceled", "done"]

                again = _batch(path, printer)
                runner = BatchRunner(
                    again, ShipmentCreator(client, store), queue=queue, printer=printer
                )
                await runner.run()
                assert [r.status for r in again.rows] == ["created"] * 4
                assert all(r.resumed and r.note == "created by an earlier run" for r in again.rows)
                assert [r.shipment_id for r in again.rows] == [r.shipment_id for r in first.rows]
                jobs = await runner.wait_printed(30)
                assert [j.state for j in jobs] == ["done"] * 4
    finally:
        await queue.close()
    received = [job for job in vprinter.jobs if job.complete]
    assert len(received) == 4  # rows 1, 2 and 4, then row 3 by the second run
    for job, index in zip(received, (0, 1, 3, 2), strict=True):
        tracking = first.rows[index].tracking_no
        assert tracking and tracking.encode() in job.data
    assert len(await station.references_on_service()) == 4
