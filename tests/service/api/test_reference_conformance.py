"""Conformance with the real service's published OpenAPI (`shared/reference`).

Every operation the reference declares and the local service has is called over HTTPS as a
real client would (creating what it needs), and each response whose status the reference
declares is validated against the reference's response schema with openapi-core (OAS 3.0:
`$ref`s resolved, `nullable` honoured, headers included). The deliberate deviations are listed
in `DEVIATIONS` with their reasons: for each, the test checks that the deviation is really
there (the reference schema refuses the response) and that the response holds the documented
alternative, so the list can never go stale. Every one of the reference's 33 operations is
called, and is a route of the service.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import requests
from openapi_core import Config, OpenAPI
from openapi_core.contrib.requests import RequestsOpenAPIRequest, RequestsOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.templating.responses.exceptions import ResponseNotFound

from tests.fixtures.service import REPO_ROOT, RunningService
from tests.payloads import PACKAGE, PDF_B64, RECEIVER, SENDER, shipment, zurich_shipment

REFERENCE = Path("shared", "reference", "shipcloud_v1_oai3.json")


def _reference_file() -> Path | None:
    """The reference OpenAPI in `shared/` beside the checkout (or beside a folder above it:
    worktrees live deeper than the clone CI makes)."""
    for folder in REPO_ROOT.parents:
        if (folder / REFERENCE).is_file():
            return folder / REFERENCE
    return None


@dataclass
class Call:
    """One request made and its response."""

    label: str  # "METHOD /path/{template}" as in the reference
    response: requests.Response


@dataclass
class Recorder:
    """A requests session that keeps every call, labelled by the reference's path template."""

    base_url: str
    session: requests.Session
    calls: list[Call] = field(default_factory=list)

    def __call__(self, method: str, template: str, path: str | None = None, **kw: Any) -> Any:
        url = f"{self.base_url}/v1{path or template}"
        response = self.session.request(method, url, timeout=30, **kw)
        self.calls.append(Call(f"{method} {template}", response))
        return response


def _with_shipment_id(tracker: dict[str, Any]) -> dict[str, Any]:
    return {"shipment_id": "0" * 40, **tracker}


def _without_unlisted_services(carriers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {**c, "services": [s for s in c["services"] if s not in UNLISTED_SERVICES]}
        for c in carriers
    ]


UNLISTED_SERVICES = {"ups_expedited"}


@dataclass(frozen=True)
class Deviation:
    """A deliberate difference: why, which responses it concerns, and the body that would
    conform (the test checks the response is refused as it is and accepted once adjusted)."""

    reason: str
    applies: Callable[[Any], bool]
    adjusted: Callable[[Any], Any]


#: (label, status) -> the deliberate deviations of the local service from the reference
DEVIATIONS: dict[tuple[str, int], Deviation] = {
    ("GET /carriers", 200): Deviation(
        "the carrier catalog (resources/carriers.json, built from the spec and the carrier "
        "data; the spec wins) offers UPS's ups_expedited, which the OpenAPI's service enum "
        "does not list",
        lambda body: True,
        _without_unlisted_services,
    ),
    ("DELETE /shipments/{id}", 204): Deviation(
        "the OpenAPI gives the 204 a JSON body ({}); a 204 carries no body (RFC 9110 15.3.5), "
        "so none is sent",
        lambda body: body is None,
        lambda body: {},
    ),
    ("DELETE /webhooks/{id}", 204): Deviation(
        "as DELETE /shipments/{id}: no body with 204", lambda body: body is None, lambda body: {}
    ),
    ("POST /trackers", 200): Deviation(
        "a tracker of a number the account did not label has no shipment_id: the real service "
        "makes a shipment for it, the local one keeps the tracker alone (GET /shipments shows "
        "only shipments made here)",
        lambda body: "shipment_id" not in body,
        lambda body: _with_shipment_id(body),
    ),
    ("GET /trackers/{id}", 200): Deviation(
        "as POST /trackers",
        lambda body: "shipment_id" not in body,
        lambda body: _with_shipment_id(body),
    ),
    ("GET /trackers", 200): Deviation(
        "as POST /trackers",
        lambda body: any("shipment_id" not in t for t in body["trackers"]),
        lambda body: {"trackers": [_with_shipment_id(t) for t in body["trackers"]]},
    ),
    ("GET /shipments", 200): Deviation(
        "wrapped {'shipments': [...]}: the OpenAPI declares a bare array, but the real "
        "service's client libraries (shipcloud-ruby: index_response_root 'shipments') read the "
        "wrapper, and they run against production; the client libraries win",
        lambda body: isinstance(body, dict),
        lambda body: body["shipments"],
    ),
}

#: operations of the local service the reference does not have (docs/serve.md)
LOCAL_EXTENSIONS = {
    "PUT /default_shipping_address",
    "PUT /default_returns_address",
    "PUT /invoice_address",
}


@pytest.fixture(scope="module")
def reference_spec() -> dict[str, Any]:
    path = _reference_file()
    if path is None:
        pytest.skip("the reference OpenAPI (shared/reference) is not beside this checkout")
    spec: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return spec


@pytest.fixture(scope="module")
def reference(reference_spec: dict[str, Any], local_service: RunningService) -> OpenAPI:
    """The reference, serving at the local service's URL (its own server is the real one)."""
    # the reference writes its shipment documents' paths without the leading slash: given
    # one, so that the validator finds them
    paths = {"/" + path.lstrip("/"): ops for path, ops in reference_spec["paths"].items()}
    spec = {
        **reference_spec,
        "paths": paths,
        "servers": [{"url": f"{local_service.base_url}/v1"}],
    }
    # not checked as a document, only used to validate responses
    return OpenAPI.from_dict(spec, config=Config(spec_validator_cls=None))


@pytest.fixture(scope="module")
def recorder(local_service: RunningService) -> Iterator[Recorder]:
    account = local_service.add_account()
    session = requests.Session()
    session.trust_env = False
    session.verify = str(local_service.ca_file)
    session.auth = (account["sandbox_key"], "")
    yield Recorder(local_service.base_url, session)
    session.close()


def _exercise(call: Recorder) -> None:
    """Every operation the reference and the local service share, as a client would call it."""
    call("GET", "/me")
    call("GET", "/carriers")
    for kind in ("shipping", "returns"):
        call("PUT", f"/default_{kind}_address", json=SENDER)
        call("GET", f"/default_{kind}_address")
    address = call("POST", "/addresses", json=RECEIVER).json()
    call("POST", "/addresses", json={k: v for k, v in RECEIVER.items() if k != "email"})
    call("GET", "/addresses")
    call("GET", "/addresses", params={"city": "Köln"})
    call("GET", "/addresses/{id}", f"/addresses/{address['id']}")

    prepared = call("POST", "/shipments", json=shipment("dhl")).json()
    call("GET", "/shipments/{id}", f"/shipments/{prepared['id']}")
    call("PUT", "/shipments/{id}", f"/shipments/{prepared['id']}", json={"carrier": "dpd"})
    labelled = call("POST", "/shipments", json=shipment("ups", label=True)).json()
    call("POST", "/shipments", json=shipment("dhl", label=True, packages=[PACKAGE]))
    no_from = shipment("dhl", label=True, reference_number="R-1", notification_email="a@b.de")
    del no_from["from"]
    call("POST", "/shipments", json=no_from)
    call("GET", "/shipments")
    call("GET", "/shipments/{id}", f"/shipments/{labelled['id']}")
    call("DELETE", "/shipments/{id}", f"/shipments/{prepared['id']}")
    quote = {k: v for k, v in shipment("dhl").items() if k != "create_shipping_label"}
    call("POST", "/shipment_quotes", json=quote)

    start = datetime.now(UTC).replace(microsecond=0) + timedelta(hours=2)
    window = {"earliest": start.isoformat(), "latest": (start + timedelta(hours=4)).isoformat()}
    pickup = call(
        "POST",
        "/pickup_requests",
        json={"carrier": "ups", "pickup_time": window, "shipments": [{"id": labelled["id"]}]},
    ).json()
    call("GET", "/pickup_requests")
    call("GET", "/pickup_requests/{id}", f"/pickup_requests/{pickup['id']}")

    hook = call(
        "POST", "/webhooks", json={"url": "https://shop.example/hook", "event_types": ["*"]}
    ).json()
    call("GET", "/webhooks")
    call("GET", "/webhooks/{id}", f"/webhooks/{hook['id']}")
    call("DELETE", "/webhooks/{id}", f"/webhooks/{hook['id']}")

    order = {
        "external_order_id": "CONF-1",
        "placed_at": "2025-01-12T13:39:03+01:00",
        "total_price": 10.0,
        "total_vat": 1.6,
        "currency": "EUR",
        "delivery_address": RECEIVER,
        "order_line_items": [
            {
                "sku": "S-1",
                "title": {"fallback": "Socken"},
                "quantity": 2,
                "price": 5.0,
                "vat": 0.8,
                "currency": "EUR",
            }
        ],
    }
    made = call("POST", "/orders", json=order).json()
    call("GET", "/orders")
    call("GET", "/orders", params={"external_order_id": "CONF-1", "created_at_gt": "2025-01-01"})
    call("GET", "/orders/{id}", f"/orders/{made['id']}")

    manifest = call("POST", "/manifests", json={"carrier": "ups", "shipments": [labelled["id"]]})
    call("GET", "/manifests/{id}", f"/manifests/{manifest.json()['id']}")
    for params in (
        {"carriers": "dhl,hermes", "zip_code": "10115", "city": "Berlin", "country": "DE"},
        {"carriers": "dpd", "latitude": 53.5446081, "longitude": 9.996158, "radius": 3000},
    ):
        call("GET", "/pickup_dropoff_locations", params=params)
    # errors the reference declares for these operations
    call("GET", "/addresses/{id}", "/addresses/00000000-0000-0000-0000-000000000000")
    call("GET", "/shipments/{id}", f"/shipments/{'0' * 40}")
    call("POST", "/shipments", json={"carrier": "dhl"})
    call("GET", "/pickup_dropoff_locations", params={"carriers": "acme", "zip_code": "10115"})
    _exercise_customs(call)


def _exercise_customs(call: Recorder) -> None:
    """The reference's customs, documents, trackers and invoice address operations."""
    abroad = call("POST", "/shipments", json=zurich_shipment(label=True)).json()
    one = {"document_type": "commercial_invoice", "document_format": "pdf", "content": PDF_B64}
    documents = "/shipments/{shipment_id}/shipment_documents"
    path = f"/shipments/{abroad['id']}/shipment_documents"
    made = call("POST", documents, path, json={"documents": [one]}).json()
    call(
        "POST",
        documents,
        path,
        json={"documents": [one, {**one, "document_type": "proforma_invoice"}]},
    )
    call("GET", documents, path)
    call("GET", documents + "/{shipment_document_id}", f"{path}/{made['id']}")
    tracker = call(
        "POST", "/trackers", json={"carrier_tracking_no": "723558934169", "carrier": "ups"}
    )
    own = call(
        "POST",
        "/trackers",
        json={"carrier_tracking_no": abroad["carrier_tracking_no"], "carrier": "dhl"},
    )
    call("GET", "/trackers")
    call("GET", "/trackers/{id}", f"/trackers/{tracker.json()['id']}")
    call("GET", "/trackers/{id}", f"/trackers/{own.json()['id']}")
    call("GET", "/invoice_address")
    call("PUT", "/invoice_address", json=SENDER)
    call("GET", "/invoice_address")


def _validate(reference: OpenAPI, item: Call) -> Exception | None:
    try:
        reference.validate_response(
            RequestsOpenAPIRequest(item.response.request),
            RequestsOpenAPIResponse(item.response),
        )
    except Exception as exc:  # the validator's own error types: reported below
        return exc
    return None


def test_every_response_conforms_to_the_reference(
    reference: OpenAPI, reference_spec: dict[str, Any], recorder: Recorder
) -> None:
    checked, spec = reference, reference_spec
    _exercise(recorder)
    problems, validated, deviated = [], set(), set()
    for item in recorder.calls:
        status = item.response.status_code
        assert status < 500, (item.label, item.response.text)
        error = _validate(checked, item)
        if isinstance(error, ResponseNotFound):
            continue  # a status the reference does not declare for this operation
        if isinstance(error, PathNotFound | OperationNotFound):
            assert item.label in LOCAL_EXTENSIONS, f"{item.label} is not in the reference"
            continue
        key = (item.label, status)
        body = item.response.json() if item.response.content else None
        deviation = DEVIATIONS.get(key)
        if deviation is not None and deviation.applies(body):
            assert error is not None, f"{key} conforms now: drop it ({deviation.reason})"
            adjusted = copy.copy(item.response)
            adjusted._content = json.dumps(deviation.adjusted(body)).encode()
            adjusted.headers = requests.structures.CaseInsensitiveDict(
                {**item.response.headers, "Content-Type": "application/json"}
            )
            assert _validate(checked, Call(item.label, adjusted)) is None, (key, body)
            deviated.add(key)
            validated.add(item.label)  # conforms once the listed deviation is taken out
            continue
        if error is not None:
            detail = getattr(error, "__cause__", None) or error
            problems.append(f"{item.label} -> {status}: {error!r}: {detail}")
        else:
            validated.add(item.label)
    assert not problems, "\n".join(problems)
    assert deviated == set(DEVIATIONS)
    reference_operations = {
        f"{method.upper()} {('/' + path.lstrip('/'))}"
        for path, ops in spec["paths"].items()
        for method in ops
        if method in ("get", "post", "put", "delete")
    }
    untested = reference_operations - validated
    assert not untested, f"reference operations without a validated response: {untested}"
    assert len(reference_operations) == 33


def _template(path: str) -> str:
    """A path with its parameters unnamed: `/trackers/{id}` and `/trackers/{tracker_id}` match."""
    return re.sub(r"\{[^}]*\}", "{}", "/" + path.lstrip("/"))


def test_every_reference_operation_is_a_route_of_the_service(
    reference_spec: dict[str, Any], local_service: RunningService
) -> None:
    ours = requests.get(
        f"{local_service.base_url}/v1/openapi.json", verify=str(local_service.ca_file), timeout=30
    ).json()
    served = {
        (method.upper(), _template(path.removeprefix("/v1")))
        for path, ops in ours["paths"].items()
        for method in ops
    }
    wanted = {
        (method.upper(), _template(path))
        for path, ops in reference_spec["paths"].items()
        for method in ops
        if method in ("get", "post", "put", "delete", "patch")
    }
    assert len(wanted) == 33
    assert wanted - served == set()


def test_reference_refuses_what_it_should(reference: OpenAPI, recorder: Recorder) -> None:
    """The validator is really checking: a missing required field or a null is refused."""
    real = recorder("GET", "/me")
    assert _validate(reference, Call("GET /me", real)) is None
    for body in (
        {k: v for k, v in real.json().items() if k != "customer_no"},
        {**real.json(), "first_name": None},  # not nullable there
        {**real.json(), "environment": "staging"},
    ):
        broken = copy.copy(real)
        broken._content = json.dumps(body).encode()
        assert _validate(reference, Call("GET /me", broken)) is not None, body
