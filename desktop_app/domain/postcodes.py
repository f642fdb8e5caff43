"""Postcode formats per country, and the spelling carriers expect ("sw1a1aa" -> "SW1A 1AA").

Patterns follow the national postal operators' published formats as collected in Google's
address metadata (libaddressinput, chromium-i18n `zip`/`zipex`) and the UPU's Postal
Addressing Systems; GB's outward/inward pattern is the UK government data standard's. Every
EU country, CH, LI, NO, IS, GB and the US are covered; other countries are not checked.

A postcode is compared in a compact form: upper case, spaces and hyphens removed, an
optional country prefix ("D-10115", "LV-1010") dropped. `canonical` rebuilds the usual
spelling, which is what the service stores and the label prints.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# Spaces (incl. no-break), hyphens and dashes people type inside a postcode.
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015]+")


def _plain(compact: str) -> str:
    return compact


def _split(at: int, sep: str = " ") -> Callable[[str], str]:
    """Canonical form with `sep` after the first `at` characters ("12345" -> "123 45")."""
    return lambda compact: f"{compact[:at]}{sep}{compact[at:]}"


def _gb(compact: str) -> str:
    return f"{compact[:-3]} {compact[-3:]}"  # the inward code is always the last three


@dataclass(frozen=True, slots=True)
class PostcodeFormat:
    """One country's postcodes: the compact pattern, the canonical spelling, words for people."""

    country: str  # in English, for messages
    pattern: re.Pattern[str]
    canonical: Callable[[str], str]
    shape: str  # e.g. "5 digits"
    example: str
    prefix: str = ""  # the national prefix some write before the code ("LV", "L")


def _fmt(
    country: str,
    pattern: str,
    shape: str,
    example: str,
    canonical: Callable[[str], str] = _plain,
    prefix: str = "",
) -> PostcodeFormat:
    return PostcodeFormat(country, re.compile(pattern), canonical, shape, example, prefix)


_D4 = r"[1-9]\d{3}"
_D5 = r"\d{5}"

POSTCODE_FORMATS: dict[str, PostcodeFormat] = {
    "AT": _fmt("Austria", _D4, "4 digits", "1010", prefix="A"),
    "BE": _fmt("Belgium", _D4, "4 digits", "1000"),
    "BG": _fmt("Bulgaria", _D4, "4 digits", "1000"),
    "HR": _fmt("Croatia", r"[1-5]\d{4}", "5 digits", "10000"),
    "CY": _fmt("Cyprus", r"\d{4}", "4 digits", "1010"),
    "CZ": _fmt("Czechia", r"[1-7]\d{4}", "5 digits (123 45)", "110 00", _split(3)),
    "DK": _fmt("Denmark", r"\d{4}", "4 digits", "1050"),
    "EE": _fmt("Estonia", r"\d{5}", "5 digits", "10111"),
    "FI": _fmt("Finland", _D5, "5 digits", "00100"),
    "FR": _fmt("France", _D5, "5 digits", "75001"),
    "DE": _fmt("Germany", r"(?!00)\d{5}", "5 digits", "10115", prefix="D"),
    "GR": _fmt("Greece", r"[1-8]\d{4}", "5 digits (123 45)", "105 57", _split(3)),
    "HU": _fmt("Hungary", _D4, "4 digits", "1011"),
    "IE": _fmt(
        "Ireland",
        r"(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}",
        "an Eircode (A65 F4E2)",
        "D02 X285",
        _split(3),
    ),
    "IT": _fmt("Italy", _D5, "5 digits", "00144"),
    "LV": _fmt("Latvia", r"\d{4}", "LV- and 4 digits", "LV-1010", lambda c: f"LV-{c}", prefix="LV"),
    "LT": _fmt("Lithuania", _D5, "5 digits", "01100", prefix="LT"),
    "LU": _fmt("Luxembourg", r"\d{4}", "4 digits", "1111", prefix="L"),
    "MT": _fmt(
        "Malta", r"[A-Z]{3}\d{2,4}", "3 letters and 4 digits (VLT 1117)", "VLT 1117", _split(3)
    ),
    "NL": _fmt(
        "the Netherlands",
        r"[1-9]\d{3}(?!SA|SD|SS)[A-Z]{2}",
        "4 digits and 2 letters (1234 AB)",
        "1011 AB",
        _split(4),
    ),
    "PL": _fmt("Poland", _D5, "5 digits (12-345)", "00-950", _split(2, "-")),
    "PT": _fmt("Portugal", r"[1-9]\d{6}", "7 digits (1234-567)", "1000-001", _split(4, "-")),
    "RO": _fmt("Romania", r"\d{6}", "6 digits", "010011"),
    "SK": _fmt("Slovakia", r"[089]\d{4}", "5 digits (123 45)", "811 01", _split(3)),
    "SI": _fmt("Slovenia", _D4, "4 digits", "1000", prefix="SI"),
    "ES": _fmt("Spain", r"(?:0[1-9]|[1-4]\d|5[0-2])\d{3}", "5 digits", "28013"),
    "SE": _fmt("Sweden", r"[1-9]\d{4}", "5 digits (123 45)", "111 52", _split(3)),
    "CH": _fmt("Switzerland", _D4, "4 digits", "8001", prefix="CH"),
    "LI": _fmt("Liechtenstein", r"94[89]\d|949[0-7]", "4 digits", "9490", prefix="FL"),
    "NO": _fmt("Norway", r"\d{4}", "4 digits", "0150"),
    "IS": _fmt("Iceland", r"\d{3}", "3 digits", "101"),
    "GB": _fmt(
        "the United Kingdom",
        # UK government data standard: outward code (area, district), inward code (sector, unit)
        r"GIR0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y])"
        r"\d[ABD-HJLNP-UW-Z]{2}",
        "an outward and an inward code (SW1A 1AA)",
        "SW1A 1AA",
        _gb,
    ),
    # ZIP+4 as 9 digits: UPS takes at most 9 characters (its API has no hyphen)
    "US": _fmt("the United States", r"\d{5}(?:\d{4})?", "a ZIP or ZIP+4 code", "20500"),
}


def compact_postcode(country: str, text: str) -> str:
    """`text` upper case without spaces, hyphens or the country's own prefix."""
    compact = _SEPARATORS.sub("", text).upper()
    fmt = POSTCODE_FORMATS.get(country)
    for prefix in (country, fmt.prefix if fmt else ""):
        rest = compact[len(prefix) :]
        if prefix and compact.startswith(prefix) and rest[:1].isdigit():
            return rest
    return compact


def canonical_postcode(country: str, text: str) -> str | None:
    """The postcode as carriers write it, or None when it is not one of `country`'s.

    Countries without a known format keep `text` as it is.
    """
    fmt = POSTCODE_FORMATS.get(country)
    if fmt is None:
        return text
    if fmt.pattern.fullmatch(text) is not None:  # typed compact already: the usual case
        return fmt.canonical(text)
    compact = compact_postcode(country, text)
    if fmt.pattern.fullmatch(compact) is None:
        return None
    return fmt.canonical(compact)


def postcode_message(country: str) -> str:
    """What a postcode of `country` looks like, for a problem message."""
    fmt = POSTCODE_FORMATS[country]
    return f"A postcode in {fmt.country} has {fmt.shape}, e.g. {fmt.example}."
