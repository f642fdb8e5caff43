"""The GUI core's plain collaborators, driven without any window: the offers and the label
format a printer wants, the background tasks, the profile's printing (real print queue and
virtual printer), the service connection (the real local service)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest

from desktop_app.client import AuthenticationError
from desktop_app.gui.core import connection
from desktop_app.gui.core.background import BackgroundTasks
from desktop_app.gui.core.offers import auto_format, catalog_offers
from desktop_app.gui.core.profile_printing import ContextNotReady, ProfilePrinting
from desktop_app.printing.printers import PrinterBook
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.models import Preferences
from tests.gui.app_context import (
    add_service_profile,
    create,
    isolate,
    make_manager,
    open_context,
    zpl_printer,
)


def test_auto_format_follows_the_printer_and_the_profile(tmp_path: Path) -> None:
    offers = catalog_offers()
    manager = make_manager(tmp_path)
    profile = manager.last_used
    assert auto_format(offers, profile, None, "nope", "standard") == (None, "choose a carrier")
    fmt, reason = auto_format(offers, profile, None, "dhl", "standard")
    assert (fmt, reason) == ("pdf_a6", "no printer assigned")
    zebra = zpl_printer("tcp://127.0.0.1:9", "Desk Zebra")
    # a 4x6 in ZPL label made for the printer where the carrier has one, else a converted PDF
    fmt, reason = auto_format(offers, profile, zebra, "ups", "standard")
    assert (fmt, reason) == (
        "zpl2_4x6in_203dpi",
        "Desk Zebra: 4x6 in label, ZPL, 203 dpi, made for this printer.",
    )
    fmt, reason = auto_format(offers, profile, zebra, "dpd", "standard")
    assert fmt is not None and fmt.startswith("pdf_")
    assert reason.startswith("Desk Zebra: the carrier has no label made for this printer")
    offered = offers["ups"].formats_for("standard")
    chosen = next(f for f in offered if f != "zpl2_4x6in_203dpi")
    preferring = profile.model_copy(
        update={"preferences": Preferences(label_format_override=chosen)}
    )
    assert auto_format(offers, preferring, zebra, "ups", "standard") == (
        chosen,
        "the profile's preferred format",
    )


async def test_background_tasks_log_failures_cancel_and_refuse_after_close(
    caplog: pytest.LogCaptureFixture,
) -> None:
    tasks = BackgroundTasks()

    async def fail() -> None:
        raise RuntimeError("boom")

    with caplog.at_level(logging.ERROR, "desktop_app.gui.core.background"):
        failed = tasks.spawn(fail())
        await asyncio.wait([failed])
        await asyncio.sleep(0)
    assert any("background task failed" in r.message for r in caplog.records)

    async def short_read() -> str:
        await asyncio.sleep(0)  # ends on the loop's next turn, well within any grace
        return "done"

    quick = tasks.spawn(short_read())
    slow = tasks.spawn(asyncio.sleep(30))
    await tasks.cancel(grace=0.2)
    assert quick.result() == "done"  # it ended within the grace
    assert slow.cancelled()
    assert tasks.running() == []
    tasks.closed = True
    refused = tasks.spawn(asyncio.sleep(0))
    await asyncio.sleep(0)
    assert refused.cancelled()


async def test_profile_printing_queues_labels_for_the_assigned_printer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any, vprinter: VirtualPrinter
) -> None:
    isolate(monkeypatch, tmp_path)
    ctx = await open_context(tmp_path, local_service)
    stored = await create(ctx)
    await ctx.aclose()
    book = PrinterBook(tmp_path / "printing" / "printers.json")
    printing = ProfilePrinting(book)
    profile = ctx.manager.last_used
    with pytest.raises(ValueError, match="No printer is assigned"):
        printing.print_label(profile, stored)
    book.put(zpl_printer(vprinter.uri))
    profile = ctx.manager.update(profile.model_copy(update={"printer": "Desk Zebra"}))
    with pytest.raises(ContextNotReady):
        printing.print_label(profile, stored)  # no queue before the profile opened
    opened = await printing.open(ctx.manager, profile, tmp_path / "printing", lambda: None)
    assert opened == profile  # not the Local sandbox: no virtual printer of its own
    assert printing.sandbox_printer is None and not printing.uses_sandbox_printer(profile)
    changes: list[Any] = []
    unsubscribe = printing.add_listener(changes.append)
    try:
        jobs = printing.print_label(profile, stored, copies=2)
        assert len(jobs) == 2
        received = await vprinter.wait_for_jobs(2, timeout=30)
        assert all(job.data.startswith(b"^XA") for job in received)
        assert changes
        status = printing.status(profile)
        assert status is not None
    finally:
        unsubscribe()
        await printing.close_queue()
    assert printing.queue is None and printing.status(profile) is None


async def test_connect_proves_the_key_and_lists_the_carriers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    isolate(monkeypatch, tmp_path)
    manager = make_manager(tmp_path)
    profile = add_service_profile(manager, local_service)
    assert connection.connecting_text(profile)[0] == "connecting"
    service = await connection.connect(manager, profile, None)
    try:
        assert "dhl" in service.offers
        assert service.base_url == local_service.base_url
        assert connection.connected_text(service) == f"Connected to {local_service.base_url}"
    finally:
        await service.client.aclose()
    wrong = add_service_profile(manager, local_service, "Wrong key", "sk_test_" + "0" * 32)
    with pytest.raises(AuthenticationError) as raised:
        await connection.connect(manager, wrong, None)
    assert connection.failure_text(raised.value) == (
        "The API key was not accepted. Check the key in the profile settings."
    )
