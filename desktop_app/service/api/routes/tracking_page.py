"""`/v1/tracking/{shipment_id}`: the public tracking page of a shipment (its `tracking_url`
until the carrier has one), in the desk's languages (English, German: `?lang=` or the
browser's Accept-Language). No key: the 40-hex-digit id is unguessable, and the page shows
no names, only the receiving place and the events."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from desktop_app.service.api.deps import Session
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.shipping.tracking_page import tracking_page_html
from desktop_app.service.texts import choose_language

router = APIRouter(tags=["tracking"])


@router.get("/tracking/{shipment_id}", response_class=HTMLResponse, responses=error_responses(404))
async def tracking_page(
    shipment_id: str, request: Request, session: Session, lang: str | None = None
) -> HTMLResponse:
    """The shipment's tracking page."""
    language = choose_language(lang, request.headers.get("accept-language"))
    return HTMLResponse(
        await tracking_page_html(session, shipment_id, language),
        headers={"Content-Language": language, "X-Content-Type-Options": "nosniff"},
    )
