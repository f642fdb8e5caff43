"""The "New shipment" page: the shipment form (scrollable) beside the creation panel and preview.

Composes `form.ShipmentFormWidget`, `creation.CreationPanelWidget` and
`preview.LabelPreviewWidget`; it is the only module that imports all three (so the form and
the creation panel do not import each other). It owns the page's keyboard actions (shown in
the window's Shipment menu), the tab order of the paper flow and the draft keeper.

On a narrow window (below `WIDE_LAYOUT_MIN_WIDTH`) the label preview collapses to a button
that opens it; Create and Create and print stay beside the form, always on screen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.context import AppContext
from desktop_app.gui.shipment.drafts import DraftKeeper
from desktop_app.gui.shipment.partials.creation import CreationPanelWidget
from desktop_app.gui.shipment.partials.form import ShipmentFormWidget
from desktop_app.gui.shipment.partials.preview import LabelPreviewWidget

#: below this page width the preview collapses (a 1024 px screen shows the form and buttons)
WIDE_LAYOUT_MIN_WIDTH = 1180
SIDE_MIN_WIDTH = 220


class ShipmentPage(QWidget):
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
        # the form takes one column where two would need a horizontal scroll bar
        self.scroll_area.viewport().installEventFilter(self)
        self.preview = LabelPreviewWidget(context)
        self.creation = CreationPanelWidget(context, self.form, self.preview)
        self.creation.shipment_created.connect(self.shipment_created)
        self.preview_toggle = QPushButton(self.tr("Show the label preview"))
        self.preview_toggle.setObjectName("previewToggle")
        self.preview_toggle.setCheckable(True)
        self.preview_toggle.toggled.connect(self._apply_preview_visibility)
        side = QWidget()
        side.setObjectName("sidePanel")
        sl = QVBoxLayout(side)
        sl.setContentsMargins(6, 6, 6, 6)
        sl.addWidget(self.creation)
        sl.addWidget(self.preview_toggle)
        sl.addWidget(self.preview, 1)
        sl.addStretch(0)
        # the side panel scrolls on its own: a message, the error details or the preview
        # growing in it never changes the window's minimum size
        side_scroll = QScrollArea()
        side_scroll.setObjectName("sidePanelScroll")
        side_scroll.setWidget(side)
        side_scroll.setWidgetResizable(True)
        side_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        side_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar_width = side_scroll.verticalScrollBar().sizeHint().width()
        side_scroll.setMinimumWidth(SIDE_MIN_WIDTH + bar_width)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.scroll_area)
        splitter.addWidget(side_scroll)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        side.setMinimumWidth(SIDE_MIN_WIDTH)
        self.side_panel = side
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)
        self.splitter = splitter
        self.compact = False
        self._shown_once = False
        self.preview_toggle.hide()

        self.drafts = DraftKeeper(context, self.form, self)
        self.creation.shipment_created.connect(lambda *_: self.drafts.clear())
        self.creation.shipment_created.connect(lambda *_: self.show_preview())
        self.menu_actions = self._make_actions()
        self.form.tab_order_changed.connect(self.apply_tab_order)
        self.apply_tab_order()
        self.shown_environment = lambda: context.environment

    # --- keyboard ------------------------------------------------------------------------------

    def _make_actions(self) -> list[QAction]:
        """The page's keys, as actions the window's Shipment menu shows (active while the
        page has the focus: other pages have their own Enter and Esc)."""
        actions: list[QAction] = []
        for text, keys, slot, name in (
            (self.tr("&Create label"), ("Ctrl+Return", "Ctrl+Enter"), self.create_label, "create"),
            (self.tr("Create and &print"), ("Ctrl+P",), self.create_and_print, "createPrint"),
            (
                self.tr("Print the label &again"),
                ("Ctrl+Shift+L",),
                self.preview.print_current,
                "reprint",
            ),
            (self.tr("C&lear the form"), ("Escape",), self.clear_or_cancel, "clear"),
            (self.tr("Show &every problem"), ("Ctrl+Shift+E",), self.form.reveal_all, "problems"),
        ):
            action = QAction(text, self)
            action.setObjectName(f"{name}Action")
            action.setShortcuts([QKeySequence(k) for k in keys])
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            action.triggered.connect(lambda _=False, run=slot: run())
            self.addAction(action)
            actions.append(action)
        return actions

    def create_label(self) -> Any:
        """Ctrl+Enter: create the label."""
        return self.creation.request_create(False)

    def create_and_print(self) -> Any:
        """Ctrl+P: create, then print on the profile's printer."""
        return self.creation.request_create(True)

    def clear_or_cancel(self) -> None:
        """Esc: stop waiting for the carrier while creating; else empty the form for the next."""
        if self.creation.busy:
            self.creation.cancel()
            return
        self.form.reset_for_next()
        self.drafts.save_now()
        self.focus_first()

    def focus_first(self) -> None:
        """The cursor to the receiver search (or the receiver's first field)."""
        self.form.focus_first()

    def apply_tab_order(self) -> None:
        """The paper flow: receiver, packages, carrier/service, add-ons, reference, Create."""
        chain = [
            *self.form.tab_chain(),
            self.creation.create_print_button,
            self.creation.create_button,
        ]
        chain = [w for w in chain if w is not None]
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)
        # a scanner's Enter in the reference moves on to Create (never creates by itself)
        self.form.after_reference = self.creation.create_print_button

    # --- drafts and layout -----------------------------------------------------------------------

    def save_draft_now(self) -> None:
        """Keep what is typed as the profile's draft (before a switch or a close)."""
        self.drafts.save_now()

    def set_shown_environment(self, getter: Any) -> None:
        """What the window shows (banner): creation refuses when the client's differs."""
        self.shown_environment = getter
        self.creation.shown_environment = getter

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 - Qt name
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            # at launch the cursor waits in the receiver: typing and Ctrl+N work at once
            QTimer.singleShot(0, self.focus_first)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt name
        """The form's scroll area changed its width: fit the form's columns to it."""
        if event.type() == QEvent.Type.Resize and watched is self.scroll_area.viewport():
            self.form.fit_width(self.scroll_area.viewport().width())
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt name
        super().resizeEvent(event)
        compact = event.size().width() < WIDE_LAYOUT_MIN_WIDTH
        if compact != self.compact:
            self.compact = compact
            self.preview_toggle.setVisible(compact)
            self._apply_preview_visibility()

    def _apply_preview_visibility(self, *_args: Any) -> None:
        shown = not self.compact or self.preview_toggle.isChecked()
        self.preview.setVisible(shown)
        self.preview_toggle.setText(
            self.tr("Hide the label preview") if shown else self.tr("Show the label preview")
        )

    def show_preview(self) -> None:
        """Open the preview (a label was created or chosen in the history)."""
        if self.compact:
            self.preview_toggle.setChecked(True)
