"""A station of a warehouse server with people at a real desk (Xvfb at 1024x600 with openbox,
the installed `packdesk`, real key events by xdotool): a packer left idle for the profile's
shortest sign-out time (one minute) finds the sign-in screen again, saying why, and the session
ended at the service; then a supervisor scans an order, a wrong item (a pack-check mismatch),
confirms it with Esc, releases the order with F6 and a reason typed into the question, and the
label ships in their name. In English and German; with PACKDESK_PEOPLE_SHOTS naming a folder,
each step's screen is written to FOLDER/<language>/sign-in-N-<step>.png (the docs' screenshots).
Each state is waited for (the probe's answers, the service's records), never a time."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.secrets import choose_secret_store
from tests.desk.real_window import (
    PATIENCE,
    Display,
    _wait,
    desk_app,
    missing_tools,
    problems_in,
    type_into,
)
from tests.gui.people.station_desk import PEOPLE, STATION, people_account
from tests.gui.shipment_desk import sandbox_profile
from tests.station.conftest import BOOK, MUG, TEA, order_body

pytestmark = [
    pytest.mark.skipif(
        bool(missing_tools()), reason=f"X tools missing (make install): {missing_tools()}"
    ),
    pytest.mark.slow,
]
CODE_FIELD = "sign_in_code"
ANA, SAM = PEOPLE[0][2], PEOPLE[1][2]
SCAN_PAGE = 5
IDLE_MINUTES = 1  # the shortest the profile takes
REASON = "Customer agreed: tea follows"
#: what the window says, in each language
WORDS = {
    "en": {
        "ana": "Ana Packer (Packer) at Packtisch 1",
        "sam": "Sam Supervisor (Supervisor) at Packtisch 1",
        "wrong": "Badge or PIN not recognised. Please try again.",
        "idle": "Signed out after 1 minute without input.",
        "not_in_order": "Not in this order",
        "ready": "Ready",
        "question": "Release order",
        "scan_page": "Scan",
    },
    "de": {
        "ana": "Ana Packer (Packer) an Packtisch 1",
        "sam": "Sam Supervisor (Aufsicht) an Packtisch 1",
        "wrong": "Ausweis oder PIN nicht erkannt. Bitte noch einmal.",
        "idle": "Nach 1 Minute ohne Eingabe abgemeldet.",
        "not_in_order": "Nicht in dieser Bestellung",
        "ready": "Bereit",
        "question": "Bestellung freigeben",
        "scan_page": "Scannen",
    },
}


def focus_name(state: dict[str, Any]) -> str:
    focus = state["focus"]
    return "" if focus is None else str(focus["name"])


def station_home(home: Path, service: Any) -> tuple[dict[str, str], str]:
    """One profile on the station's key, opened at start: pack check on, and signed out after
    IDLE_MINUTES without input; (the account, the station's key)."""
    account, key = people_account(service)
    data = home / "data"
    manager = ProfileManager(
        config_dir=home / "config", data_dir=data, secrets=choose_secret_store(data, prefer="file")
    )
    profile = manager.add(
        sandbox_profile(service, "Warehouse", pack_check=True, sign_out_idle_minutes=IDLE_MINUTES),
        key,
        verified_environment="sandbox",
    )
    manager.set_last_used(profile.id)
    return account, key


class Shots:
    """The steps' screens, when PACKDESK_PEOPLE_SHOTS names a folder."""

    def __init__(self, app: Any, language: str) -> None:
        wanted = os.environ.get("PACKDESK_PEOPLE_SHOTS")
        self.app = app
        self.folder = Path(wanted) / language if wanted else None
        self.count = 0

    def take(self, step: str) -> None:
        self.count += 1
        if self.folder is not None:
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self.folder / f"sign-in-{self.count}-{step}.png"
            assert self.app.ask("shot", path=str(path)), path


def at_sign_in_screen(app: Any) -> dict[str, Any]:
    return app.wait_state(
        lambda s: focus_name(s) == CODE_FIELD and not s["connected"],
        "the sign-in screen with the cursor in its field",
    )


def badge(display: Display, code: str) -> None:
    display.type(code)  # as a scanner types a badge: its keys, then Enter
    display.keys("Return")


def sign_in(app: Any, display: Display, code: str, who: str) -> None:
    at_sign_in_screen(app)
    badge(display, code)
    app.wait_state(lambda s: s["connected"], f"{who} signed in")
    assert app.ask("texts", names=["signed_in_person"]) == [who]


def scan(app: Any, code: str, outcome: str) -> str:
    """Type a scan into the Scan page's box (+ Enter); the outcome's title once it says so."""
    type_into(app, "scan_box", code)
    app.display.keys("Return")
    titles: list[str] = []

    def shown(_state: dict[str, Any]) -> bool:
        titles[:] = app.ask("texts", names=["scan_outcome"])
        return any(outcome in title for title in titles)

    app.wait_state(shown, f"the Scan page saying {outcome!r} after {code}")
    return titles[0]


@pytest.mark.parametrize("language", ["en", "de"])
def test_idle_sign_out_then_a_supervisor_releases_a_mismatch_with_a_reason(
    display: Display, tmp_path: Path, local_service: Any, language: str
) -> None:
    words = WORDS[language]
    home = tmp_path / "station"
    account, key = station_home(home, local_service)
    with local_service.client(account["sandbox_key"]) as http:
        made = http.post("/v1/orders", json=order_body("REL-9", items=[(MUG, 1), (TEA, 2)]))
        assert made.status_code < 300, made.text
    with desk_app(display, home, language) as app:
        shots = Shots(app, language)
        state = at_sign_in_screen(app)
        assert not problems_in(state), problems_in(state)
        shots.take("screen")
        badge(display, "NOT-A-BADGE")
        app.wait_state(
            lambda _s: app.ask("texts", names=["sign_in_message"]) == [words["wrong"]],
            "a wrong badge refused in words",
        )
        assert not app.ask("cut_texts")
        shots.take("wrong-badge")
        # a packer signs in, then leaves the station alone: no key, no mouse
        sign_in(app, display, ANA, words["ana"])
        state = app.state()
        assert not problems_in(state), problems_in(state)
        assert not app.ask("cut_texts")
        shots.take("packer")
        state = app.wait_state(
            lambda s: not s["connected"] and focus_name(s) == CODE_FIELD,
            "the sign-in screen after a minute without input",
            timeout=IDLE_MINUTES * 60 + PATIENCE,
        )
        assert app.ask("texts", names=["sign_in_message"]) == [words["idle"]]
        assert app.ask("texts", names=["signed_in_person"]) == []
        assert not problems_in(state), problems_in(state)
        assert not app.ask("cut_texts")
        shots.take("idle-signed-out")
        with local_service.client(key) as station_http:
            me = station_http.get("/v1/me").json()
        assert me["sign_in_required"]  # nobody signed in there either

        # a supervisor: the order, a wrong item, Esc, then F6 with a reason
        sign_in(app, display, SAM, words["sam"])
        assert app.ask("page", index=SCAN_PAGE).replace("&", "") == words["scan_page"]
        scan(app, "REL-9", "REL-9")
        scan(app, BOOK, words["not_in_order"])
        shots.take("mismatch")
        _wait(
            lambda: _audit(local_service, account, "station.pack_check_mismatch"),
            "the pack-check mismatch told to the service",
            PATIENCE,
        )
        display.keys("Escape")  # the wrong item confirmed; the order stays
        app.wait_state(
            lambda _s: any(words["ready"] in t for t in app.ask("texts", names=["scan_outcome"])),
            "the error confirmed",
        )
        display.keys("F6")
        app.wait_state(
            lambda s: (s["focus"] or {}).get("window") == words["question"],
            "the cursor in the question why the order may ship incomplete",
        )
        display.type(REASON)
        app.wait_state(lambda s: (s["focus"] or {}).get("whole_text") == REASON, "the reason typed")
        state = app.state()
        assert not problems_in(state), problems_in(state)
        shots.take("release-reason")
        display.keys("Return")
        shipped = _wait(
            lambda: _shipment_of(local_service, account, "REL-9"), "the label", PATIENCE
        )
        assert shipped["made_by"] == {"person": "Sam Supervisor", "station": STATION}
        releases = _wait(
            lambda: _audit(local_service, account, "station.release"), "the release", PATIENCE
        )
        assert any(entry.get("person") == "Sam Supervisor" for entry in releases), releases
        assert app.state()["connected"]  # still Sam's: the release was input in time
        shots.take("released")


def _audit(service: Any, account: dict[str, str], action: str) -> list[dict[str, Any]]:
    with service.client(account["sandbox_key"]) as http:
        answer = http.get("/v1/audit_log", params={"action": action})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    entries = body.get("data", body) if isinstance(body, dict) else body
    return list(entries or [])


def _shipment_of(service: Any, account: dict[str, str], order: str) -> dict[str, Any] | None:
    """The account's shipment made for `order` (its number anywhere in it), once there is one."""
    with service.client(account["sandbox_key"]) as http:
        answer = http.get("/v1/shipments")
    assert answer.status_code == 200, answer.text
    for shipment in answer.json()["shipments"]:
        if order in json.dumps(shipment):
            return dict(shipment)
    return None
