"""Size bounds of a request body, checked before any rule or model sees it.

The rules give each field its own limit with a friendly message (at most 20 packages a
shipment, 30 characters of reference...), but they run after the body is parsed, walked and
sanitised, and they visit every entry: a body of 50,000 add-ons took the service's event loop
half a second to refuse. These bounds are ceilings above every rule's own limit (so a body the
rules would accept is never refused here), checked in one pass that stops at the first excess:
entries of each array, fields of each object, characters of each text, values in all.
"""

from __future__ import annotations

from typing import Any

from desktop_app.domain.rules.manifests import MAX_MANIFEST_SHIPMENTS
from desktop_app.domain.rules.orders import MAX_LINE_ITEMS
from desktop_app.domain.rules.problems import join

# values (strings, numbers, objects, arrays...) in one body
MAX_VALUES = 20_000
# fields of one object: the widest domain object has about 40
MAX_FIELDS = 200
# characters of one text: the longest domain field is a URL of 2048
MAX_TEXT = 4096
# entries of an array, by field name; any other array: DEFAULT_ENTRIES
DEFAULT_ENTRIES = 100
ARRAY_ENTRIES: dict[str, int] = {
    "packages": 100,  # the catalog allows 20 a shipment
    "additional_services": 100,  # the catalog defines about a dozen
    "order_line_items": 2 * MAX_LINE_ITEMS,
    "item_info": 2 * MAX_LINE_ITEMS,
    "items": 2 * MAX_LINE_ITEMS,
    "shipments": 2 * MAX_MANIFEST_SHIPMENTS,  # a manifest's or a pickup's
    "then": 1000,  # routing rule trees: rules.routing_rules.MAX_RULE_NODES in all
    "else": 1000,
    "allow": 1000,
    "deny": 1000,
    "all": 1000,
    "any": 1000,
    "in": 1000,
    "value": 1000,
}


def array_limit(field: str) -> int:
    """How many entries the array under `field` may have."""
    return ARRAY_ENTRIES.get(field, DEFAULT_ENTRIES)


def size_problem(data: Any) -> str | None:
    """The first bound `data` exceeds, as a message naming the field; None when within all."""
    stack: list[tuple[Any, str, str]] = [(data, "", "")]
    values = 0
    while stack:
        item, where, field = stack.pop()
        values += 1
        if values > MAX_VALUES:
            return f"request: more than {MAX_VALUES} values in one request"
        if isinstance(item, str):
            if len(item) > MAX_TEXT:
                return f"{where or 'request'}: at most {MAX_TEXT} characters (now {len(item)})"
        elif isinstance(item, dict):
            if len(item) > MAX_FIELDS:
                return f"{where or 'request'}: at most {MAX_FIELDS} fields (now {len(item)})"
            for key, child in item.items():
                name = str(key)
                if len(name) > MAX_TEXT:
                    return f"{where or 'request'}: a field name of {len(name)} characters"
                stack.append((child, join(where, name), name))
        elif isinstance(item, list):
            limit = array_limit(field)
            if len(item) > limit:
                return f"{where or 'request'}: at most {limit} entries (now {len(item)})"
            stack.extend((child, f"{where}[{i}]", field) for i, child in enumerate(item))
    return None
