"""The batch page's one question about a shop's ids: Shopware's default orders export names
the delivery country and the products by the shop's internal ids. The page asks once for the
whole file which country (and product) each id is; the profile remembers it for every later
file of the shop (the presenter's `learn_shop_ids`), so no order asks again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.countries import attach_country_list, country_code

#: the orders named beside an id
SHOWN_ORDERS = 3


def orders_text(numbers: list[str]) -> str:
    """ "orders 10001, 10002 and 3 more" """
    shown = ", ".join(numbers[:SHOWN_ORDERS])
    more = len(numbers) - SHOWN_ORDERS
    if more > 0:
        return translate("Batch", "orders {numbers} and %n more", None, more).format(numbers=shown)
    return translate("Batch", "order(s) {numbers}", None, len(numbers)).format(numbers=shown)


class ShopIdsDialog(QDialog):
    """One field per unknown id: the country (a name or code) or the product's SKU."""

    def __init__(
        self,
        unknown: Mapping[str, Mapping[str, list[str]]],
        learn: Callable[[dict[str, dict[str, str]]], bool],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("batch_shop_ids_dialog")
        self.setWindowTitle(translate("Batch", "Shop ids in this file"))
        self.learn = learn
        self.fields: dict[str, dict[str, QLineEdit]] = {}
        layout = QVBoxLayout(self)
        intro = QLabel(
            translate(
                "Batch",
                "This export names countries and products by the shop's internal ids. Say "
                "once what each id is: the profile remembers it for every file of this shop.",
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        titles = {
            "country": translate("Batch", "Countries (name or code)"),
            "product": translate("Batch", "Products (SKU)"),
        }
        for kind, ids in unknown.items():
            if not ids:
                continue
            layout.addWidget(QLabel(f"<b>{titles.get(kind, kind)}</b>"))
            form = QFormLayout()
            for shop_id, numbers in ids.items():
                edit = QLineEdit()
                edit.setObjectName(f"shop_id_{kind}_{shop_id}")
                if kind == "country":
                    attach_country_list(edit)
                form.addRow(f"{shop_id}\n({orders_text(numbers)})", edit)
                self.fields.setdefault(kind, {})[shop_id] = edit
            layout.addLayout(form)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        layout.addWidget(buttons)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)

    def answers(self) -> dict[str, dict[str, str]]:
        """What was typed: kind -> id -> country code or SKU (empty fields left out)."""
        out: dict[str, dict[str, str]] = {}
        for kind, edits in self.fields.items():
            for shop_id, edit in edits.items():
                text = edit.text().strip()
                if text:
                    out.setdefault(kind, {})[shop_id] = (
                        country_code(text) if kind == "country" else text
                    )
        return out

    def save(self) -> bool:
        """Remember the answers in the profile and check the orders again; closes."""
        if self.learn(self.answers()):
            self.accept()
            return True
        return False
