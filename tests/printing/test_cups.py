"""CUPS raw queue end to end: a private cupsd, a raw queue pointing at the virtual printer."""

from collections.abc import Iterator

import pytest

from desktop_app.printing.discovery import list_cups_queues
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.queue import PrintQueue
from desktop_app.printing.transports import OutgoingJob, create_transport

from .cups_server import add_raw_queue, private_cupsd
from .label_factory import pdf_label, zpl_label


@pytest.fixture
def cupsd() -> Iterator[str]:
    """A private cupsd on a Unix socket; skips (with the reason) where it cannot run."""
    with private_cupsd() as sock:
        yield sock


async def test_raw_queue_receives_jobs_unchanged(cupsd, vprinter, tmp_path):
    add_raw_queue(cupsd, "pd_test", f"socket://127.0.0.1:{vprinter.port}")
    assert [q.name for q in await list_cups_queues(server=cupsd)] == ["pd_test"]

    printer = PrinterDefinition("cups", "zpl", f"cups:pd_test?server={cupsd}", 203, "4x6in")
    label = zpl_label() + bytes(range(256))  # every byte value must pass through untouched
    await create_transport(printer).send(OutgoingJob(label, "zpl", "raw test"))
    (job,) = await vprinter.wait_for_jobs(1, timeout=15)
    assert job.data == label

    # and through the queue, a PDF converted for the thermal printer behind CUPS
    async with PrintQueue(tmp_path / "q.sqlite3", backoff_initial=0.2) as queue:
        queued = queue.enqueue(printer, pdf_label(), title="converted")
        assert (await queue.wait_for(queued.id, timeout=15)).state == "done"
    jobs = await vprinter.wait_for_jobs(2, timeout=15)
    assert jobs[1].data.startswith(b"^XA^PON^PW812^LL1218")


async def test_missing_queue_is_reported(cupsd):
    printer = PrinterDefinition("cups", "zpl", f"cups:nosuchqueue?server={cupsd}", 203)
    with pytest.raises(Exception, match="nosuchqueue") as err:
        await create_transport(printer).send(OutgoingJob(b"^XA^XZ", "zpl"))
    assert not err.value.connected
