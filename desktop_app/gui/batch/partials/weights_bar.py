"""The batch page's weights row, shown while orders have no weight: how many, one weight for
all of them, and weighing them on the scale in file order (the order on the scale now, Skip,
Stop). Typing a weight per order is the rows table's Weight column. It only shows; the page
wires it to `BatchWeights`."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QDoubleSpinBox, QHBoxLayout, QLabel, QPushButton, QWidget

from desktop_app.gui.batch.rows_model import BatchRowsModel
from desktop_app.gui.batch.weights import BatchWeights
from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.elided import ElidedLabel


class WeightsBar(QWidget):
    """N orders without a weight: [kg] Apply to all · Weigh on the scale; while weighing:
    which order, Skip, Stop."""

    apply_requested = Signal(float)
    weigh_requested = Signal()
    skip_requested = Signal()
    stop_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("batch_weights")
        self.missing_label = QLabel()
        self.missing_label.setStyleSheet(f"color: {color(ERROR)};")
        self.weight_box = QDoubleSpinBox()
        self.weight_box.setObjectName("batch_weight_for_all")
        self.weight_box.setDecimals(3)
        self.weight_box.setRange(0.0, 1000.0)
        self.weight_box.setSingleStep(0.1)
        self.weight_box.setSuffix(" kg")
        self.apply_button = QPushButton(translate("Weights", "Apply to all"))
        self.apply_button.setObjectName("batch_weight_apply")
        self.apply_button.setToolTip(
            translate("Weights", "Give this weight to every order that has none")
        )
        self.weigh_button = QPushButton(translate("Weights", "Weigh on the scale"))
        self.weigh_button.setObjectName("batch_weigh")
        self.weigh_button.setToolTip(
            translate("Weights", "Weigh the orders without a weight one by one, in file order")
        )
        self.weighing_label = ElidedLabel()
        self.weighing_label.setObjectName("batch_weighing")
        self.skip_button = QPushButton(translate("Weights", "Skip"))
        self.stop_button = QPushButton(translate("Weights", "Stop weighing"))

        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.missing_label, self.weight_box, self.apply_button, self.weigh_button):
            layout.addWidget(widget)
        layout.addWidget(self.weighing_label, 1)
        layout.addWidget(self.skip_button)
        layout.addWidget(self.stop_button)

        self.apply_button.clicked.connect(self._apply)
        self.weigh_button.clicked.connect(self.weigh_requested)
        self.skip_button.clicked.connect(self.skip_requested)
        self.stop_button.clicked.connect(self.stop_requested)
        # hidden until a batch has orders without a weight (show_state): shown from the start,
        # all its buttons held the empty page's minimum size above a loaded one's
        self.setVisible(False)

    def _apply(self) -> None:
        if self.weight_box.value() > 0:
            self.apply_requested.emit(self.weight_box.value())

    def show_state(self, weights: BatchWeights, editable: bool) -> None:
        """Show what `weights` says now (hidden when every order has a weight)."""
        missing = weights.missing_text()
        weighing = weights.weighing is not None
        self.setVisible(bool(missing) or weighing)
        self.missing_label.setText(missing)
        for widget in (self.missing_label, self.weight_box, self.apply_button):
            widget.setVisible(not weighing)
        self.weigh_button.setVisible(not weighing)
        self.weigh_button.setEnabled(editable and weights.can_weigh())
        self.weigh_button.setToolTip(
            translate("Weights", "Weigh the orders without a weight one by one, in file order")
            if weights.scale_configured()
            else translate("Weights", "Set up a scale in Settings › Scales first")
        )
        self.apply_button.setEnabled(editable)
        self.weighing_label.setVisible(weighing)
        self.weighing_label.setText(weights.weighing_text())
        self.skip_button.setVisible(weighing)
        self.stop_button.setVisible(weighing)


def wire_weights(bar: WeightsBar, weights: BatchWeights, model: BatchRowsModel,
                 update: Callable[[], None], editable: Callable[[], bool]) -> None:  # fmt: skip
    """Connect the bar, the weights and the rows table; `update` shows the page's state."""

    def show() -> None:
        bar.show_state(weights, editable())
        update()

    def follow(*_args: object) -> None:
        # during a run no weight changes, and a row reported must not count every row again
        if editable():
            bar.show_state(weights, True)

    bar.apply_requested.connect(weights.weight_for_all)
    bar.weigh_requested.connect(weights.start_weighing)
    bar.skip_requested.connect(weights.skip)
    bar.stop_requested.connect(weights.stop_weighing)
    weights.row_weighed.connect(model.refresh_row)
    weights.changed.connect(show)
    weights.scale.changed.connect(follow)
    model.row_changed.connect(follow)
    model.modelReset.connect(follow)
