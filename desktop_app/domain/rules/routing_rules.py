"""Rules of a routing rule (`POST /v1/routing_rules`): its conditions and actions."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.catalog import PACKAGE_TYPES, Catalog, load_catalog
from desktop_app.domain.rules.checks import check_text, is_number
from desktop_app.domain.rules.codes import COUNTRY_CODES
from desktop_app.domain.rules.problems import Problem, Problems, as_draft, guard, join

MAX_RULE_DEPTH = 32  # deeper trees are surely a mistake, and recursion must stay bounded
MAX_RULE_NODES = 1000


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
