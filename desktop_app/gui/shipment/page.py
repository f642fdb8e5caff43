"""The "New shipment" page: the shipment form (scrollable) beside the creation panel and preview.

Composes `form.ShipmentFormWidget`, `creation.CreationPanelWidget` and
`preview.LabelPreviewWidget`; it is the only module that imports all three (so the form and
the creation panel do not import each other).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QScrollArea, QSplitter, QVBoxLayout, QWidget

from desktop_app.gui.shell.context import AppContext
from desktop_app.gui.shipment.creation import CreationPanelWidget
from desktop_app.gui.shipment.form import ShipmentFormWidget
from desktop_app.gui.shipment.preview import LabelPreviewWidget


class ShipmentPageWidget(QWidget):
    """The "New shipment" page: the form (scrollable), creation controls and the preview."""

    shipment_created = Signal(object)  # StoredShipment

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.form = ShipmentFormWidget(context)
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidget(self.form)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.preview = LabelPreviewWidget(context)
        self.creation = CreationPanelWidget(context, self.form, self.preview)
        self.creation.shipment_created.connect(self.shipment_created)
        side = QWidget()
        side.setObjectName("sidePanel")
        sl = QVBoxLayout(side)
        sl.setContentsMargins(6, 6, 6, 6)
        sl.addWidget(self.creation)
        sl.addWidget(self.preview, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.scroll_area)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        side.setMinimumWidth(340)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        self.splitter = splitter
        # keyboard: Ctrl+Enter creates, Ctrl+P creates and prints, Esc cancels the wait
        # (only while this page has the focus: other pages have their own keys)
        for keys, action in (
            ("Ctrl+Return", lambda: self.creation.request_create(False)),
            ("Ctrl+Enter", lambda: self.creation.request_create(False)),
            ("Ctrl+P", lambda: self.creation.request_create(True)),
            ("Escape", self.creation.cancel),
            ("Ctrl+N", self.form.focus_first),
        ):
            shortcut = QShortcut(QKeySequence(keys), self, action)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.shown_environment = lambda: context.environment

    def set_shown_environment(self, getter: Any) -> None:
        """What the window shows (banner): creation refuses when the client's differs."""
        self.shown_environment = getter
        self.creation.shown_environment = getter
