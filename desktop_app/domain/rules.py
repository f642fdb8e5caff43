"""The rule engine: what a valid shipment (and address, webhook, pickup ...) is.

Every `validate*` function takes a JSON-like draft as sent on the wire (a dict, maybe
incomplete, maybe of the wrong types; a pydantic model is dumped first) and returns the
problems found, each with a field path such as `packages[1].weight`. They never raise:
the GUI runs `validate` on every keystroke and the service answers 422 with the same list.
Units: weight kg, dimensions cm.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from desktop_app.domain.catalog import CarrierSpec, Catalog, load_catalog
from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.domain.rules_address import check_address, check_printable
from desktop_app.domain.rules_base import (
    Problem,
    Problems,
    as_draft,
    check_currency,
    check_email,
    check_number,
    check_pickup_time,
    check_text,
    guard,
    is_bic,
    is_blank,
    is_date,
    is_iban,
    is_language,
    is_sms_number,
    join,
    parse_datetime,
)
from desktop_app.domain.rules_extra import (
    validate_pickup_request,
    validate_routing_rule,
    validate_webhook,
)

__all__ = [
    "Problem",
    "validate",
    "validate_address",
    "validate_pickup_request",
    "validate_quote_request",
    "validate_routing_rule",
    "validate_webhook",
]

DEFAULT_SERVICE = "standard"  # the real service's default when `service` is left out
LABEL_SIZES = frozenset({"A5", "A6", "A7", "100x70mm"})
DECLARED_VALUE_FREE_LIMIT = 500.0  # EUR insured automatically (spec 4.1.6, 8.5)


Clock = Callable[[], datetime]
_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
FRIDAY = 4


def local_now() -> datetime:
    """Now in this machine's time zone: the packing desk's day decides the ship date."""
    return datetime.now().astimezone()


def validate(draft: Any, *, clock: Clock | None = None) -> list[Problem]:
    """All problems of a shipment draft (spec 2.1-2.6, 4.1, 4.4); empty when valid.

    `clock` gives "now" for the rules that depend on the day (Saturday delivery only for
    parcels sent on a Friday); the default is this machine's local time.
    """
    now = clock or local_now  # looked up per call: tests may hand the domain a fixed clock
    return guard("", lambda: _shipment(as_draft(draft), load_catalog(), now))


def validate_address(draft: Any, path: str = "", *, contact: bool = True) -> list[Problem]:
    """Problems of an address for `POST /v1/addresses` (partner_id alone is allowed).

    `contact=False` is the service's check of a stored address: the real service stores an
    address of street, postcode, city and country, and the contact rule applies when the
    address is used in a shipment. The app keeps it (its book holds senders and receivers).
    """
    return guard(
        path, lambda: _address_only(Problems(), as_draft(draft), path, load_catalog(), contact)
    )


def validate_quote_request(draft: Any) -> list[Problem]:
    """Problems of a `POST /v1/shipment_quotes` body (no contact rule: no label is made)."""
    return guard("", lambda: _quote(as_draft(draft), load_catalog()))


def _quote(d: Any, cat: Catalog) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The quote request must be a JSON object.")
        return out
    spec, service = _carrier_and_service(out, d, cat)
    for role in ("from", "to"):
        a = d.get(role)
        if a is None:
            out.add(
                role,
                "required",
                f"Enter the {'sender' if role == 'from' else 'receiver'}'s address.",
            )
        else:
            check_address(out, a, role, cat, spec, contact=False)
    _packages(out, d, cat, spec, service)
    return out


def _address_only(out: Problems, a: Any, path: str, cat: Catalog, contact: bool) -> Problems:
    if isinstance(a, dict) and "id" in a:
        out.add(join(path, "id"), "not_allowed", "A new address cannot bring its own id.")
        a = {k: v for k, v in a.items() if k != "id"}
    check_address(out, a, path, cat, None, contact=contact)
    return out


def _carrier_and_service(
    out: Problems, d: dict[Any, Any], cat: Catalog
) -> tuple[CarrierSpec | None, str | None]:
    """Check `carrier` and `service`; the carrier's spec and the service when usable."""
    carrier = d.get("carrier")
    spec: CarrierSpec | None = None
    if is_blank(carrier):
        out.add("carrier", "required", "Choose a carrier.")
    elif not isinstance(carrier, str):
        out.add("carrier", "invalid_type", "Choose a carrier.")
    else:
        spec = cat.carriers.get(carrier)
        if spec is None:
            known = ", ".join(cat.carriers)
            out.add("carrier", "unknown_carrier", f"Choose one of the carriers: {known}.")
    service = d.get("service", DEFAULT_SERVICE)
    if service is None:
        service = DEFAULT_SERVICE
    if not isinstance(service, str) or not service.strip():
        out.add("service", "required", "Choose a service.")
        return spec, None
    if spec is not None and service not in spec.services:
        if service == "returns":
            msg = f"{spec.display_name} does not take returns."
        else:
            offered = ", ".join(spec.services)
            msg = f"{spec.display_name} does not offer the service {service}. Choose: {offered}."
        out.add("service", "service_not_offered", msg, carrier=spec.code, service=service)
    return spec, service


def _ship_date(d: dict[Any, Any], clock: Clock) -> tuple[date, bool]:
    """The day the parcel leaves: the pickup's earliest time when given, else today."""
    pickup = d.get("pickup")
    if isinstance(pickup, dict) and isinstance(pickup.get("pickup_time"), dict):
        earliest = pickup["pickup_time"].get("earliest")
        parsed = parse_datetime(earliest.strip()) if isinstance(earliest, str) else None
        if parsed is not None:
            return parsed.date(), True
    return clock().date(), False


def _shipment(d: Any, cat: Catalog, clock: Clock = local_now) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The shipment must be a JSON object.")
        return out
    spec, service = _carrier_and_service(out, d, cat)

    for role in ("from", "to"):
        a = d.get(role)
        if a is None:
            who = "sender" if role == "from" else "receiver"
            out.add(role, "required", f"Enter the {who}'s address.")
        else:
            check_address(out, a, role, cat, spec, receiver=role == "to")

    _packages(out, d, cat, spec, service)
    _additional_services(out, d, cat, spec, service, clock)
    _label(out, d.get("label"), spec, service)
    _metadata(out, d.get("metadata"))

    limits = spec.field_limits if spec else cat.default_field_limits
    for name, what in (("reference_number", "the reference"), ("description", "the description")):
        lim = limits.get(name)
        text = check_text(out, d.get(name), name, max_len=lim.max if lim else None)
        if text:
            check_printable(out, text, name, what)
    if d.get("notification_email") is not None:
        lim = limits.get("notification_email")
        if check_text(
            out, d["notification_email"], "notification_email", max_len=lim.max if lim else None
        ):
            check_email(out, d["notification_email"], "notification_email")
    csl = d.get("create_shipping_label")
    if csl is not None and not isinstance(csl, bool):
        out.add("create_shipping_label", "invalid_type", "Use true or false here.")
    if d.get("pickup") is not None:
        _pickup(out, d["pickup"], "pickup", cat, spec)
    return out


def _packages(
    out: Problems, d: dict[Any, Any], cat: Catalog, spec: CarrierSpec | None, service: str | None
) -> None:
    """Spec 2.2, 4.1.2, 4.1.4, 4.1.6: `package` xor `packages`, types, weights, sizes."""
    has_one = d.get("package") is not None
    has_many = d.get("packages") is not None
    if has_one and has_many:
        out.add(
            "packages",
            "package_and_packages",
            "Give either one package or a list of packages, not both.",
        )
    if not has_one and not has_many:
        out.add("package", "no_package", "Enter the package's weight and size.")
        return
    if has_one:
        _package(out, d["package"], "package", spec, service)
    if not has_many:
        return
    packages = d["packages"]
    # a one-element `packages` is one package: the real service takes it for any carrier (its
    # own DHL examples send it so)
    if spec is not None and not spec.multiple_packages and not _one_element(packages):
        out.add(
            "packages",
            "multiple_packages_not_allowed",
            f"{spec.display_name} takes one package per shipment; use `package`.",
            carrier=spec.code,
        )
    if not isinstance(packages, list):
        out.add("packages", "invalid_type", "Enter the packages as a list.")
        return
    if not packages:
        out.add("packages", "no_package", "Add at least one package.")
        return
    if len(packages) > cat.max_packages:
        out.add(
            "packages",
            "too_many_packages",
            f"A shipment can have at most {cat.max_packages} packages.",
            max=cat.max_packages,
        )
    for i, p in enumerate(packages[: cat.max_packages]):
        _package(out, p, f"packages[{i}]", spec, service)


def _one_element(packages: Any) -> bool:
    return isinstance(packages, list) and len(packages) == 1


_DIMENSIONS = ("length", "width", "height")
_DIMENSION_WORDS = {"length": "the length", "width": "the width", "height": "the height"}
_PACKAGE_TYPE_HOME = {
    "books": "Books can only be sent with Deutsche Post (dpag).",
    "letter": "Letters can only be sent with Deutsche Post (dpag).",
    "parcel_letter": "Parcel letters can only be sent with DPD or Deutsche Post.",
    "bulk": "Bulk shipments can only be sent with DHL.",
}


def _package(
    out: Problems, p: Any, path: str, spec: CarrierSpec | None, service: str | None
) -> None:
    if not isinstance(p, dict):
        out.add(path, "invalid_type", "Enter the package's weight and size.")
        return
    ptype = p.get("type", "parcel")
    if ptype is None:
        ptype = "parcel"
    limit = None
    if not isinstance(ptype, str) or ptype not in ("parcel", *_PACKAGE_TYPE_HOME):
        out.add(
            join(path, "type"),
            "invalid_package_type",
            "Choose parcel, bulk, parcel_letter, books or letter.",
        )
        ptype = None
    elif spec is not None:
        if ptype not in spec.package_types:
            msg = _PACKAGE_TYPE_HOME.get(ptype) or (
                f"{spec.display_name} does not take the package type {ptype}."
            )
            out.add(
                join(path, "type"), "package_type_not_allowed", msg, carrier=spec.code, type=ptype
            )
        else:
            limit = spec.package_limits.get(ptype)

    weight = check_number(out, p.get("weight"), join(path, "weight"), what="the weight in kg")
    if weight is not None and limit is not None and weight > limit.max_weight:
        out.add(
            join(path, "weight"),
            "too_heavy",
            f"At most {limit.max_weight:g} kg for this package type (now {weight:g} kg).",
            max=limit.max_weight,
            now=weight,
        )
    for dim in _DIMENSIONS:
        dpath = join(path, dim)
        value = p.get(dim)
        if ptype == "bulk":
            if value is not None:
                out.add(
                    dpath,
                    "dimensions_not_allowed_for_bulk",
                    "Leave length, width and height empty for a bulk shipment.",
                )
            continue
        size = check_number(out, value, dpath, what=f"{_DIMENSION_WORDS[dim]} in cm")
        if size is not None and limit is not None and size > limit.max_dimension:
            out.add(
                dpath,
                "too_large",
                f"At most {limit.max_dimension:g} cm for this package type (now {size:g} cm).",
                max=limit.max_dimension,
                now=size,
            )

    description = p.get("description")
    desc_limit = spec.field_limits.get("description") if spec else None
    required_desc = (
        spec is not None
        and service is not None
        and "description" in spec.required_package_fields.get(service, ())
    )
    text = check_text(
        out,
        description,
        join(path, "description"),
        max_len=desc_limit.max if desc_limit else 100,
        required=required_desc,
        what=_needed_description(spec, service) if required_desc else "a description",
    )
    if text:
        check_printable(out, text, join(path, "description"), "the description")
    if p.get("declared_value") is not None:
        _declared_value(out, p["declared_value"], join(path, "declared_value"), spec)


def _needed_description(spec: CarrierSpec | None, service: str | None) -> str:
    """What the required-description problem asks for, naming who needs it (UPS returns)."""
    if spec is None or service is None:
        return "a description of the contents"
    name = spec.service_names.get(service, service).lower()
    return f"a description of the contents ({spec.display_name} {name} need it)"


def _declared_value(out: Problems, dv: Any, path: str, spec: CarrierSpec | None) -> None:
    if spec is not None and not spec.declared_value:
        out.add(
            path,
            "declared_value_not_allowed",
            f"{spec.display_name} does not offer extra insurance; remove the declared value.",
            carrier=spec.code,
        )
        return
    if not isinstance(dv, dict):
        out.add(path, "invalid_type", "Enter the declared value as amount and currency.")
        return
    amount = check_number(out, dv.get("amount"), join(path, "amount"), what="the goods' value")
    currency = check_currency(out, dv.get("currency"), join(path, "currency"))
    if currency is not None and currency != "EUR":
        out.add(
            join(path, "currency"),
            "declared_value_currency",
            "Declared values are given in euro (EUR).",
        )
    if amount is not None and amount <= DECLARED_VALUE_FREE_LIMIT:
        out.add(
            join(path, "amount"),
            "declared_value_too_low",
            "Goods worth up to 500 EUR are insured automatically; leave the declared value out.",
        )


def _additional_services(
    out: Problems,
    d: dict[Any, Any],
    cat: Catalog,
    spec: CarrierSpec | None,
    service: str | None,
    clock: Clock,
) -> None:
    """Spec 2.5: which carrier and service allow which additional service, and its fields."""
    services = d.get("additional_services")
    if services is None:
        return
    if not isinstance(services, list):
        out.add("additional_services", "invalid_type", "Enter the additional services as a list.")
        return
    if service == "returns" and services:
        out.add(
            "additional_services",
            "returns_no_additional_services",
            "Returns cannot have additional services; remove them.",
        )
        return
    seen: set[str] = set()
    for i, item in enumerate(services):
        path = f"additional_services[{i}]"
        if not isinstance(item, dict):
            out.add(path, "invalid_type", "Choose an additional service.")
            continue
        name = item.get("name")
        npath = join(path, "name")
        if is_blank(name) or not isinstance(name, str):
            out.add(npath, "required", "Choose an additional service.")
            continue
        info = cat.additional_services.get(name)
        if info is None:
            known = ", ".join(cat.additional_services)
            out.add(npath, "unknown_additional_service", f"Choose one of: {known}.")
            continue
        if name in seen:
            out.add(
                npath,
                "duplicate_additional_service",
                f"{info.display_name} is already added.",
                service=name,
            )
            continue
        seen.add(name)
        if spec is not None and spec.code not in info.carriers:
            out.add(
                npath,
                "additional_service_not_allowed",
                f"{spec.display_name} does not offer {info.display_name}.",
                carrier=spec.code,
                service=name,
            )
            continue
        if info.services is not None and service is not None and service not in info.services:
            if name == "saturday_delivery":
                out.add(
                    npath,
                    "saturday_needs_one_day",
                    "Saturday delivery needs the service one_day or one_day_early.",
                )
            else:
                out.add(
                    npath,
                    "additional_service_not_for_service",
                    f"{info.display_name} needs one of the services {', '.join(info.services)}.",
                    service=name,
                    services=tuple(info.services),
                )
        elif name == "saturday_delivery":
            _saturday(out, npath, d, clock)
        props = item.get("properties")
        ppath = join(path, "properties")
        if props is not None and not isinstance(props, dict):
            out.add(ppath, "invalid_type", "Enter the details of this service.")
            continue
        props = props or {}
        check = _PROPERTY_CHECKS.get(name)
        if check is not None:
            check(out, props, ppath, cat, spec)


def _saturday(out: Problems, path: str, d: dict[Any, Any], clock: Clock) -> None:
    """Saturday delivery is for parcels sent on a Friday (spec 2.5)."""
    day, picked_up = _ship_date(d, clock)
    if day.weekday() == FRIDAY:
        return
    when = (
        f"the pickup is on a {_WEEKDAYS[day.weekday()]}"
        if picked_up
        else (f"today is {_WEEKDAYS[day.weekday()]}")
    )
    out.add(
        path,
        "saturday_needs_friday",
        f"Saturday delivery is only for parcels sent on a Friday; {when}.",
        weekday=day.weekday(),
    )


def _advance_notice(
    out: Problems, props: dict[Any, Any], path: str, cat: Catalog, spec: CarrierSpec | None
) -> None:
    channels = cat.additional_services["advance_notice"].channels
    email, sms = props.get("email"), props.get("sms")
    if is_blank(email) and is_blank(sms):
        out.add(
            join(path, "email"),
            "advance_notice_contact_required",
            "Enter the e-mail address (or, with DPD, the mobile number) to notify.",
        )
        return
    if not is_blank(email):
        epath = join(path, "email")
        if spec is not None and spec.code not in channels.get("email", ()):
            out.add(
                epath,
                "email_not_allowed",
                f"{spec.display_name} cannot send e-mail notices.",
                carrier=spec.code,
            )
        check_email(out, email, epath)
        lang = props.get("language")
        lpath = join(path, "language")
        text = check_text(out, lang, lpath, required=True, what="the language, e.g. de")
        if text is not None and not is_language(text):
            out.add(lpath, "invalid_language", "Use a two-letter language code such as de or en.")
    if not is_blank(sms):
        spath = join(path, "sms")
        if spec is not None and spec.code not in channels.get("sms", ()):
            out.add(
                spath,
                "sms_not_allowed",
                f"{spec.display_name} cannot send text messages; use an e-mail address.",
                carrier=spec.code,
            )
        elif not isinstance(sms, str):
            out.add(spath, "invalid_type", "Enter the mobile number as text.")
        elif not is_sms_number(sms.strip()):
            out.add(
                spath,
                "invalid_phone",
                "Enter the mobile number with its country prefix, e.g. +49 151 2345678.",
            )


def _cash_on_delivery(
    out: Problems, props: dict[Any, Any], path: str, cat: Catalog, spec: CarrierSpec | None
) -> None:
    del spec  # same rules for every carrier offering it
    limits = cat.additional_services["cash_on_delivery"].max_lengths
    check_number(out, props.get("amount"), join(path, "amount"), what="the amount to collect")
    check_currency(out, props.get("currency"), join(path, "currency"))
    for name, what in (
        ("bank_account_holder", "the account holder"),
        ("bank_name", "the bank's name"),
    ):
        check_text(
            out,
            props.get(name),
            join(path, name),
            max_len=limits.get(name),
            required=True,
            what=what,
        )
    iban_path = join(path, "bank_account_number")
    iban = check_text(
        out, props.get("bank_account_number"), iban_path, required=True, what="the IBAN"
    )
    if iban is not None and not is_iban(iban):
        out.add(iban_path, "invalid_iban", "This IBAN is not valid; check it for typing errors.")
    bic_path = join(path, "bank_code")
    bic = check_text(out, props.get("bank_code"), bic_path, required=True, what="the BIC")
    if bic is not None and not is_bic(bic):
        out.add(bic_path, "invalid_bic", "A BIC has 8 or 11 letters and digits, e.g. DEUTDEFF.")
    check_text(
        out, props.get("reference1"), join(path, "reference1"), max_len=limits.get("reference1")
    )


def _drop_authorization(
    out: Problems, props: dict[Any, Any], path: str, cat: Catalog, spec: CarrierSpec | None
) -> None:
    del spec
    limits = cat.additional_services["drop_authorization"].max_lengths
    check_text(
        out,
        props.get("message"),
        join(path, "message"),
        max_len=limits.get("message"),
        required=True,
        what="where the parcel may be left",
    )


def _no_properties(
    out: Problems, props: dict[Any, Any], path: str, cat: Catalog, spec: CarrierSpec | None
) -> None:
    del cat, spec
    if props:
        out.add(path, "not_allowed", "This service has no details; leave them empty.")


_PROPERTY_CHECKS = {
    "advance_notice": _advance_notice,
    "cash_on_delivery": _cash_on_delivery,
    "drop_authorization": _drop_authorization,
    "saturday_delivery": _no_properties,
}


def _label(out: Problems, label: Any, spec: CarrierSpec | None, service: str | None) -> None:
    if label is None:
        return
    if not isinstance(label, dict):
        out.add("label", "invalid_type", "Choose a label format.")
        return
    fmt = label.get("format")
    if fmt is not None:
        if not isinstance(fmt, str) or fmt not in LABEL_FORMATS:
            out.add("label.format", "invalid_label_format", "Choose one of the label formats.")
        elif spec is not None and service is not None and service in spec.services:
            offered = spec.label_formats.get(service, ())
            if fmt not in offered:
                out.add(
                    "label.format",
                    "label_format_not_offered",
                    f"{spec.display_name} does not print {fmt} labels; "
                    f"choose one of {', '.join(offered)}.",
                    carrier=spec.code,
                    format=fmt,
                    offered=tuple(offered),
                )
    size = label.get("size")
    if size is not None and (not isinstance(size, str) or size not in LABEL_SIZES):
        out.add("label.size", "invalid_label_size", "Use a label size of A5, A6, A7 or 100x70mm.")


def _metadata(out: Problems, meta: Any) -> None:
    """Metadata is free-form except `metadata.partner` (spec 2.6)."""
    if meta is None:
        return
    if not isinstance(meta, dict):
        out.add("metadata", "invalid_type", "Metadata must be an object of keys and values.")
        return
    partner = meta.get("partner")
    if partner is None:
        return
    path = "metadata.partner"
    if not isinstance(partner, dict):
        out.add(path, "invalid_type", "Enter the shop's order details.")
        return
    check_text(out, partner.get("shop_name"), join(path, "shop_name"), max_len=100)
    check_text(out, partner.get("order_number"), join(path, "order_number"), max_len=50)
    odate = partner.get("order_date")
    dpath = join(path, "order_date")
    text = check_text(out, odate, dpath, what="the order date as YYYY-MM-DD")
    if text is not None and not is_date(text):
        out.add(dpath, "invalid_date", "Enter the order date as YYYY-MM-DD, e.g. 2024-05-03.")
    if partner.get("e_mail_shop") is not None:
        check_email(out, partner["e_mail_shop"], join(path, "e_mail_shop"))
    total = partner.get("order_total")
    if total is not None:
        tpath = join(path, "order_total")
        if not isinstance(total, dict):
            out.add(tpath, "invalid_type", "Enter the order total as amount and currency.")
            return
        check_number(
            out, total.get("amount"), join(tpath, "amount"), what="the amount", allow_zero=True
        )
        check_currency(out, total.get("currency"), join(tpath, "currency"))


def _pickup(out: Problems, pickup: Any, path: str, cat: Catalog, spec: CarrierSpec | None) -> None:
    if not isinstance(pickup, dict):
        out.add(path, "invalid_type", "Enter the pickup time and address.")
        return
    check_pickup_time(out, pickup.get("pickup_time"), join(path, "pickup_time"))
    if pickup.get("pickup_address") is not None:
        check_address(
            out,
            pickup["pickup_address"],
            join(path, "pickup_address"),
            cat,
            spec,
            context="pickup_requests",
        )
