"""Text that is not text: lone surrogates and Unicode non-characters, refused with their path.

JSON can carry half of a UTF-16 pair (`"\\ud800"`) and the non-characters (U+FDD0-U+FDEF and
the last two code points of every plane, U+FFFE, U+FFFF, U+1FFFE ...). No encoder, font or
carrier takes them, and dropping them quietly would store and print something other than what
was sent. Every text value of a request (at any depth, object keys too) is checked before it is
sanitised; the service answers 422 naming each field, and the desktop app uses the same check.

Control characters are not refused here: the API contract (spec section 1) removes them when a
request is sanitised, and the printable-character rule (printable.py) covers what a label shows.
"""

from __future__ import annotations

import re
from typing import Any

from desktop_app.domain.rules.problems import join

MAX_MESSAGES = 20
_NONCHARACTERS = "\ufdd0-\ufdef" + "".join(
    f"{chr(plane * 0x10000 + 0xFFFE)}{chr(plane * 0x10000 + 0xFFFF)}" for plane in range(17)
)
_NOT_TEXT = re.compile(f"[\ud800-\udfff{_NONCHARACTERS}]")


def not_text_character(text: str) -> str | None:
    """The first lone surrogate or non-character in `text`, else None."""
    if text.isascii():
        return None
    found = _NOT_TEXT.search(text)
    return found.group() if found else None


def _message(path: str, ch: str) -> str:
    code = f"U+{ord(ch):04X}"
    if 0xD800 <= ord(ch) <= 0xDFFF:
        what = f"a lone surrogate ({code}), half of a character"
    else:
        what = f"the non-character {code}"
    return f"{path or 'request'}: contains {what}; send the text as UTF-8 without it"


def not_text_problems(value: Any, path: str = "") -> list[str]:
    """A message per text value (key or string) holding a surrogate or non-character.

    At most `MAX_MESSAGES`, the last one saying how many more there were.
    """
    found: list[str] = []
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, str):
            ch = not_text_character(item)
            if ch is not None:
                found.append(_message(where, ch))
        elif isinstance(item, dict):
            for key, child in reversed(list(item.items())):
                key_text = key if isinstance(key, str) else str(key)
                ch = not_text_character(key_text)
                if ch is not None:
                    found.append(_message(join(where, "(field name)"), ch))
                    continue
                stack.append((child, join(where, key_text)))
        elif isinstance(item, list | tuple):
            stack.extend((child, f"{where}[{i}]") for i, child in reversed(list(enumerate(item))))
    if len(found) > MAX_MESSAGES:
        more = len(found) - (MAX_MESSAGES - 1)
        found = [*found[: MAX_MESSAGES - 1], f"... and {more} more fields with such characters"]
    return found
