"""Requests the real service accepts, sent as its documentation and examples send them, end to end
over HTTPS: one-element `packages`, no `from` (default shipping address), stored addresses
without a contact, address list filters, a partial PUT, `/v1/me`, default addresses and their
local PUT, and `packdesk accounts set`."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from tests.fixtures.service import RunningService
from tests.payloads import PACKAGE, RECEIVER, SENDER, shipment

WAREHOUSE = {
    "company": "Lager Nord GmbH",
    "street": "Hafenweg",
    "street_no": "3",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
    "phone": "+49 40 1234567",
}
RETURNS_DESK = {**WAREHOUSE, "company": "Lager Nord GmbH Retouren", "street_no": "5"}


def _client(local_service: RunningService) -> httpx.Client:
    return local_service.client(local_service.add_account()["sandbox_key"])


def test_one_element_packages_for_any_carrier(sandbox: httpx.Client) -> None:
    for carrier in ("dhl", "dpd", "hermes", "ups"):
        body = shipment(carrier, label=True, packages=[dict(PACKAGE)])
        response = sandbox.post("/v1/shipments", json=body)
        assert response.status_code == 200, (carrier, response.text)
        assert len(response.json()["packages"]) == 1
    two = sandbox.post("/v1/shipments", json=shipment("dhl", packages=[PACKAGE, PACKAGE]))
    assert two.status_code == 422
    assert two.json()["errors"][0].startswith("packages: DHL takes one package")


def test_stored_address_without_contact_but_not_in_a_shipment(sandbox: httpx.Client) -> None:
    place = {k: v for k, v in RECEIVER.items() if k not in ("first_name", "last_name", "email")}
    stored = sandbox.post("/v1/addresses", json=place)
    assert stored.status_code == 200, stored.text
    assert stored.json()["first_name"] is None and stored.json()["company"] is None
    used = sandbox.post("/v1/shipments", json=shipment(to={"id": stored.json()["id"]}))
    assert used.status_code == 422
    assert any(m.startswith("to.last_name:") for m in used.json()["errors"])


def test_address_list_filters(local_service: RunningService) -> None:
    with _client(local_service) as client:
        ids = {}
        for name, body in (("receiver", RECEIVER), ("sender", SENDER), ("warehouse", WAREHOUSE)):
            response = client.post("/v1/addresses", json=body)
            assert response.status_code == 200, response.text
            ids[name] = response.json()["id"]

        def found(**params: str) -> list[str]:
            response = client.get("/v1/addresses", params=params)
            assert response.status_code == 200, response.text
            return [a["id"] for a in response.json()]

        assert found(city="Köln") == [ids["receiver"]]
        assert found(zip_code="10115") == [ids["sender"]]
        assert found(last_name="Mustermann") == [ids["receiver"]]
        assert found(first_name="Erika") == [ids["receiver"]]
        assert found(company="Lager Nord GmbH") == [ids["warehouse"]]
        assert found(street="Hafenweg", street_no="3") == [ids["warehouse"]]
        assert found(phone="+49 40 1234567") == [ids["warehouse"]]
        assert set(found(country="DE")) == set(ids.values())
        assert found(city="Berlin", company="Lager Nord GmbH") == []
        assert found(care_of="nobody") == []
        # a filter value is sanitised like a body, so edge whitespace still matches
        assert found(city="  Köln ") == [ids["receiver"]]


def test_partial_put_is_merged_onto_the_stored_shipment(sandbox: httpx.Client) -> None:
    created = sandbox.post("/v1/shipments", json=shipment("dhl", reference_number="R-77"))
    assert created.status_code == 200, created.text
    sid = created.json()["id"]
    new_to = {**RECEIVER, "city": "Bonn", "zip_code": "53111"}
    changed = sandbox.put(f"/v1/shipments/{sid}", json={"carrier": "dpd", "to": new_to})
    assert changed.status_code == 200, changed.text
    body = changed.json()
    assert body["carrier"] == "dpd" and body["to"]["city"] == "Bonn"
    # what the PUT left out stays as stored
    assert body["reference_number"] == "R-77" and body["from"]["company"] == SENDER["company"]
    assert body["packages"][0]["weight"] == PACKAGE["weight"]
    # package <-> packages replace each other
    as_list = sandbox.put(f"/v1/shipments/{sid}", json={"packages": [{**PACKAGE, "weight": 2.0}]})
    assert as_list.status_code == 200, as_list.text
    assert [p["weight"] for p in as_list.json()["packages"]] == [2.0]
    # a merged body is checked like a create
    bad = sandbox.put(f"/v1/shipments/{sid}", json={"to": {**RECEIVER, "zip_code": ""}})
    assert bad.status_code == 422
    labelled = sandbox.put(f"/v1/shipments/{sid}", json={"create_shipping_label": True})
    assert labelled.status_code == 200 and labelled.json()["label_url"]
    assert sandbox.put(f"/v1/shipments/{sid}", json={"carrier": "dhl"}).status_code == 400


def test_me_has_the_real_fields(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client:
        me = client.get("/v1/me").json()
    assert me["id"] == keys["account_id"] and me["email"] == keys["email"]
    assert me["environment"] == "sandbox"
    assert len(me["customer_no"]) == 8 and me["customer_no"].isdigit()
    assert set(me["subscription"]) == {"plan_name", "plan_display_name", "chargeable"}
    # names unknown: left out, not null
    assert "first_name" not in me and "last_name" not in me
    with local_service.client(keys["live_key"]) as client:
        live = client.get("/v1/me").json()
    assert live["customer_no"] == me["customer_no"] and live["environment"] == "production"


def test_default_addresses_get_put_and_use(local_service: RunningService) -> None:
    keys = local_service.add_account()
    other = local_service.add_account()
    with (
        local_service.client(keys["sandbox_key"]) as client,
        local_service.client(keys["live_key"]) as live,
        local_service.client(other["sandbox_key"]) as stranger,
    ):
        for kind in ("shipping", "returns"):
            missing = client.get(f"/v1/default_{kind}_address")
            assert missing.status_code == 404
            assert missing.json() == {"errors": [f"no default {kind} address set for this account"]}
        # without a default, a shipment without `from` is refused with the sender's path
        no_from = shipment("dhl")
        del no_from["from"]
        refused = client.post("/v1/shipments", json=no_from)
        assert refused.status_code == 422 and refused.json()["errors"][0].startswith("from:")

        put = client.put("/v1/default_shipping_address", json=WAREHOUSE)
        assert put.status_code == 200, put.text
        stored = put.json()
        assert stored["company"] == WAREHOUSE["company"] and stored["id"]
        assert client.get("/v1/default_shipping_address").json() == stored
        # the account's setting: the live key sees it too, another account does not
        assert live.get("/v1/default_shipping_address").json() == stored
        assert stranger.get("/v1/default_shipping_address").status_code == 404
        # a second PUT replaces it and keeps the id
        again = client.put("/v1/default_shipping_address", json={**WAREHOUSE, "street_no": "4"})
        assert again.json()["id"] == stored["id"] and again.json()["street_no"] == "4"
        bad = client.put("/v1/default_returns_address", json={"company": "X", "country": "DE"})
        assert bad.status_code == 422
        assert any(m.startswith("street:") for m in bad.json()["errors"])

        created = client.post("/v1/shipments", json=no_from)
        assert created.status_code == 200, created.text
        assert created.json()["from"]["company"] == WAREHOUSE["company"]
        assert created.json()["from"]["street_no"] == "4"

        # a returns shipment without `to` goes to the default returns address
        assert client.put("/v1/default_returns_address", json=RETURNS_DESK).status_code == 200
        ret = shipment("dhl", service="returns", **{"from": dict(RECEIVER)})
        del ret["to"]
        returned = client.post("/v1/shipments", json=ret)
        assert returned.status_code == 200, returned.text
        assert returned.json()["to"]["company"] == RETURNS_DESK["company"]


def test_accounts_set_cli(local_service: RunningService, tmp_path: Path) -> None:
    keys = local_service.add_account()
    address_file = tmp_path / "sender.json"
    address_file.write_text(json.dumps(WAREHOUSE), encoding="utf-8")
    out = local_service.accounts(
        "set",
        keys["email"],
        "--first-name",
        "Mia",
        "--last-name",
        "Lager",
        "--default-shipping-address",
        str(address_file),
    )
    printed = json.loads(out.strip().splitlines()[-1])
    assert printed["first_name"] == "Mia"
    assert printed["default_shipping_address"]["company"] == WAREHOUSE["company"]
    with local_service.client(keys["sandbox_key"]) as client:
        me = client.get("/v1/me").json()
        assert (me["first_name"], me["last_name"]) == ("Mia", "Lager")
        got = client.get("/v1/default_shipping_address").json()
        assert got == printed["default_shipping_address"]
    address_file.write_text(json.dumps({"company": "No street"}), encoding="utf-8")
    try:
        local_service.accounts("set", keys["email"], "--default-returns-address", str(address_file))
    except RuntimeError as exc:
        assert "street" in str(exc)
    else:
        raise AssertionError("an address without street was accepted")
    try:
        local_service.accounts("set", "nobody@example.com", "--first-name", "X")
    except RuntimeError as exc:
        assert "no account for nobody@example.com" in str(exc)
    else:
        raise AssertionError("an unknown account was accepted")
