"""What each role's rights show (`gui/people/rights.shown_for`): the one decision the window
applies to pages, Settings tabs and History's actions."""

from __future__ import annotations

from desktop_app.client.presence import ALL_RIGHTS, Person, Presence
from desktop_app.gui.people.rights import PAGE_RIGHTS, shown_for

PACKER = frozenset({"labels", "scan", "weigh", "returns", "history"})
SUPERVISOR = PACKER | {"delete", "release", "end_of_day", "reports", "made_by"}


def signed_in(role: str, rights: frozenset[str]) -> Presence:
    return Presence(False, Person("p1", "Ana", role), "Packtisch 1", rights)


def test_a_packer_sees_the_packing_pages_and_their_own_devices_only() -> None:
    shown = shown_for(signed_in("packer", PACKER))
    assert shown.pages == {"New shipment", "History", "Addresses", "Batch", "Scan", "Settings"}
    assert not shown.page("End of day")
    assert not shown.page("Packing figures")
    assert shown.settings_tabs == {"printers", "scales"}
    assert not shown.delete and not shown.prices and not shown.made_by
    assert not shown.profile_switcher
    assert shown.people


def test_a_supervisor_also_sees_end_of_day_figures_delete_and_made_by_but_no_prices() -> None:
    shown = shown_for(signed_in("supervisor", SUPERVISOR))
    assert {"End of day", "Packing figures"} <= shown.pages
    assert shown.delete and shown.made_by
    assert not shown.prices
    assert shown.settings_tabs == {"printers", "scales"}
    assert not shown.profile_switcher


def test_an_admin_sees_everything() -> None:
    shown = shown_for(signed_in("admin", ALL_RIGHTS))
    assert shown.pages == {*PAGE_RIGHTS, "Settings"}
    assert shown.delete and shown.prices and shown.made_by and shown.profile_switcher
    assert "webhooks" in shown.settings_tabs and "profiles" in shown.settings_tabs


def test_a_station_without_people_shows_what_it_always_did() -> None:
    shown = shown_for(Presence())
    assert shown.pages == {*PAGE_RIGHTS, "Settings"} - {"Packing figures"}
    assert shown.delete and shown.prices and shown.profile_switcher
    assert not shown.made_by  # the column exists only where people sign in
    assert not shown.people


def test_nothing_shows_while_no_one_is_signed_in() -> None:
    shown = shown_for(Presence(sign_in_required=True, station="Packtisch 1"))
    assert shown.pages == frozenset()
    assert not any(shown.page(name) for name in (*PAGE_RIGHTS, "Settings"))
    assert shown.people
