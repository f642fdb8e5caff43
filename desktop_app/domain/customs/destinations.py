"""Which customs zone an address lies in, and whether a parcel between two crosses a border.

A zone is the EU's customs and VAT area (`home_zone`, Northern Ireland's goods included), a
special territory of a member state recognised by its postcode (Helgoland, the Canary
Islands ...), or a country outside the EU by its own code. A parcel needs a customs
declaration when it leaves one zone for another.
"""

from __future__ import annotations

from dataclasses import dataclass

from desktop_app.domain.customs.data import CustomsData, Territory, load_customs_data


@dataclass(frozen=True, slots=True)
class Zone:
    """A customs zone: its key (`EU`, `DE-Helgoland`, `CH` ...) and what to call it."""

    key: str
    name: str
    territory: Territory | None = None


@dataclass(frozen=True, slots=True)
class Crossing:
    """The zones a parcel leaves and enters; `needs_declaration` when they differ."""

    origin: Zone
    destination: Zone

    @property
    def needs_declaration(self) -> bool:
        """Whether the parcel crosses a customs or VAT border."""
        return self.origin.key != self.destination.key


def _postcode_key(postcode: str) -> str:
    return postcode.replace(" ", "").upper()


def customs_zone(country: str, postcode: str = "", data: CustomsData | None = None) -> Zone:
    """The zone of an address given by its country code and postcode."""
    data = data or load_customs_data()
    country = country.strip().upper()
    key = _postcode_key(postcode)
    for territory in data.territories:
        if territory.country == country and territory.postcode.search(key):
            return Zone(territory.zone, territory.name, territory)
    if country in data.home_countries:
        return Zone(data.home_zone, data.home_zone)
    return Zone(country, country)


def crossing(
    from_country: str,
    from_postcode: str,
    to_country: str,
    to_postcode: str,
    data: CustomsData | None = None,
) -> Crossing:
    """The border (if any) between sender and receiver."""
    data = data or load_customs_data()
    return Crossing(
        customs_zone(from_country, from_postcode, data), customs_zone(to_country, to_postcode, data)
    )
