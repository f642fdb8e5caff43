"""Customs from data: which destinations need a declaration (by country and postcode), which
documents each carrier needs (CN22, CN23, commercial invoice), the export declaration's
threshold and the numbers destinations ask of the seller. The data and its sources:
`resources/customs/customs.json`."""

from desktop_app.domain.customs.data import CustomsData, load_customs_data
from desktop_app.domain.customs.destinations import Crossing, Zone, crossing, customs_zone
from desktop_app.domain.customs.plan import (
    CN22,
    CN23,
    COMMERCIAL_INVOICE,
    CustomsPlan,
    customs_plan,
    declaration_items,
    document_copies,
    items_total,
    parse_amount,
)
from desktop_app.domain.customs.rules import check_customs, customs_notices

__all__ = [
    "CN22",
    "CN23",
    "COMMERCIAL_INVOICE",
    "Crossing",
    "CustomsData",
    "CustomsPlan",
    "Zone",
    "check_customs",
    "crossing",
    "customs_notices",
    "customs_plan",
    "customs_zone",
    "declaration_items",
    "document_copies",
    "items_total",
    "load_customs_data",
    "parse_amount",
]
