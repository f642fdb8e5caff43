"""A whole day at the desk in a real window (issue 33), in English and in German.

Xvfb at 1024x600 with openbox, the installed `packdesk` on a fresh profile, real key events
(xdotool): the README's first run; 20 labels from the form, each customs destination among
them (CH, NO, GB, the Canary Islands, Helgoland), the preview shown, Create and print by
Ctrl+P; a shop's orders export dropped into the watched folder and 10 orders scanned on the
Scan page with the virtual scale; a reprint and a return from History; a shop connection
tested against an address that refuses; End of day's manifest. After every step the GUI
thread's watchdog has seen no turn over 250 ms of its CPU, no text is cut, nothing lies off the
screen, and a screenshot is saved; every label made reaches the virtual printer whole, and
every result is shown in view. The steps share one app per language (a module-scoped day).
"""

from __future__ import annotations

import csv
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.desk.desk_day import Day, closed_port
from tests.desk.real_window import Display, missing_tools

pytestmark = [
    pytest.mark.skipif(
        bool(missing_tools()), reason=f"X tools missing (make install): {missing_tools()}"
    ),
    pytest.mark.slow,
]

SEARCH = "receiver_picker"
PAGES = {
    "en": ("New shipment", "History", "Addresses", "End of day", "Batch", "Scan", "Settings"),
    "de": (
        "Neue Sendung",
        "Verlauf",
        "Adressen",
        "Tagesabschluss",
        "Stapel",
        "Scannen",
        "Einstellungen",
    ),
}
NEW, HISTORY, END_OF_DAY, SCAN, SETTINGS = 0, 1, 3, 5, 6
SETTINGS_TAB = {"printers": 1, "scales": 2, "station": 4, "shops": 6}

#: (first, last, street, no, postcode, city, country, kg, customs: (item, HS, value) or None)
RECEIVERS: tuple[tuple[str, str, str, str, str, str, str, str, Any], ...] = (
    ("Jonas", "Weber", "Kastanienallee", "12", "10435", "Berlin", "DE", "1.2", None),
    ("Ingrid", "Hansen", "Karl Johans gate", "22", "0159", "Oslo", "NO", "0.8",
     ("Wool socks", "611595", "24")),
    ("Lea", "Fischer", "Grindelallee", "80", "20146", "Hamburg", "DE", "2.5", None),
    ("Carmen", "Santana", "Calle Triana", "44", "35001", "Las Palmas", "ES", "1.1",
     ("Cotton shirt", "620520", "35")),
    ("Anna", "Gruber", "Mariahilfer Strasse", "5", "1060", "Wien", "AT", "0.6", None),
    ("Hark", "Petersen", "Lung Wai", "3", "27498", "Helgoland", "DE", "1.4",
     ("Coffee beans", "090121", "18")),
    ("Urs", "Meier", "Bahnhofstrasse", "10", "8001", "Zuerich", "CH", "0.9",
     ("Leather belt", "420330", "49")),
    ("Marie", "Dubois", "Rue de Rivoli", "99", "75001", "Paris", "FR", "3.0", None),
    ("Oliver", "Smith", "Baker Street", "221", "NW1 6XE", "London", "GB", "1.0",
     ("Linen towel", "630291", "29")),
    ("Sanne", "de Vries", "Prinsengracht", "263", "1016 GV", "Amsterdam", "NL", "1.7", None),
    ("Paul", "Wagner", "Rosenweg", "21", "50667", "Koeln", "DE", "0.5", None),
    ("Nora", "Berg", "Storgata", "1", "0155", "Oslo", "NO", "1.3",
     ("Wool hat", "650500", "19")),
    ("Emma", "Hoffmann", "Bahnhofstrasse", "3", "60311", "Frankfurt am Main", "DE", "4.2", None),
    ("Pedro", "Rivero", "Calle Mayor", "7", "35002", "Las Palmas", "ES", "0.7",
     ("Tea cups", "691200", "22")),
    ("Mia", "Schulz", "Am Markt", "9", "04109", "Leipzig", "DE", "1.9", None),
    ("Jens", "Rickmers", "Am Suedstrand", "8", "27498", "Helgoland", "DE", "2.2",
     ("Wool blanket", "630120", "59")),
    ("Felix", "Keller", "Marktgasse", "4", "3011", "Bern", "CH", "1.5",
     ("Notebook", "482020", "12")),
    ("Lukas", "Becker", "Lindenallee", "4", "80331", "Muenchen", "DE", "0.9", None),
    ("Amelia", "Jones", "High Street", "14", "EH1 1SR", "Edinburgh", "GB", "2.0",
     ("Ceramic mug", "691200", "16")),
    ("Tim", "Krause", "Hafenstrasse", "12", "20457", "Hamburg", "DE", "1.0", None),
)  # fmt: skip
#: the seller's numbers the customs rules want for these destinations (GB: required)
EXPORTER = {"GB": "GB123456789000", "NO": "VOEC1234567", "CH": "CHE-123.456.789 MWST"}
FIRST_RUN = (
    ("to_first_name", "Erika"),
    ("to_last_name", "Mustermann"),
    ("to_street", "Heidestrasse"),
    ("to_street_no", "17"),
    ("to_zip_code", "51147"),
    ("to_city", "Koeln"),
    ("weight", "1.5"),
)
ORDERS = 10
#: the desk's label printer (`packdesk virtual-printer`) as it is set up in Settings › Printers
PRINTER = "Desk Zebra"
USE_FOR_PROFILE = {"en": "Use for this profile", "de": "Für dieses Profil verwenden"}


def decimal(language: str, text: str) -> str:
    """A number as typed in `language` ("1,5" in German)."""
    return text.replace(".", ",") if language == "de" else text


@pytest.fixture(scope="module", params=["en", "de"])
def day(
    request: pytest.FixtureRequest, display: Display, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Day]:
    language = str(request.param)
    started = Day(display, tmp_path_factory.mktemp(f"day-{language}"), language)
    try:
        started.app.ready()
        yield started
    finally:
        started.close()


def page_name(day: Day, index: int) -> str:
    return PAGES[day.language][index]


def focus_name(state: dict[str, Any]) -> str:
    focus = state["focus"]
    return "" if focus is None else str(focus["name"])


def tab_to(day: Day, name: str, limit: int = 40) -> None:
    """Press Tab until the cursor is in the control called `name`."""
    for _ in range(limit):
        if focus_name(day.app.state()) == name:
            return
        day.display.keys("Tab")
    raise AssertionError(f"Tab never reached {name}: {day.app.state()['focus']}")


def create_and_print(day: Day, what: str) -> None:
    """Ctrl+P: the label at the printer, the form empty and the cursor in the search again,
    the label's preview shown."""
    printed = day.whole_jobs()
    pressed = time.time()
    day.display.keys("ctrl+p")
    day.wait_printed(printed + 1, what, since=pressed)
    day.record.labels += 1
    day.app.wait_state(
        lambda s: focus_name(s) == SEARCH and s["focus_visible"],
        f"the form emptied for the next parcel after {what}",
    )
    name = day.seen("to_last_name")
    assert name["whole_text"] == "", f"the form kept the receiver after {what}: {name}"
    preview = day.wait_seen(
        "previewTitle", lambda v: v["shown"] and v["whole_text"], f"the preview of {what}"
    )
    if not preview["in_view"]:
        day.found(f"the preview of {what} is out of view: {preview}")


# --- the steps, in the order of the day ---------------------------------------------------------


def test_first_run_as_the_readme_says(day: Day) -> None:
    """A receiver typed (the cursor waits in the search: Tab to the fields) and a weight,
    Ctrl+P: DHL Paket makes the label, it is at the virtual printer, the form is empty and the
    cursor back in the search."""
    with day.step("first-start"):
        state = day.app.ready()
        assert state["maximized"] and state["available"][2:] == [1024, 600], state["window"]
        assert focus_name(state) == SEARCH, state["focus"]
    with day.step("first-run"):
        # the parcel's sizes are the profile's default parcel (30 x 20 x 15 cm)
        sizes = [day.seen(name)["whole_text"] for name in ("length", "width", "height")]
        assert sizes == ["30", "20", "15"], sizes
        for name, text in FIRST_RUN:
            tab_to(day, name)
            day.typed(decimal(day.language, text), name)
        create_and_print(day, "the first run's label")
    day.settle()


def test_the_desk_label_printer_set_up_in_settings(day: Day) -> None:
    """Settings › Printers › Add…: the desk's ZPL printer on the network (by its address),
    then "Use for this profile": every label from now on goes there."""
    with day.step("label-printer-set-up"):
        settings_tab(day, "printers")
        day.app.click("printer_add")
        day.app.wait_state(
            lambda s: any(w["dialog"] for w in s["windows"]) and s["active"] != "MainWindow",
            "the dialog Add a printer",
        )
        day.display.keys("alt+n")
        day.typed(PRINTER, "the printer's name")
        day.display.keys("alt+a")
        day.typed(day.printer.address, "the printer's address")
        day.shot("printer-dialog")
        day.display.keys("Return")  # Save, the dialog's default button
        day.app.wait_state(
            lambda s: not any(w["dialog"] for w in s["windows"]), "the printer dialog to close"
        )
        day.app.click(USE_FOR_PROFILE[day.language])
        day.wait_seen(
            "assigned_printer",
            lambda v: PRINTER in v["whole_text"],
            "the desk printer assigned to the profile",
        )
    day.settle()


def fill_receiver(day: Day, receiver: tuple[Any, ...]) -> None:
    first, last, street, no, postcode, city, country, kg, customs = receiver
    day.display.keys("ctrl+n")  # a new shipment, from any page: the cursor in the search
    day.app.wait_state(
        lambda s: s["page"] == page_name(day, NEW) and focus_name(s) == SEARCH, "Ctrl+N"
    )
    for name, text in (
        ("to_first_name", first),
        ("to_last_name", last),
        ("to_street", street),
        ("to_street_no", no),
        ("to_zip_code", postcode),
        ("to_city", city),
    ):
        day.type_into(name, text)
    if country != "DE":
        day.app.ask("focus", name="to_country")
        day.display.keys("ctrl+a", "BackSpace")
        day.typed(country, "to_country")
        # Tab closes the country list and leaves the field: it shows the country's name
        day.display.keys("Tab")
        day.app.wait_state(
            lambda s: focus_name(s) not in ("to_country", ""), "the cursor past the country"
        )
        shown = day.seen("to_country")["whole_text"]
        assert shown not in ("", country), f"{country} shown as {shown!r}"
    day.type_into("weight", decimal(day.language, kg))
    if customs is None:
        return
    item, hs_code, value = customs
    day.wait_seen("customsSection", lambda v: v["shown"], f"the customs section for {country}")
    for path, text in (
        ("description", item),
        ("hs_tariff_number", hs_code),
        ("origin_country", "DE"),
        ("quantity", "1"),
        ("value_amount", decimal(day.language, value)),
        ("net_weight", decimal(day.language, str(round(float(kg) * 0.8, 2)))),
    ):
        day.type_field(f"customs_declaration.items[0].{path}", text)
    day.type_field("customs_declaration.contents_explanation", item)
    if country in EXPORTER:
        day.type_field("customs_declaration.exporter_reference", EXPORTER[country])


def test_twenty_labels_from_the_form_with_every_customs_destination(day: Day) -> None:
    for number, receiver in enumerate(RECEIVERS, start=1):
        what = f"label {number} to {receiver[5]} ({receiver[6]})"
        with day.step(f"label-{number:02d}-{receiver[6]}-{receiver[4].replace(' ', '')}"):
            fill_receiver(day, receiver)
            create_and_print(day, what)
    day.settle()


# --- orders and the Scan page -------------------------------------------------------------------


def shopify_export(path: Path, first: int, count: int) -> list[str]:
    """A Shopify orders export (Orders › Export, CSV) of `count` open orders to German
    addresses, one or two line items each; the order numbers."""
    header = Path(__file__).parents[1] / "orders/fixtures/platforms/shopify_orders_export.csv"
    columns = header.read_text("utf-8").splitlines()[0].split(",")
    people = (
        ("Lukas Becker", "Lindenallee 4", "80331", "München"),
        ("Mia Schulz", "Am Markt 9", "04109", "Leipzig"),
        ("Paul Wagner", "Rosenweg 21", "50667", "Köln"),
        ("Emma Hoffmann", "Bahnhofstraße 3", "60311", "Frankfurt am Main"),
        ("Jonas Weber", "Kastanienallee 12", "10435", "Berlin"),
    )
    numbers = []
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        for index in range(count):
            number = f"#{first + index}"
            numbers.append(number)
            name, street, postcode, city = people[index % len(people)]
            row = {
                "Name": number,
                "Email": f"kunde{index}@example.com",
                "Financial Status": "paid",
                "Paid at": f"2026-11-27 09:{index:02d}:00 +0100",
                "Fulfillment Status": "unfulfilled",
                "Currency": "EUR",
                "Subtotal": "32.40",
                "Shipping": "4.90",
                "Taxes": "5.95",
                "Total": "37.30",
                "Shipping Method": "Standard",
                "Created at": f"2026-11-27 09:{index:02d}:00 +0100",
                "Lineitem quantity": "2",
                "Lineitem name": "Kaffee Hochland 500 g",
                "Lineitem price": "12.95",
                "Lineitem sku": "KAF-500",
                "Lineitem requires shipping": "true",
                "Lineitem taxable": "true",
                "Lineitem fulfillment status": "pending",
                "Billing Name": name,
                "Billing Street": street,
                "Billing Address1": street,
                "Billing City": city,
                "Billing Zip": postcode,
                "Billing Country": "DE",
                "Shipping Name": name,
                "Shipping Street": street,
                "Shipping Address1": street,
                "Shipping City": city,
                "Shipping Zip": postcode,
                "Shipping Country": "DE",
                "Shipping Phone": "+49 30 1234567",
                "Payment Method": "Shopify Payments",
                "Id": str(5550000 + first + index),
                "Source": "web",
            }
            writer.writerow(row)
            if index % 2:
                writer.writerow(
                    {
                        "Name": number,
                        "Lineitem quantity": "1",
                        "Lineitem name": "Filtertüten Gr. 4",
                        "Lineitem price": "6.50",
                        "Lineitem sku": "FIL-4",
                        "Lineitem requires shipping": "true",
                        "Lineitem taxable": "true",
                        "Lineitem fulfillment status": "pending",
                    }
                )
    return numbers


def settings_tab(day: Day, tab: str) -> None:
    day.page(SETTINGS, page_name(day, SETTINGS))
    day.app.ask("tab", name="settings_tabs", index=SETTINGS_TAB[tab])


def test_orders_imported_and_ten_scanned_with_the_scale(day: Day) -> None:
    with day.step("scale-set-up"):
        settings_tab(day, "scales")
        day.type_into("scaleUri", day.scale.uri)
        before = day.seen("scaleMessage")["whole_text"]
        day.app.click("saveScale")
        day.answer_in_view("scaleMessage", before, "Save of the scale")
    inbox = day.home / "orders-inbox"
    inbox.mkdir()
    with day.step("watched-folder-set-up"):
        settings_tab(day, "station")
        day.type_into("station_watched_folder", str(inbox))
        before = day.seen("station_settings_message")["whole_text"]
        day.app.click("save_station_settings")
        day.answer_in_view("station_settings_message", before, "Save station settings")
    with day.step("orders-imported"):
        day.page(SCAN, page_name(day, SCAN))
        export = day.home / "orders_export_1.csv"
        numbers = shopify_export(export, 3001, ORDERS + 2)
        export.replace(inbox / export.name)  # as a shop's export lands: whole, at once
        day.wait_seen(
            "scan_watched_status",
            lambda v: export.name in v["whole_text"],
            "the watched folder's import of the export",
        )
        assert (inbox / "done" / export.name).exists(), list(inbox.rglob("*"))
    for number in numbers[:ORDERS]:
        with day.step(f"scan-{number.lstrip('#')}"):
            scan_order(day, number)
    day.settle()


def shown_kg(text: str) -> float | None:
    """The weight a text shows ("Weight: 0.000 kg", "Gewicht: 1,350 kg"), None without one."""
    found = re.search(r"\d+(?:[.,]\d+)?", text)
    return None if found is None else float(found[0].replace(",", "."))


def scan_order(day: Day, number: str) -> None:
    """The last parcel off the scale, the order scanned, its parcel on the scale: label and
    packing slip at the printer, the banner names the tracking number."""
    day.scale.put(0)
    day.wait_seen("scan_weight", lambda v: shown_kg(v["whole_text"]) == 0, "an empty scale")
    printed = day.whole_jobs()
    day.app.ask("focus", name="scan_box")
    day.display.type(number)
    day.display.keys("Return")
    day.wait_seen(
        "scan_order", lambda v: number in v["whole_text"], f"the order {number} on the page"
    )
    weighed = time.time()
    day.scale.put(1.35)
    day.wait_printed(printed + 2, f"label and packing slip of {number}", since=weighed)
    day.record.labels += 1
    banner = day.wait_seen(
        "scan_outcome", lambda v: "DHL" in v["whole_text"], f"the shipped banner of {number}"
    )
    if not banner["in_view"]:
        day.found(f"the banner of {number} is out of view: {banner}")


# --- History, Settings › Shops, End of day --------------------------------------------------------


def test_a_reprint_and_a_return_from_history(day: Day) -> None:
    with day.step("history-reprint"):
        day.page(HISTORY, page_name(day, HISTORY))
        day.app.wait_state(
            lambda _s: day.app.ask("select_row", name="history_table", row=0), "a History row"
        )
        printed = day.whole_jobs()
        before = day.seen("history_message")["whole_text"]
        day.app.click("history_reprint")
        day.wait_printed(printed + 1, "the reprint from History")
        # the answer names the printer (History's own refresh message may come first)
        day.answer_in_view("history_message", before, "Reprint", lambda t: PRINTER in t)
    with day.step("history-return"):
        printed = day.whole_jobs()
        day.app.click("return_button")
        day.wait_seen("return_reason", lambda v: v["shown"], "the return dialog")
        day.shot("return-dialog")
        day.type_into("return_reason", "wrong size")
        before = day.seen("history_message")["whole_text"]
        day.app.click("return_create")
        # the return's reference is "R-" + the chosen shipment's (which row is first depends
        # on when each label of the day was made, so not always an order's "#...")
        day.answer_in_view("history_message", before, "the return label", lambda t: "R-" in t)
        day.app.wait_state(
            lambda s: not any(w["dialog"] for w in s["windows"]), "the return dialog to close"
        )
        day.wait_printed(printed + 1, "the return label")
        day.record.labels += 1
    day.settle()


def test_a_shop_connection_tested_against_an_address_that_refuses(day: Day) -> None:
    with day.step("shop-refused"):
        settings_tab(day, "shops")
        url = f"https://127.0.0.7:{closed_port('127.0.0.7')}"
        day.type_into("shop_name", "Testshop")
        day.type_into("shop_url", url)
        day.type_into("shop_consumer_key", "ck_0123456789abcdef")
        day.type_into("shop_consumer_secret", "cs_0123456789abcdef")
        before = day.seen("shop_message")["whole_text"]
        day.app.click("shop_test")
        day.answer_in_view("shop_message", before, "Test connection", lambda t: "Testshop" in t)
    day.settle()


def test_end_of_day_manifest(day: Day) -> None:
    with day.step("end-of-day-manifest"):
        day.page(END_OF_DAY, page_name(day, END_OF_DAY))
        before = day.seen("pickup_message")["whole_text"]
        day.app.click("manifest_create")
        day.answer_in_view("pickup_message", before, "Create manifest", lambda t: "DHL" in t)
    with day.step("every-label-printed"):
        jobs = day.app.ask("print_jobs")
        day.record.queue = jobs["counts"]
        day.record.printer_jobs = day.printer_jobs()
        left = [j for j in jobs["jobs"] if j["state"] != "done"]
        assert not left, f"print jobs that never reached the printer: {left}"
        assert day.record.printer_jobs["partial"] == 0, day.record.printer_jobs
        assert day.record.printer_jobs["whole"] == len(jobs["jobs"]), (day.record, jobs)
        assert day.record.labels >= 1 + len(RECEIVERS) + ORDERS + 1
    day.settle()
