"""Roles and their rights: what a signed-in packer, supervisor or admin may do.

A route's rule (routers.ROUTE_RIGHTS) is one right, or OPEN (anyone, also a station before a
sign-in: me, sessions, pairing, health, token-addressed files), or SIGNED_IN (any person).
"""

from __future__ import annotations

from dataclasses import dataclass, field

OPEN = "open"
SIGNED_IN = "signed_in"

PACKER_RIGHTS = ("labels", "scan", "weigh", "returns", "history")
SUPERVISOR_RIGHTS = (*PACKER_RIGHTS, "delete", "release", "end_of_day", "reports", "made_by")
ADMIN_RIGHTS = (
    *SUPERVISOR_RIGHTS,
    "prices",
    "settings",
    "webhooks",
    "keys",
    "people",
    "stations",
)
ROLE_RIGHTS: dict[str, tuple[str, ...]] = {
    "packer": PACKER_RIGHTS,
    "supervisor": SUPERVISOR_RIGHTS,
    "admin": ADMIN_RIGHTS,
}
ALL_RIGHTS = frozenset(ADMIN_RIGHTS)

#: what a right allows, as a 403 says it: "a packer may not <this>: ask ..."
RIGHT_WORDS: dict[str, str] = {
    "labels": "create or print labels",
    "scan": "report scans",
    "weigh": "weigh parcels",
    "returns": "make returns",
    "history": "see shipments",
    "delete": "delete or cancel shipments and orders",
    "release": "release a pack-check mismatch",
    "end_of_day": "run End of day (manifests and pickups)",
    "reports": "see packing figures or the audit log",
    "made_by": "see who made a label",
    "prices": "see prices, quotes or invoices",
    "settings": "change account settings, default addresses or routing rules",
    "webhooks": "see or change webhooks",
    "keys": "see or change keys",
    "people": "manage people",
    "stations": "approve or deny stations",
}

#: fields left out of every JSON answer (at any depth) for a caller without the right
HIDDEN_FIELDS: dict[str, frozenset[str]] = {
    "prices": frozenset(
        {"price", "gross_price", "total_price", "vat", "total_vat", "refund_deduction_amount"}
    ),
    "made_by": frozenset({"made_by"}),
}

SIGN_IN_FIRST = "sign in at this station first: scan your badge or type your PIN"


@dataclass(frozen=True)
class Caller:
    """Who is asking: rights, and the person and station when a person signed in."""

    rights: frozenset[str]
    person: str | None = None
    person_id: str | None = None
    role: str | None = None
    station: str | None = None
    # a station key of an account with people, without a valid session
    sign_in_required: bool = False
    hidden: frozenset[str] = field(default=frozenset())


def caller_with(rights: frozenset[str], **details: object) -> Caller:
    """A Caller whose hidden fields follow from its rights."""
    hidden: set[str] = set()
    for right, fields in HIDDEN_FIELDS.items():
        if right not in rights:
            hidden |= fields
    return Caller(rights=rights, hidden=frozenset(hidden), **details)  # type: ignore[arg-type]


def refusal(rule: str | None, caller: Caller) -> tuple[int, str] | None:
    """(status, words) when the caller may not use a route of this rule, else None."""
    if rule == OPEN:
        return None
    if caller.sign_in_required:
        return 401, SIGN_IN_FIRST
    if rule == SIGNED_IN or (rule is not None and rule in caller.rights):
        return None
    if rule is None and caller.rights == ALL_RIGHTS:
        return None  # an account key, or a station without people: as before rules existed
    role = caller.role or "caller"
    if rule is None:
        return 403, f"a {role} may not use this request: it has no role rule yet, ask an admin"
    who = "a supervisor or admin" if rule in SUPERVISOR_RIGHTS else "an admin"
    return 403, f"a {role} may not {RIGHT_WORDS[rule]}: ask {who}"
