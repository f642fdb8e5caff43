"""Shipping labels: PDF (fpdf2) and ZPL II in every format of the catalog.

The service calls two functions: `label_pages_for_shipment` (one page per package, from
the shipment as stored) and `render_label` (the bytes of the chosen format). The layout
itself lives in `layout`, the back ends in `pdf` and `zpl`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, datetime
from typing import Any

from desktop_app.domain.catalog import load_catalog, tracking_page
from desktop_app.domain.customs import customs_plan, parse_amount
from desktop_app.domain.labels import label_format
from desktop_app.service.labels.layout import SANDBOX_MARK, LabelPage
from desktop_app.service.labels.zpl import render_zpl, zpl_escape

PDF_MEDIA_TYPE = "application/pdf"
# No registered type exists for ZPL; x-zpl is what label printers' web UIs and most
# shipping services use, and it keeps browsers from rendering the commands as text.
ZPL_MEDIA_TYPE = "application/x-zpl"

__all__ = [
    "SANDBOX_MARK",
    "LabelPage",
    "address_lines",
    "label_media_type",
    "label_file_extension",
    "label_pages_for_shipment",
    "preload",
    "render_label",
    "zpl_escape",
]


def render_label(pages: Sequence[LabelPage], format_name: str) -> bytes:
    """The label file: a PDF with one page per package, or ZPL with one ^XA..^XZ per package."""
    fmt = label_format(format_name)
    if not pages:
        raise ValueError("a label needs at least one page")
    if fmt.kind == "pdf":
        # fpdf2 is slow to import; the service loads it with the first PDF label.
        from desktop_app.service.labels.pdf import render_pdf

        return render_pdf(list(pages), fmt)
    return render_zpl(list(pages), fmt)


def preload() -> None:
    """Import the PDF stack and render a throw-away label (call in a thread at start-up).

    Lets the first real label be as fast as the rest instead of paying fpdf2's import.
    """
    page = LabelPage(
        sender=("Packdesk",),
        receiver=("Packdesk",),
        carrier="dhl",
        carrier_name="DHL",
        service="STANDARD",
        package_index=1,
        package_count=1,
        weight_kg=1.0,
        tracking_number="00340434000000000000",
        created=date.today(),
        sandbox=True,
        tracking_url="https://example.invalid/",
    )
    render_label([page], "pdf_a6")
    render_label([page], "zpl2_4x6in_203dpi")


def label_media_type(format_name: str) -> str:
    """HTTP media type of a label file in `format_name`."""
    return PDF_MEDIA_TYPE if label_format(format_name).kind == "pdf" else ZPL_MEDIA_TYPE


def label_file_extension(format_name: str) -> str:
    """File name extension of a label in `format_name` ('pdf' or 'zpl')."""
    return label_format(format_name).kind


def _s(value: Any) -> str:
    """A field value as stripped text ('' for None)."""
    return "" if value is None else str(value).strip()


def _person(addr: Mapping[str, Any]) -> str:
    return " ".join(p for p in (_s(addr.get("first_name")), _s(addr.get("last_name"))) if p)


def address_lines(addr: Mapping[str, Any], *, compact: bool = False) -> tuple[str, ...]:
    """Printable lines of an address (wire shape); `compact` folds it into three lines."""
    catalog = load_catalog()
    company, person = _s(addr.get("company")), _person(addr)
    care_of = _s(addr.get("care_of"))
    street = " ".join(p for p in (_s(addr.get("street")), _s(addr.get("street_no"))) if p)
    keyword = _s(addr.get("street")).upper()
    if care_of and keyword in (catalog.locker_station.keyword, catalog.post_branch.keyword):
        care_of = f"Customer no. {care_of}"
    elif care_of and not care_of.upper().startswith(catalog.partner.prefix + " "):
        care_of = f"c/o {care_of}"
    city = " ".join(
        p for p in (_s(addr.get("zip_code")), _s(addr.get("city")), _s(addr.get("state"))) if p
    )
    country = _s(addr.get("country")).upper()
    if compact:
        name = ", ".join(p for p in (company, person) if p)
        place = ", ".join(p for p in (care_of, street) if p)
        return tuple(p for p in (name, place, f"{city} {country}".strip()) if p)
    return tuple(p for p in (company, person, care_of, street, city, country) if p)


def _packages(shipment: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    packages = shipment.get("packages")
    if isinstance(packages, list) and packages:
        return [p for p in packages if isinstance(p, Mapping)]
    package = shipment.get("package")
    return [package] if isinstance(package, Mapping) else [{}]


def _float(value: Any) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


def _created(shipment: Mapping[str, Any]) -> date:
    value = shipment.get("created_at")
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    if isinstance(value, str) and value:
        try:
            return datetime.fromisoformat(value.replace("Z", "+00:00")).date()
        except ValueError:
            pass
    return date.today()


def _money(props: Mapping[str, Any]) -> str:
    amount = props.get("amount")
    currency = _s(props.get("currency")).upper() or "EUR"
    return f"{_float(amount):.2f} {currency}"


def _extras(shipment: Mapping[str, Any], package: Mapping[str, Any]) -> tuple[str, ...]:
    """Markers for additional services, returns and declared values."""
    catalog = load_catalog()
    carrier = _s(shipment.get("carrier"))
    marks: list[str] = []
    if _s(shipment.get("service")) == "returns":
        marks.append("RETURN")
    for svc in shipment.get("additional_services") or []:
        if not isinstance(svc, Mapping):
            continue
        name = _s(svc.get("name"))
        raw = svc.get("properties")
        props: Mapping[str, Any] = raw if isinstance(raw, Mapping) else {}
        if name == "cash_on_delivery":
            marks.append(f"COD {_money(props)}")
        elif name == "saturday_delivery":
            marks.append("SATURDAY")
        elif name == "advance_notice":
            brand = catalog.additional_services["advance_notice"].carrier_names.get(carrier)
            marks.append(brand.upper() if brand else "NOTICE")
        elif name == "drop_authorization":
            marks.append("DROP OK")
        elif name:
            spec = catalog.additional_services.get(name)
            label = spec.display_name if spec else name.removeprefix(f"{carrier}_")
            marks.append(label.replace("_", " ").upper())
    declared = package.get("declared_value")
    if isinstance(declared, Mapping) and declared.get("amount") is not None:
        marks.append(f"INSURED {_money(declared)}")
    if _s(package.get("type")) == "bulk":
        marks.append("BULK")
    return tuple(marks)


def cn22_lines(shipment: Mapping[str, Any]) -> tuple[str, ...]:
    """The CN 22 part of a label whose carrier prints it there (Warenpost International), else
    none: the contents' type, each item and the total, as on the paper form."""
    plan = customs_plan(shipment)
    if not plan.cn22_on_label:
        return ()
    declaration = shipment.get("customs_declaration") or {}
    currency = _s(declaration.get("currency"))
    kind = CN22_CONTENTS.get(_s(declaration.get("contents_type")), "")
    lines = [f"CN 22 CUSTOMS DECLARATION - {kind}".rstrip(" -")]
    items = list(declaration.get("items") or [])
    for package in shipment.get("packages") or []:
        items += package.get("customs_declaration_items") or []
    for item in items:
        value = parse_amount(item.get("value_amount")) or 0.0
        lines.append(
            f"{item.get('quantity') or 1}x {_s(item.get('description'))}  "
            f"{_float(item.get('net_weight')):.3f} kg  {value:.2f} {currency}  "
            f"HS {_s(item.get('hs_tariff_number')) or '-'}  {_s(item.get('origin_country'))}"
        )
    total = parse_amount(declaration.get("total_value_amount")) or 0.0
    lines.append(f"Total value {total:.2f} {currency}")
    return tuple(lines)


CN22_CONTENTS = {
    "gift": "GIFT",
    "documents": "DOCUMENTS",
    "commercial_sample": "COMMERCIAL SAMPLE",
    "returned_goods": "RETURNED GOODS",
    "commercial_goods": "SALE OF GOODS",
}


def _dimensions(package: Mapping[str, Any]) -> tuple[float, float, float] | None:
    dims = tuple(_float(package.get(k)) for k in ("length", "width", "height"))
    return (dims[0], dims[1], dims[2]) if all(d > 0 for d in dims) else None


def label_pages_for_shipment(
    shipment: Mapping[str, Any],
    tracking_numbers: Sequence[str],
    sandbox: bool,
    tracking_urls: Sequence[str | None] | None = None,
) -> list[LabelPage]:
    """One page per package of a stored shipment (wire shape: from, to, package(s), ...).

    `tracking_numbers[i]` belongs to package i; `tracking_urls` (optional, same order) go
    into a QR code on formats large enough for one.
    """
    catalog = load_catalog()
    carrier = _s(shipment.get("carrier"))
    spec = catalog.carriers.get(carrier)
    service = _s(shipment.get("service")) or "standard"
    service_name = spec.service_names.get(service, service) if spec else service
    sender = address_lines(shipment.get("from") or {}, compact=True)
    receiver = address_lines(shipment.get("to") or {})
    packages = _packages(shipment)
    if len(tracking_numbers) != len(packages):
        raise ValueError(
            f"{len(packages)} package(s) but {len(tracking_numbers)} tracking number(s)"
        )
    reference = _s(shipment.get("reference_number")) or None
    created = _created(shipment)
    customs = cn22_lines(shipment)
    pages = []
    for i, (package, number) in enumerate(zip(packages, tracking_numbers, strict=True)):
        url = (
            tracking_urls[i]
            if tracking_urls is not None
            else tracking_page(spec.tracking if spec else None, carrier, number)
        )
        pages.append(
            LabelPage(
                sender=sender,
                receiver=receiver,
                carrier=carrier,
                carrier_name=spec.display_name if spec else carrier.upper(),
                service=service_name.upper(),
                package_index=i + 1,
                package_count=len(packages),
                weight_kg=_float(package.get("weight")),
                tracking_number=number,
                created=created,
                sandbox=sandbox,
                reference_number=reference,
                dimensions_cm=_dimensions(package),
                extras=_extras(shipment, package),
                tracking_url=url,
                description=_s(package.get("description")) or None,
                customs=customs,
            )
        )
    return pages
