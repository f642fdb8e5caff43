"""Rules of the other request bodies: webhooks, pickup requests and routing rules."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from desktop_app.domain.catalog import PACKAGE_TYPES, Catalog, load_catalog
from desktop_app.domain.events import is_valid_event_pattern
from desktop_app.domain.rules_address import check_address
from desktop_app.domain.rules_base import (
    Problem,
    Problems,
    as_draft,
    check_pickup_time,
    check_text,
    guard,
    is_blank,
    is_number,
    join,
)
from desktop_app.domain.rules_codes import COUNTRY_CODES

WEBHOOK_FIELDS = frozenset({"url", "event_types", "security"})
MAX_URL_LENGTH = 2048
MAX_RULE_DEPTH = 32  # deeper trees are surely a mistake, and recursion must stay bounded
MAX_RULE_NODES = 1000


def validate_webhook(draft: Any, *, live: bool) -> list[Problem]:
    """Problems of a `POST /v1/webhooks` body; `live` demands an https URL."""
    return guard("", lambda: _webhook(as_draft(draft), live))


def _webhook(d: Any, live: bool) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The webhook must be a JSON object.")
        return out
    for key in d:
        if key not in WEBHOOK_FIELDS:
            out.add(str(key), "unknown_field", "A webhook has only url, event_types and security.")

    url = check_text(
        out, d.get("url"), "url", required=True, max_len=MAX_URL_LENGTH, what="the URL"
    )
    if url is not None:
        _check_url(out, url.strip(), live)

    types = d.get("event_types")
    if types is None or types == []:
        out.add("event_types", "required", "Choose at least one event type.")
    elif not isinstance(types, list):
        out.add("event_types", "invalid_type", "Enter the event types as a list.")
    else:
        seen: set[str] = set()
        for i, t in enumerate(types):
            path = f"event_types[{i}]"
            if not isinstance(t, str) or not is_valid_event_pattern(t):
                out.add(
                    path,
                    "invalid_event_type",
                    "Use an event type such as shipment.tracking.delivered, or a catch-all "
                    "such as shipment.* or *.",
                )
            elif t in seen:
                out.add(path, "duplicate_event_type", f"{t} is listed twice.")
            else:
                seen.add(t)

    security = d.get("security")
    if security is not None:
        if not isinstance(security, dict):
            out.add("security", "invalid_type", "Enter the security settings as an object.")
        else:
            stype = security.get("type", "basic_auth")
            if stype != "basic_auth":
                out.add(
                    "security.type",
                    "invalid_security_type",
                    "The only security type is basic_auth.",
                )
            check_text(
                out,
                security.get("username"),
                "security.username",
                required=True,
                max_len=255,
                what="the user name for basic authentication",
            )
            check_text(out, security.get("password"), "security.password", max_len=255)
    return out


def _check_url(out: Problems, url: str, live: bool) -> None:
    try:
        parts = urlsplit(url)
        host = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a bad port
    except ValueError:
        host, parts = None, None
    if parts is None or parts.scheme not in ("http", "https") or not host or " " in url:
        out.add("url", "invalid_url", "Enter a full web address, e.g. https://example.com/hooks.")
        return
    if live and parts.scheme != "https":
        out.add("url", "https_required", "Live webhooks must use an https:// address.")


def validate_pickup_request(draft: Any) -> list[Problem]:
    """Problems of a `POST /v1/pickup_requests` body."""
    return guard("", lambda: _pickup_request(as_draft(draft), load_catalog()))


def _pickup_request(d: Any, cat: Catalog) -> Problems:
    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The pickup request must be a JSON object.")
        return out
    carrier = d.get("carrier")
    spec = None
    if is_blank(carrier):
        out.add("carrier", "required", "Choose a carrier.")
    elif not isinstance(carrier, str) or carrier not in cat.carriers:
        out.add(
            "carrier", "unknown_carrier", f"Choose one of the carriers: {', '.join(cat.carriers)}."
        )
    else:
        spec = cat.carriers[carrier]
        if not spec.pickup_requests:
            offering = ", ".join(c.code for c in cat.carriers.values() if c.pickup_requests)
            out.add(
                "carrier",
                "pickup_not_offered",
                f"{spec.display_name} takes no pickup requests; these carriers do: {offering}.",
                carrier=spec.code,
            )
    check_pickup_time(out, d.get("pickup_time"), "pickup_time")
    if d.get("pickup_address") is not None:
        check_address(
            out, d["pickup_address"], "pickup_address", cat, spec, context="pickup_requests"
        )
    shipments = d.get("shipments")
    if shipments is not None:
        if not isinstance(shipments, list):
            out.add("shipments", "invalid_type", "Enter the shipments as a list of ids.")
        else:
            seen: set[str] = set()
            for i, ref in enumerate(shipments):
                path = f"shipments[{i}]"
                if not isinstance(ref, dict):
                    out.add(path, "invalid_type", 'Enter the shipment as {"id": ...}.')
                    continue
                sid = check_text(out, ref.get("id"), join(path, "id"), required=True,
                                 what="the shipment id")  # fmt: skip
                if sid is not None:
                    if sid in seen:
                        out.add(
                            join(path, "id"), "duplicate_shipment", "This shipment is listed twice."
                        )
                    seen.add(sid)
    return out


def validate_routing_rule(draft: Any) -> list[Problem]:
    """Problems of a routing rule (`{name, root}`): tree shape, fields, operators, carriers."""
    return guard("", lambda: _routing_rule(as_draft(draft), load_catalog()))


def _routing_rule(d: Any, cat: Catalog) -> Problems:
    from desktop_app.domain.models.routing import RULE_FIELDS, RULE_OPS

    out = Problems()
    if not isinstance(d, dict):
        out.add("", "not_an_object", "The routing rule must be a JSON object.")
        return out
    check_text(out, d.get("name"), "name", required=True, max_len=100, what="a name for the rule")
    if d.get("root") is None:
        out.add("root", "required", "Add a condition or an allow / deny list.")
        return out
    count = [0]
    _rule_node(out, d["root"], "root", cat, RULE_FIELDS, RULE_OPS, 1, count)
    return out


_NUMERIC_FIELDS = frozenset(
    {
        "package.weight",
        "package.length",
        "package.width",
        "package.height",
        "package.count",
        "package.total_weight",
    }
)
_LIST_OPS = frozenset({"in", "not_in"})
_COUNTRIES = frozenset(c.casefold() for c in COUNTRY_CODES)
# Fields with a closed set of values: (allowed values casefolded, plain-language hint).
_CLOSED_VALUES: dict[str, tuple[frozenset[str], str]] = {
    "direction": (frozenset({"outgoing", "returns"}), "outgoing or returns"),
    "package.type": (frozenset(PACKAGE_TYPES), "parcel, bulk, parcel_letter, books or letter"),
    "to.country": (_COUNTRIES, "two-letter country codes such as DE"),
    "from.country": (_COUNTRIES, "two-letter country codes such as DE"),
}
_ORDER_OPS = frozenset({"lt", "lte", "gt", "gte"})


def check_rule_condition(
    out: Problems,
    cond: Any,
    path: str,
    fields: tuple[str, ...],
    numeric: frozenset[str] = _NUMERIC_FIELDS,
) -> None:
    """Add the problems of one condition `{field, op, value}` as a routing rule's (`fields`:
    what it may test; `numeric`: the fields compared with numbers)."""
    from desktop_app.domain.models.routing import RULE_OPS

    _rule_condition(out, cond, path, fields, RULE_OPS, numeric)


def _rule_node(
    out: Problems,
    node: Any,
    path: str,
    cat: Catalog,
    fields: tuple[str, ...],
    ops: tuple[str, ...],
    depth: int,
    count: list[int],
) -> None:
    count[0] += 1
    if count[0] > MAX_RULE_NODES:
        if count[0] == MAX_RULE_NODES + 1:
            out.add(path, "rule_too_large", f"A rule can have at most {MAX_RULE_NODES} nodes.")
        return
    if depth > MAX_RULE_DEPTH:
        out.add(path, "rule_too_deep", f"A rule can nest at most {MAX_RULE_DEPTH} levels deep.")
        return
    if not isinstance(node, dict):
        out.add(path, "invalid_rule_node", "A rule node needs one of condition, allow or deny.")
        return
    kinds = [k for k in ("condition", "allow", "deny") if k in node]
    if len(kinds) != 1:
        out.add(
            path, "invalid_rule_node", "A rule node needs exactly one of condition, allow or deny."
        )
        return
    kind = kinds[0]
    if kind == "condition":
        _rule_condition(out, node["condition"], join(path, "condition"), fields, ops)
        for branch in ("then", "else"):
            children = node.get(branch)
            if children is None:
                continue
            bpath = join(path, branch)
            if not isinstance(children, list):
                out.add(bpath, "invalid_type", "Enter the branch as a list of nodes.")
                continue
            for i, child in enumerate(children):
                _rule_node(out, child, f"{bpath}[{i}]", cat, fields, ops, depth + 1, count)
        return
    refs = node[kind]
    kpath = join(path, kind)
    if not isinstance(refs, list) or not refs:
        out.add(kpath, "required", "List at least one carrier (and optionally its service).")
        return
    for i, ref in enumerate(refs):
        rpath = f"{kpath}[{i}]"
        if not isinstance(ref, dict):
            out.add(rpath, "invalid_type", 'Enter {"carrier": ..., "service": ...}.')
            continue
        carrier = ref.get("carrier")
        spec = cat.carriers.get(carrier) if isinstance(carrier, str) else None
        if spec is None:
            out.add(
                join(rpath, "carrier"),
                "unknown_carrier",
                f"Choose one of the carriers: {', '.join(cat.carriers)}.",
            )
            continue
        service = ref.get("service")
        if service is not None and (not isinstance(service, str) or service not in spec.services):
            out.add(
                join(rpath, "service"),
                "service_not_offered",
                f"{spec.display_name} offers the services {', '.join(spec.services)}.",
            )


def _rule_condition(
    out: Problems,
    cond: Any,
    path: str,
    fields: tuple[str, ...],
    ops: tuple[str, ...],
    numeric: frozenset[str] = _NUMERIC_FIELDS,
) -> None:
    if not isinstance(cond, dict):
        out.add(path, "invalid_type", "A condition has field, op and value.")
        return
    field, op, value = cond.get("field"), cond.get("op"), cond.get("value")
    if not isinstance(field, str) or field not in fields:
        out.add(join(path, "field"), "invalid_rule_field", f"Test one of: {', '.join(fields)}.")
        field = None
    if not isinstance(op, str) or op not in ops:
        out.add(join(path, "op"), "invalid_rule_op", f"Use one of the operators {', '.join(ops)}.")
        op = None
    vpath = join(path, "value")
    if value is None:
        out.add(vpath, "required", "Enter the value to compare with.")
        return
    scalar = isinstance(value, str) or is_number(value)
    listed = isinstance(value, list) and all(isinstance(v, str) or is_number(v) for v in value)
    if not scalar and not listed:
        out.add(vpath, "invalid_rule_value", "Enter a text, a number or a list of them.")
        return
    if op in _LIST_OPS and not listed:
        out.add(vpath, "invalid_rule_value", "This operator needs a list of values.")
    elif op in _ORDER_OPS and not scalar:
        out.add(vpath, "invalid_rule_value", "This operator compares with one value.")
    elif op in _ORDER_OPS and field in numeric and not is_number(value):
        out.add(vpath, "invalid_rule_value", "Compare this field with a number.")
    elif op in ("eq", "ne") and not scalar:
        out.add(vpath, "invalid_rule_value", "This operator compares with one value.")
    elif field in _CLOSED_VALUES and op in ("eq", "ne", "in", "not_in"):
        allowed, what = _CLOSED_VALUES[field]
        values = value if isinstance(value, list) else [value]
        # Evaluation compares strings case-insensitively, so the check does too.
        if not all(isinstance(v, str) and v.casefold() in allowed for v in values):
            out.add(vpath, "invalid_rule_value", f"Use {what}.")
