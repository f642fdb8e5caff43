"""The Scan page's watched folder says in words, in the UI language, why a file or an order
was not imported (never only "see the report file"), naming the file's columns."""

from __future__ import annotations

from typing import Any

from desktop_app.domain.rules.problems import Problem
from desktop_app.gui.i18n import install_translations
from desktop_app.gui.scan.watched import _report_text
from desktop_app.orders.watched_folder import FileReport


def _refused() -> FileReport:
    report = FileReport(file="shop.csv", imported=[{"external_order_id": "A-1"}])
    report.refused = [{"external_order_id": "A-2", "lines": [3], "reasons": ["..."]}]
    report.problems = {"A-2": [("PLZ", Problem("delivery_address.zip_code", "required",
                                               "Enter the postcode."))]}  # fmt: skip
    return report


def test_unreadable_file_and_refused_orders_in_words(qapp: Any) -> None:  # noqa: ARG001
    failed = FileReport(file="export.csv", status="failed", error="...", reason="encoding")
    assert _report_text(failed) == (
        "export.csv could not be imported: it is not a text table in a known encoding: "
        "save it as CSV UTF-8 or XLSX."
    )
    assert _report_text(_refused()) == (
        "shop.csv: 1 order imported; these were not:\nOrder A-2: Column “PLZ”: Enter the postcode."
    )
    install_translations("de")
    try:
        assert _report_text(failed).startswith("export.csv konnte nicht importiert werden: ")
        german = _report_text(_refused())
        assert german.startswith("shop.csv: 1 Bestellung importiert; diese nicht:\n")
        assert "Bestellung A-2: Spalte „PLZ“: " in german
    finally:
        install_translations("en")


def test_a_watched_folder_is_named_by_its_last_part_on_every_system() -> None:
    from desktop_app.gui.scan.watched import folder_name

    assert folder_name("/home/packer/Bestellungen/eingang") == "eingang"
    assert folder_name("C:\\Users\\Packer\\Documents\\Orders in") == "Orders in"
    assert folder_name("/srv/orders/") == "orders"
    assert folder_name("/") == "/"
