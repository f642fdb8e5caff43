"""Settings › Shipping presets: the editor without a window (checked by the domain, saved in
profiles.json per profile, used by the next scan), and the tab with its form."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QDialogButtonBox
from pytestqt.qtbot import QtBot

from desktop_app.domain.presets import default_presets
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.scan.presenter import ScanPresenter
from desktop_app.gui.settings.page import SettingsPage
from desktop_app.gui.settings.presets.partials.preset_form import PresetDialog
from desktop_app.gui.settings.presets.presenter import PresetsPresenter
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.manager import ProfileManager
from desktop_app.scales.config import ScaleConfig
from tests.gui.app_context import expect, use_printer
from tests.gui.scan_desk import add_orders
from tests.gui.scan_desk import ctx as ctx  # the fixture
from tests.station.conftest import order_body

AUSTRIA = {
    "name": "Austria by UPS",
    "when": [{"field": "to.country", "op": "in", "value": ["AT", "CH"]}],
    "carrier": "ups",
    "service": "standard",
    "package": {"type": "parcel", "length": 45, "width": 35, "height": 25},
}


def _names_on_disk(ctx: AppContext) -> list[str] | None:
    assert ctx.profile is not None
    stored = ProfileManager(ctx.manager.config_dir).get(ctx.profile.id).shipping_presets
    return None if stored is None else [p.name for p in stored]


@pytest.fixture
async def scanner(ctx: AppContext, vprinter: VirtualPrinter) -> AsyncIterator[ScanPresenter]:
    use_printer(ctx, vprinter.uri)
    scale = ScalePresenter(config=ScaleConfig())
    yield ScanPresenter(ctx, scale)
    await scale.aclose()


async def test_edited_presets_are_checked_saved_and_used_by_the_next_scan(
    ctx: AppContext, scanner: ScanPresenter
) -> None:
    editor = PresetsPresenter(ctx)
    said: list[tuple[str, bool]] = []  # what the tab's message line is told
    editor.message_shown.connect(lambda text, error: said.append((text, error)))
    defaults = [p.name for p in default_presets()]
    assert editor.uses_defaults and [p["name"] for p in editor.presets] == defaults
    wrong = {**AUSTRIA, "service": "warp", "when": [{"field": "order.value", "op": "gt",
                                                     "value": "a lot"}]}  # fmt: skip
    problems = editor.add(wrong)
    assert problems == [
        "Condition 1: Compare this field with a number.",
        "Service: UPS does not offer Warp; choose another service.",
    ]
    assert _names_on_disk(ctx) is None  # nothing saved
    assert said == [("\n".join(problems), True)]

    assert editor.add(AUSTRIA) == []
    assert said[-1] == ("Saved.", False)
    assert _names_on_disk(ctx) == [*defaults, "Austria by UPS"]
    index = len(defaults)
    while index > 0:
        index = editor.move(index, -1)
    assert editor.delete(1) == []  # "Germany, small box" (it was second after the move)
    assert said[-1] == ("Deleted.", False)
    expected = ["Austria by UPS", *defaults[1:]]
    assert _names_on_disk(ctx) == expected and not editor.uses_defaults
    assert ctx.profile is not None and [p.name for p in ctx.profile.presets()] == expected

    await add_orders(ctx, order_body("PR-1", country="AT"), order_body("PR-2"))
    for number, preset, carrier in (
        ("PR-1", "Austria by UPS", "ups"),
        ("PR-2", "Germany, medium box (up to 10 kg)", "dhl"),  # small box deleted
    ):
        shown = expect(scanner.outcome_shown)
        scanner.scan(number)
        (outcome,) = await asyncio.wait_for(shown, 60)
        assert outcome.kind == "shipped" and outcome.preset.name == preset
        assert outcome.shipment.carrier == carrier

    assert editor.reset_to_defaults() == []
    assert said[-1] == ("Default presets again.", False)
    assert _names_on_disk(ctx) is None and [p["name"] for p in editor.presets] == defaults


async def test_presets_tab_and_form(ctx: AppContext, qtbot: QtBot) -> None:
    settings = SettingsPage(ctx)
    qtbot.addWidget(settings)
    settings.show_tab("presets")
    page = settings.presets
    assert page.list.count() == len(default_presets())
    page.list.setCurrentRow(0)
    page.move_preset(1)
    assert page.list.currentRow() == 1
    assert page.list.item(1).text().startswith("Germany, small box (up to 2 kg) — DHL Paket")
    assert _names_on_disk(ctx) is not None and _names_on_disk(ctx)[1].startswith("Germany, small")

    def fill_in() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, PresetDialog)
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        assert not ok.isEnabled() and dialog.message.text() == "Name: Enter a name."
        dialog.name.setText("Austria by UPS")
        dialog.rows[0].value.setText("at, ch")
        dialog.rows[0].op.setCurrentIndex(dialog.rows[0].op.findData("in"))
        dialog.carrier.setCurrentIndex(dialog.carrier.findData("ups"))
        for spin, size in zip(dialog.sizes, (45, 35, 25), strict=True):
            spin.setValue(size)
        dialog.weights["packaging_weight"].setValue(0.15)  # the box's own weight (issue 35)
        assert ok.isEnabled(), dialog.message.text()
        ok.click()

    QTimer.singleShot(0, fill_in)
    page.add()
    assert page.list.count() == len(default_presets()) + 1
    assert page.presenter.presets[-1] == AUSTRIA | {
        "package": {
            "type": "parcel",
            "length": 45.0,
            "width": 35.0,
            "height": 25.0,
            "packaging_weight": 0.15,
        },
        "when": [{"field": "to.country", "op": "in", "value": ["AT", "CH"]}],
    }
    assert page.message.text() == "Saved."
