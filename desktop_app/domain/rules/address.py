"""Address rules (spec 2.1, 4.1.5, 4.1.7, 4.4): contact rule, required fields, formats,
lengths per carrier, locker station / post branch and workplace parcel point."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import CarrierSpec, Catalog, CombinedLimit, PlaceSpec
from desktop_app.domain.models.address import ADDRESS_FIELDS
from desktop_app.domain.postcodes import POSTCODE_FORMATS, canonical_postcode, postcode_message
from desktop_app.domain.printable import describe_character, unprintable_character
from desktop_app.domain.rules.checks import check_email, check_text, is_country, is_phone
from desktop_app.domain.rules.problems import Problem, Problems, join

_FIELD_WORDS = {
    "company": "a company",
    "first_name": "a first name",
    "last_name": "a last name",
    "care_of": "the care-of line",
    "street": "the street",
    "street_no": "the house number",
    "zip_code": "the postcode",
    "city": "the city",
    "state": "the state",
    "country": "the country code",
    "phone": "a phone number",
    "email": "an e-mail address",
    "partner_id": "the partner id",
}


# "a company" -> "the company": a field named in a sentence about what it holds
_FIELD_NAMES = {k: "the " + v.split(" ", 1)[1] for k, v in _FIELD_WORDS.items()}

#: A partner id that exists (the local service's directory has it): for examples in messages.
PARTNER_ID_EXAMPLE = "1A2B3C4"

# "Germany" typed where the code belongs: the code it means
_COUNTRY_BY_NAME = {
    fmt.country.removeprefix("the ").casefold(): code for code, fmt in POSTCODE_FORMATS.items()
}


def check_printable(out: Problems, text: str, path: str, what: str) -> None:
    """Refuse a character that label fonts cannot print, naming it and the field."""
    ch = unprintable_character(text)
    if ch is not None:
        out.add(
            path,
            "unprintable_character",
            f"Labels cannot print {describe_character(ch)}; remove it from {what}.",
            char=ch,
        )


def normalize_country(text: str) -> str:
    """A country code as the API wants it: trimmed, upper case ("de" -> "DE")."""
    return text.strip().upper()


def _given(a: dict[Any, Any], name: str) -> bool:
    v = a.get(name)
    return isinstance(v, str) and v.strip() != ""


_Plan = tuple[tuple[str, int | None, int, bool], ...]
_PLANS: dict[tuple[str | None, str, tuple[str, ...] | None], _Plan] = {}


def _field_plan(
    cat: Catalog, spec: CarrierSpec | None, context: str, required: tuple[str, ...] | None
) -> _Plan:
    """Per field: name, max and min length, required; computed once per carrier and context."""
    key = (spec.code if spec else None, context, required)
    plan = _PLANS.get(key)
    if plan is None or len(_PLANS) > 64:
        if required is None:
            required = spec.required_address_fields if spec else cat.default_required_address_fields
        rows = []
        for name in ADDRESS_FIELDS:
            lim = spec.limit(name, context) if spec else cat.default_field_limits.get(name)
            rows.append((name, lim.max if lim else None, lim.min if lim else 0, name in required))
        plan = tuple(rows)
        if len(_PLANS) > 64:  # only a handful of keys exist; guard against misuse anyway
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def check_address(
    out: Problems,
    a: Any,
    path: str,
    cat: Catalog,
    spec: CarrierSpec | None,
    *,
    context: str = "shipments",
    contact: bool = True,
    receiver: bool = False,
    required_fields: tuple[str, ...] | None = None,
) -> None:
    """All rules of one address; `receiver` adds the special-delivery rules of `to`."""
    if not isinstance(a, dict):
        out.add(path, "invalid_type", "Enter an address.")
        return
    if "id" in a or "partner_id" in a:
        has_fields = any(_given(a, name) for name in ADDRESS_FIELDS)
        # `{"id": ...}` alone refers to a stored address (spec 4.1.7): nothing else to check.
        if "id" in a and not has_fields:
            check_text(out, a.get("id"), join(path, "id"), required=True, what="the address id")
            return
        if not has_fields and "partner_id" in a:
            # the parcel-point mode: only the partner id is asked for (and checked)
            if not receiver or _partner_offered(out, join(path, "partner_id"), spec):
                check_partner_id(out, a["partner_id"], join(path, "partner_id"), cat)
            return

    start = len(out)
    texts: dict[str, str] = {}
    # a locker station or post branch: its own rules say what care_of and street_no hold
    place = receiver and _place_keyword(a.get("street"), cat)
    for name, max_len, min_len, is_required in _field_plan(cat, spec, context, required_fields):
        value = a.get(name)
        if value is None and not is_required:
            continue
        if place and name in ("care_of", "street_no"):
            if isinstance(value, str):
                texts[name] = value
            continue
        # Fast path for the common case, a usable text within its limits: the GUI runs this
        # on every keystroke, and check_text's generality costs a few microseconds per field.
        if isinstance(value, str) and (not is_required or (value and not value.isspace())):
            n = len(value)
            if (max_len is None or n <= max_len) and not (min_len > 1 and 0 < n < min_len):
                texts[name] = value
                continue
        text = check_text(
            out,
            value,
            join(path, name),
            max_len=max_len,
            min_len=min_len,
            required=is_required,
            what=_FIELD_WORDS[name],
        )
        if text is not None:
            texts[name] = text

    if contact:
        given = {k for k in ("company", "first_name", "last_name") if _given(texts, k)}
        if "company" not in given and not ("first_name" in given and "last_name" in given):
            # The contact rule is reported before the field problems, in field order.
            if "first_name" in given:
                where, message = "last_name", "Enter a last name, or a company."
            elif "last_name" in given:
                where, message = "first_name", "Enter a first name, or a company."
            else:
                where, message = "last_name", "Enter a company or a first and last name."
            out.insert(start, Problem(join(path, where), "contact_required", message))

    if "partner_id" in a and a["partner_id"] is not None:
        if not receiver or _partner_offered(out, join(path, "partner_id"), spec):
            check_partner_id(out, a["partner_id"], join(path, "partner_id"), cat)

    combined: tuple[CombinedLimit, ...] = ()
    if spec:
        combined = spec.pickup_combined_limits if context == "pickup_requests" else ()
        combined = combined or spec.combined_limits
    for comb in combined:
        total = sum(len(texts.get(f, "")) for f in comb.fields)
        if total > comb.max:
            last = comb.fields[-1]
            names = " and ".join(_FIELD_WORDS[f].split(" ", 1)[1] for f in comb.fields)
            out.add(
                join(path, last),
                "too_long",
                f"Together, {names} may have at most {comb.max} characters (now {total}).",
                max=comb.max,
                now=total,
                fields=tuple(comb.fields),
            )

    for name, text in texts.items():
        if name != "email" and not text.isascii():
            check_printable(out, text, join(path, name), _FIELD_NAMES[name])
    country = normalize_country(texts.get("country", ""))
    if country and not is_country(country):
        country = _country_problem(out, texts["country"].strip(), join(path, "country"))
    zip_code = texts.get("zip_code", "").strip()
    if zip_code and country in POSTCODE_FORMATS and canonical_postcode(country, zip_code) is None:
        out.add(
            join(path, "zip_code"), "invalid_postcode", postcode_message(country), country=country
        )
    phone = texts.get("phone")
    if phone is not None and phone.strip() and not is_phone(phone.strip()):
        out.add(join(path, "phone"), "invalid_phone", "Enter a phone number, e.g. +49 30 1234567.")
    if "email" in texts:
        check_email(out, texts["email"], join(path, "email"))

    if receiver:
        _special_delivery(out, texts, path, cat, spec)


def _country_problem(out: Problems, text: str, path: str) -> str:
    """Report a country that is no ISO code (naming the code of a country typed by name)."""
    code = _COUNTRY_BY_NAME.get(text.casefold().removeprefix("the "))
    if code is not None:
        message = f"Use the two-letter country code {code} for {text}."
    else:
        message = f"There is no country with the code {text}; use a two-letter code such as DE."
    out.add(path, "invalid_country", message)
    return ""


def _place_keyword(street: Any, cat: Catalog) -> bool:
    """Whether `street` is the locker station or post branch keyword."""
    if not isinstance(street, str):
        return False
    keyword = street.strip().upper()
    return keyword in (cat.locker_station.keyword, cat.post_branch.keyword)


def _partner_offered(out: Problems, path: str, spec: CarrierSpec | None) -> bool:
    """False (with `partner_not_offered`) when the receiver's carrier has no parcel points."""
    if spec is None or spec.partner:
        return True
    out.add(
        path,
        "partner_not_offered",
        f"{spec.display_name} does not deliver to workplace parcel points.",
        carrier=spec.code,
    )
    return False


def check_partner_id(out: Problems, value: Any, path: str, cat: Catalog) -> None:
    """A workplace parcel-point user id (the part after the prefix)."""
    text = check_text(out, value, path, required=True, what="the partner id")
    if text is not None and cat.partner.id_pattern.match(text.strip()) is None:
        out.add(
            path,
            "partner_invalid_id",
            f"A partner id has 7 capital letters or digits, e.g. {PARTNER_ID_EXAMPLE}.",
        )


def _special_delivery(
    out: Problems,
    texts: dict[str, str],
    path: str,
    cat: Catalog,
    spec: CarrierSpec | None,
) -> None:
    """Locker station, post branch (4.1.5) and partner care_of (4.4) rules of `to`."""
    street = texts.get("street", "").strip().upper()
    if street == cat.locker_station.keyword:
        _place(out, texts, path, spec, cat.locker_station, "locker_station", "locker station")
    elif street == cat.post_branch.keyword:
        _place(out, texts, path, spec, cat.post_branch, "post_branch", "post branch")
    care_of = texts.get("care_of", "").strip()
    if not care_of:
        return
    prefix = cat.partner.prefix
    head, rest = care_of[: len(prefix)], care_of[len(prefix) :]
    if head.upper() != prefix:
        return
    # "Paketannahme" is an ordinary care-of line; "PAKA1B2C3D" is a partner id missing its space.
    if rest[:1].isalpha() and cat.partner.id_pattern.match(rest) is None:
        return
    care_path = join(path, "care_of")
    if spec is not None and not spec.partner:
        out.add(
            care_path,
            "partner_not_offered",
            f"{spec.display_name} does not deliver to workplace parcel points.",
            carrier=spec.code,
        )
        return
    if head != prefix or care_of[len(prefix) : len(prefix) + 1] != " ":
        out.add(
            care_path,
            "partner_invalid_prefix",
            f"Write {prefix}, a space, then the partner id, e.g. {prefix} {PARTNER_ID_EXAMPLE}.",
            prefix=prefix,
        )
        return
    if cat.partner.id_pattern.match(care_of[len(prefix) + 1 :]) is None:
        out.add(
            care_path,
            "partner_invalid_id",
            f"After {prefix} and a space comes the 7-character partner id, "
            f"e.g. {PARTNER_ID_EXAMPLE}.",
            prefix=prefix,
        )


def _place(
    out: Problems,
    texts: dict[str, str],
    path: str,
    spec: CarrierSpec | None,
    place: PlaceSpec,
    kind: str,
    words: str,
) -> None:
    if spec is not None and not getattr(spec, kind):
        out.add(
            join(path, "street"),
            f"{kind}_not_offered",
            f"{spec.display_name} does not deliver to a {words}.",
            carrier=spec.code,
        )
        return
    customer = texts.get("care_of", "").strip()
    if place.customer_number_pattern.match(customer) is None:
        out.add(
            join(path, "care_of"),
            f"{kind}_customer_number",
            f"For a {words}, enter the receiver's customer number (6 to 10 digits) here.",
        )
    number = texts.get("street_no", "").strip()
    if place.number_pattern.match(number) is None:
        what = "station" if kind == "locker_station" else "branch"
        out.add(
            join(path, "street_no"),
            f"{kind}_number",
            f"For a {words}, enter the 3-digit {what} number here.",
        )
