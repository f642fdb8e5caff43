"""The Scan page: a packing station driven by a barcode scanner alone.

The scan box has the focus whenever the page is shown; a keyboard-wedge scanner types the
code and Enter, which is one scan. The outcome fills the page: green with the carrier and
tracking number, red with the reason and what to do, blue while an order is being packed.
Every outcome sounds (a short rising two-tone, a low buzz for an error; the desktop bell where
no player is found: gui/scan/sound.py) unless the profile turned sounds off; an
error stays until the packer presses Esc, so none goes unnoticed; after a success the next
scan is taken at once.

Keys: F2 ship now, F3 next shipping preset, F4 reprint label and slip, F5 read the orders
again, F6 ship with the pack check incomplete (recorded), F7 open the order in the New shipment
form (to complete it there), Esc confirm an error / drop the order. The decisions are
`ScanPresenter`'s (gui/scan/presenter.py, no widget); this page composes the outcome banner,
the order's items and the weight/preset panel and keeps the focus where a scanner types.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.scan.partials.banner import OutcomeBanner
from desktop_app.gui.scan.partials.order_panel import OrderItemsPanel
from desktop_app.gui.scan.partials.weight_panel import WeightPresetPanel
from desktop_app.gui.scan.presenter import BLUE, GREEN, RED, ScanPresenter
from desktop_app.gui.scan.sound import ScanSounds
from desktop_app.gui.scan.watched import WatchedFolderPoller
from desktop_app.gui.widgets.accessibility import announce
from desktop_app.gui.widgets.elided import breakable, reserve_lines
from desktop_app.gui.widgets.folder_button import FolderButton
from desktop_app.gui.widgets.scale import ScalePresenter

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

__all__ = ["BLUE", "GREEN", "RED", "ScanPage"]


class ScanPage(QWidget):
    """Scan box, outcome banner, the order's items, weight and preset, watched folder."""

    outcome_shown = Signal(object)  # ScanOutcome, after the page shows it

    def __init__(self, ctx: AppContext, *, scale: ScalePresenter | None = None) -> None:
        super().__init__()
        self.setObjectName("scanPage")
        self.ctx = ctx
        self.scale = scale or ScalePresenter(self)
        self.presenter = ScanPresenter(ctx, self.scale)
        self.folder = WatchedFolderPoller(ctx, self)
        self.sounds = ScanSounds()

        self.scan_box = QLineEdit()
        self.scan_box.setObjectName("scan_box")
        self.scan_box.setPlaceholderText(translate("Scan", "Scan an order or an item"))
        self.scan_box.setAccessibleName(translate("Scan", "Scan"))
        big = QFont(self.scan_box.font())
        big.setPointSize(max(16, big.pointSize() * 2))
        self.scan_box.setFont(big)
        self.scan_box.returnPressed.connect(self._on_return)
        self.outcome = OutcomeBanner()
        self.order_panel = OrderItemsPanel()
        self.weight_panel = WeightPresetPanel()
        self.weight_panel.weight_box.returnPressed.connect(self._on_weight)
        self.keys = QLabel(
            translate(
                "Scan",
                "F2 ship now · F3 next preset · F4 reprint · F5 read orders · "
                "F6 ship incomplete · F7 open in form · Esc confirm / drop order",
            )
        )
        self.keys.setObjectName("scan_keys")
        # two lines kept: the German keys are wider than a 1024 px screen in one
        reserve_lines(self.keys, 2)
        # the folder (its name; the path is in the tooltip and "Open folder" opens it) and its
        # status in lines kept for them, so no status moves the page
        self.folder_label = QLabel()
        self.folder_label.setObjectName("scan_watched_folder")
        reserve_lines(self.folder_label, 3)
        self.folder_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom)
        self.folder_status = QLabel()
        self.folder_status.setObjectName("scan_watched_status")
        reserve_lines(self.folder_status, 1)
        self.folder_button = QPushButton(translate("Scan", "Choose watched folder…"))
        self.folder_button.setObjectName("scan_watched_choose")
        self.folder_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.folder_button.clicked.connect(self._choose_folder)

        info = QVBoxLayout()
        info.addWidget(self.weight_panel)
        info.addStretch(1)
        info.addWidget(self.folder_label)
        info.addWidget(self.folder_status)
        self.folder_open = FolderButton("scan_watched_open", keep_place=True)
        self.folder_open.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        folder_buttons = QHBoxLayout()
        folder_buttons.addWidget(self.folder_button)
        folder_buttons.addWidget(self.folder_open)
        folder_buttons.addStretch(1)
        info.addLayout(folder_buttons)
        lower = QHBoxLayout()
        lower.addLayout(info, 1)
        lower.addWidget(self.order_panel, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scan_box)
        layout.addWidget(self.outcome)
        layout.addLayout(lower, 1)
        layout.addWidget(self.keys)

        presenter = self.presenter
        for key, slot in (
            ("F2", presenter.ship_now),
            ("F3", presenter.next_preset),
            ("F4", presenter.reprint),
            ("F5", presenter.refresh_orders),
            ("F6", presenter.ship_incomplete),
            ("F7", presenter.order_to_form),
            ("Esc", presenter.acknowledge),
        ):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._keep_focus)
        presenter.changed.connect(self.show_view)
        presenter.outcome_shown.connect(self._announce)
        presenter.outcome_shown.connect(self.outcome_shown)
        presenter.sound.connect(self.sounds.play)
        self.folder.changed.connect(self._show_folder)
        self.show_view()
        self._show_folder()

    # --- the watched folder --------------------------------------------------------------------

    def _show_folder(self) -> None:
        self.folder_label.setText(breakable(self.folder.text))
        folder = self.folder.folder()
        self.folder_label.setToolTip(folder or self.folder.text)
        self.folder_status.setText(breakable(self.folder.status))
        self.folder_status.setToolTip(self.folder.status)
        self.folder_open.show_folder(Path(folder) if folder else None)

    def _choose_folder(self) -> None:
        chosen = QFileDialog.getExistingDirectory(
            self, translate("Scan", "Folder the shop drops its order exports into")
        )
        if chosen:
            self.folder.set_folder(chosen)

    # --- focus ---------------------------------------------------------------------------------

    def showEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """The scan box takes the focus as soon as the page shows."""
        super().showEvent(event)  # type: ignore[arg-type]
        self.scale.start()
        QTimer.singleShot(0, self._focus_box)

    def _focus_box(self) -> None:
        weight_box = self.weight_panel.weight_box
        box = weight_box if weight_box.isVisible() else self.scan_box
        if self.isVisible() and not box.hasFocus():
            box.setFocus(Qt.FocusReason.OtherFocusReason)

    def _keep_focus(self, _old: QObject | None, new: QObject | None) -> None:
        if not self.isVisible():
            return
        if new in (self.scan_box, self.weight_panel.weight_box):
            return
        if isinstance(new, QWidget) and new.window() is not self.window():
            return  # a dialog of its own keeps its focus
        QTimer.singleShot(0, self._focus_box)

    # --- input and output ----------------------------------------------------------------------

    def _on_return(self) -> None:
        code = self.scan_box.text()
        self.scan_box.clear()
        self.presenter.scan(code)

    def _on_weight(self) -> None:
        self.presenter.type_weight(self.weight_panel.weight_box.text())

    def _announce(self, _outcome: object) -> None:
        """A screen reader speaks each outcome (an error at once, interrupting)."""
        view = self.presenter.view
        text = "\n".join(t for t in (view.title, view.detail) if t)
        announce(self.outcome, text, assertive=view.color == RED)

    def show_view(self) -> None:
        """Show the presenter's view; the focus follows the box a scanner should type into."""
        view = self.presenter.view
        self.outcome.show_outcome(view.color, view.title, view.detail, view.papers_file)
        self.order_panel.show_order(view.order, view.items)
        self.weight_panel.show_weight(view.weight, view.preset, asks_weight=view.asks_weight)
        QTimer.singleShot(0, self._focus_box)
