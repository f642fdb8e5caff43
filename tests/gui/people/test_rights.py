"""What each role's rights show beyond the declared pages and tabs (`gui/people/rights.shown_for`):
History's Delete, Price and Made by, the profile switcher, the Packing figures page."""

from __future__ import annotations

from desktop_app.client.presence import ALL_RIGHTS, Person, Presence
from desktop_app.gui.people.rights import shown_for
from desktop_app.gui.shell.pages import visible_pages

PACKER = frozenset({"labels", "scan", "weigh", "returns", "history"})
SUPERVISOR = PACKER | {"delete", "release", "end_of_day", "reports", "made_by"}


def signed_in(role: str, rights: frozenset[str]) -> Presence:
    return Presence(False, Person("p1", "Ana", role), "Packtisch 1", rights)


def test_a_packer_sees_no_prices_no_delete_no_figures_and_no_switcher() -> None:
    shown = shown_for(signed_in("packer", PACKER))
    assert shown.rights == PACKER
    assert not shown.figures and not shown.delete and not shown.prices and not shown.made_by
    assert not shown.profile_switcher
    assert shown.people
    pages = {entry.name for entry in visible_pages(shown.rights)}
    assert pages == {"New shipment", "History", "Addresses", "Batch", "Scan", "Settings"}


def test_a_supervisor_also_sees_figures_delete_and_made_by_but_no_prices() -> None:
    shown = shown_for(signed_in("supervisor", SUPERVISOR))
    assert shown.figures and shown.delete and shown.made_by
    assert not shown.prices and not shown.profile_switcher


def test_an_admin_sees_everything() -> None:
    shown = shown_for(signed_in("admin", ALL_RIGHTS))
    assert shown.figures and shown.delete and shown.prices and shown.made_by
    assert shown.profile_switcher


def test_a_station_without_people_shows_what_it_always_did() -> None:
    shown = shown_for(Presence())
    assert shown.rights is None  # every declared page and tab
    assert shown.delete and shown.prices and shown.profile_switcher
    assert not shown.made_by and not shown.figures  # these exist only where people sign in
    assert not shown.people


def test_nothing_shows_while_no_one_is_signed_in() -> None:
    shown = shown_for(Presence(sign_in_required=True, station="Packtisch 1"))
    assert shown.rights == frozenset()
    assert not shown.figures and not shown.delete and not shown.prices
    assert shown.people
