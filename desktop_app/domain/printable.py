"""Which characters a label can print: what carriers' label fonts hold.

Carriers print labels in Latin fonts: Latin-1, Latin Extended-A and -B (every European
Latin alphabet, "Łukasz Żółć", "Ģērbšana"), the euro sign and common punctuation (dashes,
quotation marks, the ellipsis). Emoji, symbols, other scripts and invisible characters
(zero-width spaces, joiners) would print as blanks or boxes, or make the carrier refuse the
label; the rules refuse them in every field a label shows, naming the character.
"""

from __future__ import annotations

import re
import unicodedata

# Printable ASCII; Latin-1 Supplement to Latin Extended-B; capital sharp s; general
# punctuation from the hyphen to the single guillemets (without the line/paragraph
# separators and bidi controls U+2028-U+202F); the euro sign.
_NOT_PRINTABLE = re.compile("[^\x20-\x7e\u00a0-\u024f\u1e9e\u2010-\u2027\u2030-\u203a\u20ac]")


def unprintable_character(text: str) -> str | None:
    """The first character of `text` a label cannot print, or None when all can be printed.

    A letter typed as base letter plus combining accent ("o" + U+0308) counts as the composed
    letter ("ö") when Unicode has one.
    """
    if text.isascii():
        return None
    found = _NOT_PRINTABLE.search(text)
    if found is None:
        return None
    found = _NOT_PRINTABLE.search(unicodedata.normalize("NFC", text))
    return found.group() if found else None


def describe_character(ch: str) -> str:
    """`"😀" (grinning face)`: the character and its Unicode name, for a message."""
    code = f"U+{ord(ch):04X}"
    name = unicodedata.name(ch, "").lower()
    if unicodedata.category(ch).startswith("M"):
        return f"a lone accent ({name}, {code})"
    if not ch.isprintable() or ch.isspace():
        return f"an invisible character ({name or code})"
    return f'"{ch}" ({name})' if name else f'"{ch}" ({code})'
