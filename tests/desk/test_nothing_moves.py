"""At a real desk (Xvfb 1024x600, openbox, the installed `packdesk`): what a packer looks at
stays where it is. The SANDBOX badge keeps its place on every page and through Scan outcomes
and a Save; the Scan banner keeps its height for every outcome, long texts, a long scanned
code without spaces and German included, and the Scan page never scrolls; the Addresses page's
list and form stay where they were after Save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.desk.real_window import Display, desk_app, missing_tools, problems_in, type_into

pytestmark = [
    pytest.mark.skipif(
        bool(missing_tools()), reason=f"X tools missing (make install): {missing_tools()}"
    ),
]
BADGE = "environmentBadge"
SCAN_PAGE, ADDRESSES_PAGE = 5, 2
SCAN_PARTS = ("scan_box", "scan_outcome_frame", "scan_items", "scan_keys", "scanPageScroll")
ADDRESS_PARTS = ("address_search", "address_table", "address_save", "partner_id", "book_company")
#: codes a scanner may send: unknown, a long one without spaces, an item number, a long text
SCANS = (
    "NO-SUCH-ORDER-1",
    "X" * 70,
    "4006381333931",
    "an order number a hand typed with many words in it " * 2,
)


def bottom(rect: list[int]) -> int:
    return rect[1] + rect[3]


@pytest.mark.parametrize("language", ["en", "de"])
def test_badge_scan_banner_and_addresses_keep_their_places(
    display: Display, tmp_path: Path, language: str
) -> None:
    with desk_app(display, tmp_path, language) as app:
        app.ready()
        badge = app.ask("rects", names=[BADGE])[BADGE]
        assert badge is not None

        def badge_stays(when: str) -> None:
            assert app.ask("rects", names=[BADGE])[BADGE] == badge, when

        for index in range(app.state()["pages"]):
            app.ask("page", index=index)
            badge_stays(f"page {index}")

        app.ask("page", index=SCAN_PAGE)
        first = app.ask("rects", names=list(SCAN_PARTS))
        for code in SCANS:
            app.ask("focus", name="scan_box")
            display.type(code)
            display.keys("Return")
            # the outcome names what was scanned (its first word at least)
            word = code.split()[0][:10]
            app.wait_state(
                lambda s, w=word: any(w in t for t in texts_of(app)), f"the outcome of {code}"
            )
            now = app.ask("rects", names=list(SCAN_PARTS))
            assert now == first, (code, first, now)
            scroll = now["scanPageScroll"]
            assert bottom(now["scan_keys"]) <= bottom(scroll), "the Scan page scrolls"
            state = app.state()
            assert not problems_in(state), problems_in(state)
            badge_stays(f"after scanning {code}")
            display.keys("Escape")

        app.ask("page", index=ADDRESSES_PAGE)
        before = app.ask("rects", names=list(ADDRESS_PARTS))
        for name, text in (
            ("book_first_name", "Erika"),
            ("book_last_name", "Mustermann"),
            ("book_street", "Heidestrasse"),
            ("book_street_no", "17"),
            ("book_zip_code", "51147"),
            ("book_city", "Koeln"),
        ):
            type_into(app, name, text)
        app.click("address_save")
        app.wait_state(lambda s: "Mustermann" in " ".join(texts_of(app)), "the saved address")
        after = app.ask("rects", names=list(ADDRESS_PARTS))
        assert after == before
        badge_stays("after Save")


def texts_of(app: Any) -> list[str]:
    """The texts of the outcome banner and the address table's first row."""
    found: list[str] = app.ask("texts", names=["scan_outcome", "scan_detail", "address_table"])
    return found
