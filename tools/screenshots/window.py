"""Renders the main window to PNG files: `python -m tools.screenshots.window docs/screenshots`.

Run by `make screenshots` under Xvfb. Everything is real: temp config and data folders, the
app context on the built-in Local sandbox (the local service is started), a virtual printer
on loopback as the assigned printer, the form typed into key by key, a shipment created and
printed, a few more shipments moved along by the sandbox's tracking events.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any

# what `make screenshots` renders, in README order
SHOTS = (
    ("1-new-shipment.png", "the empty form on the Local sandbox"),
    ("2-form-problems.png", "the form with problems shown as it is typed"),
    ("3-preview.png", "the label preview after Create and print"),
    ("4-history.png", "the history with tracking statuses"),
    ("5-settings-printers.png", "Settings › Printers with the assigned printer"),
    ("6-settings-profiles.png", "Settings › Profiles: a live profile's key is checked"),
    ("7-small-screen.png", "the New shipment page on a 1024x600 screen, preview collapsed"),
)
WINDOW_SIZE = (1366, 768)
SMALL_SCREEN_SIZE = (1024, 600)
#: shots taken at another size than WINDOW_SIZE
SHOT_SIZES = {"7-small-screen.png": SMALL_SCREEN_SIZE}
PRINTER_NAMES = {"en": "Packing table Zebra", "de": "Packtisch Zebra"}


def printer_name() -> str:
    """The sample label printer's name, in the language the shots are rendered in."""
    from desktop_app.gui.i18n import current_language

    return PRINTER_NAMES[current_language()]


async def start_label_printer(tmp: Path) -> tuple[Any, Any]:
    """A started virtual 4x6 in ZPL printer (203 dpi) under `tmp`, and a printer book that
    names it as `printer_name()`."""
    from desktop_app.printing.printers import PrinterBook, PrinterDefinition
    from desktop_app.printing.virtual_printer import VirtualPrinter

    printer = VirtualPrinter(tmp / "virtual-printer", render=False)
    await printer.start()
    printers = PrinterBook()
    printers.put(
        PrinterDefinition(
            name=printer_name(), kind="zpl", transport=printer.uri, dpi=203, stock="4x6in"
        )
    )
    return printer, printers


SENDER: dict[str, Any] = {
    "company": "Kaffeerösterei Sonnenberg",
    "first_name": "Jana",
    "last_name": "Sonnenberg",
    "street": "Hafenstraße",
    "street_no": "12",
    "zip_code": "20457",
    "city": "Hamburg",
    "country": "DE",
    "email": "versand@example.com",
}
HISTORY_RECEIVERS = (
    ("Lukas", "Becker", "Lindenallee", "4", "80331", "München", "SHOP-10231", "delivered"),
    ("Mia", "Schulz", "Am Markt", "9", "04109", "Leipzig", "SHOP-10232", "transit"),
    ("Paul", "Wagner", "Rosenweg", "21", "50667", "Köln", "SHOP-10233", "picked_up"),
    ("Emma", "Hoffmann", "Bahnhofstraße", "3", "60311", "Frankfurt am Main", "SHOP-10235", None),
)


async def _settle(seconds: float = 0.4) -> None:
    """Let layouts, paints and background renders finish (the loop processes Qt events)."""
    await asyncio.sleep(seconds)


def _save(widget: Any, path: Path) -> None:
    if not widget.grab().save(str(path), "PNG"):
        raise RuntimeError(f"could not write {path}")


def _type(editor: Any, text: str) -> None:
    """Type like a user: one key press per character (validation runs on each)."""
    from PySide6.QtCore import QEvent, Qt
    from PySide6.QtGui import QKeyEvent
    from PySide6.QtWidgets import QApplication

    editor.setFocus()
    for ch in text:  # QTest.keyClicks only knows ASCII; addresses have umlauts
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            event = QKeyEvent(kind, Qt.Key.Key_unknown, Qt.KeyboardModifier.NoModifier, ch)
            QApplication.sendEvent(editor, event)


async def _shoot(out: Path, tmp: Path) -> list[Path]:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.shell.main_window import HISTORY, SETTINGS, MainWindow
    from desktop_app.gui.shell.pages import install_pages
    from desktop_app.printing.printers import PrinterDefinition
    from desktop_app.profiles.manager import ProfileManager
    from desktop_app.profiles.models import Profile

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    printer, printers = await start_label_printer(tmp)
    manager = ProfileManager()
    printers.put(
        PrinterDefinition(
            name="Büro-Laser" if printer_name() == PRINTER_NAMES["de"] else "Office laser",
            kind="pdf",
            transport="cups:Office_A4",
        )
    )
    local = manager.local_sandbox()
    manager.update(local.model_copy(update={"default_sender": SENDER, "printer": printer_name()}))
    context = AppContext(manager, printers)
    window = MainWindow(context)
    history, settings = install_pages(window, context)
    history.auto_refresh = False  # refreshed explicitly below, so the shot is deterministic
    window.resize(*WINDOW_SIZE)
    window.show()
    try:
        await context.open_profile(manager.local_sandbox())
        if not context.connected:
            raise RuntimeError(f"the Local sandbox did not connect: {context.connection_message}")
        page: Any = window.shipment_page
        form = page.form
        await _settle(1.0)

        def shot(name: str, widget: Any = window) -> None:
            path = out / name
            _save(widget, path)
            written.append(path)

        shot(SHOTS[0][0])

        # a receiver typed half-way: problems appear under the fields as they are typed
        receiver = form.receiver
        _type(receiver.editor("last_name"), "Mustermann")
        _type(receiver.editor("street"), "Heidestraße")
        _type(receiver.editor("zip_code"), "5114")
        weight = form.packages.rows[0].fields["weight"].editor
        _type(weight, "0")
        form.reveal_all()
        await _settle()
        page.scroll_area.verticalScrollBar().setValue(0)
        shot(SHOTS[1][0])

        # fixed and created: Create and print, the preview shows the label
        _type(receiver.editor("first_name"), "Erika")
        _type(receiver.editor("street_no"), "17")
        _type(receiver.editor("zip_code"), "7")
        _type(receiver.editor("city"), "Köln")
        weight.selectAll()
        _type(weight, "1.5")
        for name, value in (("length", "30"), ("width", "20"), ("height", "10")):
            size = form.packages.rows[0].fields[name].editor
            size.clear()  # the Local sandbox's default parcel fills them
            _type(size, value)
        _type(form.reference_edit, "SHOP-10234")
        task = page.creation.request_create(True)
        if task is None:
            raise RuntimeError(f"the form still has problems: {form.problems}")
        await task
        await printer.wait_for_jobs(1, timeout=60)
        await _settle(1.5)
        shot(SHOTS[2][0])

        # the same desk on a 1024x600 screen: form and Create beside it, the preview folded
        window.resize(*SMALL_SCREEN_SIZE)
        page.preview_toggle.setChecked(False)
        _type(receiver.editor("first_name"), "Lukas")
        _type(receiver.editor("last_name"), "Becker")
        _type(receiver.editor("street"), "Lindenallee")
        await _settle()
        page.scroll_area.verticalScrollBar().setValue(0)
        shot(SHOTS[6][0])
        page.clear_or_cancel()
        window.resize(*WINDOW_SIZE)
        await _settle()

        # more shipments, moved along by the sandbox's tracking events, then a refresh
        creator, client = context.creator, context.client
        assert creator is not None and client is not None
        for first, last, street, no, zip_code, city, ref, status in HISTORY_RECEIVERS:
            body = {
                "carrier": "dhl",
                "service": "standard",
                "from": SENDER,
                "to": {
                    "first_name": first,
                    "last_name": last,
                    "street": street,
                    "street_no": no,
                    "zip_code": zip_code,
                    "city": city,
                    "country": "DE",
                },
                "package": {"weight": 2.0, "length": 30, "width": 20, "height": 15},
                "reference_number": ref,
                "label": {"format": "pdf_a6"},
            }
            stored = await creator.create(body)
            context.shipment_created.emit(stored)
            if status is not None:
                await client.sandbox.add_tracking_event(stored.id, status)
        window.show_page(HISTORY)
        await history.refresh_from_service()
        history.select_ids([history.model.shipment(0).id])
        await _settle()
        shot(SHOTS[3][0])

        window.show_page(SETTINGS)
        settings.show_tab("printers")
        settings.printers.select(printer_name())
        await _settle()
        shot(SHOTS[4][0])

        # a live profile being added: its key is checked with the service before saving
        credentials = json.loads(context.sandbox.info.credentials_file.read_text("utf-8"))
        live = Profile(
            name="Kaffeerösterei — live",
            environment="live",
            base_url=context.sandbox.base_url,
            ca_file=str(context.sandbox.ca_file),
            force_loopback=True,  # the local service stands in for the real one here
        )
        manager.add(live, credentials["live_key"], verified_environment="production")
        settings.profiles.reload()
        settings.profiles_changed.emit()
        settings.show_tab("profiles")
        dialog = settings.profiles.open_dialog(None)
        dialog.name_edit.setText("Lager Nord — live")
        dialog.url_edit.setText(context.sandbox.base_url)
        dialog.ca_edit.setText(str(context.sandbox.ca_file))
        dialog.loopback_check.setChecked(True)
        dialog.key_edit.setText(context.sandbox.sandbox_key)
        await dialog.check_key()  # refused: a sandbox key for a live profile
        await _settle()
        path = out / SHOTS[5][0]
        composite = window.grab()
        from PySide6.QtGui import QColor, QPainter

        painter = QPainter(composite)
        inner = dialog.grab()
        x = (composite.width() - inner.width()) // 2
        y = (composite.height() - inner.height()) // 2
        painter.fillRect(x - 6, y - 30, inner.width() + 12, inner.height() + 36, QColor("#5f6368"))
        painter.setPen(QColor("#ffffff"))
        painter.drawText(x + 4, y - 10, dialog.windowTitle())
        painter.drawPixmap(x, y, inner)
        painter.end()
        composite.save(str(path), "PNG")
        written.append(path)
        dialog.reject()
    finally:
        await context.aclose()
        await printer.stop()
        window.close()
    return written


def run_shots(
    shoot: Callable[[Path, Path], Awaitable[list[Path]]],
    argv: Sequence[str] | None,
    prefix: str,
) -> int:
    """Run `shoot(out, tmp)` on qasync's loop with throw-away folders; print what it wrote.
    `--language de` renders the windows in German (default: English)."""
    args = list(sys.argv[1:] if argv is None else argv)
    language = "en"
    if "--language" in args:
        at = args.index("--language")
        language = args[at + 1]
        del args[at : at + 2]
    out = Path(args[0] if args else "docs/screenshots").resolve()
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp_name:
        tmp = Path(tmp_name)
        # nothing of the user's: folders, keys and any key override stay out
        os.environ["PACKDESK_CONFIG_DIR"] = str(tmp / "config")
        os.environ["PACKDESK_DATA_DIR"] = str(tmp / "data")
        os.environ["PACKDESK_SECRET_STORE"] = "file"
        os.environ.pop("PACKDESK_API_KEY", None)
        import qasync
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication([prefix.rstrip("-")])
        from desktop_app.gui.i18n import install_translations

        install_translations(language)
        loop = qasync.QEventLoop(app)
        asyncio.set_event_loop(loop)
        try:
            written = loop.run_until_complete(shoot(out, tmp))
        finally:
            asyncio.set_event_loop(None)
            loop.close()
    for path in written:
        print(path)  # noqa: T201 - a command-line tool reports what it wrote
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Write the screenshots into the folder given (default docs/screenshots)."""
    return run_shots(_shoot, argv, "packdesk-screenshots-")


if __name__ == "__main__":
    raise SystemExit(main())
