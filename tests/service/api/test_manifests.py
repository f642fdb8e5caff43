"""`/v1/manifests` end to end over HTTPS: the day's shipments or given ones, the handover
rules, the manifest PDF read back (tracking numbers, totals, signature lines, every barcode
decoded), get and list, and isolation between accounts."""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

import httpx
import pypdf

from tests.fixtures.service import RunningService
from tests.payloads import PACKAGE, shipment
from tests.service.labels.test_labels import decode_pdf_pages


def _ship(client: httpx.Client, carrier: str = "dhl", **extra: Any) -> dict[str, Any]:
    response = client.post("/v1/shipments", json=shipment(carrier, label=True, **extra))
    assert response.status_code == 200, response.text
    return response.json()


def _manifest(client: httpx.Client, **body: Any) -> httpx.Response:
    return client.post("/v1/manifests", json=body)


def _pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_the_days_shipments_and_the_pdf(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client, local_service.client(None) as anon:
        dhl = [_ship(client, reference_number=f"EOD-{i}") for i in range(3)]
        other_carrier = _ship(client, "dpd")
        prepared = client.post("/v1/shipments", json=shipment("dhl")).json()  # no label
        returned = _ship(client, service="returns")

        response = _manifest(client, carrier="dhl", reference_number="Tour 7")
        assert response.status_code == 200, response.text
        manifest = response.json()
        assert manifest["carrier"] == "dhl" and manifest["reference_number"] == "Tour 7"
        assert manifest["shipments"] == [s["id"] for s in dhl]  # oldest first
        for left_out in (other_carrier, prepared, returned):
            assert left_out["id"] not in manifest["shipments"]
        assert manifest["carrier_reference_number"].startswith("DHL")
        assert manifest["posting_hub_address"]["company"] == "Packdesk Test GmbH"  # the sender
        (document,) = manifest["documents"]
        assert document["identifier"] == "manifest_document"

        # the PDF needs no key, like labels
        pdf = anon.get(document["document_url"])
        assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf"
        text = _pdf_text(pdf.content)
        numbers = [s["carrier_tracking_no"] for s in dhl]
        for number in numbers:
            assert number in text
        assert "Ref. EOD-0" in text and "Köln" in text and "Tour 7" in text
        assert "Total: 3 shipments, 3 packages, 4.50 kg" in text
        assert "Handed over by (shipper)" in text and "Received by (driver)" in text
        assert manifest["carrier_reference_number"] in text
        assert sorted(code for page in decode_pdf_pages(pdf.content) for code in page) == sorted(
            numbers
        )

        # handed over: not again
        again = _manifest(client, carrier="dhl")
        assert again.status_code == 422
        assert again.json()["errors"] == [
            "shipments: no dhl shipment of today is waiting for handover"
        ]
        assert client.get(f"/v1/manifests/{manifest['id']}").json() == manifest
        bad_token = document["document_url"].rsplit("/", 1)[0] + "/" + "x" * 32 + ".pdf"
        assert anon.get(bad_token).status_code == 404


def test_given_shipments_and_their_rules(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client:
        first, second = _ship(client, "ups"), _ship(client, "ups")
        dpd = _ship(client, "dpd")
        prepared = client.post("/v1/shipments", json=shipment("ups")).json()
        ret = _ship(client, "ups", service="returns", package={**PACKAGE, "description": "Shoes"})
        cases = [
            ([first["id"], "f" * 40], "shipments[1]: no shipment with this id"),
            ([dpd["id"]], "shipments[0]: the shipment goes with dpd, not ups"),
            ([prepared["id"]], "shipments[0]: the shipment has no label yet"),
            ([ret["id"]], "shipments[0]: a return is handed over by its sender, not on a manifest"),
            ([first["id"], first["id"]], "shipments[1]: This shipment is listed twice."),
        ]
        for ids, message in cases:
            response = _manifest(client, carrier="ups", shipments=ids)
            assert response.status_code == 422, response.text
            assert message in response.json()["errors"], response.json()
        # ids as strings (the OpenAPI) or as {"id": ...} (like pickups)
        made = _manifest(client, carrier="ups", shipments=[{"id": second["id"]}])
        assert made.status_code == 200, made.text
        assert made.json()["shipments"] == [second["id"]]
        taken = _manifest(client, carrier="ups", shipments=[second["id"]])
        assert taken.status_code == 422
        assert taken.json()["errors"] == [
            f"shipments[0]: handed over already with manifest {made.json()['id']}"
        ]
        # without ids: what is left of today (first), not the one handed over
        rest = _manifest(client, carrier="ups").json()
        assert rest["shipments"] == [first["id"]]
        for body, path in (
            ({"carrier": "acme"}, "carrier:"),
            ({}, "carrier:"),
            ({"carrier": "ups", "shipments": []}, "shipments:"),
            ({"carrier": "ups", "shipments": [17]}, "shipments[0]:"),
        ):
            response = _manifest(client, **body)
            assert response.status_code == 422 and response.json()["errors"][0].startswith(path)

        listed = client.get("/v1/manifests").json()
        assert [m["id"] for m in listed] == [rest["id"], made.json()["id"]]
        assert client.get("/v1/manifests", params={"carrier": "dhl"}).json() == []


def test_posting_hub_address_given_or_the_default(local_service: RunningService) -> None:
    keys = local_service.add_account()
    hub = {
        "company": "Hub Nord",
        "street": "Hafenweg",
        "street_no": "3",
        "zip_code": "20457",
        "city": "Hamburg",
        "country": "DE",
    }
    with local_service.client(keys["sandbox_key"]) as client:
        one = _ship(client, "hermes")
        given = _manifest(client, carrier="hermes", shipments=[one["id"]], posting_hub_address=hub)
        assert given.status_code == 200, given.text
        assert given.json()["posting_hub_address"]["company"] == "Hub Nord"
        assert client.put(
            "/v1/default_shipping_address", json={**hub, "company": "Lager"}
        ).is_success
        two = _ship(client, "hermes")
        default = _manifest(client, carrier="hermes", shipments=[two["id"]]).json()
        assert default["posting_hub_address"]["company"] == "Lager"


def test_isolation_between_accounts(local_service: RunningService) -> None:
    a, b = local_service.add_account(), local_service.add_account()
    with (
        local_service.client(a["sandbox_key"]) as a_client,
        local_service.client(a["live_key"]) as a_live,
        local_service.client(b["sandbox_key"]) as b_client,
    ):
        mine = _ship(a_client)
        manifest = _manifest(a_client, carrier="dhl").json()
        for other in (b_client, a_live):
            assert other.get(f"/v1/manifests/{manifest['id']}").status_code == 404
            assert other.get("/v1/manifests").json() == []
            stolen = _manifest(other, carrier="dhl", shipments=[mine["id"]])
            assert stolen.json()["errors"] == ["shipments[0]: no shipment with this id"]
            # another account's open shipments are not theirs to hand over
            assert _manifest(other, carrier="dhl").status_code == 422
        theirs = _ship(b_client)
        assert _manifest(b_client, carrier="dhl").json()["shipments"] == [theirs["id"]]


def test_the_pdf_in_the_desks_language(local_service: RunningService) -> None:
    """A German desk (Accept-Language: de) gets a German manifest, dates as 26.11.2026 and
    decimal commas; any other language the English one."""
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client, local_service.client(None) as anon:
        _ship(client, reference_number="EOD-1")
        _ship(client, reference_number="EOD-2")
        german = client.post(
            "/v1/manifests", json={"carrier": "dhl"}, headers={"Accept-Language": "de-DE,de;q=0.9"}
        )
        assert german.status_code == 200, german.text
        created = dt.datetime.fromisoformat(german.json()["created_at"]).astimezone()
        text = _pdf_text(anon.get(german.json()["documents"][0]["document_url"]).content)
        assert f"Erstellt: {created:%d.%m.%Y}" in text
        assert "Summe: 2 Sendungen, 2 Pakete, 3,00 kg" in text
        assert "Übergeben von (Versender)" in text and "Übernommen von (Fahrer)" in text
        assert "Handed over" not in text and "Created" not in text

        _ship(client, reference_number="EOD-3")
        other = client.post(
            "/v1/manifests", json={"carrier": "dhl"}, headers={"Accept-Language": "fr"}
        )
        assert other.status_code == 200, other.text
        text = _pdf_text(anon.get(other.json()["documents"][0]["document_url"]).content)
        assert f"Created: {created:%d %b %Y}" in text and "Handed over by (shipper)" in text
