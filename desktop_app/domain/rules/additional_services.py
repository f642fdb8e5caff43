"""Rules of a shipment's additional services (spec 2.5): which carrier and service allow
which, and the fields of each (advance notice, cash on delivery, drop authorization,
Saturday delivery)."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import CarrierSpec, Catalog
from desktop_app.domain.rules.checks import (
    check_currency,
    check_email,
    check_number,
    check_text,
    is_bic,
    is_blank,
    is_iban,
    is_language,
    is_sms_number,
)
from desktop_app.domain.rules.dates import FRIDAY, WEEKDAYS, Clock, ship_date
from desktop_app.domain.rules.problems import Problems, join


def check_additional_services(
    out: Problems,
    d: dict[Any, Any],
    cat: Catalog,
    spec: CarrierSpec | None,
    service: str | None,
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
        props = item.get("properties")
        ppath = join(path, "properties")
        if props is not None and not isinstance(props, dict):
            out.add(ppath, "invalid_type", "Enter the details of this service.")
            continue
        props = props or {}
        check = _PROPERTY_CHECKS.get(name)
        if check is not None:
            check(out, props, ppath, cat, spec)


def saturday_notice(out: Problems, path: str, d: dict[Any, Any], clock: Clock) -> None:
    """Saturday delivery is intended for parcels sent on a Friday (spec 2.5): a notice."""
    day, picked_up = ship_date(d, clock)
    if day.weekday() == FRIDAY:
        return
    when = (
        f"the pickup is on a {WEEKDAYS[day.weekday()]}"
        if picked_up
        else (f"today is {WEEKDAYS[day.weekday()]}")
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
