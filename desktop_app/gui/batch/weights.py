"""The Batch page's weights, without a widget: each order's weight and its source in words,
a weight typed for one order or for every order without one, and weighing those orders on
the scale in file order (`batch.weighing.BatchWeighing`, the Scan page's rule: the next
order waits until the scale was emptied).

`BatchWeights` follows the page's presenter (its batch); the page's `WeightsBar` shows it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QLocale, QObject, Signal

from desktop_app.batch_runs.rows import Batch, BatchRow
from desktop_app.batch_runs.weighing import BatchWeighing
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.weights import source_text
from desktop_app.gui.widgets.scale import ScalePresenter, weight_text

__all__ = ["BatchWeights", "parse_weight", "row_weight_text", "row_weight_tip"]


def row_weight_text(row: BatchRow) -> str:
    """ "1,100 kg · catalogue" (empty without a weight)."""
    weight = row.weight
    if weight.kg is None:
        return translate("Weights", "No weight") if row.status == "invalid" else ""
    return translate("Weights", "{kg} kg · {source}").format(
        kg=weight_text(weight.kg), source=source_text(weight.source)
    )


def row_weight_tip(row: BatchRow) -> str:
    """How the weight was made (goods + box), or how to give one."""
    weight = row.weight
    if weight.kg is None:
        return translate("Weights", "No weight: weigh it, type it here, or give the product a "
                         "weight (Settings › Products).")  # fmt: skip
    if weight.goods_kg is not None and weight.box_kg:
        return translate("Weights", "Goods {goods} kg + box {box} kg").format(
            goods=weight_text(weight.goods_kg), box=weight_text(weight.box_kg)
        )
    return translate("Weights", "Type another weight to replace it.")


def parse_weight(text: str) -> float | None:
    """A typed weight in kg ("1,25", "1.25", "1,25 kg"); None when it is no positive number."""
    cleaned = text.strip().casefold().removesuffix("kg").strip().replace(" ", "")
    number, ok = QLocale().toDouble(cleaned)
    if not ok:
        try:
            number = float(cleaned.replace(",", "."))
        except ValueError:
            return None
    return number if 0 < number <= 1000 else None


class BatchWeights(QObject):
    """Typing and weighing the weights of a batch's orders."""

    #: a row's weight changed (its index)
    row_weighed = Signal(int)
    #: what the weights bar shows may have changed
    changed = Signal()

    def __init__(
        self,
        batch_of: Callable[[], Batch | None],
        scale: ScalePresenter | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._batch_of = batch_of
        self.scale = scale if scale is not None else ScalePresenter(self)
        self.weighing: BatchWeighing | None = None
        self.scale.changed.connect(self._scale_changed)
        self.scale.polled.connect(self._scale_changed)

    @property
    def batch(self) -> Batch | None:
        """The page's batch now."""
        return self._batch_of()

    def missing(self) -> int:
        """How many orders not yet sent have no weight."""
        batch = self.batch
        return len(batch.without_weight()) if batch is not None else 0

    def type_weight(self, index: int, text: str) -> bool:
        """A weight typed for one order ("" takes it back); False when it is no weight."""
        batch = self.batch
        if batch is None:
            return False
        kg = parse_weight(text) if text.strip() else None
        if text.strip() and kg is None:
            return False
        try:
            batch.set_weight(index, kg, "typed")
        except ValueError:  # created meanwhile
            return False
        self.row_weighed.emit(index)
        self.changed.emit()
        return True

    def weight_for_all(self, kg: float) -> int:
        """One weight for every order without one; how many got it."""
        batch = self.batch
        if batch is None or kg <= 0:
            return 0
        changed = batch.set_weight_for_all(kg)
        for row in changed:
            self.row_weighed.emit(row.index)
        self.changed.emit()
        return len(changed)

    # --- weighing on the scale ----------------------------------------------------------------

    def scale_configured(self) -> bool:
        """True when this machine has a scale (Settings › Scales), read without opening it."""
        if self.scale.configured:
            return True
        from desktop_app.scales.config import default_path, load_scale_config

        return bool(load_scale_config(default_path()).uri)

    def can_weigh(self) -> bool:
        """True when a scale is set up and orders wait for a weight."""
        return self.missing() > 0 and self.scale_configured()

    def start_weighing(self) -> bool:
        """Weigh the orders without a weight in file order; False when none or no scale."""
        batch = self.batch
        if batch is None or not self.scale_configured():
            return False
        self.weighing = BatchWeighing(batch)
        if self.weighing.current is None:
            self.weighing = None
            return False
        self.scale.start()
        self.changed.emit()
        return True

    def stop_weighing(self) -> None:
        """Stop weighing (the orders left keep no weight); the scale is let go."""
        if self.weighing is not None:
            self.weighing = None
            self.scale.close()
            self.changed.emit()

    def skip(self) -> None:
        """Leave the order on the scale now for a typed weight."""
        if self.weighing is not None:
            self.weighing.skip()
            self._finish_if_done()
            self.changed.emit()

    def _scale_changed(self) -> None:
        weighing = self.weighing
        if weighing is None:
            return
        monitor = self.scale.monitor
        reading = monitor.stable_weight() if monitor is not None else None
        emptied = monitor.emptied_at if monitor is not None else None
        row = weighing.offer(reading, emptied)
        if row is not None:
            self.row_weighed.emit(row.index)
            self._finish_if_done()
            self.changed.emit()

    def _finish_if_done(self) -> None:
        if self.weighing is not None and self.weighing.current is None:
            self.weighing = None
            self.scale.close()

    def weighing_text(self) -> str:
        """What to do now while weighing ("" when not weighing)."""
        weighing = self.weighing
        row = weighing.current if weighing is not None else None
        if weighing is None or row is None:
            return ""
        done = len(weighing.weighed)
        waiting = weighing.waits_for_empty_scale(
            self.scale.monitor.emptied_at if self.scale.monitor is not None else None
        )
        step = (
            translate("Weights", "Take the last parcel off the scale.")
            if waiting
            else translate("Weights", "Put its parcel on the scale.")
        )
        return translate("Weights", "Order {reference} ({n} of {total}): {step} {scale}").format(
            reference=row.reference, n=done + 1, total=weighing.total, step=step,
            scale=self.scale.text,
        )  # fmt: skip

    def missing_text(self) -> str:
        """ "3 orders have no weight." ("" when every order has one)."""
        missing = self.missing()
        if not missing:
            return ""
        return translate("Weights", "%n order(s) without a weight:", None, missing)
