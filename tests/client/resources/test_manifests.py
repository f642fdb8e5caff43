"""client.manifests: a carrier's hand-over manifest of the day's shipments, its PDF, in the
client's language."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from desktop_app.client import ShippingClient, UnprocessableEntityError
from tests.client.conftest import shipment_request
from tests.fixtures.service import RunningService


async def test_manifests(fresh_client: ShippingClient) -> None:
    first = await fresh_client.shipments.create(
        shipment_request(carrier="dpd", label={"format": "pdf_a6"})
    )
    second = await fresh_client.shipments.create(
        shipment_request(carrier="dpd", label={"format": "pdf_a6"})
    )
    manifest = await fresh_client.manifests.create("dpd")
    assert manifest.shipments == [first.id, second.id]
    document = await fresh_client.manifests.document(manifest)
    assert document.startswith(b"%PDF")
    assert (await fresh_client.manifests.get(manifest.id)).carrier_reference_number == (
        manifest.carrier_reference_number
    )
    assert [m.id for m in await fresh_client.manifests.list(carrier="dpd")] == [manifest.id]
    with pytest.raises(UnprocessableEntityError):
        await fresh_client.manifests.create("dpd", [first.id])


async def test_a_manifest_in_the_clients_language(client_service: RunningService) -> None:
    """`language` goes to the service as Accept-Language: the manifest it makes is German."""
    key = client_service.add_account()["sandbox_key"]
    async with ShippingClient(
        client_service.base_url, key, ca_file=str(client_service.ca_file), language="de"
    ) as german:
        await german.shipments.create(shipment_request(carrier="dpd", label={"format": "pdf_a6"}))
        document = await german.manifests.document(await german.manifests.create("dpd"))
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(document)).pages)
    assert "Übergeben von (Versender)" in text and "Handed over" not in text
