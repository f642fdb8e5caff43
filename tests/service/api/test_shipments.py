"""Shipments end to end over HTTPS: create, labels, list filters, update, delete, prices."""

from __future__ import annotations

import asyncio
import datetime as dt
import io
import re
import uuid

import httpx
import pytest
from pypdf import PdfReader

from tests.fixtures.service import RunningService
from tests.payloads import PACKAGE, RECEIVER, SENDER, shipment

HEX40 = re.compile(r"[0-9a-f]{40}")


def _ref() -> str:
    return f"order-{uuid.uuid4().hex[:10]}"


def test_create_without_label_is_prepared(sandbox: httpx.Client) -> None:
    ref = _ref()
    response = sandbox.post("/v1/shipments", json=shipment(reference_number=ref))
    assert response.status_code == 200, response.text
    body = response.json()
    assert HEX40.fullmatch(body["id"])
    # empty optional fields are left out, as the real service (its OpenAPI has no nullable)
    assert "label_url" not in body and "carrier_tracking_no" not in body
    assert body["reference_number"] == ref
    assert body["price"] == 0.0
    assert body["from"]["company"] == SENDER["company"] and body["from"]["id"]
    assert body["to"]["last_name"] == "Mustermann" and body["to"]["company"] is None
    (package,) = body["packages"]
    assert HEX40.fullmatch(package["id"]) and package["weight"] == 1.5
    assert package["tracking_events"] == []
    assert "tracking_status" not in body and "notification_email" not in body
    assert dt.datetime.fromisoformat(body["created_at"]).tzinfo is not None


def test_create_with_label_serves_pdf_without_key(
    sandbox: httpx.Client, local_service: RunningService
) -> None:
    response = sandbox.post("/v1/shipments", json=shipment(label=True))
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["label_url"].startswith(local_service.base_url + "/v1/label_files/")
    token = body["label_url"].rsplit("/", 1)[1].split(".")[0]
    assert len(token) >= 22  # at least 128 random bits, URL-safe base64
    assert re.fullmatch(r"00340434\d{12}", body["carrier_tracking_no"])
    assert body["tracking_url"].endswith(body["carrier_tracking_no"])
    assert body["packages"][0]["carrier_tracking_no"] == body["carrier_tracking_no"]
    assert body["label"]["format"] == "pdf_a6"
    assert body["tracking_status"] == "label_created"
    with local_service.client(None) as anonymous:
        label = anonymous.get(body["label_url"])
    assert label.status_code == 200
    assert label.headers["content-type"] == "application/pdf"
    assert label.content.startswith(b"%PDF")
    assert "X-Request-ID" in label.headers and "RateLimit-Remaining" in label.headers


def test_zpl_label(sandbox: httpx.Client) -> None:
    body = shipment("ups", label=True)
    body["label"] = {"format": "zpl2_4x6in_203dpi"}
    response = sandbox.post("/v1/shipments", json=body)
    assert response.status_code == 200, response.text
    created = response.json()
    label = sandbox.get(created["label_url"])
    assert label.headers["content-type"].startswith("application/x-zpl")
    assert label.content.lstrip().startswith(b"^XA")
    assert created["label_url"].endswith(".zpl")


def test_ups_packages_get_one_label_page_each(sandbox: httpx.Client) -> None:
    packages = [dict(PACKAGE, weight=w) for w in (1, 2, 3)]
    response = sandbox.post("/v1/shipments", json=shipment("ups", label=True, packages=packages))
    assert response.status_code == 200, response.text
    body = response.json()
    numbers = [p["carrier_tracking_no"] for p in body["packages"]]
    assert len(set(numbers)) == 3 and all(n.startswith("1Z") for n in numbers)
    assert [p["weight"] for p in body["packages"]] == [1, 2, 3]
    whole = PdfReader(io.BytesIO(sandbox.get(body["label_url"]).content))
    assert len(whole.pages) == 3
    for index, package in enumerate(body["packages"]):
        single = sandbox.get(package["label_url"])
        assert single.status_code == 200
        (page,) = PdfReader(io.BytesIO(single.content)).pages
        # each package's own label carries its own tracking number
        assert numbers[index][-6:] in page.extract_text().replace(" ", "")


def test_several_packages_only_for_ups(sandbox: httpx.Client) -> None:
    response = sandbox.post("/v1/shipments", json=shipment("dhl", packages=[PACKAGE, PACKAGE]))
    assert response.status_code == 422
    assert any(m.startswith("packages") for m in response.json()["errors"])


def test_unknown_label_file_is_404(anonymous: httpx.Client) -> None:
    response = anonymous.get("/v1/label_files/" + "A" * 32 + ".pdf")
    assert response.status_code == 404 and response.json() == {"errors": ["label file not found"]}


def test_get_update_delete(sandbox: httpx.Client) -> None:
    created = sandbox.post("/v1/shipments", json=shipment()).json()
    url = f"/v1/shipments/{created['id']}"
    assert sandbox.get(url).json()["id"] == created["id"]

    changed = shipment(reference_number="changed", to=dict(RECEIVER, city="Bonn", zip_code="53111"))
    updated = sandbox.put(url, json=changed)
    assert updated.status_code == 200, updated.text
    assert updated.json()["to"]["city"] == "Bonn"
    assert updated.json()["id"] == created["id"]
    assert updated.json()["created_at"] == created["created_at"]
    assert updated.json()["packages"][0]["id"] == created["packages"][0]["id"]

    labelled = sandbox.put(url, json=dict(changed, create_shipping_label=True))
    assert labelled.status_code == 200 and labelled.json()["label_url"]
    again = sandbox.put(url, json=changed)
    assert again.status_code == 400
    assert "label" in again.json()["errors"][0]

    deleted = sandbox.delete(url)
    assert deleted.status_code == 204 and deleted.content == b""
    assert sandbox.get(url).status_code == 404
    assert sandbox.delete(url).status_code == 404
    assert sandbox.get(labelled.json()["label_url"]).status_code == 404


def test_update_is_validated(sandbox: httpx.Client) -> None:
    created = sandbox.post("/v1/shipments", json=shipment()).json()
    bad = shipment(to={"city": "Köln"})
    response = sandbox.put(f"/v1/shipments/{created['id']}", json=bad)
    assert response.status_code == 422
    assert any(m.startswith("to.") for m in response.json()["errors"])


def test_unknown_shipment_is_404(sandbox: httpx.Client) -> None:
    for method in ("GET", "PUT", "DELETE"):
        kwargs = {"json": shipment()} if method == "PUT" else {}
        response = sandbox.request(method, "/v1/shipments/" + "0" * 40, **kwargs)
        assert response.status_code == 404, method
        assert response.json() == {"errors": ["shipment not found"]}


def test_price_sandbox_zero_production_from_table(
    live: httpx.Client, sandbox: httpx.Client
) -> None:
    light = live.post("/v1/shipments", json=shipment(label=True)).json()
    heavy = live.post(
        "/v1/shipments", json=shipment(label=True, package=dict(PACKAGE, weight=20))
    ).json()
    assert light["price"] > 0 and heavy["price"] > light["price"]
    sandboxed = sandbox.post("/v1/shipments", json=shipment(label=True)).json()
    assert sandboxed["price"] == 0.0

    def text(url: str) -> str:
        return PdfReader(io.BytesIO(live.get(url).content)).pages[0].extract_text()

    assert "SANDBOX" in text(sandboxed["label_url"])
    assert "SANDBOX" not in text(light["label_url"])


def test_quotes(live: httpx.Client, sandbox: httpx.Client) -> None:
    body = {"carrier": "dhl", "service": "standard", "from": SENDER, "to": RECEIVER}
    body["package"] = PACKAGE
    live_quote = live.post("/v1/shipment_quotes", json=body)
    assert live_quote.status_code == 200, live_quote.text
    assert live_quote.json()["shipment_quote"]["price"] > 0
    assert sandbox.post("/v1/shipment_quotes", json=body).json() == {
        "shipment_quote": {"price": 0.0}
    }
    bad = sandbox.post("/v1/shipment_quotes", json={"carrier": "nope"})
    assert bad.status_code == 422 and bad.json()["errors"]


def test_list_filters_and_paging(local_service: RunningService) -> None:
    keys = local_service.add_account()
    with local_service.client(keys["sandbox_key"]) as client:
        ref = _ref()
        made = []
        for carrier, label in (("dhl", False), ("dhl", True), ("ups", True), ("dpd", False)):
            response = client.post(
                "/v1/shipments", json=shipment(carrier, label=label, reference_number=ref)
            )
            assert response.status_code == 200, response.text
            made.append(response.json())
        client.post("/v1/shipments", json=shipment("dhl", reference_number="other"))

        def ids(**params: object) -> list[str]:
            response = client.get("/v1/shipments", params=params)
            assert response.status_code == 200, response.text
            return [s["id"] for s in response.json()["shipments"]]

        mine = ids(reference_number=ref)
        assert mine == [s["id"] for s in reversed(made)]  # newest first
        assert len(ids()) == 5
        assert set(ids(reference_number=ref, carrier="dhl")) == {made[0]["id"], made[1]["id"]}
        assert ids(shipment_type="prepared", reference_number=ref) == [made[3]["id"], made[0]["id"]]
        assert set(ids(shipment_type="label_created")) == {made[1]["id"], made[2]["id"]}
        assert ids(carrier_tracking_no=made[2]["carrier_tracking_no"]) == [made[2]["id"]]
        assert ids(service="returns") == []
        assert ids(tracking_status="delivered") == []
        assert set(ids(tracking_status="label_created")) == {made[1]["id"], made[2]["id"]}
        assert ids(carrier="  dhl ", reference_number=ref) != []  # filters are sanitised too

        page1, page2, page3 = (ids(per_page=2, page=p) for p in (1, 2, 3))
        assert len(page1) == 2 and len(page2) == 2 and len(page3) == 1
        assert not set(page1) & set(page2)

        future = (dt.datetime.now(dt.UTC) + dt.timedelta(hours=1)).strftime("%Y%m%dT%H%MZ")
        past = (dt.datetime.now(dt.UTC) - dt.timedelta(hours=1)).strftime("%Y%m%dT%H%MZ")
        assert len(ids(created_at_gt=past, created_at_lt=future)) == 5
        assert ids(created_at_gt=future) == []
        assert ids(created_at_lt=past) == []

        for params in (
            {"created_at_gt": "2025-01-01"},
            {"shipment_type": "shipped"},
            {"page": 0},
            {"per_page": 101},
            {"per_page": "many"},
        ):
            response = client.get("/v1/shipments", params=params)
            assert response.status_code == 422, params
            name = next(iter(params))
            assert response.json()["errors"][0].startswith(f"{name}:"), response.json()


@pytest.mark.parametrize(
    ("trigger", "status", "prefix"),
    [
        ("CARRIER-ERROR", 502, "The carrier dhl returned the following error:"),
        ("CARRIER-TIMEOUT", 504, "The carrier dhl could not be reached"),
    ],
)
def test_carrier_failures(sandbox: httpx.Client, trigger: str, status: int, prefix: str) -> None:
    ref = f"{trigger}-{uuid.uuid4().hex[:6]}"
    response = sandbox.post("/v1/shipments", json=shipment(label=True, reference_number=ref))
    assert response.status_code == status
    assert response.json()["errors"][0].startswith(prefix)
    # nothing was stored for the failed call
    assert sandbox.get("/v1/shipments", params={"reference_number": ref}).json() == {
        "shipments": []
    }


def test_carrier_latency_beyond_timeout_is_504(service_factory: object) -> None:
    service = service_factory("--carrier-latency", "3000", "--carrier-timeout-seconds", "0.2")  # type: ignore[operator]
    with service.client() as client:
        response = client.post("/v1/shipments", json=shipment(label=True))
        assert response.status_code == 504
        assert "could not be reached" in response.json()["errors"][0]
        # without a label the carrier is not asked
        assert client.post("/v1/shipments", json=shipment()).status_code == 200


async def test_concurrent_creates_and_deletes(local_service: RunningService) -> None:
    keys = local_service.add_account()
    async with local_service.async_client(keys["sandbox_key"]) as client:
        creates = [
            client.post("/v1/shipments", json=shipment(carrier, label=True))
            for carrier in ("dhl", "ups", "dpd", "hermes", "dhl") * 2
        ]
        responses = await asyncio.gather(*creates)
        assert [r.status_code for r in responses] == [200] * 10, [r.text for r in responses]
        numbers = {r.json()["carrier_tracking_no"] for r in responses}
        assert len(numbers) == 10
        # the same shipment updated and deleted at once: one wins, nothing breaks
        target = (await client.post("/v1/shipments", json=shipment())).json()["id"]
        url = f"/v1/shipments/{target}"
        put, delete = await asyncio.gather(
            client.put(url, json=shipment(label=True)), client.delete(url)
        )
        assert put.status_code in (200, 404, 409) and delete.status_code in (204, 404)
        assert (await client.get(url)).status_code == 404
