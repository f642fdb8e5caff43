"""A scale's trouble in the UI language, by the ScaleError's kind.

The Qt-free scales package keeps its English message (CLI, logs); the GUI says the reason in
its own words. A kind not known here (a future driver) is shown with the scale's message.
"""

from __future__ import annotations

from desktop_app.gui.i18n import translate


def _texts() -> dict[str, str]:
    return {
        "fault": translate("ScaleErrors", "the scale reports a fault"),
        "overload": translate("ScaleErrors", "over capacity: remove weight from the scale"),
        "underload": translate(
            "ScaleErrors", "the scale reads below zero: empty it and press zero"
        ),
        "calibrate": translate("ScaleErrors", "the scale needs calibrating"),
        "rezero": translate("ScaleErrors", "the scale needs re-zeroing: empty it and press zero"),
        "moving": translate("ScaleErrors", "no stable weight yet (still moving?)"),
        "unknown_unit": translate("ScaleErrors", "the scale reports a unit this app does not know"),
        "not_connected": translate("ScaleErrors", "the scale is not connected"),
        "cannot_open": translate(
            "ScaleErrors", "the scale cannot be opened (in use, or no access to the port?)"
        ),
        "connection_lost": translate("ScaleErrors", "the connection to the scale was lost"),
        "no_answer": translate(
            "ScaleErrors", "the scale does not answer (switched off, wrong protocol or speed?)"
        ),
        "needs_library": translate(
            "ScaleErrors", "this kind of scale needs a package that is not installed"
        ),
        "zero_on_scale": translate("ScaleErrors", "zero it on the scale itself"),
        "zero_failed": translate(
            "ScaleErrors", "the scale could not zero (moving or outside its zero range)"
        ),
    }


def scale_error_text(kind: str, message: str) -> str:
    """The reason of a scale error `kind` in words; the scale's own `message` when unknown."""
    return _texts().get(kind, message)
