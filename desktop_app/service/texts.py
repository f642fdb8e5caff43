"""The service's own wordings, in the desk's languages (English, German).

The pages and documents the service makes itself are read by people, not by programs: the
public tracking page and the manifest PDF. Each speaks the language `choose_language` picks
from `?lang=` or the browser's Accept-Language.
"""

from __future__ import annotations

LANGUAGES = ("en", "de")
TRACKING_PAGE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Shipment tracking",
        "carrier": "Carrier",
        "number": "Tracking number",
        "to": "Destination",
        "status": "Status",
        "none": "No tracking events yet: the label has not been handed to the carrier.",
        "when": "When",
        "where": "Where",
        "what": "What",
        "sandbox": "Local Packdesk service: events are simulated.",
    },
    "de": {
        "title": "Sendungsverfolgung",
        "carrier": "Versanddienstleister",
        "number": "Sendungsnummer",
        "to": "Zielort",
        "status": "Status",
        "none": (
            "Noch keine Ereignisse: das Etikett wurde dem Versanddienstleister noch nicht "
            "übergeben."
        ),
        "when": "Wann",
        "where": "Wo",
        "what": "Was",
        "sandbox": "Lokaler Packdesk-Dienst: die Ereignisse sind simuliert.",
    },
}
STATUS_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "label_created": "Label created",
        "picked_up": "Picked up",
        "transit": "In transit",
        "out_for_delivery": "Out for delivery",
        "delivered": "Delivered",
        "not_delivered": "Not delivered",
        "exception": "Problem",
        "delayed": "Delayed",
        "notification": "Notice",
        "canceled": "Cancelled",
        "destroyed": "Destroyed",
        "unknown": "Unknown",
        "registered": "Registered",
    },
    "de": {
        "label_created": "Etikett erstellt",
        "picked_up": "Abgeholt",
        "transit": "Unterwegs",
        "out_for_delivery": "In Zustellung",
        "delivered": "Zugestellt",
        "not_delivered": "Nicht zugestellt",
        "exception": "Problem",
        "delayed": "Verzögert",
        "notification": "Hinweis",
        "canceled": "Storniert",
        "destroyed": "Vernichtet",
        "unknown": "Unbekannt",
        "registered": "Angemeldet",
    },
}


def choose_language(query: str | None, accept: str | None) -> str:
    """`?lang=` when it is one of ours, else the first of ours in Accept-Language, else en."""
    if query in LANGUAGES:
        return query
    for part in (accept or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return "en"


#: the manifest PDF's words (`date_format` is the created date's strftime pattern)
MANIFEST_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Manifest",
        "carrier_reference": "Carrier reference",
        "manifest": "Manifest",
        "created": "Created",
        "shipper": "Shipper",
        "reference": "Reference",
        "sandbox": "SANDBOX - not a real handover",
        "tracking": "Tracking number",
        "receiver": "Receiver",
        "packages": "Pkgs",
        "weight": "Weight kg",
        "ref": "Ref.",
        "shipment": "Shipment",
        "total": "Total: {shipments} shipments, {packages} packages, {weight} kg",
        "shipper_signs": "Handed over by (shipper)",
        "driver_signs": "Received by (driver)",
        "signature": "date, time, signature",
        "page": "page",
        "date_format": "%d %b %Y %H:%M",
    },
    "de": {
        "title": "Übergabeliste",
        "carrier_reference": "Referenz des Versanddienstleisters",
        "manifest": "Übergabeliste",
        "created": "Erstellt",
        "shipper": "Versender",
        "reference": "Referenz",
        "sandbox": "TESTUMGEBUNG - keine echte Übergabe",
        "tracking": "Sendungsnummer",
        "receiver": "Empfänger",
        "packages": "Pakete",
        "weight": "Gewicht kg",
        "ref": "Ref.",
        "shipment": "Sendung",
        "total": "Summe: {shipments} Sendungen, {packages} Pakete, {weight} kg",
        "shipper_signs": "Übergeben von (Versender)",
        "driver_signs": "Übernommen von (Fahrer)",
        "signature": "Datum, Uhrzeit, Unterschrift",
        "page": "Seite",
        "date_format": "%d.%m.%Y %H:%M",
    },
}
