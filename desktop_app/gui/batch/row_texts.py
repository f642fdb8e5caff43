"""The batch page's words for a row: its status, the counts line, its error or note.

Plain functions (Qt's translation only): the rows model, the presenter and the page use them.
"""

from __future__ import annotations

from desktop_app.batch_runs.rows import BatchRow
from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.client_errors import client_error_text
from desktop_app.gui.i18n.weights import source_text

STATUS_TEXT = {
    "invalid": QT_TRANSLATE_NOOP("Batch", "Has problems"),
    "ready": QT_TRANSLATE_NOOP("Batch", "Ready"),
    "creating": QT_TRANSLATE_NOOP("Batch", "Creating…"),
    "created": QT_TRANSLATE_NOOP("Batch", "Created"),
    "failed": QT_TRANSLATE_NOOP("Batch", "Failed"),
    "canceled": QT_TRANSLATE_NOOP("Batch", "Canceled"),
}


def count_text(status: str, n: int) -> str:
    """One part of the counts line ("3 ready", "1 with problems") in the UI language."""
    texts = {
        "invalid": translate("Batch", "%n with problems", None, n),
        "ready": translate("Batch", "%n ready", None, n),
        "creating": translate("Batch", "%n being created", None, n),
        "created": translate("Batch", "%n created", None, n),
        "failed": translate("Batch", "%n failed", None, n),
        "canceled": translate("Batch", "%n canceled", None, n),
    }
    return texts.get(status, f"{n} {status}")


#: the widest number "Create all" is sized for (so its width never changes with the count)
WIDEST_READY_COUNT = 88888


def create_all_text(ready: int) -> str:
    """The Create all button's text ("Create all (3)"; without a count when none is ready)."""
    if ready:
        return translate("Batch", "Create all ({ready})").format(ready=ready)
    return translate("Batch", "Create all")


def row_result_text(row: BatchRow) -> str:
    """A row's error or note in the UI language: a client error by its class (the service's
    own messages as they came), the runner's fixed notes by their English text."""
    if row.error:
        failure = row.failure
        if failure is not None and not getattr(failure, "errors", None):
            return client_error_text(failure) or row.error
        return row.error
    if not row.note:
        return ""
    notes = {
        "an earlier attempt is still unsettled; the next run reconciles it": translate(
            "Batch", "An earlier attempt is still open; the next run settles it first."
        ),
        "created, but the label could not be downloaded": translate(
            "Batch", "Created, but the label could not be downloaded."
        ),
        "outcome unknown: a retry or the next run reconciles it first": translate(
            "Batch", "Outcome unknown: a retry or the next run checks it first."
        ),
        "created by an earlier run": translate("Batch", "Created by an earlier run."),
        "completed an interrupted attempt": translate("Batch", "Completed an interrupted attempt."),
    }
    if row.note.startswith("label not queued: "):
        reason = row.note.removeprefix("label not queued: ")
        return translate("Batch", "Label not queued: {0}").format(reason)
    return notes.get(row.note, row.note)


def filled_text(row: BatchRow) -> str:
    """What the profile, its presets or the product catalogue filled in for an order."""
    parts = []
    for path, origin in row.filled.items():
        if path == "from":
            parts.append(
                translate("Batch", "Sender: the sample sender (test data)")
                if origin == "sample sender"
                else translate("Batch", "Sender: the profile's default sender")
            )
        elif path == "preset":
            parts.append(
                translate("Batch", "Carrier, service and parcel: shipping preset “{name}”").format(
                    name=origin
                )
            )
        elif path == "package.weight":
            parts.append(translate("Batch", "Weight: {source}").format(source=source_text(origin)))
        elif path.startswith("package."):
            if translate("Batch", "Parcel size: from the product catalogue") not in parts:
                parts.append(translate("Batch", "Parcel size: from the product catalogue"))
        elif path in ("carrier", "service"):
            text = translate("Batch", "Carrier and service: the profile's defaults")
            if text not in parts:
                parts.append(text)
    return "\n".join(parts)
