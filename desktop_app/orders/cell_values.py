"""What a cell's text means: a number in German or English notation, a country's name or
code, a street with its house number, a company's name, a weight and its unit."""

from __future__ import annotations

import re
from functools import cache

from desktop_app.orders.targets import normalize_header

__all__ = [
    "WEIGHT_UNITS",
    "country_code",
    "is_company_name",
    "parse_number",
    "split_street",
    "weight_in_kg",
    "weight_unit_of_header",
]

#: kilograms per unit of a weight column
WEIGHT_UNITS: dict[str, float] = {"kg": 1.0, "g": 0.001, "lb": 0.45359237, "oz": 0.028349523125}
_UNIT_WORDS = {
    "kg": "kg", "kilogramm": "kg", "kilogram": "kg", "kilograms": "kg", "kilo": "kg",
    "g": "g", "gr": "g", "gramm": "g", "gram": "g", "grams": "g", "gramms": "g",
    "lb": "lb", "lbs": "lb", "pound": "lb", "pounds": "lb", "oz": "oz", "ounces": "oz",
}  # fmt: skip

#: names a country goes by in files besides its German and English CLDR names
_COUNTRY_ALIASES = {
    "uk": "GB", "england": "GB", "great britain": "GB", "grossbritannien": "GB",
    "großbritannien": "GB", "usa": "US", "u.s.a.": "US", "united states of america": "US",
    "vereinigte staaten": "US", "holland": "NL", "czech republic": "CZ",
    "tschechische republik": "CZ",
}  # fmt: skip
_STREET_WITH_NUMBER = re.compile(
    r"^(?P<street>.*?\D)\s*,?\s+(?P<no>\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$"
)
#: "12 rue de la Paix", "221B Baker Street": the number first (French, British, American)
_NUMBER_THEN_STREET = re.compile(
    r"^(?P<no>\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+[a-zA-Z]?)?)\s*,?\s+(?P<street>\D.*)$"
)
#: words that make a receiver's name a company's
_COMPANY_WORDS = re.compile(
    r"(?:^|\s)(?:gmbh|mbh|ag|kg|ohg|gbr|ug|e\.\s?k\.|e\.\s?v\.|se|ltd\.?|limited|llc|inc\.?|"
    r"corp\.?|plc|s\.a\.?|sarl|s\.a\.r\.l\.|sas|b\.v\.|bv|n\.v\.|s\.r\.l\.|srl|s\.l\.|"
    r"oy|ab|a/s|aps|gmbh\s?&\s?co\.?\s?kg|&\s?co\.?)(?=\s|$|,)",
    re.IGNORECASE,
)


def parse_number(text: str) -> float | str:
    """`1,5` / `1.5` / `1.234,5` / `1,234.5` -> float; anything else is returned unchanged."""
    raw = text.strip().replace(" ", "").replace("\u00a0", "")
    value = raw
    if "," in value and "." in value:
        # the separator that comes last is the decimal one
        if value.rfind(",") > value.rfind("."):
            value = value.replace(".", "").replace(",", ".")
        else:
            value = value.replace(",", "")
    elif "," in value:
        value = value.replace(",", ".")
    try:
        number = float(value)
    except ValueError:
        return text
    if number != number or number in (float("inf"), float("-inf")):
        return text
    return number


@cache
def _country_names() -> dict[str, str]:
    """German and English country names (CLDR, through babel) -> ISO code."""
    from babel import Locale

    from desktop_app.domain.rules.codes import COUNTRY_CODES

    out: dict[str, str] = {}
    for language in ("de", "en"):
        territories = Locale.parse(language).territories
        for code in COUNTRY_CODES:
            name = territories.get(code)
            if name:
                out.setdefault(str(name).casefold(), code)
                out.setdefault(normalize_header(str(name)), code)
    for name, code in _COUNTRY_ALIASES.items():
        out.setdefault(name, code)
        out.setdefault(normalize_header(name), code)
    return out


def country_code(text: str) -> str:
    """A country name (German or English) or code as a two-letter code, else unchanged."""
    value = text.strip()
    if len(value) == 2 and value.isalpha():
        return value.upper()
    if len(value) == 3 and value.isalpha() and value.upper() in ("DEU", "AUT", "CHE", "FRA"):
        return {"DEU": "DE", "AUT": "AT", "CHE": "CH", "FRA": "FR"}[value.upper()]
    names = _country_names()
    return names.get(value.casefold()) or names.get(normalize_header(value)) or value


def split_street(text: str) -> tuple[str, str | None]:
    """(street, house number) of "Musterstraße 12a", "Calle Mayor, 5", "12 rue de la Paix";
    (text, None) when no number is found."""
    value = text.strip()
    match = _STREET_WITH_NUMBER.match(value)
    if match:
        return match["street"].rstrip(" ,"), match["no"].replace(" ", "")
    match = _NUMBER_THEN_STREET.match(value)
    if match:
        return match["street"].strip(" ,"), match["no"].replace(" ", "")
    return value, None


def is_company_name(text: str) -> bool:
    """True when a name reads as a company's ("Muster GmbH", "Acme Ltd")."""
    return bool(_COMPANY_WORDS.search(text))


def weight_unit_of_header(header: str) -> str | None:
    """The unit a weight column's header names: "Gewicht (g)", "Weight in lbs" -> g, lb."""
    words = re.findall(r"[a-zäöüß]+", header.casefold())
    for word in reversed(words):
        if word in _UNIT_WORDS:
            return _UNIT_WORDS[word]
    key = normalize_header(header)
    for suffix, unit in (("gramm", "g"), ("grams", "g"), ("lbs", "lb"), ("kg", "kg")):
        if key.endswith(suffix):
            return unit
    return None


def weight_in_kg(value: float, unit: str | None) -> float:
    """A weight in `unit` (g, kg, lb, oz; kg when None or unknown) as kilograms."""
    return round(value * WEIGHT_UNITS.get((unit or "kg").casefold(), 1.0), 6)
