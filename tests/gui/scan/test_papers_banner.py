"""The Scan banner after customs papers were saved for want of an A4 printer, in English and
German at the width of a 1024x600 window: the note says it in words (no path), nothing in the
banner is cut, and "Open folder" hands the papers' folder to the desktop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop_app.gui.i18n import install_translations, translate
from desktop_app.gui.i18n.customs_papers import papers_note
from desktop_app.gui.scan.partials.banner import OutcomeBanner
from desktop_app.gui.shell.text_fit import cut_texts
from desktop_app.gui.widgets.folder_button import FolderButton

#: the Scan page's banner at a maximised 1024x600 window (page margins off)
BANNER_WIDTH = 1000


class Desktop(QObject):
    """Stands in for the desktop's file manager: the URLs it was asked to open."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url)


@pytest.fixture
def desktop(qapp: QApplication) -> Iterator[Desktop]:
    del qapp
    handler = Desktop()
    QDesktopServices.setUrlHandler("file", handler, "open")
    try:
        yield handler
    finally:
        QDesktopServices.unsetUrlHandler("file")


@pytest.mark.parametrize("language", ["en", "de"])
def test_saved_papers_in_words_with_open_folder_and_nothing_cut(
    qtbot: QtBot, tmp_path: Path, desktop: Desktop, language: str
) -> None:
    install_translations(language)
    try:
        saved = tmp_path / "customs-papers" / "2026-11-28" / "CH-2-customs.pdf"
        saved.parent.mkdir(parents=True)
        saved.write_bytes(b"%PDF-1.4")
        note = papers_note(["cn23", "cn23", "commercial_invoice"], "", saved)
        assert str(saved.parent) not in note
        assert ("saved" if language == "en" else "gespeichert") in note
        shipped = translate(
            "Scan",
            "Order %1 shipped: label and packing slip are printing. Scan the next order.",
        ).replace("%1", "CH-2")
        banner = OutcomeBanner()
        qtbot.addWidget(banner)
        banner.resize(BANNER_WIDTH, banner.sizeHint().height())
        banner.show()
        qtbot.waitExposed(banner)
        height = banner.height()
        banner.show_outcome("#2e7d32", "DHL 00340434161234567890", f"{shipped}\n{note}", saved)
        QApplication.processEvents()
        assert banner.height() == height  # the banner keeps its place and height
        assert banner.folder_button.isVisible()
        assert cut_texts([banner]) == []

        banner.folder_button.click()
        assert desktop.opened == [QUrl.fromLocalFile(str(saved.parent))]
        banner.show_outcome("#2e7d32", "DHL 1", shipped)  # no papers saved: no button
        assert banner.folder_button.isHidden()
    finally:
        install_translations("en")


def test_the_button_is_hidden_without_a_file_and_keeps_its_place(qtbot: QtBot) -> None:
    button = FolderButton("papers", keep_place=True)
    qtbot.addWidget(button)
    assert button.isHidden() and button.sizePolicy().retainSizeWhenHidden()
    assert not button.open()  # nothing to open
