"""Hypothesis: no rule function ever raises, whatever JSON-like value it is given."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop_app.domain.models.address import ADDRESS_FIELDS
from desktop_app.domain.rules import (
    Problem,
    validate,
    validate_address,
    validate_pickup_request,
    validate_quote_request,
    validate_routing_rule,
    validate_webhook,
)
from tests.domain.rules.drafts import changed, draft, full_dhl_draft

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20)
json_values = st.recursive(
    scalars,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=20,
)

# Values that look right often enough to reach the deep rules.
plausible_text = st.sampled_from(
    [
        "",
        " ",
        "DE",
        "de",
        "PACKSTATION",
        "POSTFILIALE",
        "PAK A1B2C3D",
        "PAKA1B2C3D",
        "123",
        "12345678",
        "a@example.com",
        "+49 151 2345678",
        "2024-05-03",
        "2024-05-03T09:00:00+02:00",
        "EUR",
        "dhl",
        "dpd",
        "ups",
        "standard",
        "returns",
        "one_day",
        "bulk",
        "books",
        "pdf_a6",
        "zpl2_4x6in_203dpi",
        "x" * 80,
    ]
)
leaf = scalars | plausible_text | st.floats(min_value=-10, max_value=400)


def obj(keys: list[str], value: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Dicts with a subset of the real keys, each with a wild or plausible value."""
    return st.fixed_dictionaries({}, optional={k: value for k in keys})


ADDRESS_KEYS = ["id", *ADDRESS_FIELDS, "partner_id"]
addresses = obj(ADDRESS_KEYS, leaf) | json_values
packages = obj(
    ["weight", "length", "width", "height", "type", "description", "declared_value"],
    leaf | obj(["amount", "currency"], leaf),
)
service_props = obj(
    [
        "email",
        "language",
        "sms",
        "amount",
        "currency",
        "bank_account_holder",
        "bank_name",
        "bank_account_number",
        "bank_code",
        "reference1",
        "message",
    ],
    leaf,
)
additional = st.lists(
    obj(
        ["name", "properties"],
        st.sampled_from(
            ["advance_notice", "cash_on_delivery", "drop_authorization", "saturday_delivery"]
        )
        | service_props
        | leaf,
    ),
    max_size=4,
)
shipments = st.fixed_dictionaries(
    {},
    optional={
        "carrier": st.sampled_from(["dhl", "dpd", "dpag", "ups", "hermes"]) | leaf,
        "service": st.sampled_from(["standard", "returns", "one_day", "one_day_early"]) | leaf,
        "from": addresses,
        "to": addresses,
        "package": packages | leaf,
        "packages": st.lists(packages | leaf, max_size=3) | leaf,
        "additional_services": additional | leaf,
        "label": obj(["format", "size"], leaf) | leaf,
        "metadata": st.fixed_dictionaries(
            {},
            optional={
                "partner": obj(
                    ["shop_name", "order_number", "order_date", "e_mail_shop", "order_total"],
                    leaf | obj(["amount", "currency"], leaf),
                )
                | leaf
            },
        )
        | leaf,
        "reference_number": leaf,
        "notification_email": leaf,
        "create_shipping_label": leaf,
        "pickup": obj(["pickup_time", "pickup_address"], obj(["earliest", "latest"], leaf) | leaf),
    },
)


def _clean(problems: list[Problem]) -> None:
    assert isinstance(problems, list)
    for p in problems:
        assert isinstance(p, Problem)
        assert isinstance(p.path, str) and isinstance(p.message, str) and p.message
        # internal_error would mean a rule raised and the guard caught it: a bug to fix.
        assert p.code != "internal_error", p


@SETTINGS
@given(json_values)
def test_every_rule_function_takes_any_json(value: Any) -> None:
    _clean(validate(value))
    _clean(validate_address(value))
    _clean(validate_webhook(value, live=True))
    _clean(validate_pickup_request(value))
    _clean(validate_quote_request(value))
    _clean(validate_routing_rule(value))


@SETTINGS
@given(shipments)
def test_validate_takes_any_shipment_shaped_dict(value: dict[str, Any]) -> None:
    _clean(validate(value))
    _clean(validate_quote_request(value))


@SETTINGS
@given(
    st.sampled_from(["dhl", "dpd", "dpag", "ups", "hermes"]),
    st.dictionaries(
        st.sampled_from(
            [
                "to.street",
                "to.care_of",
                "to.street_no",
                "to.country",
                "from.company",
                "from.last_name",
                "label.format",
                "service",
                "reference_number",
                "metadata",
            ]
        ),
        leaf,
        max_size=4,
    ),
)
def test_validate_takes_mutated_valid_drafts(carrier: str, changes: dict[str, Any]) -> None:
    _clean(validate(changed(draft(carrier), changes)))
    _clean(validate(changed(full_dhl_draft(), changes)))


@SETTINGS
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "url": leaf | st.sampled_from(["https://a.example/h", "http://[::1", "https://x:0/"]),
            "event_types": st.lists(leaf | st.sampled_from(["*", "shipment.*"]), max_size=3) | leaf,
            "security": obj(["type", "username", "password"], leaf) | leaf,
        },
    ),
    st.booleans(),
)
def test_validate_webhook_takes_webhook_shaped_dicts(value: dict[str, Any], live: bool) -> None:
    _clean(validate_webhook(value, live=live))


@SETTINGS
@given(
    st.fixed_dictionaries(
        {},
        optional={
            "carrier": st.sampled_from(["ups", "dpd", "dhl"]) | leaf,
            "pickup_time": obj(["earliest", "latest"], leaf) | leaf,
            "pickup_address": addresses,
            "shipments": st.lists(obj(["id"], leaf) | leaf, max_size=3) | leaf,
        },
    )
)
def test_validate_pickup_request_takes_pickup_shaped_dicts(value: dict[str, Any]) -> None:
    _clean(validate_pickup_request(value))


rule_nodes = st.recursive(
    obj(["allow", "deny"], st.lists(obj(["carrier", "service"], leaf) | leaf, max_size=2) | leaf),
    lambda children: st.fixed_dictionaries(
        {"condition": obj(["field", "op", "value"], leaf | st.lists(leaf, max_size=3))},
        optional={
            "then": st.lists(children, max_size=2) | leaf,
            "else": st.lists(children, max_size=2),
        },
    ),
    max_leaves=8,
)


@SETTINGS
@given(obj(["name", "root"], rule_nodes | leaf))
def test_validate_routing_rule_takes_rule_shaped_dicts(value: dict[str, Any]) -> None:
    _clean(validate_routing_rule(value))
