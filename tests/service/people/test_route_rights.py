"""The role rule of every route, generated from the app's router list: a route without a rule
fails here, and each role is let through or refused (403 in words) on every route as its
rights say; a station without a sign-in reaches only the OPEN routes."""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path

import httpx
import pytest
from fastapi.routing import iter_route_contexts

from desktop_app.service.api.rights import OPEN, RIGHT_WORDS, ROLE_RIGHTS, SIGN_IN_FIRST, SIGNED_IN
from desktop_app.service.api.routers import ROUTE_RIGHTS
from desktop_app.service.app import create_app
from desktop_app.service.settings import ServiceSettings
from tests.service.people.warehouse import PEOPLE, Warehouse


def _app_routes() -> list[str]:
    """ "METHOD path" of every route the app serves."""
    with tempfile.TemporaryDirectory() as data_dir:
        app = create_app(ServiceSettings(data_dir=Path(data_dir), render_processes=0))
        return sorted(
            f"{method} {route.path}"
            for route in iter_route_contexts(app.routes)
            for method in (route.methods or ())
            if method != "HEAD"
        )


ROUTES = _app_routes()
ROLE_OF = {role: name for name, (role, _code) in PEOPLE.items()}
PARAM = re.compile(r"\{[^}]+\}")


def test_every_route_has_a_rule_and_every_rule_is_a_right() -> None:
    assert len(ROUTES) > 50
    missing = [route for route in ROUTES if route not in ROUTE_RIGHTS]
    assert missing == [], f"routes without a role rule in routers.ROUTE_RIGHTS: {missing}"
    known = {OPEN, SIGNED_IN, *RIGHT_WORDS}
    assert {rule for rule in ROUTE_RIGHTS.values()} <= known


def _call(client: httpx.Client, route: str) -> httpx.Response:
    method, path = route.split(" ", 1)
    url = PARAM.sub("no-such-id", path)
    body: dict[str, object] | None = {} if method in ("POST", "PUT", "PATCH") else None
    return client.request(method, url, json=body)


@pytest.mark.parametrize("role", ["packer", "supervisor", "admin"])
def test_each_role_on_every_route(warehouse: Warehouse, role: str) -> None:
    name = ROLE_OF[role]
    rights = ROLE_RIGHTS[role]
    seen: dict[str, int] = {}
    for route in ROUTES:
        rule = ROUTE_RIGHTS[route]
        with warehouse.person_client(name) as client:
            answer = _call(client, route)
        seen[route] = answer.status_code
        if route == "DELETE /v1/sessions/current":
            warehouse.forget(name)  # that request signed the person out
        if rule in (OPEN, SIGNED_IN) or rule in rights:
            assert answer.status_code not in (401, 403), (route, answer.text)
        else:
            assert answer.status_code == 403, (route, answer.text)
            ask = "a supervisor or admin" if rule in ROLE_RIGHTS["supervisor"] else "an admin"
            assert answer.json() == {
                "errors": [f"a {role} may not {RIGHT_WORDS[rule]}: ask {ask}"]
            }, route
    refused = sorted(route for route, status in seen.items() if status == 403)
    if role == "admin":
        assert refused == []
    if role == "packer":
        # the routes the issue names: no prices, quotes, invoices, keys, webhooks or settings
        for route in (
            "POST /v1/shipment_quotes",
            "GET /v1/invoice_address",
            "GET /v1/webhooks",
            "POST /v1/routing_rules",
            "PUT /v1/default_shipping_address",
            "DELETE /v1/shipments/{shipment_id}",
            "POST /v1/manifests",
        ):
            assert route in refused


def test_a_station_without_a_sign_in_reaches_only_the_open_routes(warehouse: Warehouse) -> None:
    for route in ROUTES:
        if route == "POST /v1/sessions":
            continue  # a wrong code would count against the station's sign-in limit
        with warehouse.station_client() as station:
            answer = _call(station, route)
        if ROUTE_RIGHTS[route] == OPEN:
            assert answer.status_code != 401, (route, answer.text)
        else:
            assert answer.status_code == 401, (route, answer.text)
            assert answer.json() == {"errors": [SIGN_IN_FIRST]}, route


def test_a_station_of_an_account_without_people_keeps_every_right(warehouse: Warehouse) -> None:
    other = warehouse.service.add_account()
    keys = json.loads(warehouse.service.accounts("add-key", other["email"], "--name", "Desk"))
    with warehouse.service.client(keys["sandbox_key"]) as desk:
        for route in ROUTES:
            answer = _call(desk, route)
            if ROUTE_RIGHTS[route] == "stations":
                # the join routes' own rule: a station key never lets other stations in
                assert answer.status_code == 403, (route, answer.text)
                assert "may not let other stations join" in answer.json()["errors"][0]
            else:
                assert answer.status_code not in (401, 403), (route, answer.text)
        me = desk.get("/v1/me").json()
        assert me["sign_in_required"] is False and me["station"] == "Desk"
        assert "prices" in me["rights"] and me["person"] is None
