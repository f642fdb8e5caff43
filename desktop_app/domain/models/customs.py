"""Customs (reference OpenAPI `customs_declaration`, `customs_declaration_items`), shipment
documents (`shipment_document`)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field

from desktop_app.domain.models.base import (
    IsoDate,
    ListResponse,
    NullableList,
    RequestModel,
    ResponseModel,
)

ContentsType = Literal[
    "commercial_goods", "commercial_sample", "documents", "gift", "returned_goods"
]
DocumentType = Literal["commercial_invoice", "proforma_invoice"]
DocumentFormat = Literal["pdf", "png", "jpg"]


class CustomsDeclarationItem(RequestModel):
    """One kind of item in the parcel; `value_amount` is the total for its quantity."""

    origin_country: str | None = Field(default=None, description="ISO 3166-1 alpha-2 code.")
    description: str | None = Field(default=None, description="What the item is, precisely.")
    hs_tariff_number: str | None = Field(default=None, description="HS code, 6 to 10 digits.")
    quantity: int | None = None
    value_amount: str | float | None = Field(
        default=None, description="Value of all items of this kind (a string on the wire)."
    )
    net_weight: float | None = Field(default=None, description="Net weight in kg.")
    gross_weight: float | None = Field(default=None, description="Gross weight in kg.")


class CustomsDeclaration(RequestModel):
    """`customs_declaration` of a shipment request."""

    contents_type: ContentsType | None = None
    contents_explanation: str | None = None
    currency: str | None = Field(default=None, description="ISO 4217 code, e.g. EUR.")
    total_value_amount: float | None = None
    additional_fees: float | None = None
    drop_off_location: str | None = None
    exporter_reference: str | None = Field(
        default=None, description="The seller's customs number (EORI, VOEC, UK or Swiss VAT)."
    )
    importer_reference: str | None = None
    movement_reference_number: str | None = Field(
        default=None, description="MRN of the export declaration (goods above 1,000 EUR)."
    )
    posting_date: IsoDate | None = None
    invoice_number: str | None = None
    items: list[CustomsDeclarationItem] | None = None


class CustomsDeclarationItemInfo(ResponseModel):
    """An item as returned, with its id."""

    id: str | None = None
    origin_country: str | None = None
    description: str | None = None
    hs_tariff_number: str | None = None
    quantity: int | None = None
    value_amount: str | None = None
    net_weight: float | None = None
    gross_weight: float | None = None
    created_at: datetime | None = None
    updated_at: datetime | None = None


class CustomsDeclarationInfo(ResponseModel):
    """`customs_declaration` of a returned shipment, with the carrier's document URL."""

    contents_type: str | None = None
    contents_explanation: str | None = None
    currency: str | None = None
    total_value_amount: float | None = None
    additional_fees: float | None = None
    drop_off_location: str | None = None
    exporter_reference: str | None = None
    importer_reference: str | None = None
    movement_reference_number: str | None = None
    posting_date: str | None = None
    invoice_number: str | None = None
    carrier_declaration_document_url: str | None = Field(
        default=None, description="The customs documents to print (CN23, invoice) as PDF."
    )
    items: Annotated[list[CustomsDeclarationItemInfo], NullableList] = []
    created_at: datetime | None = None
    updated_at: datetime | None = None


class ShipmentDocumentUpload(RequestModel):
    """One document to attach: base64 content of a PDF, PNG or JPEG."""

    document_type: DocumentType
    document_format: DocumentFormat
    content: str = Field(description="The file, base64 encoded.")


class ShipmentDocumentsUpload(RequestModel):
    """Body of `POST /v1/shipments/{id}/shipment_documents`."""

    documents: list[ShipmentDocumentUpload]


class ShipmentDocument(ResponseModel):
    """A stored document of a shipment."""

    id: str
    document_type: str | None = None
    document_format: str | None = None
    document_url: str | None = None


class ShipmentDocumentList(ListResponse):
    """The documents of one upload (`{"documents": [...]}`); a bare array reads too."""

    documents: Annotated[list[ShipmentDocument], NullableList] = []
