"""The label format choice, decided without a window.

The automatic format comes from the printer assigned to the profile (`AppContext.auto_format`);
the user may choose one the carrier offers for the service instead. A choice the new
carrier or service lacks stays in the list, flagged, so that the rules can say what to change.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import label_format_name


@dataclass(frozen=True)
class FormatChoices:
    """What the label format list shows: (text, format or None for automatic) items, the
    chosen item's index, and the line that says why."""

    items: list[tuple[str, str | None]]
    index: int
    reason: str


def format_choices(
    auto: str | None, reason: str, offered: Iterable[str], keep: str | None
) -> FormatChoices:
    """The list: automatic first (`auto`, or none fits), then the formats `offered`; `keep`
    (the user's earlier choice) stays chosen, flagged when it is no longer offered."""
    items: list[tuple[str, str | None]] = [
        (
            translate("Shipment", "{0} (automatic)").format(label_format_name(auto))
            if auto
            else translate("Shipment", "(automatic) — none fits"),
            None,
        )
    ]
    items += [(label_format_name(fmt), fmt) for fmt in offered]
    index = 0
    if keep:
        index = next((i for i, (_, fmt) in enumerate(items) if fmt == keep), -1)
        if index < 0:
            items.append(
                (translate("Shipment", "{0} — not offered").format(label_format_name(keep)), keep)
            )
            index = len(items) - 1
    chosen = items[index][1]
    why = (
        translate("Shipment", "Chosen by hand (automatic would be {0}).").format(
            label_format_name(auto)
        )
        if chosen
        else translate("Shipment", "Automatic: {reason}").format(reason=reason)
    )
    return FormatChoices(items, index, why)
