"""Screenshot of the Scan page for the README:
`python -m tools.screenshots.scan docs/screenshots` (under `xvfb-run`).

Real parts as in `operations.py`: the Local sandbox, a virtual printer, an order stored on
the service and scanned through the page's scan box; the PNG is the window's `grab()`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tools.screenshots.operations import SENDER, WINDOW_SIZE
from tools.screenshots.window import printer_name, start_label_printer

ORDER: dict[str, Any] = {
    "external_order_id": "SO-10482",
    "currency": "EUR",
    "total_price": 31.8,
    "total_vat": 5.08,
    "total_weight": 0.9,
    "weight_unit": "kg",
    "delivery_address": {
        "first_name": "Lukas",
        "last_name": "Becker",
        "street": "Lindenallee",
        "street_no": "4",
        "zip_code": "80331",
        "city": "München",
        "country": "DE",
    },  # fmt: skip
    "order_line_items": [
        {
            "sku": "KAF-500",
            "title": {"fallback": "Kaffee Hochland 500 g"},
            "quantity": 2,
            "price": 12.9,
            "vat": 2.06,
            "currency": "EUR",
            "gtin": "4006381333931",
        },
        {
            "sku": "FIL-4",
            "title": {"fallback": "Filtertüten Gr. 4"},
            "quantity": 1,
            "price": 6.0,
            "vat": 0.96,
            "currency": "EUR",
            "gtin": "4006381333948",
        },
    ],  # fmt: skip
}


async def _shoot(out: Path, tmp: Path) -> list[Path]:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.main_window import MainWindow
    from desktop_app.gui.shell.pages import install_operations, install_pages
    from desktop_app.profiles.manager import ProfileManager

    out.mkdir(parents=True, exist_ok=True)
    printer, printers = await start_label_printer(tmp)
    manager = ProfileManager()
    local = manager.local_sandbox()
    manager.update(local.model_copy(update={"default_sender": SENDER, "printer": printer_name()}))
    context = AppContext(manager, printers)
    window = MainWindow(context)
    history, settings = install_pages(window, context)
    install_operations(window, context, history, settings)
    window.resize(*WINDOW_SIZE)
    window.show()
    path = out / "scan.png"
    try:
        await context.open_profile(manager.local_sandbox())
        if not context.connected or context.client is None:
            raise RuntimeError(f"the Local sandbox did not connect: {context.connection_message}")
        await context.client.orders.create(ORDER)
        page: Any = window.page("Scan")
        window.show_page("Scan")
        await asyncio.sleep(0.3)
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        page.outcome_shown.connect(lambda o: done.done() or done.set_result(o))
        page.scan_box.setText("SO-10482")
        page.scan_box.returnPressed.emit()
        await asyncio.wait_for(done, 60)
        await asyncio.sleep(0.5)
        if not window.grab().save(str(path), "PNG"):
            raise RuntimeError(f"could not write {path}")
    finally:
        await context.aclose()
        await printer.stop()
        window.close()
    return [path]


def main(argv: Sequence[str] | None = None) -> int:
    """Write scan.png into the folder given (default docs/screenshots)."""
    from tools.screenshots.window import run_shots

    return run_shots(_shoot, argv, "packdesk-shots-scan-")


if __name__ == "__main__":
    raise SystemExit(main())
