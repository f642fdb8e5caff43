"""Text that is not text gets 422 with the field's path; accepted text prints as sent."""

from __future__ import annotations

import io
import json
from typing import Any

import httpx
from pypdf import PdfReader

from tests.payloads import shipment


def _post_raw(client: httpx.Client, body: dict[str, Any]) -> httpx.Response:
    # json.dumps escapes a lone surrogate as \ud800, which is valid JSON text
    return client.post(
        "/v1/shipments",
        content=json.dumps(body).encode("ascii"),
        headers={"Content-Type": "application/json"},
    )


def test_lone_surrogate_and_noncharacters_are_422_with_the_path(sandbox: httpx.Client) -> None:
    body = shipment(label=True, reference_number="order\ufffe1")
    body["to"]["last_name"] = "Muster\ud800"
    body["metadata"] = {"shop": {"note": "\U0010ffff"}}
    response = _post_raw(sandbox, body)
    assert response.status_code == 422, response.text
    errors = response.json()["errors"]
    assert any(e.startswith("to.last_name: contains a lone surrogate (U+D800)") for e in errors)
    assert any(e.startswith("reference_number: contains the non-character U+FFFE") for e in errors)
    assert any(e.startswith("metadata.shop.note: contains the non-character") for e in errors)
    # nothing was stored
    listed = sandbox.get("/v1/shipments", params={"reference_number": "order1"}).json()
    assert listed["shipments"] == []


def test_accepted_text_prints_without_replacement_characters(sandbox: httpx.Client) -> None:
    body = shipment(label=True)
    body["to"]["last_name"] = "Żółć-Łukasiewicz"
    body["to"]["first_name"] = "Ørjan\tÅse"
    created = _post_raw(sandbox, body)
    assert created.status_code == 200, created.text
    pdf = sandbox.get(created.json()["label_url"])
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "\ufffd" not in text and "Żółć-Łukasiewicz" in text
