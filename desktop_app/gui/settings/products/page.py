"""Settings › Products: the open profile's product catalogue (SKU, GTIN, name, weight,
dimensions, HS code, origin, value) as an editable table, with search, add, delete and the
import of a Shopify / WooCommerce products CSV or a generic table. The order import fills an
order's weight and parcel from it, the Scan page's pack check its GTINs, customs its HS
codes. `ProductsPresenter` (presenter.py) decides and says each outcome; this widget shows."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.settings.products.presenter import COLUMNS, ProductsPresenter, cell_text
from desktop_app.gui.widgets.tables import fit_titles

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext


class ProductsPage(QWidget):
    """The Products tab of Settings."""

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("products")
        self.presenter = ProductsPresenter(ctx, self)
        self._filling = False
        self.search = QLineEdit()
        self.search.setObjectName("products_search")
        self.search.setPlaceholderText(translate("Products", "Search SKU, GTIN or name"))
        self.new_sku = QLineEdit()
        self.new_sku.setObjectName("products_new_sku")
        self.new_sku.setPlaceholderText(translate("Products", "New SKU"))
        self.add_button = QPushButton(translate("Products", "Add"))
        self.delete_button = QPushButton(translate("Products", "Delete"))
        self.import_button = QPushButton(translate("Products", "Import products…"))
        self.import_button.setObjectName("products_import")
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("products_table")
        self.table.setHorizontalHeaderLabels([translate("Products", t) for _n, t in COLUMNS])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        fit_titles(self.table.horizontalHeader())
        self.table.verticalHeader().setVisible(False)
        self.message = QLabel()
        self.message.setObjectName("products_message")
        self.message.setWordWrap(True)
        hint = QLabel(
            translate(
                "Products",
                "Orders without weights take them from here; the pack check scans these "
                "GTINs; customs declarations read HS code, origin and value.",
            )
        )
        hint.setWordWrap(True)

        tools = QHBoxLayout()
        tools.addWidget(self.search, 2)
        tools.addWidget(self.new_sku, 1)
        tools.addWidget(self.add_button)
        tools.addWidget(self.delete_button)
        tools.addWidget(self.import_button)
        layout = QVBoxLayout(self)
        layout.addWidget(hint)
        layout.addLayout(tools)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.message)

        self.search.textChanged.connect(self.show_products)
        self.add_button.clicked.connect(self.add_product)
        self.new_sku.returnPressed.connect(self.add_product)
        self.delete_button.clicked.connect(self.delete_selected)
        self.import_button.clicked.connect(self._choose_file)
        self.table.itemChanged.connect(self._edited)
        self.presenter.message_shown.connect(self.show_message)
        ctx.profile_changed.connect(lambda _profile: self.show_products())
        self.show_products()

    def show_products(self, search: str | None = None) -> None:
        """Fill the table with the catalogue's products (matching the search)."""
        products = self.presenter.reload(self.search.text() if search is None else search)
        self._filling = True
        try:
            self.table.setRowCount(len(products))
            for row, product in enumerate(products):
                for column, (name, _title) in enumerate(COLUMNS):
                    self.table.setItem(row, column, QTableWidgetItem(cell_text(product, name)))
        finally:
            self._filling = False

    def show_message(self, text: str, error: bool = False) -> None:
        """The line under the table ("" clears it)."""
        self.message.setStyleSheet(f"color: {color(ERROR)};" if error else "")
        self.message.setText(text)

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        name = COLUMNS[item.column()][0]
        self.presenter.edit(item.row(), name, item.text())
        self._filling = True
        try:  # the stored value as the catalogue holds it (or the old one back)
            product = self.presenter.products[item.row()]
            item.setText(cell_text(product, name))
        finally:
            self._filling = False

    def add_product(self) -> None:
        """Add a product with the typed SKU."""
        sku = self.new_sku.text().strip()
        if self.presenter.add(sku) is not None:
            return
        self.new_sku.clear()
        self.show_products()
        matches = self.table.findItems(sku, Qt.MatchFlag.MatchExactly)
        if matches:
            self.table.setCurrentItem(matches[0])

    def delete_selected(self) -> None:
        """Delete the selected products."""
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.presenter.delete(row)
        self.show_products()

    def _choose_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(
            self,
            translate("Products", "Import products"),
            "",
            translate("Products", "Product lists (*.csv *.txt *.xlsx *.xlsm);;All files (*)"),
        )
        if path:
            self.import_file(Path(path))

    def import_file(self, path: Path) -> Any:
        """Import a product file and show the catalogue with it."""
        _text, error = self.presenter.import_file(path)
        self.show_products()
        return not error
