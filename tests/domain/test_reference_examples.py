"""Every response example of the public OpenAPI document parses with the response models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from desktop_app.domain.errors import validation_error_messages
from desktop_app.domain.models import (
    Address,
    AddressList,
    AddressResponse,
    CarrierDescription,
    CarrierList,
    Me,
    PickupRequest,
    PickupRequestCreate,
    PickupRequestList,
    Quote,
    QuoteRequest,
    Shipment,
    ShipmentList,
    ShipmentRequest,
    Webhook,
    WebhookCreate,
    WebhookList,
)

REFERENCE = Path(__file__).parents[2] / ".." / "shared" / "reference" / "shipcloud_v1_oai3.json"

# Path prefix -> (model of one object, model of a list body).
RESPONSE_MODELS: dict[str, tuple[type[BaseModel], type[BaseModel]]] = {
    "/shipments": (Shipment, ShipmentList),
    "/addresses": (AddressResponse, AddressList),
    "/pickup_requests": (PickupRequest, PickupRequestList),
    "/webhooks": (Webhook, WebhookList),
    "/carriers": (CarrierDescription, CarrierList),
    "/me": (Me, Me),
    "/shipment_quotes": (Quote, Quote),
}


def _document() -> dict[str, Any]:
    if not REFERENCE.is_file():
        pytest.skip(f"reference OpenAPI document not found at {REFERENCE}")
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


def _resolve(doc: dict[str, Any], node: dict[str, Any]) -> Any:
    """The example value of an `examples` entry, following one `$ref` if needed."""
    if "$ref" in node:
        name = node["$ref"].rsplit("/", 1)[-1]
        node = doc["components"]["examples"][name]
    return node["value"]


def _response_examples() -> list[tuple[str, str, Any]]:
    doc = _document()
    found: list[tuple[str, str, Any]] = []
    for path, operations in doc["paths"].items():
        if not any(path == p or path.startswith(p + "/") for p in RESPONSE_MODELS):
            continue
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for status, response in operation["responses"].items():
                if status == "204":
                    continue
                content = response.get("content", {}).get("application/json", {})
                for title, node in content.get("examples", {}).items():
                    label = f"{method.upper()} {path} {status}: {title}"
                    found.append((label, path, _resolve(doc, node)))
    return found


def _model_for(path: str, value: Any) -> type[BaseModel]:
    prefix = next(p for p in RESPONSE_MODELS if path == p or path.startswith(p + "/"))
    one, many = RESPONSE_MODELS[prefix]
    is_list = isinstance(value, list) or (
        isinstance(value, dict) and len(value) == 1 and isinstance(next(iter(value.values())), list)
    )
    return many if is_list else one


def test_reference_has_examples_for_every_resource() -> None:
    paths = {path for _, path, _ in _response_examples()}
    for prefix in ("/shipments", "/addresses", "/pickup_requests", "/webhooks", "/carriers"):
        assert any(p.startswith(prefix) for p in paths), prefix


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "response_example" in metafunc.fixturenames:
        try:
            examples = _response_examples()
        except pytest.skip.Exception:
            examples = []
        metafunc.parametrize(
            "response_example",
            [pytest.param((path, value), id=title) for title, path, value in examples]
            or [pytest.param(None, marks=pytest.mark.skip(reason="reference file absent"))],
        )


def test_response_example_parses(response_example: tuple[str, Any]) -> None:
    path, value = response_example
    model = _model_for(path, value)
    if model is CarrierList:
        parsed: BaseModel = CarrierList.model_validate(value)
        assert [c.name for c in parsed.root] == [c["name"] for c in value]  # type: ignore[attr-defined]
        return
    parsed = model.model_validate(value)
    # Nothing is lost: dumping the parsed model gives back every key that was sent.
    dumped = parsed.model_dump(mode="json", by_alias=True)
    source = value if isinstance(value, dict) else {next(iter(dumped)): value}
    _assert_keys_kept(source, dumped)


def _assert_keys_kept(sent: Any, dumped: Any, where: str = "") -> None:
    if isinstance(sent, dict):
        assert isinstance(dumped, dict), where
        for key, item in sent.items():
            assert key in dumped, f"{where}.{key} lost"
            _assert_keys_kept(item, dumped[key], f"{where}.{key}")
    elif isinstance(sent, list):
        assert isinstance(dumped, list) and len(dumped) == len(sent), where
        for i, (a, b) in enumerate(zip(sent, dumped, strict=True)):
            _assert_keys_kept(a, b, f"{where}[{i}]")


def test_shipment_example_fields() -> None:
    doc = _document()
    value = doc["components"]["examples"]["shipment_response_multiple_packages_example"]["value"]
    shipment = Shipment.model_validate(value)
    assert shipment.carrier == "ups"
    assert shipment.from_ is not None and shipment.from_.company == "FromCompany"
    assert [p.weight for p in shipment.packages] == [1.5, 3.0]
    assert shipment.packages[0].tracking_events[0].location == "Hamburg"
    assert shipment.created_at is not None and shipment.created_at.utcoffset() is not None
    assert shipment.carrier_tracking_url is not None
    customs = doc["components"]["examples"]["shipment_response_with_customs_declaration_example"]
    declared = Shipment.model_validate(customs["value"]).customs_declaration
    assert declared is not None and declared.invoice_number == "123ABC"


def test_pickup_and_webhook_request_examples_parse_strictly() -> None:
    """The request examples for pickups and webhooks fit the strict request models."""
    examples = _document()["components"]["examples"]
    for name in ("pickup_requests_example", "pickup_requests_example_with_shipment_ids"):
        PickupRequestCreate.model_validate(examples[name]["value"])
    for name in ("webhook_create_request_object", "webhook_create_request_object_basic_auth"):
        WebhookCreate.model_validate(examples[name]["value"])


@pytest.mark.parametrize(
    ("example", "model"),
    [
        ("shipment_create_request_example_simple", ShipmentRequest),
        ("shipment_create_request_example_packstation", ShipmentRequest),
        ("address_request_example", Address),
        ("shipment_quote_request_example", QuoteRequest),
        ("shipment_quote_request_with_multiple_packages_example", QuoteRequest),
        ("shipment_quote_with_address_id_request_example", QuoteRequest),
    ],
)
def test_request_examples_within_packdesk_scope_parse_strictly(
    example: str, model: type[BaseModel]
) -> None:
    value = _document()["components"]["examples"][example]["value"]
    parsed = model.model_validate(value)
    assert parsed.model_dump(mode="json", by_alias=True, exclude_none=True) == value


def test_returned_items_example_is_taken_with_its_items() -> None:
    value = _document()["components"]["examples"]["shipment_create_request_example_returned_items"]
    parsed = ShipmentRequest.model_validate(value["value"])
    dumped = parsed.model_dump(mode="json", by_alias=True, exclude_none=True)
    assert dumped["returned_items"] == value["value"]["returned_items"]


@pytest.mark.parametrize(
    ("example", "unknown"),
    [
        # a typo in the reference's own example is refused, naming the field
        ("shipment_create_request_multiple_packages", "packages[1].lenght: unknown field"),
    ],
)
def test_request_examples_outside_scope_are_refused_clearly(example: str, unknown: str) -> None:
    value = _document()["components"]["examples"][example]["value"]
    with pytest.raises(ValidationError) as info:
        ShipmentRequest.model_validate(value)
    assert unknown in validation_error_messages(info.value)
