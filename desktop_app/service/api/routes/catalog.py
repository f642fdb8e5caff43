"""`GET /v1/carriers`: what each carrier offers (from the catalog data)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from desktop_app.domain.catalog import load_catalog
from desktop_app.domain.models import CarrierDescription
from desktop_app.service.api.deps import CurrentKey
from desktop_app.service.api.openapi import error_responses

router = APIRouter(prefix="/carriers", tags=["carriers"])


@router.get(
    "",
    response_model=None,
    responses={200: {"model": list[CarrierDescription]}, **error_responses(401, 429)},
)
async def list_carriers(_key: CurrentKey) -> list[dict[str, Any]]:
    """Carriers with their services, package types, additional services and label formats."""
    return load_catalog().to_carrier_descriptions()
