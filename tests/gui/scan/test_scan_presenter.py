"""The Scan page's presenter without a window, against the local service and the virtual
printer: what the view shows for each outcome, the sound it asks for (none when the profile
turned sounds off), the pack check following the profile's preference, errors that hold the
next scan until confirmed; and the sounds themselves: the WAV file through a player program,
the desktop bell (one beep, three for an error) where no player is found."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.scan.presenter import BLUE, GREEN, RED, ScanPresenter
from desktop_app.gui.scan.sound import GAP_MS, ScanSounds, beeps_for
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.scales.config import ScaleConfig
from desktop_app.station.sounds import sound_file
from tests.gui.app_context import expect, use_printer
from tests.gui.scan_desk import add_orders, set_preferences
from tests.gui.scan_desk import ctx as ctx  # the fixture
from tests.gui.shipment_desk import loads_done
from tests.station.conftest import BOOK, MUG, TEA, order_body
from tests.station.fake_player import install_player, played
from tests.station.test_customs_a4_printer import abroad_order, put_mug
from tests.station.test_customs_destinations import PRESETS as DESTINATION_PRESETS
from tests.station.test_customs_destinations import papers_kinds, pdf_pages


@pytest.fixture
async def presenter(ctx: AppContext, vprinter: VirtualPrinter) -> AsyncIterator[ScanPresenter]:
    use_printer(ctx, vprinter.uri)
    scale = ScalePresenter(config=ScaleConfig())  # no scale at this desk
    yield ScanPresenter(ctx, scale)
    await scale.aclose()


async def _do(presenter: ScanPresenter, action: Any, *args: Any) -> Any:
    shown = expect(presenter.outcome_shown)
    action(*args)
    (outcome,) = await asyncio.wait_for(shown, 60)
    return outcome


async def test_view_and_sound_per_outcome_and_the_pack_check_of_the_profile(
    ctx: AppContext, presenter: ScanPresenter, vprinter: VirtualPrinter
) -> None:
    sounds: list[str] = []
    presenter.sound.connect(sounds.append)
    await add_orders(ctx, order_body("P-1"), order_body("P-2", items=[(MUG, 1), (TEA, 2)]))
    assert not presenter.pack_check  # off by default

    shipped = await _do(presenter, presenter.scan, "P-1")
    view = presenter.view
    assert shipped.kind == "shipped" and view.color == GREEN and sounds == ["success"]
    assert shipped.shipment.carrier_tracking_no in view.title and "DHL" in view.title
    assert view.weight == "Weight: 0.400 kg" and view.order == "Order P-1"
    assert view.preset == "" and view.items == []  # nothing of it while the next is awaited

    set_preferences(ctx, pack_check=True)  # Settings › Station: the next scan follows it
    packing = await _do(presenter, presenter.scan, "P-2")
    assert packing.kind == "packing" and view.color == BLUE
    assert view.items == [f"… 0/1  Artikel 3931  {MUG}", f"… 0/2  Artikel 3948  {TEA}"]
    assert view.detail == "Scan the items: 3 to go (F6 ships without them)."
    wrong = await _do(presenter, presenter.scan, BOOK)
    assert wrong.code == "wrong_item" and view.color == RED and presenter.awaiting_ack
    assert sounds == ["success", "success", "error"]
    presenter.scan(MUG)  # not taken before the packer confirmed the error
    await loads_done(ctx)  # whatever the scan started has ended
    assert presenter.last_outcome is wrong and sounds[-1] == "error"
    assert view.detail == "Press Esc to confirm the message, then scan again."
    presenter.acknowledge()
    assert not presenter.awaiting_ack and view.title == "Ready: scan an order"

    set_preferences(ctx, scan_sound=False)
    ticked = await _do(presenter, presenter.scan, MUG)
    assert ticked.kind == "ticked" and view.items[0] == f"✔ 1/1  Artikel 3931  {MUG}"
    await _do(presenter, presenter.scan, TEA)
    done = await _do(presenter, presenter.scan, TEA)
    assert done.kind == "shipped" and view.color == GREEN and view.items == []
    assert len(sounds) == 4  # sounds off: none more
    await vprinter.wait_for_jobs(4, timeout=60)


async def test_typed_weight_when_neither_scale_nor_order_has_one(
    ctx: AppContext, presenter: ScanPresenter
) -> None:
    await add_orders(ctx, order_body("P-3", weight=None))
    waiting = await _do(presenter, presenter.scan, "P-3")
    assert waiting.kind == "packing" and presenter.view.asks_weight
    assert not presenter.type_weight("heavy")  # not a weight: still asked
    assert presenter.view.asks_weight
    shipped = await _do(presenter, presenter.type_weight, "2.5")
    assert shipped.kind == "shipped" and shipped.weight_kg == 2.5
    assert not presenter.view.asks_weight


@pytest.mark.skipif(sys.platform == "win32", reason="Windows plays through winsound")
def test_the_wav_through_a_player_else_the_bell_once_for_success_three_times_for_an_error(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rings: list[str] = []
    sounds = ScanSounds(bell=lambda: rings.append("ring"))  # QApplication.beep: not observable
    (tmp_path / "empty").mkdir()
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))  # no pw-play, paplay, aplay, afplay
    assert sounds.play("error") == "bell"
    qtbot.waitUntil(lambda: len(rings) == 3, timeout=30_000)
    assert sounds.play("success") == "bell"
    qtbot.waitUntil(lambda: len(rings) == 4, timeout=30_000)
    assert (beeps_for("success"), beeps_for("error")) == (1, 3)

    record = install_player(tmp_path / "bin", "aplay")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    assert sounds.play("success") == "file"
    assert sounds.player.wait(30)
    assert played(record) == [sound_file("success")]
    qtbot.wait(2 * GAP_MS)  # none rang with a player
    assert len(rings) == 4


async def _scan(presenter: ScanPresenter, code: str) -> Any:
    shown = expect(presenter.outcome_shown)
    presenter.scan(code)
    (outcome,) = await asyncio.wait_for(shown, 60)
    if outcome.kind == "packing":
        shown = expect(presenter.outcome_shown)
        presenter.ship_now()
        (outcome,) = await asyncio.wait_for(shown, 60)
    return outcome


async def test_papers_on_the_a4_printer_else_saved_and_said(
    ctx: AppContext, presenter: ScanPresenter, vprinter: VirtualPrinter, a4printer: VirtualPrinter
) -> None:
    """With the profile's A4 printer set the label goes to the label printer and CN 23 plus
    invoice to the A4 printer in one scan; without one the page says where they are saved."""
    assert ctx.store is not None
    put_mug(ctx.store)
    ctx.printers.put(PrinterDefinition(name="Office A4", kind="pdf", transport=a4printer.uri))
    set_preferences(ctx, documents_printer="Office A4")
    await add_orders(
        ctx,
        abroad_order("CH-1", "CH", "8001", "Zürich"),
        abroad_order("CH-2", "CH", "8001", "Zürich"),
    )

    shipped = await _scan(presenter, "CH-1")
    assert shipped.kind == "shipped", shipped
    assert presenter.view.color == GREEN
    printing = "Customs papers (CN 23 ×2, commercial invoice) are printing on Office A4."
    assert printing in presenter.view.detail
    assert len(await vprinter.wait_for_jobs(1)) == 1
    (papers,) = await a4printer.wait_for_jobs(1)
    assert papers.data.startswith(b"%PDF-")

    set_preferences(ctx, documents_printer=None)
    saved = await _scan(presenter, "CH-2")
    assert saved.kind == "shipped" and saved.papers_path is not None
    # said in words, never as a path: the banner's "Open folder" opens where they are
    saved_note = "Customs papers (CN 23 ×2, commercial invoice) saved, not printed"
    assert saved_note in presenter.view.detail
    assert str(saved.papers_path.parent) not in presenter.view.detail
    assert presenter.view.papers_file == saved.papers_path
    assert saved.papers_path.read_bytes().startswith(b"%PDF-")
    assert len(a4printer.jobs) == 1


async def test_uk_canary_islands_helgoland_and_austria_from_the_scan_page(
    ctx: AppContext, presenter: ScanPresenter, vprinter: VirtualPrinter, a4printer: VirtualPrinter
) -> None:
    """Each destination scanned on the page: the label on the label printer, its carrier's
    papers on the A4 printer, and the page naming them (none for Austria)."""
    assert ctx.store is not None and ctx.profile is not None
    put_mug(ctx.store)
    ctx.printers.put(PrinterDefinition(name="Office A4", kind="pdf", transport=a4printer.uri))
    set_preferences(ctx, documents_printer="Office A4", customs_numbers={"GB": "GB123456789"})
    assert ctx.profile is not None
    ctx.manager.update(ctx.profile.model_copy(update={"shipping_presets": DESTINATION_PRESETS}))
    ctx.reload_profile()
    await add_orders(
        ctx,
        abroad_order("GB-1", "GB", "SW1A 1AA", "London"),
        abroad_order("IC-1", "ES", "38001", "Santa Cruz de Tenerife"),
        abroad_order("HL-1", "DE", "27498", "Helgoland"),
        abroad_order("AT-1", "AT", "1010", "Wien"),
    )
    expected = {
        "GB-1": ("CN 23 ×2, commercial invoice", ["cn23", "cn23", "commercial_invoice"]),
        "IC-1": ("commercial invoice", ["commercial_invoice"]),  # CN 22 on the label
        "HL-1": ("commercial invoice", ["commercial_invoice"]),
    }
    for count, (number, (words, kinds)) in enumerate(expected.items(), start=1):
        shipped = await _scan(presenter, number)
        assert shipped.kind == "shipped", shipped
        assert f"Customs papers ({words}) are printing on Office A4." in presenter.view.detail
        assert len(await vprinter.wait_for_jobs(2 * count)) == 2 * count  # label and slip
        papers = (await a4printer.wait_for_jobs(count))[-1].data
        assert papers_kinds(pdf_pages(papers)) == kinds, number
    labels = [job.data for job in vprinter.jobs[::2]]
    assert [b"CN 22 CUSTOMS DECLARATION" in label for label in labels] == [False, True, False]
    austria = await _scan(presenter, "AT-1")
    assert austria.kind == "shipped" and "Customs papers" not in presenter.view.detail
    assert len(await vprinter.wait_for_jobs(8)) == 8 and len(a4printer.jobs) == 3
