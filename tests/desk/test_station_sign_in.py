"""A station of a warehouse server with people at a real desk: Xvfb at 1024x600 with openbox,
the installed `packdesk` on a profile with the station's key of the real local service, real key
events by xdotool. It opens on the sign-in screen with the cursor in its field; a badge typed as
a scanner types it (keys + Enter) signs the packer in, who is named whole in the menu bar; the
window's controls lie within the screen; Ctrl+Shift+O goes back to the sign-in screen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from desktop_app.profiles.manager import ProfileManager
from desktop_app.profiles.secrets import choose_secret_store
from tests.desk.real_window import Display, desk_app, missing_tools, problems_in
from tests.gui.people.station_desk import PEOPLE, STATION, people_account
from tests.gui.shipment_desk import sandbox_profile

pytestmark = [
    pytest.mark.skipif(
        bool(missing_tools()), reason=f"X tools missing (make install): {missing_tools()}"
    ),
]
CODE_FIELD = "sign_in_code"
ANA = PEOPLE[0][2]


def focus_name(state: dict[str, Any]) -> str:
    focus = state["focus"]
    return "" if focus is None else str(focus["name"])


def station_home(home: Path, service: Any) -> None:
    """The station's folders: one profile with the station's key, opened at start."""
    _account, key = people_account(service)
    data = home / "data"
    manager = ProfileManager(
        config_dir=home / "config", data_dir=data, secrets=choose_secret_store(data, prefer="file")
    )
    profile = manager.add(
        sandbox_profile(service, "Warehouse"), key, verified_environment="sandbox"
    )
    manager.set_last_used(profile.id)


def test_a_station_signs_in_by_badge_keys_and_out_by_its_shortcut(
    display: Display, tmp_path: Path, local_service: Any
) -> None:
    home = tmp_path / "station"
    station_home(home, local_service)
    with desk_app(display, home, "en") as app:
        app.wait_state(
            lambda s: focus_name(s) == CODE_FIELD and not s["connected"],
            "the sign-in screen with the cursor in its field",
        )
        display.type(ANA)
        display.keys("Return")
        state = app.wait_state(lambda s: s["connected"], "the packer signed in")
        assert app.ask("texts", names=["signed_in_person"]) == [f"Ana Packer (Packer) at {STATION}"]
        assert not problems_in(state), problems_in(state)
        assert not app.ask("cut_texts")

        display.keys("ctrl+shift+o")
        app.wait_state(
            lambda s: not s["connected"] and focus_name(s) == CODE_FIELD,
            "the sign-in screen again after Ctrl+Shift+O",
        )
        assert app.ask("texts", names=["signed_in_person"]) == []  # no one named any more
