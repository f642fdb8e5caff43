"""`/v1/tracking/{shipment_id}`: the public tracking page of a shipment (its `tracking_url`
until the carrier has one), in the desk's languages (English, German: `?lang=` or the
browser's Accept-Language). No key: the 40-hex-digit id is unguessable, and the page shows
no names, only the receiving place and the events."""

from __future__ import annotations

import html

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from desktop_app.service.api.deps import Session
from desktop_app.service.api.openapi import error_responses
from desktop_app.service.errors import not_found
from desktop_app.service.shipping.lifecycle import shipment_events
from desktop_app.service.storage.shipments import ShipmentRow, shipment_by_id
from desktop_app.service.texts import STATUS_WORDS, TRACKING_PAGE_TEXTS, choose_language

router = APIRouter(tags=["tracking"])


def render_page(row: ShipmentRow, language: str) -> str:
    """The page's HTML (every value escaped)."""
    texts, words = TRACKING_PAGE_TEXTS[language], STATUS_WORDS[language]
    body = row.body
    to = body.get("to") or {}
    place = " ".join(str(to.get(k) or "") for k in ("zip_code", "city", "country")).strip()
    status = str(body.get("tracking_status") or "")
    events = shipment_events(body)[::-1]  # newest first
    e = html.escape
    rows = "".join(
        f"<tr><td>{e(str(ev.get('timestamp') or ''))}</td><td>{e(str(ev.get('location') or ''))}"
        f"</td><td>{e(words.get(str(ev.get('status')), str(ev.get('status') or '')))}</td></tr>"
        for ev in events
    )
    table = (
        f"<table><tr><th>{texts['when']}</th><th>{texts['where']}</th><th>{texts['what']}</th>"
        f"</tr>{rows}</table>"
        if events
        else f"<p>{e(texts['none'])}</p>"
    )
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        f"<title>{e(texts['title'])}</title></head><body><h1>{e(texts['title'])}</h1>"
        f"<dl><dt>{e(texts['carrier'])}</dt><dd>{e(str(body.get('carrier') or '').upper())}</dd>"
        f"<dt>{e(texts['number'])}</dt><dd>{e(str(body.get('carrier_tracking_no') or '-'))}</dd>"
        f"<dt>{e(texts['to'])}</dt><dd>{e(place)}</dd>"
        f"<dt>{e(texts['status'])}</dt><dd>{e(words.get(status, status or '-'))}</dd></dl>"
        f"{table}<p><small>{e(texts['sandbox'])}</small></p></body></html>"
    )


@router.get("/tracking/{shipment_id}", response_class=HTMLResponse, responses=error_responses(404))
async def tracking_page(
    shipment_id: str, request: Request, session: Session, lang: str | None = None
) -> HTMLResponse:
    """The shipment's tracking page."""
    row = None
    if len(shipment_id) == 40:
        row = await shipment_by_id(session, shipment_id)
    if row is None:
        raise not_found("shipment")
    language = choose_language(lang, request.headers.get("accept-language"))
    return HTMLResponse(
        render_page(row, language),
        headers={"Content-Language": language, "X-Content-Type-Options": "nosniff"},
    )
