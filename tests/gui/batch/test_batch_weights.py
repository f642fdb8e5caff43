"""The Batch page's weights (issue 35): a platform's order export on a profile without a
catalogue shows every order as "No weight" (never "Choose a carrier") with nothing to create;
after the platform's product export fills the catalogue, every order shows its weight and
where it came from and all labels print; a weight typed in the list, one weight for all and
a weight weighed on the (virtual) scale each print too. Against the real local service, the
virtual printer and the virtual scale."""

from __future__ import annotations

from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from desktop_app.gui.batch.page import BatchPage
from desktop_app.gui.batch.weights import BatchWeights
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.orders.products import import_products
from desktop_app.printing.virtual_printer import VirtualPrinter
from desktop_app.profiles.catalogue import Catalogue
from desktop_app.scales.config import ScaleConfig
from desktop_app.scales.virtual_scale import VirtualScale
from tests.gui.app_context import use_printer
from tests.gui.shipment_desk import wait_until
from tests.orders.test_weights import GOODS, PLATFORMS, PRODUCT_EXPORTS, learn_countries

pytestmark = pytest.mark.timeout(240)

NO_WEIGHT = "No weight: weigh it, type it, or give the product a weight."
#: the platforms a seller tried (issue 35), and Shopware whose product export names its ids
ON_THE_PAGE = [
    "shopify_orders_export.csv",
    "amazon_unshipped_orders.txt",
    "ebay_orders_report.csv",
    "etsy_sold_order_items.csv",
    "woocommerce_customer_order_export.csv",
    "shopware6_orders.csv",
]


def _catalogue(ctx: AppContext) -> Catalogue:
    assert ctx.store is not None
    catalogue = ctx.store.catalogue
    assert catalogue is not None
    return catalogue


@pytest.mark.parametrize("name", ON_THE_PAGE)
async def test_export_says_no_weight_then_weighs_itself_and_prints(
    batch_ctx: AppContext, qtbot: QtBot, tmp_path: Path, name: str
) -> None:
    ctx = batch_ctx
    catalogue = _catalogue(ctx)
    learn_countries(catalogue)  # Shopware names countries by id: said once per shop
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    batch = await page.load_file(PLATFORMS / name)
    assert batch is not None and len(batch.rows) == 4
    for row in range(4):
        assert page.model.index(row, 2).data() == NO_WEIGHT  # the cause, and only it
        assert page.model.index(row, page.model.WEIGHT).data() == "No weight"
    assert page.weights_bar.isVisibleTo(page)
    assert page.weights_bar.missing_label.text() == "4 orders without a weight:"
    assert not page.create_button.isEnabled()

    report = import_products(PLATFORMS / PRODUCT_EXPORTS[name], catalogue)
    assert report.added >= 3
    batch = await page.load_file(PLATFORMS / name)
    assert batch is not None and page.counts() == {"ready": 4}
    assert not page.weights_bar.isVisibleTo(page)
    weights = [page.model.index(r, page.model.WEIGHT).data() for r in range(4)]
    assert weights == [f"{kg:.3f} kg · catalogue" for kg in GOODS]
    async with VirtualPrinter(tmp_path / "vp", render=False) as printer:
        use_printer(ctx, printer.uri)
        summary = await page.create_all()
        assert summary is not None
        assert [r.status for r in batch.rows] == ["created"] * 4
        await printer.wait_for_jobs(4)


async def test_typed_weighed_and_one_for_all_print(
    batch_ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    ctx = batch_ctx
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    scale = VirtualScale(load_kg=0.0, link=tmp_path / "scale")
    scale.start()
    presenter = ScalePresenter(config=ScaleConfig(uri=scale.uri, interval=0.05))
    page.weights = weights = BatchWeights(lambda: page.presenter.batch, presenter, page)
    weights.row_weighed.connect(page.model.refresh_row)
    try:
        batch = await page.load_file(PLATFORMS / "amazon_unshipped_orders.txt")
        assert batch is not None and page.counts() == {"invalid": 4}
        # typed in the list: a word is refused, a number (the desk's decimal comma) taken
        cell = page.model.index(0, page.model.WEIGHT)
        assert not page.model.setData(cell, "schwer")
        assert page.model.setData(cell, "2,5")
        assert batch.rows[0].valid and cell.data() == "2.500 kg · typed"

        # weighed on the scale in file order: orders 2 and 3, the pan emptied in between
        assert weights.start_weighing()
        assert weights.weighing is not None and weights.weighing.current is batch.rows[1]
        scale.set_load(0.734, stable=True)
        await wait_until(lambda: batch.rows[1].weight.kg is not None)
        assert batch.rows[1].weight.kg == 0.734 and batch.rows[1].weight.source == "scale"
        assert weights.weighing.current is batch.rows[2]
        assert "Take the last parcel off the scale" in weights.weighing_text()
        scale.set_load(0.0, stable=True)  # the pan emptied: the next parcel weighs order 3
        await wait_until(lambda: "Put its parcel on the scale" in weights.weighing_text())
        scale.set_load(1.2, stable=True)
        await wait_until(lambda: batch.rows[2].weight.kg is not None)
        assert batch.rows[2].weight.kg == 1.2
        weights.stop_weighing()

        # one weight for the rest
        assert weights.weight_for_all(0.9) == 1
        assert batch.rows[3].weight.kg == 0.9 and page.counts() == {"ready": 4}
        async with VirtualPrinter(tmp_path / "vp", render=False) as printer:
            use_printer(ctx, printer.uri)
            summary = await page.create_all()
            assert summary is not None
            assert [r.status for r in batch.rows] == ["created"] * 4
            await printer.wait_for_jobs(4)
        assert [r.weight.source for r in batch.rows] == ["typed", "scale", "scale", "typed"]
    finally:
        await presenter.aclose()
        scale.stop()


async def test_default_and_box_weight_save_when_changed_and_the_batch_follows(
    batch_ctx: AppContext, qtbot: QtBot
) -> None:
    from desktop_app.gui.settings.preferences.page import PreferencesPage

    ctx = batch_ctx
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    batch = await page.load_file(PLATFORMS / "german_spreadsheet_gewicht.csv")
    assert batch is not None and batch.rows[0].weight.kg == pytest.approx(1.1)
    # the mapping step shows what the weight column was read as: one item's
    shown = page.mapping.mapping()
    assert shown["item.weight"].column == "Gewicht" and "package.weight" not in shown
    assert page.model.index(0, page.model.WEIGHT).data() == "1.100 kg · order file"
    amazon = BatchPage(ctx)
    qtbot.addWidget(amazon)
    orders = await amazon.load_file(PLATFORMS / "amazon_unshipped_orders.txt")
    assert orders is not None and amazon.counts() == {"invalid": 4}

    preferences = PreferencesPage(ctx)
    qtbot.addWidget(preferences)
    preferences.weight.setValue(1.2)  # no Save pressed: saved as it changed
    assert ctx.profile is not None and ctx.profile.preferences.default_package is not None
    assert ctx.profile.preferences.default_package["weight"] == 1.2
    assert ctx.manager.get(ctx.profile.id).preferences.default_package["weight"] == 1.2
    assert preferences.message.text() == "Preferences saved."
    # the open batch follows: the orders without a weight take the default
    assert amazon.counts() == {"ready": 4}
    assert [r.weight.source for r in orders.rows] == ["default"] * 4
    assert amazon.model.index(0, amazon.model.WEIGHT).data() == "1.200 kg · default"

    preferences.box_weight.setValue(0.3)
    assert ctx.profile.preferences.packaging_weight == 0.3
    # items' weights get the box; a default weight is the parcel's and does not
    assert batch.rows[0].weight.kg == pytest.approx(1.4)
    assert orders.rows[0].weight.kg == 1.2


async def test_weights_row_fits_a_small_screen_in_german(
    batch_ctx: AppContext, qtbot: QtBot
) -> None:
    from desktop_app.gui.i18n import install_translations

    install_translations("de")
    try:
        page = BatchPage(batch_ctx)
        qtbot.addWidget(page)
        batch = await page.load_file(PLATFORMS / "amazon_unshipped_orders.txt")
        assert batch is not None
        bar = page.weights_bar
        assert bar.isVisibleTo(page)
        assert bar.missing_label.text() == "4 Bestellungen ohne Gewicht:"
        assert page.model.index(0, 2).data() == (
            "Kein Gewicht: wiegen, eintippen oder dem Produkt ein Gewicht geben."
        )
        # the Batch page in a 1024x600 window (frame and side bar taken off)
        assert bar.minimumSizeHint().width() <= 760, bar.minimumSizeHint()
        assert page.minimumSizeHint().width() <= 1000, page.minimumSizeHint()
    finally:
        install_translations("en")
