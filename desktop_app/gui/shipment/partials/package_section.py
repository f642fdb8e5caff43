"""The shipment form's packages: the scale's live weight (hidden without a scale in
scales.json) above the package rows."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.i18n import translate
from desktop_app.gui.shipment.partials.packages import PackagesFormWidget
from desktop_app.gui.widgets.scale import ScalePresenter, ScaleWeightRow


class PackageSectionWidget(QGroupBox):
    """The package rows with the scale's weight row; the scale stops when the app closes."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(translate("Shipment", "Packages"), parent)
        self.packages = PackagesFormWidget()
        self.scale = ScalePresenter(self)
        self.scale_row = ScaleWeightRow(self.scale)
        self.packages.attach_scale(self.scale_row)
        QVBoxLayout(self).addWidget(self.packages)
        context.closing.connect(self.scale.close)
        self.scale.start()
