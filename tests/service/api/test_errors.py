"""Every error code of the wire format, with the `{"errors": [...]}` body and the headers."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from tests.fixtures.service import RunningService
from tests.payloads import shipment

JSON = {"content-type": "application/json"}


def _errors(response: httpx.Response) -> list[str]:
    body = response.json()
    assert set(body) == {"errors"} and body["errors"], body
    assert all(isinstance(m, str) for m in body["errors"])
    assert "X-Request-ID" in response.headers and "RateLimit-Limit" in response.headers
    return list(body["errors"])


@pytest.mark.parametrize(
    "raw",
    [b"{bad json", b"", b"   ", b'{"a": NaN}', b'{"a": Infinity}', b'{"a": 1e400}', b"\xff\xfe"],
)
def test_malformed_json_is_400(sandbox: httpx.Client, raw: bytes) -> None:
    response = sandbox.post("/v1/shipments", content=raw, headers=JSON)
    assert response.status_code == 400
    assert _errors(response)


@pytest.mark.parametrize("raw", [b"[]", b"null", b"42", b'"text"'])
def test_body_must_be_an_object(sandbox: httpx.Client, raw: bytes) -> None:
    response = sandbox.post("/v1/addresses", content=raw, headers=JSON)
    assert response.status_code == 400
    assert "JSON object" in _errors(response)[0]


def test_deep_nesting_is_400_not_500(sandbox: httpx.Client) -> None:
    deep = '{"metadata": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}"
    response = sandbox.post("/v1/shipments", content=deep.encode(), headers=JSON)
    assert response.status_code == 400 and _errors(response)


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/x-www-form-urlencoded"])
def test_wrong_content_type_is_415(sandbox: httpx.Client, content_type: str | None) -> None:
    headers = {"content-type": content_type} if content_type else {}
    raw = json.dumps(shipment()).encode()
    response = sandbox.post("/v1/shipments", content=raw, headers=headers)
    assert response.status_code == 415
    assert "application/json" in _errors(response)[0]


def test_json_with_charset_is_accepted(sandbox: httpx.Client) -> None:
    raw = json.dumps(shipment()).encode()
    headers = {"content-type": "application/json; charset=utf-8"}
    assert sandbox.post("/v1/shipments", content=raw, headers=headers).status_code == 200


def test_body_over_one_mib_is_413(sandbox: httpx.Client) -> None:
    big = json.dumps({**shipment(), "metadata": {"blob": "x" * (1024 * 1024)}}).encode()
    response = sandbox.post("/v1/shipments", content=big, headers=JSON)
    assert response.status_code == 413 and _errors(response)


def test_streamed_body_over_one_mib_is_413(sandbox: httpx.Client) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"metadata": {"blob": "'
        for _ in range(20):
            yield b"x" * 65536
        yield b'"}}'

    # a generator is sent chunked, without Content-Length: the streamed size is what counts
    response = sandbox.post("/v1/shipments", content=chunks(), headers=JSON)
    assert response.status_code == 413 and _errors(response)


def test_validation_messages_start_with_the_field_path(sandbox: httpx.Client) -> None:
    body = shipment(to={"street": "Heidestraße", "city": "Köln", "country": "DE"})
    body["packages"] = [{"weight": -1}]
    body.pop("package")
    response = sandbox.post("/v1/shipments", json=body)
    assert response.status_code == 422
    errors = _errors(response)
    assert any(m.startswith("to.last_name: ") for m in errors), errors
    assert all(": " in m for m in errors)


def test_strict_types_are_422(sandbox: httpx.Client) -> None:
    response = sandbox.post("/v1/shipments", json=shipment(create_shipping_label="yes"))
    assert response.status_code == 422
    assert _errors(response)[0].startswith("create_shipping_label:")
    unknown = sandbox.post("/v1/shipments", json=shipment(colour="red"))
    assert unknown.status_code == 422 and "colour: unknown field" in _errors(unknown)


def test_bodies_are_sanitised_before_validation_and_storage(sandbox: httpx.Client) -> None:
    body = shipment(reference_number="  order\x00-1\x07  ")
    body["to"]["last_name"] = "\tMuster\x1bmann \n"
    response = sandbox.post("/v1/shipments", json=body)
    assert response.status_code == 200, response.text
    assert response.json()["reference_number"] == "order-1"
    assert response.json()["to"]["last_name"] == "Mustermann"
    blank = shipment()
    blank["to"]["last_name"] = " \x00 "
    assert sandbox.post("/v1/shipments", json=blank).status_code == 422


def test_401_everywhere_without_a_key(anonymous: httpx.Client) -> None:
    for method, path in [
        ("GET", "/v1/me"),
        ("GET", "/v1/carriers"),
        ("GET", "/v1/shipments"),
        ("POST", "/v1/shipments"),
        ("GET", "/v1/shipments/" + "0" * 40),
        ("PUT", "/v1/shipments/" + "0" * 40),
        ("DELETE", "/v1/shipments/" + "0" * 40),
        ("GET", "/v1/addresses"),
        ("POST", "/v1/addresses"),
        ("POST", "/v1/shipment_quotes"),
    ]:
        response = anonymous.request(method, path, json={})
        assert response.status_code == 401, (method, path)
        assert response.headers["WWW-Authenticate"].startswith("Basic")
        assert _errors(response)


def test_malformed_authorization_headers_are_401(anonymous: httpx.Client) -> None:
    for header in ["Bearer abc", "Basic !!!", "Basic " + "A" * 5000, "Basic", "Basic Og=="]:
        response = anonymous.get("/v1/me", headers={"Authorization": header})
        assert response.status_code == 401, header
        assert _errors(response)


def test_unknown_path_405_and_trailing_slash(sandbox: httpx.Client) -> None:
    assert sandbox.get("/v2/shipments").status_code == 404
    assert sandbox.get("/v1/shipments/").status_code == 404
    assert _errors(sandbox.patch("/v1/shipments"))
    assert sandbox.patch("/v1/shipments").status_code == 405


def test_request_ids_are_unique(local_service: RunningService) -> None:
    with local_service.client() as client:
        ids = {client.get("/v1/me").headers["X-Request-ID"] for _ in range(5)}
    assert len(ids) == 5
