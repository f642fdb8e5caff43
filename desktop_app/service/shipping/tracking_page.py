"""A shipment's public tracking page (no key: its 40-hex-digit id is unguessable): only the
receiving place and the events, no names, in the desk's languages."""

from __future__ import annotations

import html
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from desktop_app.service.errors import not_found
from desktop_app.service.shipping.lifecycle import shipment_events
from desktop_app.service.storage.shipments import shipment_by_id
from desktop_app.service.texts import STATUS_WORDS, TRACKING_PAGE_TEXTS

SHIPMENT_ID_LENGTH = 40


def render_page(body: dict[str, Any], language: str) -> str:
    """The page's HTML (every value escaped)."""
    texts, words = TRACKING_PAGE_TEXTS[language], STATUS_WORDS[language]
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


async def tracking_page_html(session: AsyncSession, shipment_id: str, language: str) -> str:
    """The page of the shipment with `shipment_id` in `language`, else 404."""
    row = None
    if len(shipment_id) == SHIPMENT_ID_LENGTH:
        row = await shipment_by_id(session, shipment_id)
    if row is None:
        raise not_found("shipment")
    return render_page(row.body, language)
