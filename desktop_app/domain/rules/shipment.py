"""Rules of a shipment (`POST /v1/shipments`): carrier and service, addresses, packages,
label, metadata and pickup; of an address alone, and of a quote request."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import CarrierSpec, Catalog, load_catalog
from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.domain.rules.additional_services import check_additional_services, saturday_notice
from desktop_app.domain.rules.address import check_address, check_printable
from desktop_app.domain.rules.checks import (
    check_currency,
    check_email,
    check_number,
    check_pickup_time,
    check_text,
    is_blank,
    is_date,
)
from desktop_app.domain.rules.dates import Clock, local_now
from desktop_app.domain.rules.problems import Problem, Problems, as_draft, guard, join
from desktop_app.domain.rules.reference_fields import check_reference_fields

DEFAULT_SERVICE = "standard"  # the real service's default when `service` is left out
LABEL_SIZES = frozenset({"A5", "A6", "A7", "100x70mm"})
DECLARED_VALUE_FREE_LIMIT = 500.0  # EUR insured automatically (spec 4.1.6, 8.5)


def validate(draft: Any) -> list[Problem]:
    """All problems of a shipment draft (spec 2.1-2.6, 4.1, 4.4); empty when valid.

    No rule depends on the day: what only depends on it (Saturday delivery for a parcel not
    sent on a Friday) is pointed out by `notices`, not refused.
    """
    return guard("", lambda: _shipment(as_draft(draft), load_catalog()))


def notices(draft: Any, *, clock: Clock | None = None) -> list[Problem]:
    """What the desk points out without refusing: Saturday delivery for a parcel not handed
    over on a Friday (the carrier takes it on Friday; the service accepts it any day), customs
    totals that do not add up, numbers a destination recommends."""
    now = clock or local_now  # looked up per call: tests may hand the domain a fixed clock

    def run() -> Problems:
        out = Problems()
        d = as_draft(draft)
        if not isinstance(d, dict):
            return out
        services = d.get("additional_services")
        for i, item in enumerate(services if isinstance(services, list) else []):
            if isinstance(item, dict) and item.get("name") == "saturday_delivery":
                saturday_notice(out, f"additional_services[{i}].name", d, now)
        from desktop_app.domain.customs.rules import customs_notices  # see _shipment

        out.extend(customs_notices(d))
        return out

    return guard("", run)


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


def _shipment(d: Any, cat: Catalog) -> Problems:
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
    check_additional_services(out, d, cat, spec, service)
    _label(out, d.get("label"), spec, service)
    _metadata(out, d.get("metadata"))
    check_reference_fields(out, d, cat, spec)
    # imported here: the customs rules import the shared checks, which load this package
    from desktop_app.domain.customs.rules import check_customs

    check_customs(out, d)

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
