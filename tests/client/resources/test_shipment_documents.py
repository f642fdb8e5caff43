"""client.shipment_documents, typed: a customs declaration in a ShipmentRequest, the customs
PDF made from it, and documents uploaded to a shipment."""

from __future__ import annotations

import io

import pypdf
import pytest

from desktop_app.client import ShippingClient
from desktop_app.client.resources.shipment_documents import document_upload
from desktop_app.client.types import (
    CustomsDeclaration,
    CustomsDeclarationItem,
    ShipmentDocument,
    ShipmentRequest,
)
from tests.client.conftest import shipment_request
from tests.payloads import PDF_BYTES, ZURICH


def zurich_request() -> ShipmentRequest:
    request = ShipmentRequest.model_validate(shipment_request(to=dict(ZURICH)))
    request.customs_declaration = CustomsDeclaration(
        contents_type="commercial_goods",
        contents_explanation="Wool socks",
        currency="EUR",
        total_value_amount=24.0,
        items=[
            CustomsDeclarationItem(
                origin_country="PT",
                description="Wool socks",
                hs_tariff_number="611595",
                quantity=2,
                value_amount="24.00",
                net_weight=0.2,
            )
        ],
    )
    return request


async def test_customs_round_trip(fresh_client: ShippingClient) -> None:
    shipment = await fresh_client.shipments.create(zurich_request())
    declaration = shipment.customs_declaration
    assert declaration is not None and declaration.items[0].id
    assert declaration.items[0].hs_tariff_number == "611595"
    papers = await fresh_client.shipment_documents.customs_documents(shipment)
    assert papers is not None
    assert len(pypdf.PdfReader(io.BytesIO(papers)).pages) == 3  # two CN 23, the invoice
    uploaded = await fresh_client.shipment_documents.upload(
        shipment.id, [document_upload(PDF_BYTES)]
    )
    assert [type(d) for d in uploaded] == [ShipmentDocument]
    assert uploaded[0].document_format == "pdf"
    listed = await fresh_client.shipment_documents.list(shipment.id)
    assert [d.id for d in listed] == [uploaded[0].id]
    assert await fresh_client.shipment_documents.get(shipment.id, uploaded[0].id) == uploaded[0]
    assert await fresh_client.shipment_documents.download(uploaded[0]) == PDF_BYTES
    with pytest.raises(ValueError, match="PDF, PNG or JPEG"):
        document_upload(b"GIF89a")
