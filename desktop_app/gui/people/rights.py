"""What a person's rights show beyond the pages and Settings tabs (those are declared with the
right each needs in shell/pages.PAGES and settings/page.SETTINGS_TABS): the one function the
window's sign-in asks (`shown_for`).

Pages, tabs and actions a person may not use are hidden, not disabled. A profile whose service
has no people (the Local sandbox, an account key) shows everything as it always did, and
nothing that exists only for people (the packing figures, "made by").
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop_app.client.presence import Presence

#: the Packing figures page: only at a station with people, for the reports right
FIGURES_RIGHT = "reports"


@dataclass(frozen=True, slots=True)
class Shown:
    """What the window shows for the person at the station."""

    rights: frozenset[str] | None  # for the declared pages and tabs (None: no people here)
    figures: bool  # the Packing figures page
    delete: bool  # History's Delete (button, menu, key)
    prices: bool  # History's Price column
    made_by: bool  # History's "Made by" column
    profile_switcher: bool
    people: bool  # the station has people (sign-in, Sign out, who is signed in)


def shown_for(presence: Presence) -> Shown:
    """What shows for `presence` (a station with people, or not, whoever is signed in)."""
    people = presence.sign_in_required or presence.person is not None
    rights = presence.rights if not presence.sign_in_required else frozenset()
    return Shown(
        rights=rights if people else None,
        figures=people and FIGURES_RIGHT in rights,
        delete="delete" in rights,
        prices="prices" in rights,
        made_by=people and "made_by" in rights,
        profile_switcher=not people or "stations" in rights,
        people=people,
    )
