"""Where a shipment's customs papers went, in the user's words: printing on the A4 printer, or
saved (no A4 printer is set) with what to do. The Scan page and the shipment form say it
alike (`station.customs_papers` decides, for both)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from desktop_app.domain.customs import CN22, CN23, COMMERCIAL_INVOICE, document_copies
from desktop_app.gui.i18n import translate


def documents_words(documents: Sequence[str]) -> str:
    """ "CN 23 ×2, commercial invoice": each paper once, with its copies ("" for none)."""
    words = {
        CN23: translate("Customs", "CN 23"),
        CN22: translate("Customs", "CN 22"),
        COMMERCIAL_INVOICE: translate("Customs", "commercial invoice"),
    }
    return ", ".join(
        words[name] if copies == 1 else f"{words[name]} ×{copies}"
        for name, copies in document_copies(documents)
    )


def papers_note(documents: Sequence[str], printer: str, path: Path | None) -> str:
    """One sentence: where the papers print, or that they were saved ("" when none). A saved
    file's path is never written out: the message's "Open folder" button opens its folder."""
    names = documents_words(documents) or translate("Customs", "customs papers")
    if path is not None:
        return translate(
            "Customs",
            "Customs papers ({documents}) saved, not printed: no A4 printer is set "
            "(Settings › Station).",
        ).format(documents=names)
    if printer:
        return translate(
            "Customs", "Customs papers ({documents}) are printing on {printer}."
        ).format(documents=names, printer=printer)
    return ""
