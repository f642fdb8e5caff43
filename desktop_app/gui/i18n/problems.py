"""The domain's Problems in the user's language, by their stable code and parameters.

The rules answer in English (the service sends those messages over the API as the real service
does); the GUI says the same in its own words, which name no field paths, codes or internal
names. A problem whose code is not known here (a server's message, a future rule) is shown as
it came.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from desktop_app.domain.postcodes import POSTCODE_FORMATS
from desktop_app.domain.rules import Problem
from desktop_app.gui.i18n import current_language, translate
from desktop_app.gui.i18n.countries import country_name
from desktop_app.gui.i18n.words import (
    EXAMPLE_DAY,
    additional_service_name,
    carrier_name,
    date_only,
    label_format_name,
    number,
    package_type_name,
    service_name,
)


def _carrier(params: Mapping[str, Any]) -> str:
    return carrier_name(params.get("carrier")) or translate("Problems", "This carrier")


def _required(path: str) -> str:
    last = path.rsplit(".", 1)[-1]
    if last == "carrier":
        return translate("Problems", "Choose a carrier.")
    if last == "service":
        return translate("Problems", "Choose a service.")
    if path.startswith("additional_services"):
        return translate("Problems", "Fill this in for the additional service.")
    if last in ("from", "to"):
        return (
            translate("Problems", "Enter the sender's address.")
            if last == "from"
            else translate("Problems", "Enter the receiver's address.")
        )
    return translate("Problems", "Fill this in.")


def _unprintable(ch: str) -> str:
    """The character in words (never its Unicode name): itself, or what kind it is when it
    cannot be seen."""
    if ch and unicodedata.category(ch[0]).startswith("M"):
        return translate("Problems", "A lone accent cannot be printed by this carrier; remove it.")
    if not ch or not ch.isprintable() or ch.isspace():
        return translate(
            "Problems", "An invisible character cannot be printed by this carrier; remove it."
        )
    return translate(
        "Problems", "The character “{char}” cannot be printed by this carrier; remove it."
    ).format(char=ch)


def _templates() -> dict[str, Callable[[Mapping[str, Any], str], str]]:
    return {
        "required": lambda _p, path: _required(path),
        "invalid_type": lambda _p, _path: translate("Problems", "This value has the wrong form."),
        "not_an_object": lambda _p, _path: translate("Problems", "This value has the wrong form."),
        "not_allowed": lambda _p, _path: translate("Problems", "Leave this empty."),
        "unknown_field": lambda _p, _path: translate("Problems", "This field is not known."),
        "too_long": lambda p, _path: (
            translate("Problems", "At most {max} characters (now {now}).").format(**p)
            if "max" in p
            else translate("Problems", "This is too long.")
        ),
        "too_short": lambda p, _path: (
            translate("Problems", "At least {min} characters.").format(**p)
            if "min" in p
            else translate("Problems", "This is too short.")
        ),
        "invalid_number": lambda _p, _path: translate("Problems", "Enter a number."),
        "no_weight": lambda _p, _path: translate(
            "Problems", "No weight: weigh it, type it, or give the product a weight."
        ),
        "not_positive": lambda _p, _path: translate("Problems", "Enter a number above 0."),
        "invalid_email": lambda _p, _path: translate(
            "Problems", "Enter a valid e-mail address, e.g. name@example.com."
        ),
        "invalid_phone": lambda _p, path: (
            translate(
                "Problems", "Enter the mobile number with its country code, e.g. +49 151 2345678."
            )
            if path.endswith(".sms")
            else translate("Problems", "Enter a phone number, e.g. +49 30 1234567.")
        ),
        "invalid_country": lambda _p, _path: translate(
            "Problems", "Choose a country from the list."
        ),
        "invalid_currency": lambda _p, _path: translate(
            "Problems", "Enter a three-letter currency code such as EUR."
        ),
        "invalid_language": lambda _p, _path: translate("Problems", "Choose a language."),
        "invalid_date": lambda _p, _path: translate("Problems", "Enter a date such as %1.").replace(
            "%1", date_only(EXAMPLE_DAY)
        ),
        "invalid_datetime": lambda _p, _path: translate("Problems", "Enter a date and a time."),
        "invalid_iban": lambda _p, _path: translate(
            "Problems", "This IBAN is not valid; check it for typing errors."
        ),
        "invalid_bic": lambda _p, _path: translate(
            "Problems", "A BIC has 8 or 11 letters and digits, e.g. DEUTDEFF."
        ),
        "invalid_url": lambda _p, _path: translate(
            "Problems", "Enter a full web address, e.g. https://example.com/hooks."
        ),
        "https_required": lambda _p, _path: translate(
            "Problems", "Live webhooks need an address starting with https://."
        ),
        "invalid_unit": lambda _p, _path: translate("Problems", "Choose a unit from the list."),
        "invalid_gtin": lambda _p, _path: translate(
            "Problems", "This barcode number (GTIN) is not valid; check it for typing errors."
        ),
        "too_many": lambda _p, _path: translate("Problems", "There are too many entries here."),
        "contact_required": lambda _p, path: (
            translate("Problems", "Enter a company, or a first and last name.")
            if path.endswith(("last_name", "first_name", "company"))
            else translate("Problems", "Enter a name or a company.")
        ),
        "unknown_carrier": lambda _p, _path: translate(
            "Problems", "Choose a carrier from the list."
        ),
        "service_not_offered": lambda p, _path: (
            translate("Problems", "{carrier} does not take returns.").format(carrier=_carrier(p))
            if p.get("service") == "returns"
            else translate(
                "Problems", "{carrier} does not offer {service}; choose another service."
            ).format(carrier=_carrier(p), service=service_name(p.get("carrier"), p.get("service")))
        ),
        "returns_no_additional_services": lambda _p, _path: translate(
            "Problems", "Returns cannot have additional services; remove them."
        ),
        "package_and_packages": lambda _p, _path: translate(
            "Problems", "Give either one package or several, not both."
        ),
        "no_package": lambda _p, _path: translate(
            "Problems", "Enter the package's weight and size."
        ),
        "multiple_packages_not_allowed": lambda p, _path: translate(
            "Problems", "{carrier} takes only one package per shipment."
        ).format(carrier=_carrier(p)),
        "too_many_packages": lambda p, _path: translate(
            "Problems", "A shipment can have at most %n packages.", None, int(p.get("max", 0))
        ),
        "invalid_package_type": lambda _p, _path: translate("Problems", "Choose a package type."),
        "package_type_not_allowed": lambda p, _path: translate(
            "Problems", "{carrier} does not take the package type {type}."
        ).format(carrier=_carrier(p), type=package_type_name(str(p.get("type") or ""))),
        "too_heavy": lambda p, _path: translate(
            "Problems", "At most {max} kg for this package type (now {now} kg)."
        ).format(max=number(p.get("max", 0)), now=number(p.get("now", 0))),
        "too_large": lambda p, _path: translate(
            "Problems", "At most {max} cm for this package type (now {now} cm)."
        ).format(max=number(p.get("max", 0)), now=number(p.get("now", 0))),
        "dimensions_not_allowed_for_bulk": lambda _p, _path: translate(
            "Problems", "Leave length, width and height empty for bulky parcels."
        ),
        "declared_value_not_allowed": lambda p, _path: translate(
            "Problems", "{carrier} offers no higher insurance; remove the declared value."
        ).format(carrier=_carrier(p)),
        "declared_value_currency": lambda _p, _path: translate(
            "Problems", "Declared values are given in euro (EUR)."
        ),
        "declared_value_too_low": lambda _p, _path: translate(
            "Problems",
            "Goods worth up to 500 € are insured automatically; leave the declared value out.",
        ),
        "unknown_additional_service": lambda _p, _path: translate(
            "Problems", "Choose an additional service from the list."
        ),
        "duplicate_additional_service": lambda p, _path: translate(
            "Problems", "{service} is already added."
        ).format(service=additional_service_name(str(p.get("service") or ""))),
        "additional_service_not_allowed": lambda p, _path: translate(
            "Problems", "{carrier} does not offer {service}."
        ).format(
            carrier=_carrier(p),
            service=additional_service_name(str(p.get("service") or "")),
        ),
        "additional_service_not_for_service": lambda p, _path: translate(
            "Problems", "{service} is only offered with {services}."
        ).format(
            service=additional_service_name(str(p.get("service") or "")),
            services=", ".join(service_name(None, s) for s in p.get("services") or ()),
        ),
        "saturday_needs_one_day": lambda _p, _path: translate(
            "Problems", "Saturday delivery needs the service Express or Express early morning."
        ),
        "advance_notice_contact_required": lambda _p, _path: translate(
            "Problems", "Enter the e-mail address (or, with DPD, the mobile number) to notify."
        ),
        "email_not_allowed": lambda p, _path: translate(
            "Problems", "{carrier} cannot send notices by e-mail."
        ).format(carrier=_carrier(p)),
        "sms_not_allowed": lambda p, _path: translate(
            "Problems", "{carrier} cannot send text messages; use an e-mail address."
        ).format(carrier=_carrier(p)),
        "invalid_label_format": lambda _p, _path: translate("Problems", "Choose a label format."),
        "invalid_label_size": lambda _p, _path: translate("Problems", "Choose a label size."),
        "label_format_not_offered": lambda p, _path: translate(
            "Problems", "{carrier} does not print {format} labels; choose another label format."
        ).format(carrier=_carrier(p), format=label_format_name(p.get("format"))),
        "partner_not_offered": lambda p, _path: translate(
            "Problems", "{carrier} does not deliver to workplace parcel points."
        ).format(carrier=_carrier(p)),
        "partner_invalid_prefix": lambda p, _path: translate(
            "Problems", "Write {prefix}, a space, then the partner id, e.g. {prefix} A1B2C3D."
        ).format(prefix=p.get("prefix", "")),
        "partner_invalid_id": lambda _p, _path: translate(
            "Problems", "A partner id has 7 capital letters or digits, e.g. A1B2C3D."
        ),
        "locker_station_not_offered": lambda p, _path: translate(
            "Problems", "{carrier} does not deliver to locker stations."
        ).format(carrier=_carrier(p)),
        "post_branch_not_offered": lambda p, _path: translate(
            "Problems", "{carrier} does not deliver to post branches."
        ).format(carrier=_carrier(p)),
        "locker_station_customer_number": lambda _p, _path: translate(
            "Problems", "Enter the receiver's customer number (Postnummer, 6 to 10 digits)."
        ),
        "post_branch_customer_number": lambda _p, _path: translate(
            "Problems", "Enter the receiver's customer number (Postnummer, 6 to 10 digits)."
        ),
        "locker_station_number": lambda _p, _path: translate(
            "Problems", "Enter the 3-digit number of the locker station."
        ),
        "post_branch_number": lambda _p, _path: translate(
            "Problems", "Enter the 3-digit number of the post branch."
        ),
        "pickup_not_offered": lambda p, _path: translate(
            "Problems", "{carrier} takes no pickup requests."
        ).format(carrier=_carrier(p)),
        "pickup_window_order": lambda _p, _path: translate(
            "Problems", "The latest pickup time must be after the earliest."
        ),
        "duplicate_shipment": lambda _p, _path: translate(
            "Problems", "This shipment is listed twice."
        ),
        "invalid_event_type": lambda _p, _path: translate("Problems", "Choose an event type."),
        "duplicate_event_type": lambda _p, _path: translate(
            "Problems", "This event type is listed twice."
        ),
        "invalid_security_type": lambda _p, _path: translate(
            "Problems", "Only user name and password are possible here."
        ),
        "invalid_rule_node": lambda _p, _path: translate(
            "Problems", "A rule needs a condition, an allow list or a deny list."
        ),
        "invalid_rule_field": lambda _p, _path: translate(
            "Problems", "Choose what the rule tests."
        ),
        "invalid_rule_op": lambda _p, _path: translate("Problems", "Choose a comparison."),
        "invalid_rule_value": lambda _p, _path: translate(
            "Problems", "Enter a value to compare with."
        ),
        "rule_too_large": lambda _p, _path: translate("Problems", "This rule is too large."),
        "rule_too_deep": lambda _p, _path: translate("Problems", "This rule is nested too deeply."),
        "duplicate": lambda _p, _path: translate("Problems", "This shipment is listed twice."),
        "unprintable_character": lambda p, _path: _unprintable(str(p.get("char") or "")),
        "invalid_postcode": lambda p, _path: translate(
            "Problems", "A postcode in {country} looks like {example}."
        ).format(
            country=country_name(str(p.get("country") or "")),
            example=POSTCODE_FORMATS[str(p.get("country"))].example,
        ),
        "saturday_needs_friday": lambda _p, _path: translate(
            "Problems", "Saturday delivery is only for parcels sent on a Friday."
        ),
        "internal_error": lambda _p, _path: translate(
            "Problems", "This could not be checked; please review it."
        ),
        **_customs_templates(),
    }


def _place(params: Mapping[str, Any]) -> str:
    zone = str(params.get("zone") or "")
    return (country_name(zone) if len(zone) == 2 else "") or zone


def _customs_templates() -> dict[str, Callable[[Mapping[str, Any], str], str]]:
    """Texts of the customs rules and of the reference's extra request fields."""
    return {
        "customs_required": lambda p, _path: translate(
            "Problems",
            "A parcel to or from {place} crosses a customs border: declare its contents.",
        ).format(place=_place(p)),
        "unknown_contents_type": lambda _p, _path: translate(
            "Problems", "Choose what the parcel contains (goods, gift, documents ...)."
        ),
        "currency_not_offered": lambda p, _path: translate(
            "Problems", "{carrier} takes customs values in {currencies} only."
        ).format(carrier=_carrier(p), currencies=", ".join(p.get("currencies") or ())),
        "value_zero": lambda _p, _path: translate(
            "Problems", "Enter what the contents are worth; customs take no goods worth 0."
        ),
        "mrn_required": lambda p, _path: translate(
            "Problems",
            "Goods worth more than {amount} {currency} need an export declaration: enter its MRN.",
        ).format(amount=number(float(p.get("amount") or 0)), currency=p.get("currency", "")),
        "invalid_mrn": lambda _p, _path: translate(
            "Problems", "An MRN has 18 characters, e.g. 25DE123456789012A4."
        ),
        "destination_number_required": lambda p, _path: translate(
            "Problems", "This destination needs the seller's {what}, e.g. {example}."
        ).format(what=p.get("what", ""), example=p.get("example", "")),
        "invalid_destination_number": lambda p, _path: translate(
            "Problems", "Enter the seller's {what} in its form, e.g. {example}."
        ).format(what=p.get("what", ""), example=p.get("example", "")),
        "destination_number_recommended": lambda p, _path: translate(
            "Problems",
            "If the seller is registered, enter its {what} (e.g. {example}); otherwise the "
            "receiver pays the import tax on delivery.",
        ).format(what=p.get("what", ""), example=p.get("example", "")),
        "description_vague": lambda p, _path: translate(
            "Problems",
            "Customs refuse “{text}” alone: say what the item is and what it is made of.",
        ).format(text=p.get("text", "")),
        "hs_code_required": lambda _p, _path: translate(
            "Problems",
            "Commercial goods need their customs tariff number (HS code, 6 to 10 digits).",
        ),
        "invalid_hs_code": lambda _p, _path: translate(
            "Problems", "Enter the HS code as 6 to 10 digits, e.g. 610910."
        ),
        "invalid_quantity": lambda _p, _path: translate(
            "Problems", "Enter a whole number of 1 or more."
        ),
        "description_required_abroad": lambda p, _path: translate(
            "Problems", "{carrier} needs a description of the contents for parcels abroad."
        ).format(carrier=_carrier(p)),
        "total_differs": lambda p, _path: translate(
            "Problems", "The items add up to {items}, the total says {total}."
        ).format(
            items=number(float(p.get("items") or 0)), total=number(float(p.get("total") or 0))
        ),
        "unknown_incoterm": lambda _p, _path: translate("Problems", "Choose a delivery term."),
        "unknown_payer": lambda _p, _path: translate(
            "Problems", "Choose who pays: the receiver, the sender or a third party."
        ),
        "unknown_return_reason": lambda _p, _path: translate(
            "Problems", "Choose a reason for the return."
        ),
    }


#: codes whose English rule message names codes or fields (`one_day`, "use `package`"): the
#: English GUI words them too; the other rule messages are already what a user reads
REWORDED_IN_ENGLISH = frozenset(
    {
        "unprintable_character",  # the rule's message names the Unicode name
        "invalid_date",  # the rule asks for year-month-day; the form takes the locale's date
        "service_not_offered",
        "multiple_packages_not_allowed",
        "package_type_not_allowed",
        "invalid_package_type",
        "additional_service_not_for_service",
        "saturday_needs_one_day",
        "label_format_not_offered",
        "invalid_label_size",
        "unknown_carrier",
        "unknown_additional_service",
        "invalid_type",
        "not_an_object",
        "unknown_field",
        "invalid_security_type",
        "invalid_event_type",
    }
)

#: codes the GUI itself uses (not the domain's)
GUI_CODES = frozenset({"server", "no_label_format", "no_printable_format", "duplicate_reference"})


def known_codes() -> frozenset[str]:
    """Every code this module has a text for."""
    return frozenset(_templates())


def problem_message(problem: Problem) -> str:
    """The problem's message (without its field) in the UI language; a message without a
    known code comes back as it came."""
    template = _templates().get(problem.code)
    if template is None:
        return problem.message
    if current_language() == "en" and problem.code not in REWORDED_IN_ENGLISH and problem.message:
        return problem.message
    try:
        return template(problem.params, problem.path)
    except (KeyError, ValueError, TypeError):  # parameters missing: the rule's own words
        return problem.message
