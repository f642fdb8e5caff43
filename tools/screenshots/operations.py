"""Screenshots of the everyday operations for the README:
`python -m tools.screenshots.operations docs/screenshots` (under `xvfb-run`).

Everything is real, as in `window.py`: temp folders, the built-in Local sandbox started,
a virtual printer on loopback, addresses, shipments, pickups, webhooks and a batch made
through the pages themselves; each PNG is the page's (or dialog's) `grab()`.
"""

from __future__ import annotations

import asyncio
import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.screenshots.window import printer_name, start_label_printer

SHOTS = (
    ("address-book.png", "the address book with a parcel-point lookup"),
    ("returns.png", "a return label made from a history entry"),
    ("pickups.png", "the end-of-day view with a pickup requested"),
    ("tracking.png", "the tracking timeline in the history"),
    ("webhooks.png", "Settings › Webhooks with a deactivated webhook"),
    ("batch.png", "a batch after Create all"),
)
WINDOW_SIZE = (1366, 768)


SENDER: dict[str, Any] = {
    "company": "Rösterei Sonnenberg",
    "street": "Hafenstraße",
    "street_no": "12",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
}
PEOPLE = (
    ("Lukas", "Becker", "Lindenallee", "4", "80331", "München"),
    ("Mia", "Schulz", "Am Markt", "9", "04109", "Leipzig"),
    ("Paul", "Wagner", "Rosenweg", "21", "50667", "Köln"),
    ("Emma", "Hoffmann", "Bahnhofstraße", "3", "60311", "Frankfurt am Main"),
)
PACKAGE = {"weight": 2.0, "length": 30, "width": 20, "height": 15}


async def _settle(seconds: float = 0.4) -> None:
    """Let layouts, paints and background work finish."""
    await asyncio.sleep(seconds)


def _person(i: int) -> dict[str, Any]:
    first, last, street, no, zip_code, city = PEOPLE[i % len(PEOPLE)]
    return {
        "first_name": first,
        "last_name": last,
        "street": street,
        "street_no": no,
        "zip_code": zip_code,
        "city": city,
        "country": "DE",
    }


async def _shoot(out: Path, tmp: Path) -> list[Path]:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.main_window import HISTORY, SETTINGS, MainWindow
    from desktop_app.gui.shell.pages import install_operations, install_pages
    from desktop_app.profiles.manager import ProfileManager

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    printer, printers = await start_label_printer(tmp)
    manager = ProfileManager()
    local = manager.local_sandbox()
    prefs = local.preferences.model_copy(
        update={"default_package": {"length": 30, "width": 20, "height": 15}}
    )
    manager.update(
        local.model_copy(
            update={"default_sender": SENDER, "printer": printer_name(), "preferences": prefs}
        )
    )
    context = AppContext(manager, printers)
    window = MainWindow(context)
    history, settings = install_pages(window, context)
    install_operations(window, context, history, settings)
    history.auto_refresh = False
    window.resize(*WINDOW_SIZE)
    window.show()

    def save(widget: Any, name: str) -> None:
        path = out / name
        if not widget.grab().save(str(path), "PNG"):
            raise RuntimeError(f"could not write {path}")
        written.append(path)

    try:
        await context.open_profile(manager.local_sandbox())
        if not context.connected or context.client is None or context.creator is None:
            raise RuntimeError(f"the Local sandbox did not connect: {context.connection_message}")
        client, creator = context.client, context.creator

        # --- address book
        book_page: Any = window.page("Addresses")
        await book_page.tasks.wait_idle()
        for i in range(4):
            await book_page.book.create(client, _person(i))
        await book_page.book.create(client, {**SENDER})
        book_page.show_addresses()
        book_page.partner_edit.setText("1A2B3C4")
        await book_page.lookup_partner()
        book_page.search_edit.setText("")
        book_page.select_address(str(book_page.book.addresses[0]["id"]))
        window.show_page("Addresses")
        await _settle()
        save(window, SHOTS[0][0])

        # --- shipments for the other pages
        made = []
        for i, carrier in enumerate(("dhl", "ups", "ups", "dpd", "hermes", "dpd")):
            body = {
                "carrier": carrier,
                "service": "standard",
                "from": SENDER,
                "to": _person(i),
                "package": PACKAGE,
                "reference_number": f"SHOP-{10240 + i}",
                "label": {"format": "pdf_a6"},
            }
            if carrier == "dhl":
                body["additional_services"] = [
                    {
                        "name": "advance_notice",
                        "properties": {"email": "lukas@example.com", "language": "de"},
                    }
                ]
            stored = await creator.create(body)
            context.shipment_created.emit(stored)
            made.append(stored)

        # --- tracking timeline
        for status in ("picked_up", "transit", "out_for_delivery"):
            await client.sandbox.add_tracking_event(made[0].id, status)
        window.show_page(HISTORY)
        await history.refresh_from_service()
        history.select_ids([made[0].id])
        await _settle()
        save(window, SHOTS[3][0])

        # --- returns: the dialog for the first shipment (its add-on goes)
        history.select_ids([made[0].id])
        history.return_action.trigger()
        dialog = history.return_dialog
        dialog.reason_edit.setText("wrong size")
        dialog.show()
        await _settle()
        save(dialog, SHOTS[1][0])
        dialog.reject()

        # --- pickups: one requested for UPS, the rest waiting
        pickups: Any = window.page("End of day")
        window.show_page("End of day")
        await pickups.reload()
        index = pickups.carrier_combo.findData("ups")
        pickups.carrier_combo.setCurrentIndex(index)
        await pickups.request()
        pickups.carrier_combo.setCurrentIndex(max(pickups.carrier_combo.findData("dpd"), 0))
        pickups.chosen_radio.setChecked(True)
        pickups.set_checked([made[3].id])
        await _settle()
        save(window, SHOTS[2][0])

        # --- webhooks: one active with basic auth, one deactivated
        hooks: Any = settings.webhooks  # type: ignore[attr-defined]
        await client.webhooks.create(
            {
                "url": "https://shop.example.com/packdesk/events",
                "event_types": ["shipment.tracking.*", "shipment.status.deleted"],
                "security": {"type": "basic_auth", "username": "packdesk", "password": "x"},
            }
        )
        old = await client.webhooks.create(
            {"url": "https://old-erp.example.com/hook", "event_types": ["*"]}
        )
        # what 15 failed deliveries would do, without waiting for them
        await client._request("PATCH", f"webhooks/{old.id}", json={"deactivated": True})
        window.show_page(SETTINGS)
        settings.tabs.setCurrentWidget(hooks)
        await hooks.reload()
        hooks.url_edit.setText("https://warehouse.example.com/events")
        hooks.catch_all_boxes["shipment.tracking.*"].setChecked(True)
        hooks.select_id(old.id)
        await _settle()
        save(window, SHOTS[4][0])

        # --- batch: eight orders, one without postcode, one the carrier refuses
        orders = tmp / "orders-monday.csv"
        with orders.open("w", encoding="utf-8", newline="") as fh:
            writer = csv.writer(fh, delimiter=";")
            writer.writerow(["Bestellnummer", "Firma", "Name", "Straße", "PLZ", "Ort", "Gewicht"])
            for i in range(8):
                p = _person(i)
                writer.writerow(
                    [
                        f"WEB-{20500 + i}",
                        "CARRIER-ERROR Test AG" if i == 5 else "",
                        f"{p['first_name']} {p['last_name']}",
                        f"{p['street']} {p['street_no']}",
                        "" if i == 2 else p["zip_code"],
                        p["city"],
                        f"{1 + i % 3},5",
                    ]
                )
        batch: Any = window.page("Batch")
        window.show_page("Batch")
        await batch.load_file(orders)
        batch.mapping.set_source("to.country", value="DE")  # the file has no country column
        batch.apply_mapping()
        batch.mapping.table.scrollToTop()
        await batch.create_all()
        await _settle()
        save(window, SHOTS[5][0])
    finally:
        await context.aclose()
        await printer.stop()
        window.close()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Write the screenshots into the folder given (default docs/screenshots)."""
    from tools.screenshots.window import run_shots

    return run_shots(_shoot, argv, "packdesk-shots-")


if __name__ == "__main__":
    raise SystemExit(main())
