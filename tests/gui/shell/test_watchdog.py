"""The GUI-thread watchdog: each turn of the GUI thread's loop in that thread's CPU time, the
turns over 250 ms with their wall time and page, and the test probe's `watchdog` answer."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMainWindow, QTabWidget, QWidget

from desktop_app.gui.shell.probe import UiProbe
from desktop_app.gui.shell.watchdog import FINE_INTERVAL, GuiWatchdog
from tests.gui.shipment_desk import wait_until


def _spin(seconds: float) -> None:
    """Hold the thread with work (its CPU clock runs)."""
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


async def _turns(watchdog: GuiWatchdog, more: int) -> None:
    target = watchdog.report().turns + more
    await wait_until(lambda: watchdog.report().turns >= target, 30)


@pytest.fixture
def watchdog(qapp: Any) -> Any:
    dog = GuiWatchdog(lambda: "Test page", interval=FINE_INTERVAL).start()
    yield dog
    dog.stop()


async def test_a_turn_that_works_for_400_ms_is_recorded_with_its_page(
    watchdog: GuiWatchdog,
) -> None:
    await _turns(watchdog, 3)
    assert watchdog.report().over_limit == []
    QTimer.singleShot(0, lambda: _spin(0.4))  # a slot holding the GUI thread
    await wait_until(lambda: watchdog.report().over_limit, 30)
    await _turns(watchdog, 2)
    report = watchdog.report()
    (turn,) = report.over_limit
    assert 300 <= turn.cpu_ms and turn.wall_ms >= turn.cpu_ms - 5
    assert turn.page == "Test page" and report.longest_cpu_ms == turn.cpu_ms
    assert any("_spin" in line for line in turn.where)  # where the GUI thread was held
    assert report.as_json()["over_limit"] == [turn.as_json()]
    assert set(turn.as_json()) == {"cpu_ms", "wall_ms", "page"}


async def test_waiting_without_work_is_not_a_hold(watchdog: GuiWatchdog) -> None:
    # a sleeping GUI thread stands for one the machine gave no CPU: the wall time is long,
    # the thread's own CPU time is not
    QTimer.singleShot(0, lambda: time.sleep(0.6))
    await asyncio.sleep(0.05)
    await _turns(watchdog, 3)
    report = watchdog.report()
    assert report.over_limit == [] and report.longest_cpu_ms < 250


async def test_the_probe_answers_with_the_turns(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import desktop_app.gui.shell.watchdog as module

    monkeypatch.setattr(module, "_app_watchdog", None)
    window = QMainWindow()
    tabs = QTabWidget()
    tabs.setObjectName("pages")
    tabs.addTab(QWidget(), "Scan")
    window.setCentralWidget(tabs)
    qtbot.addWidget(window)
    probe = UiProbe(window, tmp_path / "probe")
    dog = module.app_watchdog()
    assert dog is not None and dog.interval == FINE_INTERVAL
    try:
        await _turns(dog, 2)
        QTimer.singleShot(0, lambda: _spin(0.3))
        await wait_until(lambda: dog.report().over_limit, 30)
        (tmp_path / "probe" / "command.json").write_text(
            json.dumps({"id": 1, "do": "watchdog", "reset": True})
        )
        answer_file = tmp_path / "probe" / "answer.json"
        await wait_until(answer_file.exists, 30)
        answer = json.loads(answer_file.read_text())
        assert answer["id"] == 1
        result = answer["result"]
        assert set(result) == {"turns", "longest_cpu_ms", "over_limit"}
        assert result["turns"] >= 3 and result["longest_cpu_ms"] >= 250
        (turn,) = result["over_limit"]
        assert turn["page"] == "Scan" and turn["cpu_ms"] >= 250 and turn["wall_ms"] > 0
        assert dog.report().over_limit == []  # "reset": counted afresh
    finally:
        dog.stop()
        probe.deleteLater()
