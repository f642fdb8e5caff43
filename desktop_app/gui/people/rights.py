"""What a person's rights show: the one function the window asks (`shown_for`).

Pages, Settings tabs and actions a person may not use are hidden, not disabled. A profile whose
service has no people (the Local sandbox, an account key) shows everything as it always did, and
nothing that exists only for people (the packing figures, "made by").
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop_app.client.presence import Presence

#: each page (by its untranslated name) and the right it needs
PAGE_RIGHTS = {
    "New shipment": "labels",
    "History": "history",
    "Addresses": "labels",
    "End of day": "end_of_day",
    "Batch": "labels",
    "Scan": "scan",
    "Packing figures": "reports",
}
#: each Settings tab (SettingsPage attribute) and the right it needs; a packer keeps the
#: devices of their own station (printers, scale), the account's settings are an admin's
SETTINGS_TAB_RIGHTS = {
    "profiles": "settings",
    "printers": "labels",
    "scales": "weigh",
    "preferences": "settings",
    "station": "settings",
    "presets": "settings",
    "shops": "settings",
    "webhooks": "webhooks",
    "products": "settings",
}
SETTINGS = "Settings"
#: pages that exist only at a station with people
PEOPLE_PAGES = frozenset({"Packing figures"})


@dataclass(frozen=True, slots=True)
class Shown:
    """What the window shows for the person at the station."""

    pages: frozenset[str]
    settings_tabs: frozenset[str]
    delete: bool  # History's Delete (button, menu, key)
    prices: bool  # History's Price column
    made_by: bool  # History's "Made by" column
    profile_switcher: bool
    people: bool  # the station has people (sign-in, Sign out, who is signed in)

    def page(self, name: str) -> bool:
        """True when the page called `name` shows (pages no rule names always show)."""
        return name in self.pages or name not in (*PAGE_RIGHTS, SETTINGS)


def shown_for(presence: Presence) -> Shown:
    """What shows for `presence` (a station with people, or not, whoever is signed in)."""
    people = presence.sign_in_required or presence.person is not None
    rights = presence.rights if not presence.sign_in_required else frozenset()
    pages = {
        name
        for name, right in PAGE_RIGHTS.items()
        if right in rights and (people or name not in PEOPLE_PAGES)
    }
    tabs = {tab for tab, right in SETTINGS_TAB_RIGHTS.items() if right in rights}
    if tabs:
        pages.add(SETTINGS)
    return Shown(
        pages=frozenset(pages),
        settings_tabs=frozenset(tabs),
        delete="delete" in rights,
        prices="prices" in rights,
        made_by=people and "made_by" in rights,
        profile_switcher=not people or "stations" in rights,
        people=people,
    )
