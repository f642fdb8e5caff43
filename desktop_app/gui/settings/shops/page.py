"""Settings › Shops: the open profile's shop connections (WooCommerce, Shopware 6, Shopify).

The list shows each connection with its platform, address, test or live, last sync, orders
pulled and write-backs (written, waiting, refused), and under it the selected shop's problems
with the shop's answer in words. Test connection, Sync now and Remove act on the selected
shop; the "New shop connection" box (partials/shop_form.py) adds one. What is shown and every
decision come from `ShopsPresenter` (presenter.py), which says each outcome; each finished
round of the app's shop sync (`AppContext.shop_round_done`) refreshes the page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.shops.partials.shop_form import ShopFormWidget
from desktop_app.gui.settings.shops.presenter import ShopRow, ShopsPresenter
from desktop_app.gui.widgets.meaning_items import MeaningTableItem
from desktop_app.gui.widgets.tables import pick_one_table

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class ShopsPage(QWidget):
    """The Shops tab of Settings."""

    #: a line under the list was shown (its text)
    message_shown = Signal(str)
    #: the list was filled again (how many shops)
    refreshed = Signal(int)

    COLUMNS = (
        QT_TRANSLATE_NOOP("Settings", "Shop"),
        QT_TRANSLATE_NOOP("Settings", "Platform"),
        QT_TRANSLATE_NOOP("Settings", "Kind"),
        QT_TRANSLATE_NOOP("Settings", "Last sync"),
        QT_TRANSLATE_NOOP("Settings", "Orders pulled"),
        QT_TRANSLATE_NOOP("Settings", "Tracking written back"),
    )

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("shops")
        self.presenter = ShopsPresenter(ctx, self)
        self.tasks = self.presenter.tasks
        #: a remove asks first; tests and scripts may turn that off
        self.confirm_remove = True
        self.rows: list[ShopRow] = []

        self.table = pick_one_table("shop_table", "Settings", self.COLUMNS)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        # every column as wide as its title and cells, the last one takes what is left: no
        # title is cut at 1024x600 (the list scrolls sideways where German needs more)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.details = QLabel()
        self.details.setObjectName("shop_details")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.test_button = QPushButton(translate("Settings", "Test connection"))
        self.test_button.setObjectName("shop_test_saved")
        self.sync_button = QPushButton(translate("Settings", "Sync now"))
        self.sync_button.setObjectName("shop_sync")
        self.sync_button.setToolTip(
            translate("Settings", "Pull the open orders and write tracking numbers back now")
        )
        self.remove_button = QPushButton(translate("Settings", "Remove…"))
        self.remove_button.setObjectName("shop_remove")
        self.message = QLabel()
        self.message.setObjectName("shop_message")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        platforms = self.presenter.platforms()
        self.form = ShopFormWidget(
            platforms,
            {key: self.presenter.credential_fields(key) for key, _ in platforms},
            {key: self.presenter.example_url(key) for key, _ in platforms},
        )

        buttons = QHBoxLayout()
        buttons.addWidget(self.sync_button)
        buttons.addStretch(1)
        buttons.addWidget(self.test_button)
        buttons.addWidget(self.remove_button)
        left = QVBoxLayout()
        left.addWidget(self.table, 1)
        left.addWidget(self.details)
        left.addLayout(buttons)
        left.addWidget(self.message)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 3)
        layout.addWidget(self.form, 2)

        self.form.edited.connect(self.check)
        self.form.add_button.clicked.connect(self.add)
        self.form.test_button.clicked.connect(lambda: self.tasks.spawn(self.test_draft()))
        self.test_button.clicked.connect(self._on_test_saved)
        self.sync_button.clicked.connect(self.sync_now)
        self.remove_button.clicked.connect(self._on_remove)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.presenter.message_shown.connect(self.show_message)
        ctx.shop_round_done.connect(self._on_round)
        ctx.profile_changed.connect(self._on_profile)
        ctx.connection_changed.connect(self._on_connection)
        self._on_profile()

    # --- state ---------------------------------------------------------------------------------

    def show_message(self, text: str, error: bool = False) -> None:
        """A line under the list."""
        self.message.setStyleSheet(f"color: {color(ERROR)};" if error else "")
        self.message.setText(text)
        self.message_shown.emit(text)

    def _on_profile(self, *_args: Any) -> None:
        self.form.set_environment(self.presenter.default_environment())
        self.message.clear()
        self.refresh()

    def _on_connection(self, *_args: Any) -> None:
        self._selection_changed()  # Sync now needs the app's shop rounds, started on connect

    def _on_round(self, round_result: Any) -> None:
        self.refresh()
        self.presenter.round_done(round_result)

    def refresh(self) -> None:
        """Fill the list again from the profile's connections and outbox."""
        selected = self.selected_name()
        self.rows = self.presenter.rows()
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            cells = (row.name, row.platform, row.kind, row.last_sync, row.pulled, row.write_backs)
            for c, value in enumerate(cells):
                item = MeaningTableItem(value, ERROR if row.problems else None)
                item.setData(Qt.ItemDataRole.UserRole, row.name)
                item.setToolTip(row.url if c == 0 else value)
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        if selected:
            self.select(selected)
        self._selection_changed()
        self.check()
        self.refreshed.emit(len(self.rows))

    def selected_name(self) -> str | None:
        """The selected connection's name."""
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else None

    def select(self, name: str) -> bool:
        """Select a connection's row."""
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item and str(item.data(Qt.ItemDataRole.UserRole)).casefold() == name.casefold():
                self.table.selectRow(r)
                return True
        return False

    def _selection_changed(self) -> None:
        name = self.selected_name()
        row = next((r for r in self.rows if r.name == name), None)
        self.details.setText(f"{row.url}\n{row.problems}".strip() if row else "")
        self.details.setStyleSheet(f"color: {color(ERROR)};" if row and row.problems else "")
        for button in (self.test_button, self.remove_button):
            button.setEnabled(row is not None)
        self.sync_button.setEnabled(bool(self.rows) and self.ctx.shops is not None)

    # --- actions -------------------------------------------------------------------------------

    def check(self) -> list[str]:
        """The typed connection's problems; Test and Add only without any."""
        problems = self.presenter.problems(self.form.draft())
        self.form.show_problems(problems)
        return problems

    def add(self) -> bool:
        """Keep the typed connection."""
        done = self.presenter.add(self.form.draft())
        if done:
            name = self.form.draft().name.strip()
            self.form.clear()
            self.refresh()
            self.select(name)
        return done

    async def test_draft(self) -> bool:
        """Test the typed connection."""
        self.form.test_button.setEnabled(False)
        try:
            return await self.presenter.test(self.form.draft())
        finally:
            self.check()

    def _on_test_saved(self) -> None:
        name = self.selected_name()
        if name:
            self.tasks.spawn(self.test_saved(name))

    async def test_saved(self, name: str) -> bool:
        """Test a kept connection."""
        return await self.presenter.test_saved(name)

    def sync_now(self) -> None:
        """Have the app sync every shop now."""
        self.presenter.sync_now()

    def _on_remove(self) -> None:
        name = self.selected_name()
        if name is None:
            return
        if self.confirm_remove:
            answer = QMessageBox.question(
                self,
                translate("Settings", "Remove shop"),
                self.presenter.remove_question(name),
                QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
                QMessageBox.StandardButton.Cancel,
            )
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.remove(name)

    def remove(self, name: str) -> None:
        """Forget a connection."""
        self.presenter.remove(name)
        self.refresh()
