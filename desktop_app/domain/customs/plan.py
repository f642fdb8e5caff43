"""What a shipment needs at the border: declaration form, copies, invoice, MRN, extras.

`customs_plan(draft)` reads a shipment draft (the wire dict) and the customs data: the zones
the parcel crosses, the carrier's documents (CN23 always, CN22 or CN23 by value, a
commercial invoice), the export declaration above its threshold and the numbers the
destination asks of the seller. It never raises; what it cannot tell stays None or False.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from desktop_app.domain.customs.data import (
    CarrierCustoms,
    CustomsData,
    DestinationExtra,
    load_customs_data,
)
from desktop_app.domain.customs.destinations import Crossing, crossing
from desktop_app.domain.rules.checks import is_country

CN22 = "cn22"
CN23 = "cn23"
COMMERCIAL_INVOICE = "commercial_invoice"


def parse_amount(value: Any) -> float | None:
    """A finite number from a JSON number or a numeric string ("138.5"), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        number = float(value)
    elif isinstance(value, str):
        try:
            number = float(value.strip().replace(",", "."))
        except ValueError:
            return None
    else:
        return None
    return number if math.isfinite(number) else None


def declaration_items(draft: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """Every item of a draft with its path: the declaration's, then each package's."""
    found: list[tuple[str, Any]] = []
    declaration = draft.get("customs_declaration")
    if isinstance(declaration, dict) and isinstance(declaration.get("items"), list):
        found += [
            (f"customs_declaration.items[{i}]", x) for i, x in enumerate(declaration["items"])
        ]
    packages = draft.get("packages")
    if not isinstance(packages, list):
        packages = [draft.get("package")] if isinstance(draft.get("package"), dict) else []
        prefix = "package"
    else:
        prefix = "packages[{}]"
    for index, package in enumerate(packages):
        if not isinstance(package, dict):
            continue
        items = package.get("customs_declaration_items")
        if isinstance(items, list):
            base = f"{prefix.format(index)}.customs_declaration_items"
            found += [(f"{base}[{i}]", x) for i, x in enumerate(items)]
    return found


def items_total(draft: Mapping[str, Any]) -> float:
    """The sum of the items' `value_amount` (each the total for its quantity)."""
    total = 0.0
    for _path, item in declaration_items(draft):
        if isinstance(item, dict):
            total += parse_amount(item.get("value_amount")) or 0.0
    return total


def _address_key(address: Any) -> tuple[str, str] | None:
    if not isinstance(address, dict):
        return None
    country, postcode = address.get("country"), address.get("zip_code")
    if not isinstance(country, str) or not is_country(country.strip().upper()):
        return None  # the address rules name a country that is none
    return country, postcode if isinstance(postcode, str) else ""


def draft_crossing(draft: Mapping[str, Any], data: CustomsData | None = None) -> Crossing | None:
    """The border between the draft's sender and receiver; None while either is unknown."""
    origin, destination = _address_key(draft.get("from")), _address_key(draft.get("to"))
    if origin is None or destination is None:
        return None
    return crossing(*origin, *destination, data=data)


@dataclass(frozen=True, slots=True)
class CustomsPlan:
    """The documents and numbers a shipment needs at the border (none when it crosses none)."""

    crossing: Crossing | None
    carrier: CarrierCustoms | None
    contents_type: str | None
    currency: str | None
    value: float | None
    value_eur: float | None
    form: str | None
    cn22_on_label: bool
    cn23_copies: int
    commercial_invoice: bool
    export_declaration: bool
    extras: tuple[DestinationExtra, ...]

    @property
    def needs_declaration(self) -> bool:
        """Whether the parcel crosses a customs border."""
        return self.crossing is not None and self.crossing.needs_declaration

    @property
    def documents(self) -> tuple[str, ...]:
        """The printed customs documents, one entry per copy (a CN22 on the label excluded)."""
        out: list[str] = []
        if self.form == CN23:
            out += [CN23] * self.cn23_copies
        elif self.form == CN22 and not self.cn22_on_label:
            out.append(CN22)
        if self.commercial_invoice:
            out.append(COMMERCIAL_INVOICE)
        return tuple(out)


def document_copies(documents: Sequence[str]) -> list[tuple[str, int]]:
    """(document, copies) in print order: the CN23 with its copies, a CN22, the invoice."""
    found = list(documents)
    return [(name, found.count(name)) for name in (CN23, CN22, COMMERCIAL_INVOICE) if name in found]


def _declared(draft: Mapping[str, Any]) -> tuple[str | None, str | None, float | None]:
    declaration = draft.get("customs_declaration")
    if not isinstance(declaration, dict):
        return None, None, None
    contents = declaration.get("contents_type")
    currency = declaration.get("currency")
    value = parse_amount(declaration.get("total_value_amount"))
    if value is None and declaration_items(draft):
        value = items_total(draft)
    return (
        contents if isinstance(contents, str) else None,
        currency.strip().upper() if isinstance(currency, str) else None,
        value,
    )


def _form(carrier: CarrierCustoms, value_eur: float | None, data: CustomsData) -> str | None:
    if carrier.declaration == CN23:
        return CN23
    if carrier.declaration == "by_value":
        limit = data.in_eur(data.cn22_limit.amount, data.cn22_limit.currency) or 0.0
        # an unknown value or currency is declared on the safe side, the CN23
        return CN22 if value_eur is not None and value_eur <= limit else CN23
    return None


def applying_extras(
    zone: str, contents: str | None, value: float | None, currency: str | None, data: CustomsData
) -> tuple[DestinationExtra, ...]:
    """The destination extras of `zone` that apply to these contents and this value."""
    found = []
    for extra in data.extras:
        if extra.zone != zone:
            continue
        if extra.contents_types is not None and contents not in extra.contents_types:
            continue
        if extra.up_to is not None and value is not None and currency is not None:
            value_eur = data.in_eur(value, currency)
            limit_eur = data.in_eur(extra.up_to.amount, extra.up_to.currency)
            if value_eur is not None and limit_eur is not None and value_eur > limit_eur:
                continue
        found.append(extra)
    return tuple(found)


def customs_plan(draft: Any, data: CustomsData | None = None) -> CustomsPlan:
    """The customs plan of a shipment draft (a wire dict; anything else plans nothing)."""
    data = data or load_customs_data()
    if not isinstance(draft, Mapping):
        draft = {}
    border = draft_crossing(draft, data)
    carrier_code = draft.get("carrier")
    carrier = data.carriers.get(carrier_code) if isinstance(carrier_code, str) else None
    contents, currency, value = _declared(draft)
    value_eur = data.in_eur(value, currency) if value is not None and currency is not None else None
    if border is None or not border.needs_declaration or carrier is None:
        return CustomsPlan(
            border, carrier, contents, currency, value, value_eur, None, False, 0, False, False, ()
        )
    form = _form(carrier, value_eur, data)
    commercial = contents in data.hs_code_required_for
    invoice = carrier.commercial_invoice == "always" or (
        carrier.commercial_invoice == "commercial" and commercial
    )
    export_limit = data.in_eur(
        data.export_declaration_above.amount, data.export_declaration_above.currency
    )
    export = (
        contents in data.export_declaration_contents
        and value_eur is not None
        and export_limit is not None
        and value_eur > export_limit
        and border.origin.key == data.home_zone
    )
    extras = applying_extras(border.destination.key, contents, value, currency, data)
    if any(extra.on_invoice for extra in extras):
        invoice = True
    return CustomsPlan(
        crossing=border,
        carrier=carrier,
        contents_type=contents,
        currency=currency,
        value=value,
        value_eur=value_eur,
        form=form,
        cn22_on_label=form == CN22 and carrier.cn22_on_label,
        cn23_copies=carrier.cn23_copies if form == CN23 else 0,
        commercial_invoice=invoice,
        export_declaration=export,
        extras=extras,
    )
