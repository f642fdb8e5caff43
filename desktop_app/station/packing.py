"""Pack check: each scanned GTIN ticks one unit of the order's items.

A GTIN the order does not hold is refused (`wrong`), one more than ordered is refused
(`surplus`); the order is complete when every unit of every item with a GTIN is ticked.
Items without a GTIN cannot be scanned and do not hold the order back.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["PackCheck", "PackLine", "TickResult"]

TickResult = Literal["ticked", "complete", "wrong", "surplus"]


@dataclass
class PackLine:
    """One line item with its units ordered and ticked so far."""

    title: str
    gtin: str
    sku: str
    ordered: int
    packed: int = 0

    @property
    def done(self) -> bool:
        """Every unit of this line is packed."""
        return self.packed >= self.ordered


def item_title(item: Mapping[str, Any]) -> str:
    """The title an item shows (its fallback title, else its SKU)."""
    title = item.get("title")
    if isinstance(title, Mapping):
        text = title.get("fallback") or next((v for v in title.values() if v), None)
        if text:
            return str(text)
    return str(item.get("sku") or "")


@dataclass
class PackCheck:
    """The units of an order still to be packed."""

    lines: list[PackLine] = field(default_factory=list)

    @classmethod
    def for_items(cls, items: Iterable[Mapping[str, Any]]) -> PackCheck:
        """The check for an order's `order_line_items` (lines without a GTIN are left out)."""
        lines = []
        for item in items:
            gtin = str(item.get("gtin") or "").strip()
            quantity = item.get("quantity")
            if not gtin or not isinstance(quantity, int | float) or quantity <= 0:
                continue
            lines.append(
                PackLine(item_title(item), gtin, str(item.get("sku") or ""), int(round(quantity)))
            )
        return cls(lines)

    @property
    def complete(self) -> bool:
        """Every unit with a GTIN is packed."""
        return all(line.done for line in self.lines)

    @property
    def missing(self) -> int:
        """Units still to be packed."""
        return sum(max(0, line.ordered - line.packed) for line in self.lines)

    def holds(self, gtin: str) -> bool:
        """Whether the order has an item with this GTIN."""
        return any(line.gtin == gtin.strip() for line in self.lines)

    def tick(self, gtin: str) -> tuple[TickResult, PackLine | None]:
        """Tick one unit of `gtin`: ticked / complete, or refused as wrong / surplus."""
        matching = [line for line in self.lines if line.gtin == gtin.strip()]
        if not matching:
            return "wrong", None
        line = next((m for m in matching if not m.done), None)
        if line is None:
            return "surplus", matching[0]
        line.packed += 1
        return ("complete" if self.complete else "ticked"), line
