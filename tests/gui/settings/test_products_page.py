"""Settings › Products (the profile's product catalogue) and the Batch page's door of the import
engine: a Shopify orders export on the page is recognised, grouped into orders, its weights
taken from the catalogue (said per order), and its labels printed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.batch.presenter import BatchPresenter
from desktop_app.gui.batch.row_texts import filled_text
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.i18n import install_translations
from desktop_app.gui.settings.products.page import ProductsPage
from desktop_app.gui.settings.products.presenter import ProductsPresenter
from desktop_app.gui.widgets.problems import column_problem_text
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.catalogue import Catalogue
from tests.gui.app_context import use_printer

pytestmark = pytest.mark.timeout(180)

PLATFORMS = Path(__file__).parents[2] / "orders" / "fixtures" / "platforms"


@pytest.mark.parametrize("language", ["en", "de"])
async def test_products_import_edit_and_fit_a_small_screen(
    batch_ctx: AppContext, qtbot: QtBot, language: str
) -> None:
    install_translations(language)
    try:
        page = ProductsPage(batch_ctx)
        qtbot.addWidget(page)
        # the Settings tab's content at 1024x600 (window frame, tabs and margins taken off)
        hint = page.minimumSizeHint()
        assert hint.width() <= 1000 and hint.height() <= 480, hint
        assert page.import_file(PLATFORMS / "shopify_products_export.csv")
        assert page.table.rowCount() == 4
        imported = page.message.text()
        expected = "4 Produkte aus" if language == "de" else "4 products imported from"
        assert imported.startswith(expected), imported
        # edit the weight in place: a word is refused, a number saved
        row = [page.table.item(r, 0).text() for r in range(4)].index("MUG-01")
        page.table.item(row, 3).setText("schwer")
        assert page.table.item(row, 3).text() == "0.45"  # the stored value back
        assert page.message.text() != imported
        page.table.item(row, 3).setText("0,5")
        assert page.table.item(row, 3).text() == "0.5"
        page.new_sku.setText("BOX-1")
        page.add_product()
        assert page.table.rowCount() == 5
        page.search.setText("tshirt")
        assert page.table.rowCount() == 2
    finally:
        install_translations("en")
    assert batch_ctx.store is not None
    catalogue = Catalogue.of_store(batch_ctx.store)
    assert catalogue is not None
    mug = catalogue.lookup("MUG-01")
    assert mug is not None and mug.weight_kg == 0.5


async def test_the_products_presenter_says_each_outcome(batch_ctx: AppContext) -> None:
    """Without a window: every change is said through the presenter's one message signal."""
    presenter = ProductsPresenter(batch_ctx)
    said: list[tuple[str, bool]] = []
    presenter.message_shown.connect(lambda text, error: said.append((text, error)))
    assert presenter.add("  ") == "A product needs its SKU."
    assert said == [("A product needs its SKU.", True)]
    assert presenter.add("BOX-1") is None
    assert said[-1] == ("Added BOX-1: fill in its weight and sizes.", False)
    assert presenter.add("box-1") == "Another product has the SKU box-1."
    assert said[-1] == ("Another product has the SKU box-1.", True)
    [index] = [i for i, p in enumerate(presenter.reload("")) if p.sku == "BOX-1"]
    assert presenter.edit(index, "weight_kg", "schwer") == "Enter a number (0 or more)."
    assert said[-1] == ("Enter a number (0 or more).", True)
    assert presenter.edit(index, "weight_kg", "1,5") is None
    assert said[-1] == ("Saved.", False) and presenter.products[index].weight_kg == 1.5
    text, error = presenter.import_file(PLATFORMS / "no_such_products.csv")
    assert error and said[-1] == (text, True) and "no_such_products.csv" in text


async def test_shopify_export_on_the_batch_page(
    batch_ctx: AppContext, tmp_path: Path, qapp: Any
) -> None:
    ctx = batch_ctx
    assert ctx.store is not None
    catalogue = Catalogue.of_store(ctx.store)
    assert catalogue is not None
    from desktop_app.orders.products import import_products

    import_products(PLATFORMS / "products.csv", catalogue)
    presenter = BatchPresenter(ctx)
    batch = await presenter.load_file(PLATFORMS / "shopify_orders_export.csv")
    assert batch is not None and len(batch.rows) == 4
    assert presenter.mapping_note.startswith("Recognised: Shopify orders export.")
    assert presenter.file_text(PLATFORMS / "shopify_orders_export.csv").endswith("4 orders")
    assert presenter.counts() == {"ready": 4}, [batch.problem_lines(r) for r in batch.rows]
    assert "Weight: catalogue" in filled_text(batch.rows[0])
    # a problem names the file's column, and is fixed in place
    batch.edit_cell(2, "Shipping Zip", "")
    (problem,) = batch.rows[2].problems
    assert column_problem_text(batch.column_for(problem.path), problem).startswith(
        "Column “Shipping Zip”: "
    )
    batch.edit_cell(2, "Shipping Zip", "75002")
    async with VirtualPrinter(tmp_path / "vp", render=False) as printer:
        use_printer(ctx, printer.uri)
        summary = await presenter.create_all()
        assert summary is not None
        assert [r.status for r in batch.rows] == ["created"] * 4
        await printer.wait_for_jobs(4)
    assert [r.reference for r in batch.rows] == ["#1001", "#1002", "#1003", "#1004"]
