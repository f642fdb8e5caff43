"""At a real desk (Xvfb 1024x600, openbox, the installed `packdesk`), in English and German:
no text is cut and every answer is where the eye is.

Every page and Settings tab is visited with the status bar connected and counting calls (a
label made first); the probe's `cut_texts` lists every label, button, header section, tab,
status field, combo box and line edit whose text its control elides or cannot hold, and must
list none, and nothing lies off the screen. Each page's primary buttons are in view without
scrolling, and the answers of Settings › Printers' Check status, Save preferences, Save
station settings, Settings › Shops' Test connection (to an address that refuses) and End of
day's manifest appear in view.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.desk.real_window import (
    SETTINGS_PAGE,
    DeskApp,
    Display,
    desk_app,
    make_label,
    missing_tools,
    problems_in,
    type_into,
)

pytestmark = [
    pytest.mark.skipif(
        bool(missing_tools()), reason=f"X tools missing (make install): {missing_tools()}"
    ),
]
#: (page index, Settings tab or None) -> the buttons that must be in view there
PRIMARY_BUTTONS: dict[tuple[int, int | None], tuple[str, ...]] = {
    (0, None): ("createPrintButton", "printButton"),
    (1, None): ("history_reprint", "return_button", "history_delete"),
    (2, None): ("address_save",),
    (3, None): ("manifest_create", "pickup_request"),
    (4, None): ("batch_open", "batch_create"),
    (SETTINGS_PAGE, 0): ("profile_add",),
    (SETTINGS_PAGE, 1): ("printer_add",),
    (SETTINGS_PAGE, 2): ("saveScale",),
    (SETTINGS_PAGE, 3): ("save_preferences",),
    (SETTINGS_PAGE, 4): ("save_station_settings",),
    (SETTINGS_PAGE, 5): ("preset_add",),
    (SETTINGS_PAGE, 6): ("shop_test", "shop_add", "shop_test_saved", "shop_sync"),
    (SETTINGS_PAGE, 7): ("webhook_create",),
}
#: a shop address where nothing listens: Test connection is refused
REFUSING_SHOP = "https://127.0.0.1:9"


def show(app: DeskApp, page: int, tab: int | None) -> None:
    app.ask("page", index=page)
    if tab is not None:
        app.ask("tab", name="settings_tabs", index=tab)


def cuts(app: DeskApp, where: str) -> list[str]:
    """What the probe finds cut now, each as one line naming `where`."""
    return [f"{where}: {json.dumps(c, ensure_ascii=False)}" for c in app.ask("cut_texts")]


def out_of_view(app: DeskApp, where: str, names: tuple[str, ...]) -> list[str]:
    """The controls of `names` that are not shown in view."""
    answers = app.ask("out_of_view", names=list(names))
    return [
        f"{where}: {name} {'out of view at ' + str(a['rect']) if a['found'] else 'not shown'}"
        for name, a in answers.items()
        if not a["in_view"]
    ]


def answer_in_view(app: DeskApp, where: str, name: str) -> list[str]:
    """Wait for the message control `name` to say something; [] when it is in view."""
    said = app.wait_state(
        lambda _s: app.ask("texts", names=[name]) and any(app.ask("texts", names=[name])),
        f"the answer in {name}",
    )
    del said
    return out_of_view(app, where, (name,))


def walk_pages(app: DeskApp, found: list[str]) -> None:
    """Every page and Settings tab: nothing cut, the primary buttons in view."""
    pages = app.state()["pages"]
    for index in range(pages):
        tabs = [None]
        if index == SETTINGS_PAGE:
            show(app, index, None)
            tabs = list(range(app.wait_state(lambda s: s["tabs"], "the tabs")["tabs"][0]["count"]))
        for tab in tabs:
            show(app, index, tab)
            where = app.state()["page"] + (f" › tab {tab}" if tab is not None else "")
            found += cuts(app, where)
            found += [f"{where}: {problem}" for problem in problems_in(app.state())]
            found += out_of_view(app, where, PRIMARY_BUTTONS.get((index, tab), ()))


def answers(app: DeskApp, found: list[str]) -> None:
    """Buttons whose answer must show in view: a printer's Check status, Save preferences, Save
    station settings, a refused Test connection of a shop, End of day's manifest."""
    show(app, SETTINGS_PAGE, 1)
    app.wait_state(lambda _s: app.ask("select_row", name="printers_table", row=0), "a printer")
    app.click("printer_health")
    found += answer_in_view(app, "Check status", "printers_message")
    found += cuts(app, "after Check status")
    show(app, SETTINGS_PAGE, 3)
    app.click("save_preferences")
    found += answer_in_view(app, "Save preferences", "preferences_message")
    found += cuts(app, "after Save preferences")
    show(app, SETTINGS_PAGE, 4)
    app.click("save_station_settings")
    found += answer_in_view(app, "Save station settings", "station_settings_message")
    found += cuts(app, "after Save station settings")

    show(app, SETTINGS_PAGE, 6)
    for name, text in (
        ("shop_name", "Testshop"),
        ("shop_url", REFUSING_SHOP),
        ("shop_consumer_key", "ck_0123456789"),
        ("shop_consumer_secret", "cs_0123456789"),
    ):
        type_into(app, name, text)
    app.click("shop_test")
    app.wait_state(
        lambda _s: any("127.0.0.1" in t or "Testshop" in t for t in shop_message(app)),
        "the shop's refused test",
    )
    found += out_of_view(app, "Test connection", ("shop_message",))
    found += cuts(app, "after a refused Test connection")

    show(app, 3, None)
    app.click("manifest_create")
    found += answer_in_view(app, "End of day's manifest", "pickup_message")
    found += cuts(app, "after End of day's manifest")


def shop_message(app: DeskApp) -> list[str]:
    texts: list[str] = app.ask("texts", names=["shop_message"])
    return [t for t in texts if t and "…" not in t[-1:]]


@pytest.mark.parametrize("language", ["en", "de"])
def test_no_text_is_cut_and_every_answer_is_in_view(
    display: Display, tmp_path: Path, language: str
) -> None:
    with desk_app(display, tmp_path, language) as app:
        app.ready()
        make_label(app)  # the status bar counts calls; History has a row
        app.ask("page", index=1)
        app.wait_state(lambda _s: app.ask("select_row", name="history_table", row=0), "a row")
        found: list[str] = []
        walk_pages(app, found)
        answers(app, found)
        assert not found, "\n".join(found)
