"""Bounded work per request: size bounds checked before the rules, large bodies off the loop.

The bounds sit above every rule's own limit: the largest bodies the rules accept (an order of
500 line items, a manifest of 1000 shipments) pass them, one entry more than a bound is
refused naming the field, and the costly bodies of the finding (50,000 add-ons, 60,000 unknown
fields) are refused without running the rules. How long the loop is held is a benchmark
figure (bench/serve_bodies.py), not a test.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import httpx
import pytest

from desktop_app.domain.bounds import MAX_FIELDS, MAX_TEXT, MAX_VALUES, array_limit, size_problem
from desktop_app.domain.rules.manifests import MAX_MANIFEST_SHIPMENTS
from desktop_app.domain.rules.orders import MAX_LINE_ITEMS
from desktop_app.service.bodies import values_at_most
from tests.payloads import shipment
from tests.service.test_orders import ORDER


def test_the_largest_bodies_the_rules_accept_are_within_the_bounds() -> None:
    order = copy.deepcopy(ORDER)
    order["order_line_items"] = order["order_line_items"][:1] * MAX_LINE_ITEMS
    assert size_problem(order) is None
    manifest = {"carrier": "dhl", "shipments": [f"{i:040x}" for i in range(MAX_MANIFEST_SHIPMENTS)]}
    assert size_problem(manifest) is None
    assert size_problem({"url": "https://example.com/" + "a" * 2000}) is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            {"additional_services": [{"name": "x"}] * (array_limit("additional_services") + 1)},
            "additional_services: at most 100 entries (now 101)",
        ),
        ({"reference_number": "r" * (MAX_TEXT + 1)}, f"reference_number: at most {MAX_TEXT}"),
        ({f"k{i}": 1 for i in range(MAX_FIELDS + 1)}, f"request: at most {MAX_FIELDS} fields"),
        (
            {f"k{j}": [[0] * 100] * 100 for j in range(3)},
            f"request: more than {MAX_VALUES} values",
        ),
    ],
)
def test_one_step_over_a_bound_names_the_field(body: dict[str, Any], message: str) -> None:
    problem = size_problem(body)
    assert problem is not None and message in problem


def test_the_byte_estimate_never_counts_fewer_values_than_there_are() -> None:
    for body in (shipment(), ORDER, {"a": [[], {}, [1, [2, {"b": "c,d"}]]]}, {}):
        raw = json.dumps(body).encode()
        counted = size_problem(body)
        assert counted is None
        assert values_at_most(raw) >= _values(body)


def _values(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + sum(_values(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_values(v) for v in value)
    return 1


def test_costly_bodies_are_refused_before_the_rules(sandbox: httpx.Client) -> None:
    many_add_ons = {**shipment(), "additional_services": [{"name": "x"}] * 50_000}
    response = sandbox.post("/v1/shipments", json=many_add_ons)
    assert response.status_code == 413
    assert response.json()["errors"] == [f"request body too large: more than {MAX_VALUES} values"]
    just_over = {**shipment(), "additional_services": [{"name": "cash_on_delivery"}] * 101}
    response = sandbox.post("/v1/shipments", json=just_over)
    assert response.status_code == 422
    assert response.json()["errors"] == ["additional_services: at most 100 entries (now 101)"]
    unknown = {**shipment(), **{f"k{i}": "v" for i in range(5000)}}
    response = sandbox.post("/v1/shipments", json=unknown)
    assert response.status_code == 422 and "fields (now 50" in response.json()["errors"][0]
    long_text = {**shipment(), "reference_number": "r" * 200_000}
    response = sandbox.post("/v1/shipments", json=long_text)  # checked off the loop
    assert response.status_code == 422
    assert response.json()["errors"] == [
        f"reference_number: at most {MAX_TEXT} characters (now 200000)"
    ]
    # a good body still passes the same way
    assert sandbox.post("/v1/shipments", json=shipment()).status_code == 200


def test_the_largest_order_is_checked_off_the_loop_and_stored(sandbox: httpx.Client) -> None:
    order = copy.deepcopy(ORDER)
    line = order["order_line_items"][0]
    order["order_line_items"] = [dict(line, sku=f"{i:06d}") for i in range(MAX_LINE_ITEMS)]
    created = sandbox.post("/v1/orders", json=order)
    assert created.status_code == 200, created.text
    stored = sandbox.get(f"/v1/orders/{created.json()['id']}").json()
    assert [item["sku"] for item in stored["order_line_items"]] == [
        f"{i:06d}" for i in range(MAX_LINE_ITEMS)
    ]
    over = dict(order, total_vat="many")  # the rules' answer comes back from the thread
    refused = sandbox.post("/v1/orders", json=over)
    assert refused.status_code == 422 and "total_vat" in refused.json()["errors"][0]
