"""Write resources/translations/countries.json: every country code the rules accept, named in
each UI language from babel's CLDR data.

The app reads this small file at start-up instead of babel's locale data (two pickles merged
into ~3,000 dicts: about a fifth of the first window's work). tests/gui/i18n checks the file
against babel, so a babel upgrade that renames a country shows; run this to write it again:
`.venv/bin/python -m tools.country_names`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from babel import Locale

from desktop_app.domain.rules.codes import COUNTRY_CODES

SUPPORTED = ("de", "en")  # desktop_app.gui.i18n.SUPPORTED (no Qt import here)
TARGET = Path(__file__).resolve().parent.parent / "resources" / "translations" / "countries.json"


def country_names_from_babel(language: str) -> dict[str, str]:
    """ISO code -> the country's name in `language` (a code CLDR has no name for keeps its code)."""
    territories = Locale.parse(language).territories
    return {code: str(territories.get(code, code)) for code in sorted(COUNTRY_CODES)}


def all_names() -> dict[str, dict[str, str]]:
    """The file's content: language -> code -> name."""
    return {language: country_names_from_babel(language) for language in SUPPORTED}


def main() -> int:
    TARGET.write_text(
        json.dumps(all_names(), ensure_ascii=False, indent=0, sort_keys=True) + "\n",
        encoding="utf-8",
    )
    print(f"wrote {TARGET}")  # noqa: T201 - a command's one line
    return 0


if __name__ == "__main__":
    sys.exit(main())
