"""Format checks the rules share (text, numbers, e-mail, codes, dates, IBAN/BIC, pickup
times); each works on JSON-like values of any type and never raises."""

from __future__ import annotations

import math
import re
from datetime import date, datetime
from typing import Any

from desktop_app.domain.rules.codes import COUNTRY_CODES, CURRENCY_CODES, LANGUAGE_CODES
from desktop_app.domain.rules.problems import Problems, join

# Why a hand-written pattern and not email-validator: it runs on every keystroke (it must stay
# in the microsecond range) and must not do DNS look-ups.
_EMAIL = re.compile(
    r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$"
)
_PHONE = re.compile(r"^\+?[0-9 ()/.\-]{4,30}$")
_SMS = re.compile(r"^\+[1-9][0-9 ]{5,20}$")
_DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")
_IBAN = re.compile(r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$")
_IBAN_LETTERS = {ord(c): str(ord(c) - 55) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}  # A=10 ... Z=35
_BIC = re.compile(r"^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$")


def is_blank(value: Any) -> bool:
    """None, or a string of only whitespace."""
    return value is None or (isinstance(value, str) and not value.strip())


def is_number(value: Any) -> bool:
    """A finite JSON number (bool is not a number here)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value)


def is_email(value: str) -> bool:
    """A plausible e-mail address (format only)."""
    return len(value) <= 254 and _EMAIL.match(value) is not None


def is_phone(value: str) -> bool:
    """A phone number: digits with the usual separators, optional leading `+`."""
    if _PHONE.match(value) is None:
        return False
    return sum(map(str.isdigit, value)) >= 4


def is_sms_number(value: str) -> bool:
    """A mobile number with its country prefix (`+49 151 ...`), 7 to 15 digits."""
    if _SMS.match(value) is None:
        return False
    return 7 <= sum(map(str.isdigit, value)) <= 15


def is_country(value: str) -> bool:
    """An uppercase ISO 3166-1 alpha-2 code."""
    return value in COUNTRY_CODES


def is_currency(value: str) -> bool:
    """An ISO 4217 currency code."""
    return value in CURRENCY_CODES


def is_language(value: str) -> bool:
    """An ISO 639-1 language code (lowercase)."""
    return value in LANGUAGE_CODES


def is_date(value: str) -> bool:
    """A real calendar date written `YYYY-MM-DD`."""
    if _DATE.match(value) is None:
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def parse_datetime(value: str) -> datetime | None:
    """An ISO 8601 date-time with a UTC offset, or None."""
    if len(value) < 16 or len(value) > 40 or not value[:4].isdigit():
        return None
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        return None
    return parsed if parsed.utcoffset() is not None else None


def is_iban(value: str) -> bool:
    """An IBAN whose check digits are right (spaces allowed)."""
    compact = value.replace(" ", "").upper()
    if _IBAN.match(compact) is None:
        return False
    moved = compact[4:] + compact[:4]
    return int(moved.translate(_IBAN_LETTERS)) % 97 == 1


def is_bic(value: str) -> bool:
    """A BIC/SWIFT code of 8 or 11 characters."""
    return _BIC.match(value.replace(" ", "").upper()) is not None


def check_text(
    out: Problems,
    value: Any,
    path: str,
    *,
    max_len: int | None = None,
    min_len: int = 0,
    required: bool = False,
    what: str = "this field",
) -> str | None:
    """Type, presence and length of a text field; the text when it is usable."""
    if value is None or value == "":
        if required:
            out.add(path, "required", f"Enter {what}.")
        return None
    if not isinstance(value, str):
        out.add(path, "invalid_type", f"Enter {what} as text.")
        return None
    if required and not value.strip():
        out.add(path, "required", f"Enter {what}.")
        return None
    n = len(value)
    if max_len is not None and n > max_len:
        message = f"Use at most {max_len} characters here (now {n})."
        out.add(path, "too_long", message, max=max_len, now=n)
    elif min_len > 1 and n < min_len:
        out.add(path, "too_short", f"Use at least {min_len} characters here.", min=min_len)
    return value


def check_number(
    out: Problems,
    value: Any,
    path: str,
    *,
    required: bool = True,
    what: str = "a number",
    allow_zero: bool = False,
) -> float | None:
    """A JSON number that is positive (or zero when allowed); the value when usable."""
    if value is None:
        if required:
            out.add(path, "required", f"Enter {what}.")
        return None
    if not is_number(value):
        out.add(path, "invalid_number", f"Enter {what} as a number.")
        return None
    if value < 0 or (value == 0 and not allow_zero):
        word = "zero or more" if allow_zero else "more than zero"
        out.add(path, "not_positive", f"Enter {word} here.")
        return None
    return float(value)


def check_email(out: Problems, value: Any, path: str, *, required: bool = False) -> None:
    """An optional (or required) e-mail address field."""
    text = check_text(out, value, path, required=required, what="an e-mail address")
    if text is not None and text.strip() and not is_email(text.strip()):
        out.add(path, "invalid_email", "Enter a valid e-mail address, e.g. name@example.com.")


def check_currency(out: Problems, value: Any, path: str) -> str | None:
    """A required ISO 4217 currency code; the code when valid."""
    text = check_text(out, value, path, required=True, what="a currency code such as EUR")
    if text is None:
        return None
    if not is_currency(text):
        out.add(path, "invalid_currency", "Use a three-letter currency code such as EUR.")
        return None
    return text


def check_pickup_time(out: Problems, value: Any, path: str) -> None:
    """`{earliest, latest}`: ISO date-times with offset, earliest before latest."""
    if value is None:
        out.add(path, "required", "Enter when the parcels can be picked up.")
        return
    if not isinstance(value, dict):
        out.add(path, "invalid_type", "Enter the earliest and latest pickup time.")
        return
    times: list[datetime | None] = []
    for key in ("earliest", "latest"):
        kpath = join(path, key)
        text = check_text(out, value.get(key), kpath, required=True, what=f"the {key} time")
        if text is None:
            times.append(None)
            continue
        parsed = parse_datetime(text.strip())
        if parsed is None:
            out.add(
                kpath,
                "invalid_datetime",
                "Enter a date and time with its UTC offset, e.g. 2024-05-03T09:00:00+02:00.",
            )
        times.append(parsed)
    first, last = times
    if first is not None and last is not None and not first < last:
        out.add(
            join(path, "latest"),
            "pickup_window_order",
            "The latest pickup time must be after the earliest.",
        )
