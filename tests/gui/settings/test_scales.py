"""The scale in the app: the presenter (no window), Settings › Scales, and the shipment form
taking the weight from the virtual MT-SICS scale with one key."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.settings.scales.page import ScalesPage
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.scales.config import ScaleConfig, load_scale_config, save_scale_config
from tests.fixtures.scale import port_opens
from tests.gui.app_context import isolate
from tests.gui.shipment_desk import make_page, open_desk, type_into, wait_until

# --- the presenter, without a window ---------------------------------------------------------


async def test_presenter_live_weight_stability_and_unplug(qapp, vscale):
    presenter = ScalePresenter(config=ScaleConfig(uri=vscale.uri, interval=0.05))
    presenter.start()
    try:
        assert await wait_until(lambda: presenter.stable_kg() == 1.25)
        assert presenter.text == "Scale: 1.250 kg, stable"
        vscale.set_load(2.0, stable=False)
        await wait_until(lambda: "settling" in presenter.text)
        assert presenter.text == "Scale: 2.000 kg, settling…" and presenter.stable_kg() is None
        vscale.set_stable(True)
        assert await wait_until(lambda: presenter.stable_kg() == 2.0)
        vscale.unplug()
        await wait_until(lambda: presenter.text.startswith("Scale disconnected"))
        assert presenter.stable_kg() is None
        vscale.set_load(0.5)
        vscale.replug()
        assert await wait_until(lambda: presenter.stable_kg() == 0.5)
    finally:
        await presenter.aclose()


async def test_the_weight_row_speaks_german(qtbot: QtBot, vscale):
    """The scale's texts are found by lupdate and shown in German (decimal comma too)."""
    from desktop_app.gui.i18n import install_translations
    from desktop_app.gui.widgets.scale import ScaleWeightRow

    install_translations("de")
    presenter = ScalePresenter(config=ScaleConfig(uri=vscale.uri, interval=0.05))
    try:
        row = ScaleWeightRow(presenter)
        qtbot.addWidget(row)
        assert row.take_button.text() == "Gewicht übernehmen (F9)"
        assert row.take_action.text() == "Gewicht der Waage übernehmen"
        presenter.start()
        assert await wait_until(lambda: presenter.stable_kg() == 1.25)
        assert row.label.text() == "Waage: 1,250 kg, ruhig"
        vscale.set_load(2.0, stable=False)
        await wait_until(lambda: presenter.stable_kg() is None)
        assert row.label.text() == "Waage: 2,000 kg, kommt zur Ruhe …"
        vscale.set_load(vscale.capacity_kg + 1.0, stable=True)
        await wait_until(lambda: "bereit" in row.label.text())
        assert row.label.text() == (
            "Waage nicht bereit: über der Höchstlast: Gewicht von der Waage nehmen"
        )
        vscale.unplug()
        await wait_until(lambda: "getrennt" in row.label.text())
        assert row.label.text() == "Waage getrennt: bitte anschließen (sie wird wieder erkannt)"
    finally:
        await presenter.aclose()
        install_translations("en")


async def test_presenter_never_hands_out_an_old_weight(qapp, vscale):
    presenter = ScalePresenter(config=ScaleConfig(uri=vscale.uri, interval=0.05, max_age=0.3))
    presenter.start()
    try:
        await wait_until(lambda: presenter.stable_kg() == 1.25)
        monitor = presenter.monitor
        await monitor.stop()  # the scale goes silent: its last reading ages
        await asyncio.sleep(0.4)
        presenter.refresh()
        assert presenter.stable_kg() is None and presenter.text == "Scale: no current weight"
    finally:
        await presenter.aclose()


async def test_presenter_follows_the_saved_configuration(qapp, tmp_path, vscale):
    path = tmp_path / "scales.json"
    presenter = ScalePresenter(config_path=path)
    presenter.start()
    try:
        presenter.refresh()
        assert not presenter.configured and presenter.text == ""
        save_scale_config(ScaleConfig(uri=vscale.uri, interval=0.05), path)
        assert await wait_until(lambda: presenter.stable_kg() == 1.25)
        save_scale_config(ScaleConfig(), path)
        await wait_until(lambda: not presenter.configured)
        assert presenter.text == "" and presenter.monitor is None
    finally:
        await presenter.aclose()


# --- Settings › Scales and the shipment form ---------------------------------------------------


@pytest.fixture
async def ctx(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> AsyncIterator[AppContext]:
    isolate(monkeypatch, tmp_path)
    context = await open_desk(tmp_path, local_service)
    yield context
    await context.aclose()


async def test_settings_scales_test_and_save(qtbot: QtBot, ctx, vscale):
    page = ScalesPage(ctx)
    qtbot.addWidget(page)
    page.show()
    assert page.device_combo.currentText() == "No scale"
    type_into(qtbot, page.uri_edit, "sics:")
    qtbot.mouseClick(page.test_button, Qt.MouseButton.LeftButton)
    assert "unknown" not in page.message.text()
    page.test_button.setChecked(False)
    type_into(qtbot, page.uri_edit, vscale.uri)
    qtbot.keyClick(page.uri_edit, Qt.Key.Key_Return)  # the typed address is the scale chosen
    assert page.device_combo.currentData() == vscale.uri, page.device_combo.currentText()
    page.count_spin.setValue(2)
    qtbot.mouseClick(page.test_button, Qt.MouseButton.LeftButton)
    await wait_until(lambda: page.live.text() == "Scale: 1.250 kg, stable")
    vscale.set_unit("lb")  # the scale switched to pounds: shown in kg all the same
    vscale.set_load(0.5)  # sent as 1.10 lb (0.01 lb steps) = 0.499 kg
    await wait_until(lambda: page.live.text() == "Scale: 0.499 kg, stable")
    await page.stop_test()
    assert page.save()
    saved = load_scale_config()
    assert (saved.uri, saved.stable_count) == (vscale.uri, 2)
    # the protocol follows the choice for a serial device
    page.protocol_combo.setCurrentIndex(page.protocol_combo.findData("nci"))
    page.protocol_combo.activated.emit(page.protocol_combo.currentIndex())
    assert page.uri_edit.text() == f"nci:{vscale.path}"
    type_into(qtbot, page.uri_edit, "floppy:/dev/fd0")
    assert not page.save() and "unknown scale type 'floppy'" in page.message.text()
    assert load_scale_config().uri == vscale.uri  # the saved one stays


async def test_the_form_takes_the_stable_weight_with_one_key(qtbot: QtBot, ctx, vscale):
    save_scale_config(ScaleConfig(uri=vscale.uri, interval=0.05))
    page = make_page(qtbot, ctx)
    form = page.form
    row, weight = form.package_section.scale_row, form.packages.rows[0].fields["weight"]
    await wait_until(lambda: row.isVisible() and row.take_button.isEnabled())
    assert row.label.text() == "Scale: 1.250 kg, stable"
    # moving: the key does nothing
    vscale.set_load(2.345, stable=False)
    await wait_until(lambda: not row.take_button.isEnabled())
    weight.editor.setFocus()
    qtbot.keyClick(weight.editor, Qt.Key.Key_F9)
    assert weight.value() in (None, "")
    # settled: F9 puts the scale's weight into the field being edited
    vscale.set_stable(True)
    await wait_until(lambda: row.take_button.isEnabled())
    qtbot.keyClick(weight.editor, Qt.Key.Key_F9)
    assert weight.editor.text() == "2.345" and weight.touched
    # what the request (and so the label) carries is the number in the field
    assert form.request_body()["package"]["weight"] == 2.345
    # a second package: the button fills the package being edited
    form.packages.add_row()
    second = form.packages.rows[1].fields["weight"]
    second.editor.setFocus()
    vscale.set_load(0.75)
    await wait_until(lambda: form.package_section.scale.stable_kg() == 0.75)
    qtbot.mouseClick(row.take_button, Qt.MouseButton.LeftButton)
    assert second.editor.text() == "0.75" and weight.editor.text() == "2.345"


async def test_no_scale_no_row(qtbot: QtBot, ctx):
    page = make_page(qtbot, ctx)
    page.form.package_section.scale.refresh()
    assert not page.form.package_section.scale_row.isVisible()
    assert not page.form.package_section.scale_row.take()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc")
async def test_every_page_reads_the_scale_through_one_open_port(qtbot: QtBot, ctx, vscale):
    """The form's weight row, the Scan page and Settings' test at once: the port is open
    once, and the steady scale's text never changes while they all read it."""
    from desktop_app.gui.scan.page import ScanPage

    save_scale_config(ScaleConfig(uri=vscale.uri, interval=0.05))
    form_scale = make_page(qtbot, ctx).form.package_section.scale
    await wait_until(lambda: form_scale.stable_kg() == 1.25)
    texts = [form_scale.text]
    form_scale.changed.connect(lambda: texts.append(form_scale.text))
    scan = ScanPage(ctx)
    qtbot.addWidget(scan)
    scan.show()
    settings = ScalesPage(ctx)
    qtbot.addWidget(settings)
    settings.show()
    qtbot.mouseClick(settings.test_button, Qt.MouseButton.LeftButton)
    await wait_until(lambda: settings.live.text() == "Scale: 1.250 kg, stable")
    await wait_until(lambda: scan.scale.stable_kg() == 1.25)
    asked = len(vscale.commands)
    await wait_until(lambda: len(vscale.commands) > asked + 40)  # a few seconds of polls
    assert port_opens(vscale) == 1
    assert texts == ["Scale: 1.250 kg, stable"]
    await settings.stop_test()
    await scan.scale.aclose()
    assert port_opens(vscale) == 1  # the form still reads it
