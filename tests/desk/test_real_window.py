"""At a real desk: Xvfb at 1024x600 with openbox, the installed `packdesk` on a fresh profile,
real key events. The window and every visible control of every page, Settings tab and dialog
lie within the screen in English and German, no text cut; the README's first run (a receiver,
a weight, Ctrl+P) prints a label at the virtual printer; the cursor is in the address-book search at
start, after Ctrl+N and after each label; Esc empties the search and the form; the window
comes back where it was left."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.desk.real_window import (
    SCREEN,
    DeskApp,
    Display,
    desk_app,
    dialog_shown,
    make_label,
    missing_tools,
    problems_in,
    walk,
)

pytestmark = [
    pytest.mark.skipif(
        bool(missing_tools()), reason=f"X tools missing (make install): {missing_tools()}"
    ),
]
SEARCH = "receiver_picker"


def focus_name(state: dict[str, Any]) -> str:
    focus = state["focus"]
    return "" if focus is None else str(focus["name"])


def tab_to(app: DeskApp, name: str, limit: int = 40) -> None:
    """Press Tab until the cursor is in the control called `name`."""
    for _ in range(limit):
        if focus_name(app.state()) == name:
            return
        app.display.keys("Tab")
    raise AssertionError(f"Tab never reached {name}: {app.state()['focus']}")


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_tab_and_dialog_lies_within_a_1024x600_screen(
    display: Display, tmp_path: Path, language: str
) -> None:
    with desk_app(display, tmp_path, language) as app:
        first = app.ready()
        # the first start fills the small screen: maximised, as openbox placed it
        assert first["available"][2:] == list(SCREEN)
        assert first["maximized"], first["window"]
        make_label(app)  # the History's row and the dialogs about a label
        found: dict[str, list[str]] = {}
        views: list[str] = []

        def seen(view: str, state: dict[str, Any]) -> None:
            views.append(view)
            # and no date shown as ISO: the locale's format everywhere (26.11.2026), no text
            # cut (a dialog's too)
            problems = problems_in(state) + app.ask("iso_dates") + app.ask("cut_texts")
            if problems:
                found[view] = problems

        walk(app, seen)
        assert len(views) >= 7 + 6 + 8 + 3 + 1
        assert not found, found


def test_first_run_by_keys_prints_a_label_with_the_cursor_in_the_search(
    display: Display, tmp_path: Path
) -> None:
    """README's first run: a receiver and a weight typed, Ctrl+P: created and printed, with
    the parcel's sizes from the Local sandbox's default package."""
    with desk_app(display, tmp_path / "first", "en") as app:
        state = app.ready()
        assert focus_name(state) == SEARCH, state["focus"]
        # Esc empties the search
        display.type("nobody")
        app.wait_state(lambda s: s["focus"]["text"] == "nobody", "the typed search")
        display.keys("Escape")
        app.wait_state(lambda s: s["focus"]["text"] == "" and focus_name(s) == SEARCH, "Esc")

        for name, text in (
            ("to_first_name", "Erika"),
            ("to_last_name", "Mustermann"),
            ("to_street", "Heidestrasse"),
            ("to_street_no", "17"),
            ("to_zip_code", "51147"),
            ("to_city", "Koeln"),
            ("weight", "1.5"),
        ):
            tab_to(app, name)
            display.type(text)
        display.keys("ctrl+p")
        jobs = app.printed_jobs
        app.wait_state(lambda _s: jobs(), "a label at the virtual printer")
        # after the label the cursor waits in the search again, in view
        state = app.wait_state(
            lambda s: focus_name(s) == SEARCH and s["focus_visible"], "the search focused"
        )
        assert not problems_in(state), problems_in(state)

        # "See printed label" fits the screen
        app.click("lastPrintButton")
        state = dialog_shown(app, "See printed label")
        assert not problems_in(state), problems_in(state)
        app.ask("close_dialogs")

        # Ctrl+N from another page: the search focused and in view
        display.keys("ctrl+2")
        app.wait_state(lambda s: s["page"] == "History", "History")
        display.keys("ctrl+n")
        state = app.wait_state(
            lambda s: focus_name(s) == SEARCH and s["focus_visible"], "Ctrl+N to the search"
        )
        assert state["page"] == "New shipment"


def test_a_restart_brings_the_window_back_as_it_was_left(display: Display, tmp_path: Path) -> None:
    with desk_app(display, tmp_path, "en") as app:
        first = app.wait_state(lambda s: s["pages"] >= 7, "the pages")
    assert "maximized=true" in (tmp_path / "config" / "settings.ini").read_text("utf-8")
    with desk_app(display, tmp_path, "en") as app:
        again = app.wait_state(lambda s: s["pages"] >= 7, "the pages")
    assert again["maximized"] and again["window"] == first["window"]
