"""`packdesk` itself: the window opens on the Local sandbox the first time, connects to the
local service it starts in the background, and stops that service on exit."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.theme import window_title
from desktop_app.gui.shell.main_window import MainWindow
from desktop_app.printing.printers import PrinterBook
from desktop_app.profiles.store import ProfileStore
from tests.gui.app_context import emitted, expect, isolate, make_manager
from tests.gui.shipment_desk import fill_valid, sandbox_profile

REPO_ROOT = Path(__file__).resolve().parents[3]


def test_first_start_opens_the_local_sandbox_and_cleans_up(tmp_path: Path) -> None:
    """First run: Local sandbox profile created and used, service started, stopped on exit."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "PACKDESK_SECRET_STORE": "file",
    }
    env.pop("PACKDESK_API_KEY", None)
    config, data = tmp_path / "config", tmp_path / "data"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "desktop_app",
            "--config-dir",
            str(config),
            "--data-dir",
            str(data),
            "--exit-when-ready",
        ],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=90,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    profiles = json.loads((config / "profiles.json").read_text(encoding="utf-8"))
    [builtin] = [p for p in profiles["profiles"] if p["builtin_local"]]
    assert profiles["last_used"] == builtin["id"]
    service_dir = data / "profiles" / builtin["id"] / "service"
    assert (service_dir / "launcher-stderr.log").exists()  # the app started the service...
    assert not (service_dir / "service.json").exists()  # ...and stopped it on exit
    assert window_title(builtin["name"], "sandbox") == "Packdesk — Local sandbox (SANDBOX)"


async def test_status_bar_shows_trouble_and_reconnects(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, service_factory: Any
) -> None:
    """Service down: the status bar says so in words, Create waits; Try again reconnects."""
    isolate(monkeypatch, tmp_path)
    service = service_factory("--rate-limit", "100000/60")
    manager = make_manager(tmp_path)
    profile = manager.add(
        sandbox_profile(service), service.sandbox_key, verified_environment="sandbox"
    )
    service.stop()
    ctx = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    try:
        window = MainWindow(ctx)
        qtbot.addWidget(window)
        window.show()
        await ctx.open_profile(profile)
        bar = window.status_bar
        assert ctx.connection_state == "error"
        # the field says it in words, why is in its tooltip and in the message field
        assert bar.connection_label.text() == "✖ Not connected"
        assert "cannot be reached" in bar.connection_label.toolTip()
        assert "cannot be reached" in bar.message_label.text()
        assert bar.retry_button.isVisible()
        page = window.shipment_page
        fill_valid(qtbot, page.form)  # type: ignore[attr-defined]
        assert not page.creation.create_button.isEnabled()  # type: ignore[attr-defined]

        service.restart(same_port=True)
        connected = expect(ctx.connection_changed)
        qtbot.mouseClick(bar.retry_button, Qt.MouseButton.LeftButton)
        state, _message = await emitted(connected)
        while state != "connected":
            state, _message = await emitted(expect(ctx.connection_changed))
        assert not bar.retry_button.isVisible()
        assert bar.rate_label.text().endswith(" calls left")  # whole in the tooltip
        assert bar.rate_label.toolTip().startswith("API calls left: ")
        assert page.creation.create_button.isEnabled()  # type: ignore[attr-defined]
    finally:
        await ctx.aclose()


async def test_a_foreign_data_folder_is_reported_not_crashed_on(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, local_service: Any
) -> None:
    """A store claimed by another profile: the window says so and stays usable."""
    isolate(monkeypatch, tmp_path)
    manager = make_manager(tmp_path)
    profile = manager.add(
        sandbox_profile(local_service), local_service.sandbox_key, verified_environment="sandbox"
    )
    other_id = str(uuid.uuid4())
    ProfileStore(
        manager.profile_data_dir(profile), profile_id=other_id, environment="sandbox"
    ).close()
    ctx = AppContext(manager, PrinterBook(tmp_path / "config" / "printers.json"))
    try:
        window = MainWindow(ctx)
        qtbot.addWidget(window)
        window.show()
        await ctx.open_profile(profile)
        assert ctx.connection_state == "error"
        assert "cannot be opened" in window.status_bar.connection_label.toolTip()
        assert window.windowTitle() == "Packdesk — Desk sandbox (SANDBOX)"
        assert not window.shipment_page.creation.create_button.isEnabled()  # type: ignore[attr-defined]
    finally:
        await ctx.aclose()
