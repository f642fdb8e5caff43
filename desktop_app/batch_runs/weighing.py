"""Weigh a batch's orders that have no weight on the scale, one after another in file order,
as the Scan page weighs a parcel: each order takes the next stable weight above zero, and
the next order waits until the scale was emptied (read near zero) after the last parcel, so
one parcel never weighs two orders.

    weighing = BatchWeighing(batch)
    weighing.current                  # the order on the scale now (None: all weighed)
    weighing.offer(reading, emptied)  # the scale's stable reading: the weighed row, or None
    weighing.skip()                   # leave this order for a typed weight

Qt-free: the Batch page feeds it the scale presenter's readings; tests feed the virtual
scale's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from desktop_app.batch_runs.rows import Batch, BatchRow
    from desktop_app.scales.readings import Reading

__all__ = ["BatchWeighing"]

#: a stable weight at or below this is an empty scale, not a parcel
EMPTY_KG = 0.005


class BatchWeighing:
    """The orders without a weight, weighed in file order."""

    def __init__(self, batch: Batch) -> None:
        self.batch = batch
        self.queue = [row.index for row in batch.without_weight()]
        self.position = 0
        self.weighed: list[int] = []
        self._parcel_at: float | None = None
        """When the last parcel's reading was taken (until the scale reads empty after it)."""

    @property
    def total(self) -> int:
        """How many orders are to be weighed."""
        return len(self.queue)

    @property
    def current(self) -> BatchRow | None:
        """The order to put on the scale now (None when every order is done)."""
        while self.position < len(self.queue):
            row = self.batch.rows[self.queue[self.position]]
            if row.weight.kg is None and row.status not in ("creating", "created"):
                return row
            self.position += 1  # typed meanwhile, or created: nothing to weigh
        return None

    def waits_for_empty_scale(self, emptied_at: float | None) -> bool:
        """True while the last parcel may still lie on the scale."""
        if self._parcel_at is None:
            return False
        if emptied_at is not None and emptied_at > self._parcel_at:
            self._parcel_at = None
            return False
        return True

    def offer(self, reading: Reading | None, emptied_at: float | None) -> BatchRow | None:
        """The scale's stable reading: it weighs the current order (the weighed row) unless
        it is no parcel, or the last parcel still lies on the scale (None)."""
        row = self.current
        if row is None or reading is None or reading.kg <= EMPTY_KG:
            return None
        if self.waits_for_empty_scale(emptied_at):
            return None
        weighed = self.batch.set_weight(row.index, round(reading.kg, 3), "scale")
        self._parcel_at = reading.at
        self.weighed.append(row.index)
        self.position += 1
        return weighed

    def skip(self) -> None:
        """Leave the current order without a weight (typed later) and go to the next."""
        if self.current is not None:
            self.position += 1
