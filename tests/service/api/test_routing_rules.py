"""Routing rules end to end: CRUD, validation paths, evaluation order, isolation."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tests.fixtures.receiver import add_account
from tests.fixtures.service import RunningService

ALL_OUTGOING = 17  # catalog combinations whose service is not `returns`

ONLY_DHL_TO_AT = {
    "name": "Austria goes with DHL",
    "root": {
        "condition": {"field": "to.country", "op": "eq", "value": "AT"},
        "then": [{"allow": [{"carrier": "dhl"}]}],
    },
}
NO_HEAVY_HERMES = {
    "name": "heavy parcels not with Hermes",
    "root": {
        "condition": {"field": "package.weight", "op": "gt", "value": 10},
        "then": [{"deny": [{"carrier": "hermes"}]}],
        "else": [{"deny": [{"carrier": "dhl", "service": "dhl_prio"}]}],
    },
}


@pytest.fixture(scope="module")
def keys(local_service: RunningService) -> dict[str, Any]:
    """An account of its own, so other tests' rules cannot change the evaluations."""
    return add_account(local_service, "routing-rules@example.com")


@pytest.fixture
def rules(local_service: RunningService, keys: dict[str, Any]) -> Iterator[httpx.Client]:
    with local_service.client(keys["sandbox_key"]) as client:
        yield client
        for rule in client.get("/v1/routing_rules").json()["routing_rules"]:
            client.delete(f"/v1/routing_rules/{rule['id']}")


def _allowed(client: httpx.Client, **details: Any) -> list[tuple[str, str]]:
    response = client.post("/v1/routing_rules/evaluate", json=details)
    assert response.status_code == 200, response.text
    return [(c["carrier"], c["service"]) for c in response.json()["allowed"]]


def test_crud(rules: httpx.Client) -> None:
    created = rules.post("/v1/routing_rules", json=ONLY_DHL_TO_AT)
    assert created.status_code == 200, created.text
    rule = created.json()
    assert rule["name"] == ONLY_DHL_TO_AT["name"]
    assert rule["root"]["condition"] == {"field": "to.country", "op": "eq", "value": "AT"}
    assert {"id", "created_at", "updated_at"} <= rule.keys()
    assert rules.get(f"/v1/routing_rules/{rule['id']}").json() == rule

    replaced = rules.put(f"/v1/routing_rules/{rule['id']}", json=NO_HEAVY_HERMES)
    assert replaced.status_code == 200
    assert replaced.json()["name"] == NO_HEAVY_HERMES["name"]
    assert replaced.json()["root"]["else"] == [
        {"deny": [{"carrier": "dhl", "service": "dhl_prio"}]}
    ]
    second = rules.post("/v1/routing_rules", json=ONLY_DHL_TO_AT).json()
    listed = [r["id"] for r in rules.get("/v1/routing_rules").json()["routing_rules"]]
    assert listed == [rule["id"], second["id"]]  # evaluation order = creation order

    assert rules.delete(f"/v1/routing_rules/{rule['id']}").status_code == 204
    assert rules.get(f"/v1/routing_rules/{rule['id']}").status_code == 404
    assert rules.delete(f"/v1/routing_rules/{rule['id']}").status_code == 404
    assert rules.put(f"/v1/routing_rules/{rule['id']}", json=ONLY_DHL_TO_AT).status_code == 404


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"root": {"allow": [{"carrier": "dhl"}]}}, "name"),
        ({"name": "x"}, "root"),
        ({"name": "x", "root": {"allow": []}}, "root.allow"),
        ({"name": "x", "root": {"allow": [{"carrier": "nope"}]}}, "root.allow[0]"),
        ({"name": "x", "root": {"maybe": 1}}, "root"),
        (
            {"name": "x", "root": {"condition": {"field": "colour", "op": "eq", "value": "red"}}},
            "root.condition.field",
        ),
        (
            {"name": "x", "root": {"condition": {"field": "to.country", "op": "~", "value": "AT"}}},
            "root.condition.op",
        ),
        ({"name": "x", "root": {"allow": [{"carrier": "dhl"}]}, "extra": True}, "extra"),
    ],
)
def test_validation_paths(rules: httpx.Client, body: dict[str, Any], path: str) -> None:
    response = rules.post("/v1/routing_rules", json=body)
    assert response.status_code == 422, response.text
    assert any(m.startswith(path) for m in response.json()["errors"]), response.json()


def test_evaluation(rules: httpx.Client) -> None:
    to_at = {"to": {"country": "AT", "zip_code": "1010"}}
    to_de = {"to": {"country": "DE", "zip_code": "10115"}}
    light = {"package": {"weight": 2.0, "length": 20, "width": 10, "height": 10}}
    heavy = {"package": {"weight": 20.0, "length": 20, "width": 10, "height": 10}}

    # no rules: every outgoing combination; returns only for returns
    assert len(_allowed(rules, **to_de, **light)) == ALL_OUTGOING
    assert {s for _, s in _allowed(rules, direction="returns", **to_de)} == {"returns"}

    rules.post("/v1/routing_rules", json=ONLY_DHL_TO_AT)
    rules.post("/v1/routing_rules", json=NO_HEAVY_HERMES)
    at_light = _allowed(rules, **to_at, **light)
    assert {c for c, _ in at_light} == {"dhl"}
    assert ("dhl", "dhl_prio") not in at_light  # the second rule's else branch
    de_heavy = _allowed(rules, **to_de, **heavy)
    assert "hermes" not in {c for c, _ in de_heavy}
    assert ("dhl", "dhl_prio") in de_heavy
    assert len(de_heavy) == ALL_OUTGOING - 1

    bad = rules.post("/v1/routing_rules/evaluate", json={"direction": "sideways"})
    assert bad.status_code == 422 and bad.json()["errors"][0].startswith("direction")
    weird = rules.post("/v1/routing_rules/evaluate", json={"package": {"weight": "heavy"}})
    assert weird.status_code == 422 and weird.json()["errors"][0].startswith("package.weight")


def test_isolation(local_service: RunningService, rules: httpx.Client) -> None:
    rule = rules.post("/v1/routing_rules", json=ONLY_DHL_TO_AT).json()
    with local_service.client("sandbox") as owner_of_other_account:
        assert owner_of_other_account.get(f"/v1/routing_rules/{rule['id']}").status_code == 404
        assert owner_of_other_account.delete(f"/v1/routing_rules/{rule['id']}").status_code == 404
        put = owner_of_other_account.put(f"/v1/routing_rules/{rule['id']}", json=ONLY_DHL_TO_AT)
        assert put.status_code == 404
        # their evaluation is not restricted by this account's rule
        carriers = {c for c, _ in _allowed(owner_of_other_account, to={"country": "AT"})}
        assert carriers - {"dhl"}
    assert rules.get(f"/v1/routing_rules/{rule['id']}").status_code == 200
    with local_service.client(None) as anonymous:
        assert anonymous.get("/v1/routing_rules").status_code == 401
        assert anonymous.post("/v1/routing_rules/evaluate", json={}).status_code == 401
    assert (
        rules.post(
            "/v1/routing_rules", content=b"x", headers={"Content-Type": "text/plain"}
        ).status_code
        == 415
    )
