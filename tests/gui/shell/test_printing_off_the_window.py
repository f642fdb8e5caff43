"""Printing never waits for the window: the print queue's workers run on a thread of their own,
so a label queued just before the window's thread is held reaches the printer while the hold
lasts. The printer runs on its own thread too, and the test watches its folder."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer

from desktop_app.gui.core.context import AppContext
from desktop_app.printing.printers import PrinterBook
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import create, isolate, zpl_printer
from tests.gui.shipment_desk import open_desk, wait_until

#: a bound only a queue that waits for the window reaches (a label takes well under a second)
HOLD_BOUND = 60.0


@pytest.fixture
async def thread_desk(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    local_service: Any,
    thread_printer: VirtualPrinter,
) -> AsyncIterator[AppContext]:
    isolate(monkeypatch, tmp_path)
    book = PrinterBook(tmp_path / "config" / "printers.json")
    book.put(zpl_printer(thread_printer.uri))
    context = await open_desk(tmp_path, local_service, printer="Desk Zebra", book=book)
    yield context
    await context.aclose()


def _received(folder: Path) -> list[Path]:
    return sorted(folder.glob("job-*.zpl"))


async def test_a_label_queued_before_the_window_is_held_prints_during_the_hold(
    thread_desk: AppContext, thread_printer: VirtualPrinter
) -> None:
    ctx = thread_desk
    stored = await create(ctx, carrier="ups", label={"format": "zpl2_4x6in_203dpi"})
    folder = thread_printer.out_dir
    seen: dict[str, Any] = {}

    def queue_then_hold() -> None:
        """A slot that queues the label and then holds the window's thread until the printer
        has it (or a bound only a waiting queue reaches)."""
        seen["jobs"] = ctx.print_label(stored)
        end = time.monotonic() + HOLD_BOUND
        while not _received(folder) and time.monotonic() < end:
            pass  # busy: the window's thread does not come back to its event loop
        seen["printed during the hold"] = _received(folder)

    QTimer.singleShot(0, queue_then_hold)
    await wait_until(lambda: "printed during the hold" in seen, HOLD_BOUND + 30)
    assert seen["printed during the hold"], "the label waited for the window's thread"
    (job,) = seen["jobs"]
    assert ctx.queue is not None
    assert (await ctx.queue.wait_for(job.id, 30)).state == "done"  # the window is told
    assert b"^XA" in seen["printed during the hold"][0].read_bytes()
