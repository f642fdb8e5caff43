"""Problems and service errors in plain words: the field's label, never its wire path.

The domain's rules and the service name a field by its path (`to.partner_id`,
`packages[1].weight`) so that code can place a message under the right field. A person
reads "Receiver › Partner id: …" instead: `field_label()` turns a path into the labels the
forms show, `problem_text()` does it for a rule's Problem and `message_text()` for a
service's `path: message` error string (anything else is left as it is).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from desktop_app.domain.rules.problems import Problem
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.problems import problem_message

# the service's and the rules' field paths (as the client's split_field_errors reads them)
_PATH_MESSAGE = re.compile(
    r"^(?P<path>[a-z_][a-z0-9_]*(?:\[\d+\])*(?:\.[a-z_][a-z0-9_]*(?:\[\d+\])*)*):\s+(?P<msg>.+)$",
    re.DOTALL,
)
_INDEXED = re.compile(r"^(?P<name>[a-z_]+)\[(?P<index>\d+)\]$")

#: the first part of a path: which part of the shipment (or request) it is in
_SECTIONS = {
    "to": QT_TRANSLATE_NOOP("Problems", "Receiver"),
    "from": QT_TRANSLATE_NOOP("Problems", "Sender"),
    "package": QT_TRANSLATE_NOOP("Problems", "Package"),
    "item": QT_TRANSLATE_NOOP("Problems", "Item"),
    "pickup_address": QT_TRANSLATE_NOOP("Problems", "Pickup address"),
    "pickup_time": QT_TRANSLATE_NOOP("Problems", "Pickup time"),
    "metadata": QT_TRANSLATE_NOOP("Problems", "Order details"),
    "label": QT_TRANSLATE_NOOP("Problems", "Label"),
    "security": QT_TRANSLATE_NOOP("Problems", "Authentication"),
}
#: a field's own name, as the forms label it
_FIELDS = {
    "company": QT_TRANSLATE_NOOP("Problems", "Company"),
    "first_name": QT_TRANSLATE_NOOP("Problems", "First name"),
    "last_name": QT_TRANSLATE_NOOP("Problems", "Last name"),
    "care_of": QT_TRANSLATE_NOOP("Problems", "Care of"),
    "street": QT_TRANSLATE_NOOP("Problems", "Street"),
    "street_no": QT_TRANSLATE_NOOP("Problems", "House number"),
    "zip_code": QT_TRANSLATE_NOOP("Problems", "Postcode"),
    "city": QT_TRANSLATE_NOOP("Problems", "City"),
    "state": QT_TRANSLATE_NOOP("Problems", "State"),
    "country": QT_TRANSLATE_NOOP("Problems", "Country"),
    "phone": QT_TRANSLATE_NOOP("Problems", "Phone"),
    "email": QT_TRANSLATE_NOOP("Problems", "E-mail"),
    "partner_id": QT_TRANSLATE_NOOP("Problems", "Partner id"),
    "weight": QT_TRANSLATE_NOOP("Problems", "Weight"),
    "weight_unit": QT_TRANSLATE_NOOP("Problems", "Weight unit"),
    "length": QT_TRANSLATE_NOOP("Problems", "Length"),
    "width": QT_TRANSLATE_NOOP("Problems", "Width"),
    "height": QT_TRANSLATE_NOOP("Problems", "Height"),
    "type": QT_TRANSLATE_NOOP("Problems", "Type"),
    "description": QT_TRANSLATE_NOOP("Problems", "Description"),
    "declared_value": QT_TRANSLATE_NOOP("Problems", "Declared value"),
    "amount": QT_TRANSLATE_NOOP("Problems", "Amount"),
    "currency": QT_TRANSLATE_NOOP("Problems", "Currency"),
    "carrier": QT_TRANSLATE_NOOP("Problems", "Carrier"),
    "service": QT_TRANSLATE_NOOP("Problems", "Service"),
    "reference_number": QT_TRANSLATE_NOOP("Problems", "Reference"),
    "notification_email": QT_TRANSLATE_NOOP("Problems", "Notification e-mail"),
    "additional_services": QT_TRANSLATE_NOOP("Problems", "Add-ons"),
    "shipments": QT_TRANSLATE_NOOP("Problems", "Shipments"),
    "earliest": QT_TRANSLATE_NOOP("Problems", "Earliest"),
    "latest": QT_TRANSLATE_NOOP("Problems", "Latest"),
    "url": QT_TRANSLATE_NOOP("Problems", "URL"),
    "event_types": QT_TRANSLATE_NOOP("Problems", "Events"),
    "order_number": QT_TRANSLATE_NOOP("Problems", "Order number"),
    "shop_name": QT_TRANSLATE_NOOP("Problems", "Shop name"),
    "order_date": QT_TRANSLATE_NOOP("Problems", "Order date"),
    "format": QT_TRANSLATE_NOOP("Problems", "Label format"),
    "username": QT_TRANSLATE_NOOP("Problems", "User name"),
    "password": QT_TRANSLATE_NOOP("Problems", "Password"),
}


def _part(key: str) -> str:
    """One path part in words: a known label, else the key with spaces ("pickup_date")."""
    indexed = _INDEXED.match(key)
    if indexed is not None:
        name, number = indexed["name"], int(indexed["index"]) + 1
        if name == "packages":
            return translate("Problems", "Package {number}").format(number=number)
        if name == "additional_services":
            return translate("Problems", "Add-on {number}").format(number=number)
        return f"{_part(name)} {number}"
    if key in _SECTIONS:
        return translate("Problems", _SECTIONS[key])
    if key in _FIELDS:
        return translate("Problems", _FIELDS[key])
    return key.replace("_", " ").capitalize()


def field_label(path: str) -> str:
    """`to.partner_id` -> "Receiver › Partner id"; `packages[1].weight` -> "Package 2 › Weight"."""
    parts = [part for part in path.split(".") if part and part != "properties"]
    if not parts:
        return ""
    text = _part(parts[0])
    for part in parts[1:]:
        text = translate("Problems", "{outer} › {inner}").format(outer=text, inner=_part(part))
    return text


#: problems whose message names the cause and what to do, without a field
SELF_NAMED = frozenset({"no_weight"})


def problem_text(problem: Problem) -> str:
    """A rule's problem as a person reads it: the field's label, then the message in the UI
    language (translated by its code; see `i18n.problems`). A problem that names its cause
    in its own words ("No weight: ...") is shown without the field."""
    if not problem.path or problem.code in SELF_NAMED:
        return problem_message(problem)
    return translate("Problems", "{field}: {message}").format(
        field=field_label(problem.path), message=problem_message(problem)
    )


def column_problem_text(column: str | None, problem: Problem) -> str:
    """A problem of an imported file naming the file's column that holds the value (the
    field's label when no column does)."""
    if not column or problem.code in SELF_NAMED:
        return problem_text(problem)
    return translate("Problems", "Column “{column}”: {message}").format(
        column=column, message=problem_message(problem)
    )


def problems_text(problems: Iterable[Problem], separator: str = "\n") -> str:
    """Several problems, one per line (or joined with `separator`)."""
    return separator.join(problem_text(p) for p in problems)


def message_text(message: str) -> str:
    """A service's error message: a leading `path: ` becomes the field's label."""
    match = _PATH_MESSAGE.match(message)
    if match is None:
        return message
    first = match["path"].split(".")[0]
    indexed = _INDEXED.match(first)
    if (indexed["name"] if indexed else first) not in {*_SECTIONS, *_FIELDS, "packages"}:
        return message  # a sentence like "dhl: …" names no field
    return problem_text(Problem(match["path"], "", match["msg"]))
