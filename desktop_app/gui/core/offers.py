"""What the carriers offer the current profile, and the label format its printer wants.

Plain functions and data (no widget): `AppContext` holds the offers and asks `auto_format`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from desktop_app.domain.catalog import load_catalog
from desktop_app.gui.core.sandbox_printer import printer_title
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import label_format_name
from desktop_app.printing.formats import FormatChoice, FormatRefused, choose_format
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.profiles.models import Profile

DEFAULT_FORMAT = "pdf_a6"


@dataclass(frozen=True, slots=True)
class CarrierOffer:
    """What one carrier offers to this profile (from `/v1/carriers`, else the catalog)."""

    code: str
    display_name: str
    services: tuple[str, ...]
    package_types: tuple[str, ...]
    additional_services: tuple[str, ...]
    label_formats: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def formats_for(self, service: str | None) -> tuple[str, ...]:
        """Label formats for `service` (for a service it lacks: all the carrier has)."""
        if service and service in self.label_formats:
            return self.label_formats[service]
        if "*" in self.label_formats:
            return self.label_formats["*"]
        union: dict[str, None] = {}
        for formats in self.label_formats.values():
            union.update(dict.fromkeys(formats))
        return tuple(union)


def catalog_offers() -> dict[str, CarrierOffer]:
    """Offers straight from the built-in catalog (used until the service answered)."""
    cat = load_catalog()
    offers: dict[str, CarrierOffer] = {}
    for code, spec in cat.carriers.items():
        formats = {s: tuple(cat.label_formats_for(code, s)) for s in spec.services}
        offers[code] = CarrierOffer(
            code,
            spec.display_name,
            tuple(spec.services),
            tuple(spec.package_types),
            tuple(spec.additional_services),
            formats,
        )
    return offers


def offers_from_service(descriptions: Iterable[Any]) -> dict[str, CarrierOffer]:
    """Offers from `/v1/carriers`, limited to carriers the catalog (and so the rules) knows."""
    known = load_catalog().carriers
    offers: dict[str, CarrierOffer] = {}
    for d in descriptions:
        if d.name not in known:
            continue
        formats = {k: tuple(v) for k, v in (d.label_formats or {}).items()}
        offers[d.name] = CarrierOffer(
            d.name,
            d.display_name or known[d.name].display_name,
            tuple(d.services),
            tuple(d.package_types),
            tuple(d.additional_services),
            formats,
        )
    return offers or catalog_offers()


def format_reason(printer: PrinterDefinition, choice: FormatChoice) -> str:
    """Why the automatic label format suits the printer, in plain words (no format codes)."""
    name, fmt = printer_title(printer.name), label_format_name(choice.request_format)
    if choice.convert:
        return translate(
            "Window",
            "{printer}: the carrier has no label made for this printer, so the {format} label "
            "is converted for it ({dpi} dpi).",
        ).format(printer=name, format=fmt, dpi=choice.target_dpi)
    if choice.label_format.kind == "zpl":
        return translate("Window", "{printer}: {format}, made for this printer.").format(
            printer=name, format=fmt
        )
    return translate("Window", "{printer}: {format} fits the paper.").format(
        printer=name, format=fmt
    )


def auto_format(
    offers: dict[str, CarrierOffer],
    profile: Profile | None,
    printer: PrinterDefinition | None,
    carrier: str | None,
    service: str | None,
) -> tuple[str | None, str]:
    """The label format `printer` wants for this carrier/service among `offers`, and why."""
    offer = offers.get(carrier or "")
    offered = list(offer.formats_for(service)) if offer else []
    prefs = profile.preferences if profile else None
    if prefs is not None and prefs.label_format_override in offered:
        return prefs.label_format_override, translate("Window", "the profile's preferred format")
    if not offered:
        return None, translate("Window", "choose a carrier")
    if printer is None:
        fmt = DEFAULT_FORMAT if DEFAULT_FORMAT in offered else offered[0]
        return fmt, translate("Window", "no printer assigned")
    try:
        choice = choose_format(printer, offered)
    except FormatRefused:
        return None, translate(
            "Window",
            "{printer} cannot print any label format this carrier offers for this service.",
        ).format(printer=printer_title(printer.name))
    return choice.request_format, format_reason(printer, choice)
