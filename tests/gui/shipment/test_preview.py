"""Label preview of a ZPL label: rendered offline with zplkit, else its text with a note."""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.partials.preview import IMAGES, TEXT, LabelPreviewWidget
from desktop_app.profiles.store import StoredShipment
from tests.gui.app_context import isolate, shipment_request
from tests.gui.shipment_desk import open_desk


@pytest.fixture
async def zpl_label(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> AsyncIterator[tuple[AppContext, StoredShipment]]:
    isolate(monkeypatch, tmp_path)
    ctx = await open_desk(tmp_path, local_service)
    assert ctx.creator is not None
    stored = await ctx.creator.create(
        shipment_request(carrier="ups", label={"format": "zpl2_4x6in_203dpi"})
    )
    yield ctx, stored
    await ctx.aclose()


async def test_zpl_is_rendered_offline(
    qtbot: QtBot, zpl_label: tuple[AppContext, StoredShipment]
) -> None:
    ctx, stored = zpl_label
    preview = LabelPreviewWidget(ctx)
    qtbot.addWidget(preview)
    preview.show_shipment(stored)
    assert preview.stack.currentIndex() == TEXT  # the text at once, the image follows
    assert preview.render_task is not None
    await preview.render_task
    assert preview.stack.currentIndex() == IMAGES
    [pixmap] = preview.images.pixmaps
    assert pixmap.width() == 812  # 4 in at 203 dpi
    assert preview.note.text() == "ZPL rendered offline (1 label)"


async def test_without_zplkit_the_text_shows_with_a_note(
    qtbot: QtBot, zpl_label: tuple[AppContext, StoredShipment], monkeypatch: pytest.MonkeyPatch
) -> None:
    ctx, stored = zpl_label
    monkeypatch.setitem(sys.modules, "zplkit", None)  # as if the extra were not installed
    preview = LabelPreviewWidget(ctx)
    qtbot.addWidget(preview)
    preview.show_shipment(stored)
    assert preview.render_task is not None
    await preview.render_task
    assert preview.stack.currentIndex() == TEXT
    assert "^XA" in preview.text_view.toPlainText()
    assert "install the 'preview' extra" in preview.note.text()
    assert preview.images.pixmaps == []
