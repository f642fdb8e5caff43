"""Batch page: import, mapping step remembered per layout, rows checked and edited in place,
Create all with progress and per-row status, labels printed in file order, cancel, retry of
failed rows, results exported. Against the real local service and the virtual printer."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from desktop_app.gui.batch.page import BatchPage
from desktop_app.gui.core.context import AppContext
from desktop_app.orders.mapping import MappingBook
from desktop_app.printing.virtual_printer import VirtualPrinter
from tests.gui.app_context import SENDER, use_printer

HEADERS = [
    "Bestellnummer",
    "Firma",
    "Vorname",
    "Adressat",
    "Straße",
    "PLZ",
    "Ort",
    "Land",
    "Gewicht",
]


def _rows(count: int, prefix: str) -> list[list[str]]:
    return [
        [
            f"{prefix}-{i + 1:03d}",
            "",
            "Max",
            f"Muster{i + 1}",
            f"Hauptstraße {i + 1}",
            f"{10115 + i:05d}",
            "Berlin",
            "Deutschland",
            f"{1 + i % 3},5",
        ]
        for i in range(count)
    ]


def _write(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=";")
        writer.writerow(HEADERS)
        writer.writerows(rows)
    return path


@pytest.fixture
def ctx(batch_ctx: AppContext) -> AppContext:
    """A profile with a default sender and package (the conftest's `batch_ctx`)."""
    return batch_ctx


def _column(page: BatchPage, header: str) -> int:
    return len(page.model.FIXED) + HEADERS.index(header)


async def test_import_map_edit_create_print_retry_export(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """The whole batch workflow through the page."""
    uid = tmp_path.name[-6:].upper().replace("_", "")
    rows = _rows(5, f"B{uid}")
    rows[2][5] = ""  # no postcode: a problem, fixed in place
    rows[3][1] = "CARRIER-ERROR AG"  # the carrier refuses it: failed, fixed and retried
    path = _write(tmp_path / "orders.csv", rows)
    printer = VirtualPrinter(tmp_path / "vp", render=False)
    await printer.start()
    try:
        definition = use_printer(ctx, printer.uri)

        page = BatchPage(ctx)
        qtbot.addWidget(page)
        await page.load_file(path)
        assert page.batch is not None and len(page.batch.rows) == 5
        assert not page.mapping_remembered
        # "Adressat" is no known column name: the contact rule fails for the person rows
        assert page.counts().get("invalid") == 4, [r.problem_text() for r in page.batch.rows]
        assert "Receiver › Last name:" in page.model.index(0, 2).data()

        # the mapping step: the column goes to the last name; applied and remembered
        page.mapping.set_source("to.last_name", "Adressat")
        page.apply_mapping()
        assert page.counts() == {"ready": 4, "invalid": 1}
        assert "to.zip_code" in page.model.row(2).problem_text()
        book = MappingBook()
        assert book.get(page.batch.table.layout, HEADERS) is not None

        # edited in place: the row is checked again at once
        index = page.model.index(2, _column(page, "PLZ"))
        assert page.model.flags(index) & Qt.ItemFlag.ItemIsEditable
        assert page.model.setData(index, "10117")
        assert page.model.row(2).status == "ready"
        assert page.create_button.isEnabled() and page.create_button.text() == "Create all (5)"
        assert page.print_check.isChecked()

        created: list[Any] = []
        ctx.shipment_created.connect(created.append)
        page.create_button.click()
        await page.tasks.wait_idle()
        statuses = [r.status for r in page.batch.rows]
        assert statuses == ["created", "created", "created", "failed", "created"]
        assert "CARRIER-ERROR" in page.model.index(3, page.model.result_column).data()
        assert page.progress.value() == page.progress.maximum() == 5
        assert "4 of 5 created, 1 failed" in page.message.text()
        assert len(created) == 4
        # created rows are no longer editable
        assert not page.model.flags(page.model.index(0, 3)) & Qt.ItemFlag.ItemIsEditable
        assert page.retry_button.isEnabled()

        # fix the failed row in place and retry it
        assert page.model.setData(page.model.index(3, _column(page, "Firma")), "")
        page.retry_button.click()
        await page.tasks.wait_idle()
        assert [r.status for r in page.batch.rows] == ["created"] * 5
        assert not page.retry_button.isEnabled()

        # labels: one per row, the first run in file order, the retried one after
        assert page.runner is not None
        await page.runner.wait_printed(timeout=30)
        await printer.wait_for_jobs(5, timeout=30)
        assert ctx.queue is not None
        jobs = ctx.queue.jobs(definition.name)
        references = [r.reference for r in page.batch.rows]
        assert [j.reference for j in jobs] == [*references[:3], references[4], references[3]]

        out = page.export(tmp_path / "results.csv")
        assert out is not None
        with out.open(encoding="utf-8-sig") as fh:
            lines = list(csv.DictReader(fh))
        assert [line["status"] for line in lines] == ["created"] * 5
        assert all(line["tracking_number"] for line in lines)

        # the same layout again: the remembered mapping is used
        second = await page.load_file(_write(tmp_path / "more.csv", _rows(2, f"C{uid}")))
        assert second is not None and page.mapping_remembered
        assert page.counts() == {"ready": 2}
    finally:
        await printer.stop()


async def test_cancel_and_retry(ctx: AppContext, qtbot: QtBot, tmp_path: Path) -> None:
    """Cancel stops sending; the rows already sent finish; retry creates the rest once."""
    uid = tmp_path.name[-6:].upper().replace("_", "")
    path = _write(tmp_path / "orders.csv", _rows(14, f"X{uid}"))
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    await page.load_file(path)
    page.mapping.set_source("to.last_name", "Adressat")
    page.apply_mapping()
    assert page.counts() == {"ready": 14}

    def on_row(_row: int) -> None:
        if page.running and page.counts().get("created") and page.cancel_button.isEnabled():
            page.cancel_button.click()

    page.model.row_changed.connect(on_row)
    page.create_button.click()
    await page.tasks.wait_idle()
    page.model.row_changed.disconnect(on_row)
    counts = page.counts()
    assert set(counts) == {"created", "canceled"}, counts
    assert counts["canceled"] >= 1
    assert "canceled" in page.message.text()

    page.retry_button.click()
    await page.tasks.wait_idle()
    assert page.counts() == {"created": 14}
    assert ctx.store is not None
    references = {r.reference for r in page.batch.rows}  # type: ignore[union-attr]
    stored = [s for s in ctx.store.shipments.search(None, 100) if s.reference_number in references]
    assert len(stored) == 14  # each row created once


async def test_xlsx_orders(ctx: AppContext, qtbot: QtBot, tmp_path: Path) -> None:
    """An Excel file is read like a CSV one; the layout's remembered mapping applies to it."""
    from openpyxl import Workbook

    uid = tmp_path.name[-6:].upper().replace("_", "")
    workbook = Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.append(HEADERS)
    for row in _rows(3, f"X{uid}"):
        sheet.append([*row[:5], int(row[5]), *row[6:8], float(row[8].replace(",", "."))])
    path = tmp_path / "orders.xlsx"
    workbook.save(path)
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    await page.load_file(path)
    assert page.batch is not None and len(page.batch.rows) == 3
    assert page.model.row(0).source["PLZ"] == "10115"
    page.mapping.set_source("to.last_name", "Adressat")
    page.apply_mapping()
    assert page.counts() == {"ready": 3}, [r.problem_text() for r in page.batch.rows]
    # a CSV with the same columns gets the mapping remembered from the Excel file
    await page.load_file(_write(tmp_path / "same.csv", _rows(1, f"Y{uid}")))
    assert page.mapping_remembered and page.counts() == {"ready": 1}


async def test_import_as_orders(ctx: AppContext, qtbot: QtBot, tmp_path: Path) -> None:
    """The loaded file's rows become orders on the service; a second import stores none."""
    uid = tmp_path.name[-6:].upper().replace("_", "")
    rows = _rows(3, f"O{uid}")
    rows[1][:8] = rows[0][:8]  # the first two rows are one order with two line items
    rows[2][5] = ""  # no postcode: that order has a problem
    path = _write(tmp_path / "orders.csv", rows)
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    await page.load_file(path)
    page.mapping.set_source("to.last_name", "Adressat")
    page.mapping.set_source("package.description", value="Socken")
    page.apply_mapping()
    assert page.orders_button.isEnabled()
    assert page.orders_button.text() == "Import as orders"
    page.orders_button.click()
    await page.tasks.wait_idle()
    assert page.message.text().startswith(
        "Orders: 0 stored, 0 already on the service, 2 with problems, 0 refused."
    ), page.message.text()
    # no SKU column (prices are optional): the order rules say what is missing, by order and line
    assert f"Order {rows[0][0]} (line 2, 3): order_line_items[0].sku:" in page.message.text()

    # with SKU and price columns the first order is stored with its two lines
    sku_path = tmp_path / "with_sku.csv"
    with sku_path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=";")
        writer.writerow([*HEADERS, "SKU", "Preis"])
        writer.writerows([[*row, f"SKU-{i}", "4,99"] for i, row in enumerate(rows)])
    await page.load_file(sku_path)
    page.mapping.set_source("to.last_name", "Adressat")
    page.mapping.set_source("package.description", value="Socken")
    page.apply_mapping()
    result = await page.import_orders()
    assert result is not None and list(result.stored) == [rows[0][0]]
    assert page.message.text().startswith("Orders: 1 stored, 0 already on the service, 1 with")
    assert ctx.client is not None
    (stored,) = await ctx.client.orders.list(external_order_id=rows[0][0])
    assert [line.sku for line in stored.order_line_items] == ["SKU-0", "SKU-1"]
    again = await page.import_orders()
    assert again is not None and again.skipped == [rows[0][0]] and again.stored == {}


async def test_a_fresh_profile_is_told_to_set_the_default_sender(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """No default sender: the page says so before any row is checked, its button sets one,
    and the rows are ready with it. A file's sender columns are the other way out."""
    assert ctx.profile is not None
    ctx.manager.update(ctx.profile.model_copy(update={"default_sender": None}))
    ctx.reload_profile()
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    page.show()
    notice = page.sender_banner.label.text()
    assert page.sender_banner.isVisible() and page.sender_banner.button.isVisible()
    assert "no default sender" in notice and "Set the default sender" in notice

    await page.load_file(_write(tmp_path / "fresh.csv", _rows(3, "FRESH")))
    page.mapping.set_source("to.last_name", "Adressat")
    page.apply_mapping()
    assert page.counts() == {"invalid": 3}
    assert page.model.index(0, 2).data() == "Sender: Enter the sender's address."
    assert page.sender_banner.isVisible()

    # the banner's button: type the sender, Save; the rows are checked again
    page.sender_banner.button.click()
    dialog = page.sender_dialog
    assert dialog is not None and dialog.isVisible()
    dialog.form.set_address({"company": "Packdesk Versand GmbH"})
    assert not dialog.save()  # incomplete: said where, nothing saved
    assert "Street:" in dialog.problems_label.text()
    assert ctx.manager.get(ctx.profile.id).default_sender is None
    dialog.form.set_address(dict(SENDER))
    assert dialog.save()
    assert ctx.manager.get(ctx.profile.id).default_sender == dict(SENDER)
    assert page.counts() == {"ready": 3}
    assert not page.sender_banner.isVisible()

    # a file with sender columns on a profile without default sender: the rows with a
    # sender are ready, the one without is not, and the banner says why
    ctx.manager.update(ctx.profile.model_copy(update={"default_sender": None}))
    ctx.reload_profile()
    sender = ["Filiale Süd GmbH", "Hafenweg 3", "80331", "München", "DE"]
    headers = [*HEADERS, "Absender Firma", "Absender Straße", "Absender PLZ", "Absender Ort"]
    headers.append("Absender Land")
    rows = [row + sender for row in _rows(2, "S")]
    rows.append(_rows(1, "N")[0] + [""] * len(sender))
    path = tmp_path / "senders.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh, delimiter=";")
        writer.writerow(headers)
        writer.writerows(rows)
    await page.load_file(path)
    page.mapping.set_source("to.last_name", "Adressat")
    page.apply_mapping()
    assert page.counts() == {"ready": 2, "invalid": 1}, [
        (r.draft.get("from"), r.problems)
        for r in page.batch.rows  # type: ignore[union-attr]
    ]
    assert page.batch is not None and page.batch.rows[0].draft["from"]["city"] == "München"
    assert "rows with an empty sender column" in page.sender_banner.label.text()


async def test_shopware_ids_asked_once_for_the_file_and_remembered(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """Shopware's default orders export names countries and products by the shop's ids: the
    page asks once for the whole file, the profile remembers, the next file asks nothing."""
    from desktop_app.orders.products import import_products
    from tests.orders.helpers import SHOPWARE_IDS

    fixture = Path(__file__).parents[2] / "orders" / "fixtures" / "platforms"
    catalogue = ctx.store.catalogue
    assert catalogue is not None
    import_products(fixture / "products.csv", catalogue)  # the weights
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    page.presenter.carrier = "dhl"
    await page.load_file(fixture / "shopware6_orders.csv")
    dialog = page.shop_ids_dialog
    assert dialog is not None and dialog.isVisible()
    assert page.counts() == {"invalid": 4}
    # three countries and three products, each asked once (not once per order)
    assert {kind: len(edits) for kind, edits in dialog.fields.items()} == {
        "country": 3, "product": 3}  # fmt: skip
    names = {"DE": "Deutschland", "FR": "France", "ES": "es"}  # a name or a code
    for shop_id, code in SHOPWARE_IDS["country"].items():
        dialog.fields["country"][shop_id].setText(names[code])
    for shop_id, sku in SHOPWARE_IDS["product"].items():
        dialog.fields["product"][shop_id].setText(sku)
    assert dialog.answers() == SHOPWARE_IDS
    assert dialog.save()
    assert page.batch is not None
    assert page.counts() == {"ready": 4}, [r.problem_text() for r in page.batch.rows]
    assert page.batch.rows[2].draft["to"]["country"] == "FR"

    page.shop_ids_dialog = None
    await page.load_file(fixture / "shopware6_orders.csv")
    assert page.shop_ids_dialog is None and page.counts() == {"ready": 4}


async def test_a_large_export_adds_no_widget_per_order(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """The rows are a model behind one table view: a file of a thousand orders makes the
    page no more widgets than a file of four."""
    from PySide6.QtWidgets import QWidget

    from bench.import_20mb import write_export

    fixture = Path(__file__).parents[2] / "orders" / "fixtures" / "platforms"
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    await page.load_file(fixture / "shopify_orders_export.csv")
    assert page.batch is not None and len(page.batch.rows) == 4
    small = len(page.findChildren(QWidget))
    _rows, orders = write_export(tmp_path / "orders_export.csv", 0.45)
    await page.load_file(tmp_path / "orders_export.csv")
    assert page.batch is not None and len(page.batch.rows) == orders > 1000
    assert page.model.rowCount() == orders
    assert len(page.findChildren(QWidget)) == small


async def test_a_file_gone_after_loading_is_said_when_it_is_grouped_again(
    ctx: AppContext, qtbot: QtBot, tmp_path: Path
) -> None:
    """The file's rows are read from the file when they are grouped again (a new order
    number column): a file moved away since says so instead of failing."""
    from desktop_app.orders.mapping import FieldSource

    path = _write(tmp_path / "orders.csv", _rows(3, "G"))
    page = BatchPage(ctx)
    qtbot.addWidget(page)
    await page.load_file(path)
    assert page.batch is not None and len(page.batch.rows) == 3
    messages: list[tuple[str, bool]] = []
    page.presenter.message_shown.connect(lambda text, error: messages.append((text, error)))
    path.unlink()
    mapping = {**page.batch.mapping, "reference_number": FieldSource(column="PLZ")}
    assert not page.presenter.apply_mapping(mapping)
    assert messages and messages[-1][1] and "orders.csv" in messages[-1][0]
    assert len(page.batch.rows) == 3  # what was read stays
