"""A new station joins a warehouse server in the real window (issue 37, item 3): Xvfb at
1024x600 with openbox, the installed `packdesk`, real key events. The station trusts the
server's CA, asks to join from the keyboard and shows a phrase; the admin approves with that
phrase on the server (`packdesk serve stations approve`); the station then holds its own key,
saved with its profile, and the key works."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.desk.real_window import Display, _wait, desk_app, missing_tools, type_into
from tests.fixtures.service import REPO_ROOT, start_service

pytestmark = [
    pytest.mark.skipif(
        bool(missing_tools()), reason=f"X tools missing (make install): {missing_tools()}"
    ),
]
SETTINGS_PAGE = 6


def stations(data_dir: Path, *args: str) -> str:
    """`packdesk serve stations ... --data-dir` on the server; its output."""
    cmd = [sys.executable, "-m", "desktop_app", "serve", "stations", "--data-dir", str(data_dir)]
    done = subprocess.run(
        [*cmd, *args], cwd=REPO_ROOT, capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout


def test_a_station_asks_the_admin_approves_by_phrase_the_station_has_its_key(
    display: Display, tmp_path: Path
) -> None:
    with (
        start_service(tmp_path / "server") as server,
        desk_app(display, tmp_path / "station", "en") as app,
    ):
        app.ready()
        app.ask("page", index=SETTINGS_PAGE)
        app.ask("tab", name="settings_tabs", index=0)
        app.click("connect_server")
        type_into(app, "server_url", server.base_url)
        app.click("Show fingerprint")

        def seen(name: str) -> dict[str, Any]:
            view: dict[str, Any] = app.ask("seen", names=[name])[name] or {}
            return view

        _wait(lambda: seen("fingerprint").get("whole_text"), "the server's fingerprint")
        app.click("This fingerprint is the one the server shows")
        app.click("Trust and continue")
        # "Ask to join": the station's name typed, Enter asks
        _wait(lambda: seen("station_name").get("shown"), "Ask to join")
        app.ask("focus", name="station_name")
        display.keys("ctrl+a")
        display.type("Packtisch Fenster")
        app.wait_state(
            lambda s: (s["focus"] or {}).get("whole_text") == "Packtisch Fenster", "the name"
        )
        display.keys("Return")
        phrase = _wait(
            lambda: seen("join_phrase").get("shown") and seen("join_phrase")["whole_text"],
            "the phrase on the station's screen",
        )

        # the admin on the server: the station is listed with the same phrase, approved by it
        pending = [
            json.loads(line) for line in stations(server.data_dir, "pending", "--json").splitlines()
        ]
        (request,) = [r for r in pending if r["station"] == "Packtisch Fenster"]
        assert request["phrase"] == phrase
        stations(
            server.data_dir,
            "approve",
            request["id"],
            "--phrase",
            phrase,
            "--environment",
            "sandbox",
        )

        # the station saves its key with its profile; the dialog closes by itself
        _wait(lambda: not seen("join_phrase").get("shown"), "the station to take its key")
        secrets = app.data / "secrets.json"

        def station_keys() -> list[str]:
            """The keys in the station's key store the server takes (its own new one)."""
            stored = json.loads(secrets.read_text("utf-8")) if secrets.exists() else {}
            taken = []
            for value in stored.values():
                with httpx.Client(
                    base_url=server.base_url, verify=server.ssl_context(), auth=(value, "")
                ) as station:
                    if station.get("/v1/me").status_code == 200:
                        taken.append(value)
            return taken

        (key,) = _wait(station_keys, "the station's own key in its key store")
        assert key not in (server.sandbox_key, server.live_key)
        assert '"Packtisch Fenster"' in server.accounts("list")
