"""Screenshots of a station joining by phrase, at a 1024x600 desk:
`python -m tools.screenshots.station_join docs/screenshots/people/en [--language de]`.

Everything is real: a `packdesk serve` on throw-away folders, a new station's Settings ›
Profiles with the server's CA pinned, its "Ask to join" before and after asking, the admin's
"Stations asking to join…" with the phrase typed, and the station's profile list once its key
is saved. Each PNG is the 1024x600 page with its window-modal dialog centred on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from pathlib import Path

from tools.screenshots.window import run_shots

SIZE = (1024, 600)
PATIENCE = 60.0


def _compose(page: object, dialog: object | None, path: Path) -> Path:
    """The page at 1024x600 with `dialog` painted centred over it, as the window shows it."""
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QWidget

    assert isinstance(page, QWidget)
    shot = page.grab()
    if isinstance(dialog, QWidget):
        dialog.resize(min(dialog.sizeHint().width(), SIZE[0] - 40), dialog.sizeHint().height())
        over = dialog.grab()
        painter = QPainter(shot)
        painter.drawPixmap(
            QPoint((SIZE[0] - over.width()) // 2, max(0, (SIZE[1] - over.height()) // 2)), over
        )
        painter.end()
    shot.save(str(path))
    return path


async def _until(check: object, what: str) -> None:
    """Wait until `check()` is true (bounded)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while not check():  # type: ignore[operator]
        if loop.time() > deadline:
            raise RuntimeError(f"timed out waiting for {what}")
        await asyncio.sleep(0.1)


async def _shoot(out: Path, tmp: Path) -> list[Path]:
    from desktop_app.gui.core.context import AppContext
    from desktop_app.gui.settings.profiles.page import ProfilesPage
    from desktop_app.gui.settings.profiles.partials.server_connect import pinned_ca_file
    from desktop_app.printing.printers import PrinterBook
    from desktop_app.profiles.server_trust import fetch_pairing, pin_server_ca
    from tests.fixtures.service import start_service
    from tests.gui.app_context import make_manager, open_context

    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with start_service(tmp / "server") as server:
        station = AppContext(make_manager(tmp / "station"), PrinterBook(tmp / "station" / "p.json"))
        admin = await open_context(tmp / "admin", server, "Lager Hamburg")
        page = ProfilesPage(station)
        page.resize(*SIZE)
        page.show()
        ca_file = pinned_ca_file(station.manager.data_dir, server.base_url)
        pairing = await asyncio.to_thread(fetch_pairing, server.base_url)
        pin_server_ca(ca_file, pairing, pairing.ca_sha256)
        page._on_server_trusted(server.base_url, str(ca_file))
        join = page.join_dialog
        assert join is not None
        join.name_edit.setText("Packtisch 3")
        await asyncio.sleep(0.3)
        written.append(_compose(page, join, out / "join-1-ask.png"))
        join.start()
        await _until(join.phrase_label.isVisible, "the phrase")
        await asyncio.sleep(0.3)
        written.append(_compose(page, join, out / "join-2-phrase.png"))

        admin_page = ProfilesPage(admin)
        admin_page.resize(*SIZE)
        admin_page.show()
        approvals = admin_page.open_approvals()
        await _until(lambda: approvals.presenter.requests, "the waiting station")
        approvals.list.setCurrentRow(0)
        approvals.phrase_edit.setText(join.phrase_label.text())
        await asyncio.sleep(0.3)
        written.append(_compose(admin_page, approvals, out / "join-3-admin.png"))
        approvals.approve()
        await _until(lambda: not join.isVisible(), "the station's key")
        await asyncio.sleep(0.3)
        written.append(_compose(admin_page, approvals, out / "join-4-approved.png"))
        written.append(_compose(page, None, out / "join-5-station-ready.png"))
        await admin.aclose()
        await station.aclose()
    return written


def main(argv: Sequence[str] | None = None) -> int:
    """Write the screenshots into the folder given."""
    return run_shots(_shoot, argv, "packdesk-join-shots-")


if __name__ == "__main__":
    raise SystemExit(main())
