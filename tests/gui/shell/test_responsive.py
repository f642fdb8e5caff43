"""The window answers while a creation waits for a slow carrier (latency 2 s).

Checked by states, not by times: keys posted to a field while the creation is in flight are
typed into it before the creation ends (a GUI thread held for the carrier's answer would
handle them only after it), and the GUI-thread watchdog saw no turn over its limit (counted
in the GUI thread's own CPU time, which a busy machine does not stretch).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from desktop_app.gui.shell.watchdog import FINE_INTERVAL, GuiWatchdog
from tests.gui.app_context import emitted, expect, isolate
from tests.gui.shipment_desk import fill_valid, make_page, open_desk, wait_until

TYPED = "scan-42"


def _post_keys(editor: QLineEdit, text: str) -> None:
    """Queue `text` as key presses for the event loop (as a scanner's keys arrive)."""
    for char in text:
        QCoreApplication.postEvent(
            editor, QKeyEvent(QEvent.Type.KeyPress, 0, Qt.KeyboardModifier.NoModifier, char)
        )


async def test_keys_are_handled_while_a_creation_waits_for_the_carrier(
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    service_factory: Any,
    record_property: Any,
) -> None:
    isolate(monkeypatch, tmp_path)
    slow = service_factory("--carrier-latency", "2000", "--rate-limit", "100000/60")
    ctx = await open_desk(tmp_path, slow)
    watchdog = GuiWatchdog(lambda: "New shipment", interval=FINE_INTERVAL)
    try:
        page = make_page(qtbot, ctx)
        fill_valid(qtbot, page.form, reference="ORDER-RESPONSIVE-1")
        other = QLineEdit()
        qtbot.addWidget(other)
        created = expect(page.shipment_created)
        # each change of the field notes whether the creation was still waiting then
        in_flight: list[bool] = []
        other.textChanged.connect(lambda _text: in_flight.append(not created.done()))
        watchdog.start()
        page.creation.request_create()
        await wait_until(lambda: page.creation.busy)  # the request is on its way
        _post_keys(other, TYPED)
        await wait_until(lambda: other.text() == TYPED)
        await emitted(created)
        report = watchdog.report()
        record_property("longest_gui_turn_cpu_ms", round(report.longest_cpu_ms, 1))
        assert in_flight == [True] * len(TYPED), "keys were handled only after the creation"
        assert report.over_limit == [], report.as_json()
    finally:
        watchdog.stop()
        await ctx.aclose()
