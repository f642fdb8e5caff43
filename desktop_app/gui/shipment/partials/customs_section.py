"""The shipment form's customs section: shown when the destination needs a declaration
(decided by `customs_presenter`), with the contents, the seller's numbers and the items."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QPushButton, QVBoxLayout, QWidget

from desktop_app.domain.customs import load_customs_data
from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.customs_papers import documents_words
from desktop_app.gui.shipment.customs_presenter import (
    ITEM_FIELDS,
    CustomsView,
    ItemRow,
    customs_view,
    declaration,
)
from desktop_app.gui.shipment.draft_snapshot import CustomsSnapshot
from desktop_app.gui.widgets.fields import Field, FieldGroup, combo, format_number, line_edit

FIRST_ROWS = 2
CURRENCY = "EUR"


def _contents_choices() -> list[tuple[str, str]]:
    words = {
        "commercial_goods": translate("Customs", "Sale of goods"),
        "commercial_sample": translate("Customs", "Commercial sample"),
        "documents": translate("Customs", "Documents"),
        "gift": translate("Customs", "Gift"),
        "returned_goods": translate("Customs", "Returned goods"),
    }
    return [(words.get(kind, kind), kind) for kind in load_customs_data().contents_types]


def _item_captions() -> dict[str, str]:
    return {
        "description": translate("Customs", "Item (what it is, made of)"),
        "hs_tariff_number": translate("Customs", "HS code"),
        "origin_country": translate("Customs", "Origin"),
        "quantity": translate("Customs", "Qty"),
        "value_amount": translate("Customs", "Value"),
        "net_weight": translate("Customs", "Net kg"),
    }


#: what `_build` makes: asked for before it ran, they are made then (see `__getattr__`)
_BUILT_PARTS = frozenset(
    {"documents", "contents", "currency", "texts", "items_grid", "rows", "add_button", "total"}
    | {"items_error"}
)


class CustomsSectionWidget(QGroupBox):
    """Contents type, currency, explanation, the seller's customs number, MRN and the items.

    Hidden until a destination needs a declaration, so its fields are made after the window's
    first paint (a zero timer), or at once when something asks for them or the section is
    needed first (a shorter cold start; the same section whenever it is seen)."""

    edited = Signal()
    built = Signal()  # its fields exist now (the form's tab order takes them in)

    documents: QLabel
    contents: Field
    currency: Field
    texts: dict[str, Field]
    items_grid: QGridLayout
    rows: list[dict[str, Field]]
    add_button: QPushButton
    total: QLabel
    items_error: Field

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(translate("Customs", "Customs declaration"), parent)
        self.setObjectName("customsSection")
        self._built = False
        self.group = FieldGroup(self)
        self.group.edited.connect(self.edited)
        self.view = CustomsView(False)
        self.setVisible(False)
        QTimer.singleShot(0, self, self._build)

    def __getattr__(self, name: str) -> Any:
        # a part of `_build` asked for before the timer made it: made now
        if name in _BUILT_PARTS and not self.__dict__.get("_built", True):
            self._build()
            return getattr(self, name)
        raise AttributeError(name)

    def _build(self) -> None:
        """The section's fields (once)."""
        if self._built:
            return
        self._built = True
        outer = QVBoxLayout(self)
        self.documents = QLabel()
        self.documents.setWordWrap(True)
        self.documents.setStyleSheet(f"color: {color(MUTED)};")
        outer.addWidget(self.documents)
        head = QGridLayout()
        outer.addLayout(head)
        pre = "customs_declaration."
        self.contents = self.group.add(
            head, 0, 0, pre + "contents_type", translate("Customs", "Contents"),
            combo(_contents_choices(), object_name="customsContents"),
        )  # fmt: skip
        self.currency = self.group.add(
            head, 0, 1, pre + "currency", translate("Customs", "Currency"), line_edit("EUR")
        )
        self.currency.set_text(CURRENCY)
        self.texts = {}
        for index, (name, caption) in enumerate(
            (
                ("contents_explanation", translate("Customs", "Explanation")),
                ("exporter_reference", translate("Customs", "Seller's customs number")),
                ("movement_reference_number", translate("Customs", "MRN (export)")),
            )
        ):
            self.texts[name] = self.group.add(
                head, 1 + index // 2, index % 2, pre + name, caption, line_edit()
            )
        self.items_grid = QGridLayout()
        outer.addLayout(self.items_grid)
        self.rows = []
        for _ in range(FIRST_ROWS):
            self.add_row()
        self.add_button = QPushButton(translate("Customs", "Add item"))
        self.add_button.clicked.connect(self.add_row)
        self.total = QLabel()
        outer.addWidget(self.total)
        outer.addWidget(self.add_button)
        self.items_error = self.group.add_section_error(pre + "items", outer)
        self._show_view()
        self.built.emit()

    def add_row(self) -> None:
        """One more item row."""
        index = len(self.rows)
        captions = _item_captions()
        row = {}
        for col, name in enumerate(ITEM_FIELDS):
            path = f"customs_declaration.items[{index}].{name}"
            row[name] = self.group.add(
                self.items_grid, index, col, path, captions[name], line_edit()
            )
        self.items_grid.setColumnStretch(0, 3)
        self.rows.append(row)

    def item_rows(self) -> list[ItemRow]:
        """The typed rows (numbers parsed, empty texts None)."""
        if not self._built:
            return [ItemRow() for _ in range(FIRST_ROWS)]  # nothing can be typed yet
        out = []
        for row in self.rows:
            values: dict[str, Any] = {}
            for name, f in row.items():
                values[name] = (
                    f.number() if name in ("quantity", "value_amount", "net_weight") else f.value()
                )
            out.append(ItemRow(**values))
        return out

    def follow(self, draft: dict[str, Any]) -> bool:
        """Show the section when the draft's destination needs one; whether that changed."""
        view = customs_view(draft, self.item_rows())
        changed = view.needed != self.view.needed
        self.view = view
        if view.needed or self._built:
            self._build()
            self._show_view()
        self.setVisible(view.needed)
        return changed

    def _show_view(self) -> None:
        view = self.view
        self.documents.setText(self._documents_text(view))
        currency = self.currency.value() or ""
        self.total.setText(
            translate("Customs", "Total of the items: {total} {currency}").format(
                total=format_number(round(view.items_total, 2)), currency=currency
            )
        )

    def _documents_text(self, view: CustomsView) -> str:
        parts = [documents_words(view.documents)] if view.documents else []
        if view.cn22_on_label:
            parts.insert(0, translate("Customs", "CN 22 on the label"))
        printed = ", ".join(parts) or translate("Customs", "no papers")
        return translate("Customs", "Printed for customs: {documents}").format(documents=printed)

    def collect(self, draft: dict[str, Any], fields: dict[str, Field]) -> None:
        """The declaration into the draft while the section is needed; its fields' paths."""
        if not self._built:
            return  # not needed so far (`follow` makes the fields when it is)
        fields.update(self.group.fields)
        fields["customs_declaration"] = self.contents
        if not self.view.needed:
            return
        texts = {name: f.value() for name, f in self.texts.items()}
        draft["customs_declaration"] = declaration(
            self.contents.text(), self.currency.value(), texts, self.item_rows()
        )

    def fill(
        self, contents: str, currency: str, texts: dict[str, str], rows: list[ItemRow]
    ) -> None:
        """Put an order's declaration in (contents, currency, texts, one row per item; rows
        beyond its items emptied), all editable as if typed."""
        self.contents.set_text(contents)
        self.currency.set_text(currency)
        for name, f in self.texts.items():
            f.set_text(texts.get(name))
        while len(self.rows) < len(rows):
            self.add_row()
        for index, row in enumerate(self.rows):
            item = rows[index] if index < len(rows) else ItemRow()
            for name, f in row.items():
                f.set_text(getattr(item, name))

    def snapshot(self) -> CustomsSnapshot:
        """The section's texts as typed (also half-typed ones), for the form's draft."""
        return CustomsSnapshot(
            self.contents.text(),
            self.currency.text(),
            {name: f.text() for name, f in self.texts.items()},
            [{name: f.text() for name, f in row.items()} for row in self.rows],
        )

    def restore(self, snapshot: CustomsSnapshot) -> None:
        """Put a draft's texts back (rows added as needed)."""
        if snapshot.contents:
            self.contents.set_text(snapshot.contents)
        self.currency.set_text(snapshot.currency or CURRENCY)
        for name, f in self.texts.items():
            f.set_text(snapshot.texts.get(name))
        while len(self.rows) < len(snapshot.rows):
            self.add_row()
        for index, row in enumerate(self.rows):
            texts = snapshot.rows[index] if index < len(snapshot.rows) else {}
            for name, f in row.items():
                f.set_text(texts.get(name))

    def clear(self) -> None:
        """The next shipment: no items, no numbers typed, the first contents type and EUR."""
        if not self._built:
            return  # as made
        self.contents.set_text(_contents_choices()[0][1])
        self.currency.set_text(CURRENCY)
        for row in self.rows:
            for f in row.values():
                f.set_text(None)
        for f in self.texts.values():
            f.set_text(None)
        self.group.reset_touched()
