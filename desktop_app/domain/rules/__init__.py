"""The rule engine: what a valid shipment (and address, webhook, pickup ...) is.

One module per subject: `problems` (what a rule reports) and `checks` (the shared format
checks), `codes` (ISO lists), `address`, `shipment`, `additional_services`, `dates` (the
day-dependent rules' clock), `webhooks`, `pickups`, `routing_rules`, `orders`, `manifests`.
Everything is imported from here (`from desktop_app.domain.rules import validate`); carrier
differences come from the catalog (`domain.catalog`), never from a carrier's name in a rule.

Every `validate*` function takes a JSON-like draft as sent on the wire (a dict, maybe
incomplete, maybe of the wrong types; a pydantic model is dumped first) and returns the
problems found, each with a field path such as `packages[1].weight`. They never raise:
the GUI runs `validate` on every keystroke and the service answers 422 with the same list.
Units: weight kg, dimensions cm.
"""

from desktop_app.domain.rules.additional_services import check_additional_services
from desktop_app.domain.rules.address import (
    PARTNER_ID_EXAMPLE,
    check_address,
    check_partner_id,
    check_printable,
    normalize_country,
)
from desktop_app.domain.rules.checks import (
    check_currency,
    check_email,
    check_number,
    check_pickup_time,
    check_text,
    is_bic,
    is_blank,
    is_country,
    is_currency,
    is_date,
    is_email,
    is_iban,
    is_language,
    is_number,
    is_phone,
    is_sms_number,
    parse_datetime,
)
from desktop_app.domain.rules.codes import COUNTRY_CODES, CURRENCY_CODES, LANGUAGE_CODES
from desktop_app.domain.rules.dates import FRIDAY, Clock, local_now, ship_date
from desktop_app.domain.rules.manifests import MAX_MANIFEST_SHIPMENTS, validate_manifest
from desktop_app.domain.rules.orders import (
    GTIN_LENGTHS,
    MAX_LINE_ITEMS,
    WEIGHT_UNITS,
    validate_order,
)
from desktop_app.domain.rules.pickups import validate_pickup_request
from desktop_app.domain.rules.problems import (
    INTERNAL_ERROR,
    Problem,
    Problems,
    as_draft,
    guard,
    join,
)
from desktop_app.domain.rules.routing_rules import (
    MAX_RULE_DEPTH,
    MAX_RULE_NODES,
    check_rule_condition,
    validate_routing_rule,
)
from desktop_app.domain.rules.shipment import (
    DECLARED_VALUE_FREE_LIMIT,
    DEFAULT_SERVICE,
    LABEL_SIZES,
    notices,
    validate,
    validate_address,
    validate_quote_request,
)
from desktop_app.domain.rules.webhooks import MAX_URL_LENGTH, WEBHOOK_FIELDS, validate_webhook

__all__ = [
    "COUNTRY_CODES",
    "CURRENCY_CODES",
    "DECLARED_VALUE_FREE_LIMIT",
    "DEFAULT_SERVICE",
    "FRIDAY",
    "GTIN_LENGTHS",
    "INTERNAL_ERROR",
    "LABEL_SIZES",
    "LANGUAGE_CODES",
    "MAX_LINE_ITEMS",
    "MAX_MANIFEST_SHIPMENTS",
    "MAX_RULE_DEPTH",
    "MAX_RULE_NODES",
    "MAX_URL_LENGTH",
    "PARTNER_ID_EXAMPLE",
    "WEBHOOK_FIELDS",
    "WEIGHT_UNITS",
    "Clock",
    "Problem",
    "Problems",
    "as_draft",
    "check_additional_services",
    "check_address",
    "check_currency",
    "check_email",
    "check_number",
    "check_partner_id",
    "check_pickup_time",
    "check_printable",
    "check_rule_condition",
    "check_text",
    "guard",
    "is_bic",
    "is_blank",
    "is_country",
    "is_currency",
    "is_date",
    "is_email",
    "is_iban",
    "is_language",
    "is_number",
    "is_phone",
    "is_sms_number",
    "join",
    "local_now",
    "normalize_country",
    "notices",
    "parse_datetime",
    "ship_date",
    "notices",
    "validate",
    "validate_address",
    "validate_manifest",
    "validate_order",
    "validate_pickup_request",
    "validate_quote_request",
    "validate_routing_rule",
    "validate_webhook",
]
