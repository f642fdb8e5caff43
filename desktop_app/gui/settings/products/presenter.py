"""What Settings › Products decides, without a widget: the open profile's product catalogue
(`desktop_app.profiles.catalogue`), searched, edited cell by cell (numbers checked), products
added, deleted, and product files imported (`desktop_app.orders.products`: Shopify and
WooCommerce products CSV, a generic table). Every outcome is said through the presenter
base's `message_shown`. Tested without a window."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

from desktop_app.domain.translation_marks import QT_TRANSLATE_NOOP
from desktop_app.gui.core.presenter import Presenter
from desktop_app.gui.i18n import translate
from desktop_app.orders.cell_values import country_code, parse_number
from desktop_app.orders.importer import TableError
from desktop_app.orders.products import import_products
from desktop_app.profiles.catalogue import Catalogue, Product

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

#: (Product field, column title) in the table's order
COLUMNS: tuple[tuple[str, str], ...] = (
    ("sku", QT_TRANSLATE_NOOP("Products", "SKU")),
    ("gtin", QT_TRANSLATE_NOOP("Products", "GTIN / EAN")),
    ("name", QT_TRANSLATE_NOOP("Products", "Name")),
    ("weight_kg", QT_TRANSLATE_NOOP("Products", "Weight (kg)")),
    ("length_cm", QT_TRANSLATE_NOOP("Products", "Length (cm)")),
    ("width_cm", QT_TRANSLATE_NOOP("Products", "Width (cm)")),
    ("height_cm", QT_TRANSLATE_NOOP("Products", "Height (cm)")),
    ("hs_code", QT_TRANSLATE_NOOP("Products", "HS code")),
    ("origin_country", QT_TRANSLATE_NOOP("Products", "Origin")),
    ("value", QT_TRANSLATE_NOOP("Products", "Value")),
)
_NUMBERS = frozenset({"weight_kg", "length_cm", "width_cm", "height_cm", "value"})


def cell_text(product: Product, name: str) -> str:
    """A product's field as the table shows it ("" when unknown)."""
    value = getattr(product, name)
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class ProductsPresenter(Presenter):
    """The catalogue of the open profile and what the page may do with it."""

    def __init__(self, ctx: AppContext, parent: QObject | None = None) -> None:
        super().__init__(ctx, parent)
        self.search = ""
        self.products: list[Product] = []

    def catalogue(self) -> Catalogue | None:
        """The open profile's catalogue (None before a profile's store is open)."""
        return Catalogue.of_store(self.ctx.store) if self.ctx.store is not None else None

    def reload(self, search: str | None = None) -> list[Product]:
        """The products to show (those matching the search), by SKU."""
        if search is not None:
            self.search = search
        catalogue = self.catalogue()
        self.products = catalogue.all(self.search) if catalogue is not None else []
        return self.products

    def edit(self, index: int, name: str, text: str) -> str | None:
        """Set one field of the product shown at `index` and say so; the problem in words
        (said as an error), or None."""
        problem = self._edit(index, name, text)
        self.show_message(problem or translate("Products", "Saved."), error=problem is not None)
        return problem

    def _edit(self, index: int, name: str, text: str) -> str | None:
        catalogue = self.catalogue()
        if catalogue is None or not 0 <= index < len(self.products):
            return translate("Products", "Open a profile first.")
        product = self.products[index]
        text = text.strip()
        value: object = text or None
        if name == "sku":
            if not text:
                return translate("Products", "A product needs its SKU.")
            if text.casefold() != product.sku.casefold() and catalogue.lookup(text):
                return translate("Products", "Another product has the SKU {sku}.").format(sku=text)
        elif name in _NUMBERS and text:
            number = parse_number(text)
            if not isinstance(number, float) or number < 0:
                return translate("Products", "Enter a number (0 or more).")
            value = number
        elif name == "gtin" and text and (not text.isdigit() or len(text) not in (8, 12, 13, 14)):
            return translate("Products", "A GTIN has 8, 12, 13 or 14 digits.")
        elif name == "origin_country" and text:
            value = country_code(text)
            if len(str(value)) != 2:
                return translate("Products", "Enter the country of origin as a code or name.")
        elif name == "hs_code" and text and not text.replace(" ", "").isdigit():
            return translate("Products", "An HS code has digits only.")
        elif name == "name":
            value = text
        change: dict[str, Any] = {name: value}  # the field's type was checked above
        updated = replace(product, **change)
        if name == "sku":
            catalogue.delete(product.sku)
        catalogue.put(updated)
        self.products[index] = updated
        return None

    def add(self, sku: str) -> str | None:
        """Add a product with this SKU and say so; the problem in words (said as an error),
        or None."""
        catalogue = self.catalogue()
        sku = sku.strip()
        problem: str | None = None
        if catalogue is None:
            problem = translate("Products", "Open a profile first.")
        elif not sku:
            problem = translate("Products", "A product needs its SKU.")
        elif catalogue.lookup(sku) is not None:
            problem = translate("Products", "Another product has the SKU {sku}.").format(sku=sku)
        if catalogue is None or problem is not None:
            self.show_message(problem or "", error=True)
            return problem
        catalogue.put(Product(sku=sku))
        self.reload()
        self.show_message(
            translate("Products", "Added {sku}: fill in its weight and sizes.").format(sku=sku)
        )
        return None

    def delete(self, index: int) -> None:
        """Remove the product shown at `index`."""
        catalogue = self.catalogue()
        if catalogue is not None and 0 <= index < len(self.products):
            catalogue.delete(self.products[index].sku)
            self.reload()

    def import_file(self, path: Path) -> tuple[str, bool]:
        """Import a product file and say what happened; the words, and whether it is an
        error."""
        text, error = self._import(path)
        self.show_message(text, error)
        return text, error

    def _import(self, path: Path) -> tuple[str, bool]:
        catalogue = self.catalogue()
        if catalogue is None:
            return translate("Products", "Open a profile first."), True
        try:
            report = import_products(path, catalogue)
        except (TableError, OSError) as exc:
            return translate("Products", "Could not read {name}: {exc}").format(
                name=path.name, exc=exc
            ), True
        self.reload()
        text = translate("Products", "%n product(s) imported from {name}.", None, report.added)
        text = text.format(name=path.name)
        if report.skipped:
            lines = ", ".join(str(line) for line, _why in report.skipped[:10])
            text += " " + translate(
                "Products", "%n row(s) without a SKU or with a weight that is no number left "
                "out (line {lines}).", None, len(report.skipped),
            ).format(lines=lines)  # fmt: skip
        if report.without_weight:
            shown = ", ".join(report.without_weight[:5])
            more = len(report.without_weight) - 5
            text += " " + translate(
                "Products", "%n without a weight in the file ({skus}): enter it here.", None,
                len(report.without_weight),
            ).format(skus=shown + (f" +{more}" if more > 0 else ""))  # fmt: skip
        if report.shop_ids:
            text += " " + translate(
                "Products", "The shop's ids of %n product(s) learned for its order exports.",
                None, report.shop_ids,
            )  # fmt: skip
        return text, False
