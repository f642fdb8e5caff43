"""Addresses, address references, locker stations and workplace parcel points (partner)."""

from __future__ import annotations

import uuid

import httpx

from tests.fixtures.service import RunningService
from tests.payloads import RECEIVER, SENDER, shipment

PARTNER_ID = "1A2B3C4"  # in resources/partners.json
PARTNER_COMPANY = "Paketraum Technologiepark"


def test_create_list_get(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client:
        created = client.post("/v1/addresses", json=RECEIVER)
        assert created.status_code == 200, created.text
        body = created.json()
        uuid.UUID(body["id"])
        assert body["last_name"] == "Mustermann"
        # unused fields the reference OpenAPI requires are there, as null; the others left out
        assert body["company"] is None and body["state"] is None and body["care_of"] is None
        assert "phone" not in body and "partner_id" not in body
        assert client.get(f"/v1/addresses/{body['id']}").json() == body
        second = client.post("/v1/addresses", json=SENDER).json()
        listed = client.get("/v1/addresses").json()
        # a bare array, as the real service answers
        assert [a["id"] for a in listed] == [second["id"], body["id"]]
        assert len(client.get("/v1/addresses", params={"per_page": 1}).json()) == 1
        assert client.get("/v1/addresses", params={"page": 2}).json() == []


def test_address_validation(sandbox: httpx.Client) -> None:
    response = sandbox.post("/v1/addresses", json={"street": "x", "city": "Köln", "country": "DE"})
    assert response.status_code == 422
    assert any(m.startswith("zip_code:") for m in response.json()["errors"])
    # no contact rule for a stored address (it applies when a shipment uses it)
    assert not any(m.startswith("last_name:") for m in response.json()["errors"])
    extra = sandbox.post("/v1/addresses", json={**RECEIVER, "shoe_size": 44})
    assert extra.status_code == 422 and extra.json()["errors"] == ["shoe_size: unknown field"]
    own_id = sandbox.post("/v1/addresses", json={**RECEIVER, "id": str(uuid.uuid4())})
    assert own_id.status_code == 422 and own_id.json()["errors"][0].startswith("id:")


def test_unknown_address_is_404(sandbox: httpx.Client) -> None:
    response = sandbox.get(f"/v1/addresses/{uuid.uuid4()}")
    assert response.status_code == 404 and response.json() == {"errors": ["address not found"]}


def test_partner_id_alone_gives_the_partner_address(sandbox: httpx.Client) -> None:
    response = sandbox.post("/v1/addresses", json={"partner_id": PARTNER_ID})
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["partner_id"] == PARTNER_ID and body["company"] == PARTNER_COMPANY
    assert body["zip_code"] and body["city"] and body["country"] == "DE"
    unknown = sandbox.post("/v1/addresses", json={"partner_id": "ZZZZZZ9"})
    assert unknown.status_code == 422
    assert unknown.json()["errors"][0].startswith("partner_id:")


def test_shipment_with_stored_address_reference(sandbox: httpx.Client) -> None:
    stored = sandbox.post("/v1/addresses", json=RECEIVER).json()
    response = sandbox.post("/v1/shipments", json=shipment(to={"id": stored["id"]}))
    assert response.status_code == 200, response.text
    to = response.json()["to"]
    assert to["id"] == stored["id"] and to["last_name"] == "Mustermann"
    unknown = sandbox.post("/v1/shipments", json=shipment(to={"id": str(uuid.uuid4())}))
    assert unknown.status_code == 422 and unknown.json()["errors"][0].startswith("to.id:")


def test_shipment_to_partner_id(sandbox: httpx.Client) -> None:
    response = sandbox.post("/v1/shipments", json=shipment(to={"partner_id": PARTNER_ID}))
    assert response.status_code == 200, response.text
    to = response.json()["to"]
    assert to["company"] == PARTNER_COMPANY and to["partner_id"] == PARTNER_ID
    assert to["care_of"] == f"PAK {PARTNER_ID}"
    unknown = sandbox.post("/v1/shipments", json=shipment(to={"partner_id": "ZZZZZZ9"}))
    assert unknown.status_code == 422
    assert unknown.json()["errors"][0].startswith("to.partner_id:")
    # a carrier without workplace parcel points refuses it
    dpd = sandbox.post("/v1/shipments", json=shipment("dpd", to={"partner_id": PARTNER_ID}))
    assert dpd.status_code == 422
    assert dpd.json()["errors"] == [
        "to.partner_id: DPD does not deliver to workplace parcel points."
    ]
    # also through a stored partner address referenced by id
    stored = sandbox.post("/v1/addresses", json={"partner_id": PARTNER_ID}).json()
    by_ref = sandbox.post("/v1/shipments", json=shipment("hermes", to={"id": stored["id"]}))
    assert by_ref.status_code == 422
    assert (
        "to.partner_id: Hermes does not deliver to workplace parcel points."
        in (by_ref.json()["errors"])
    )


def test_shipment_to_partner_care_of_replaces_the_address(sandbox: httpx.Client) -> None:
    to = {**RECEIVER, "care_of": f"PAK {PARTNER_ID}"}
    response = sandbox.post("/v1/shipments", json=shipment(to=to, create_shipping_label=True))
    assert response.status_code == 200, response.text
    got = response.json()["to"]
    assert got["company"] == PARTNER_COMPANY and got["city"] != RECEIVER["city"]
    assert got["last_name"] == RECEIVER["last_name"] and got["care_of"] == f"PAK {PARTNER_ID}"
    unknown = sandbox.post(
        "/v1/shipments", json=shipment(to={**RECEIVER, "care_of": "PAK ZZZZZZ9"})
    )
    assert unknown.status_code == 422
    assert unknown.json()["errors"] == [
        "to.care_of: No parcel-point user has this partner id; check it with the receiver."
    ]


def test_locker_station_and_post_branch(sandbox: httpx.Client) -> None:
    packstation = {
        **RECEIVER,
        "care_of": "12345678",
        "street": "PACKSTATION",
        "street_no": "123",
    }
    ok = sandbox.post("/v1/shipments", json=shipment(to=packstation, create_shipping_label=True))
    assert ok.status_code == 200, ok.text
    assert ok.json()["to"]["street"] == "PACKSTATION"
    bad = sandbox.post("/v1/shipments", json=shipment(to={**packstation, "street_no": "12a"}))
    assert bad.status_code == 422
    assert any(m.startswith("to.street_no:") for m in bad.json()["errors"])
    ups = sandbox.post("/v1/shipments", json=shipment("ups", to=packstation))
    assert ups.status_code == 422 and ups.json()["errors"][0].startswith("to.")
    branch = {**packstation, "street": "POSTFILIALE", "street_no": "502"}
    ok = sandbox.post("/v1/shipments", json=shipment(to=branch, create_shipping_label=True))
    assert ok.status_code == 200, ok.text
    assert ok.json()["to"]["street"] == "POSTFILIALE" and ok.json()["to"]["care_of"] == "12345678"
