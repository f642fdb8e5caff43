"""The printer dialog's connection types come from the transports' registry (no list of its own)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from desktop_app.gui.i18n import install_translations
from desktop_app.gui.settings.printers.page import PrinterDialog, split_transport, transport_uri
from desktop_app.printing.printers import PrinterBook
from desktop_app.printing.transports import (
    OutgoingJob,
    Transport,
    register_transport,
    transport_classes,
    unregister_transport,
)
from desktop_app.printing.transports.base import noop


class CarrierPigeonTransport(Transport):
    """A transport the app does not have: only registered by this test."""

    scheme = "pigeon"
    name = "Carrier pigeon"
    address_example = "loft-7"

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
        on_connected()


def dialog_connections(qtbot: QtBot, tmp_path: Path) -> tuple[PrinterDialog, list[tuple[str, str]]]:
    dialog = PrinterDialog(PrinterBook(tmp_path / "printers.json"))
    qtbot.addWidget(dialog)
    combo = dialog.connection_combo
    return dialog, [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]


def test_the_dialog_offers_every_registered_transport_in_order(
    qtbot: QtBot, tmp_path: Path
) -> None:
    registered = transport_classes()
    _, offered = dialog_connections(qtbot, tmp_path)
    assert offered == [(t.scheme, t.name) for t in registered]
    # the built-in ones first, in this order (a transport registered later comes after them)
    assert [scheme for scheme, _ in offered][:8] == [
        "tcp", "cups", "usb", "serial", "win32", "file", "qt", "qt-pdf",
    ]  # fmt: skip


def test_a_newly_registered_transport_appears_with_its_own_example(
    qtbot: QtBot, tmp_path: Path
) -> None:
    register_transport("pigeon", CarrierPigeonTransport)
    try:
        dialog, offered = dialog_connections(qtbot, tmp_path)
        assert offered[-1] == ("pigeon", "Carrier pigeon")
        dialog.connection_combo.setCurrentIndex(dialog.connection_combo.findData("pigeon"))
        assert dialog.address_edit.placeholderText() == "loft-7"
        assert transport_uri("pigeon", " loft-7 ") == "pigeon:loft-7"
    finally:
        unregister_transport("pigeon")
    _, offered = dialog_connections(qtbot, tmp_path)
    assert "pigeon" not in [scheme for scheme, _ in offered]


def test_the_transports_names_are_shown_in_the_users_language(qtbot: QtBot, tmp_path: Path) -> None:
    install_translations("de")
    try:
        _, offered = dialog_connections(qtbot, tmp_path)
    finally:
        install_translations("en")
    names = dict(offered)
    assert names["tcp"] == "Netzwerk (TCP, Port 9100)"
    assert names["qt"] == "Systemdrucker (PDF über Qt)"


def test_addresses_and_uris_each_transport_understands() -> None:
    assert transport_uri("tcp", "192.0.2.10") == "tcp://192.0.2.10:9100"
    assert transport_uri("tcp", "tcp://192.0.2.10:6101?waiteof=0") == (
        "tcp://192.0.2.10:6101?waiteof=0"
    )
    assert split_transport("tcp://192.0.2.10:9100") == ("tcp", "192.0.2.10:9100")
    assert transport_uri("cups", "Zebra_ZD420") == "cups:Zebra_ZD420"
    assert split_transport("SERIAL:/dev/ttyUSB0?baudrate=9600") == (
        "serial",
        "/dev/ttyUSB0?baudrate=9600",
    )
    assert split_transport("ftp:somewhere") == ("ftp", "somewhere")  # unknown: shown as it is


def test_every_transport_describes_itself() -> None:
    for transport in transport_classes():
        assert transport.name and transport.address_example, transport.scheme
        for option in transport.options:
            assert option.name and option.meaning, (transport.scheme, option)


@pytest.mark.parametrize("language", ["en", "de"])
def test_each_field_of_the_dialog_has_its_own_alt_key(
    qtbot: QtBot, tmp_path: Path, language: str
) -> None:
    """Alt+letter reaches one field: in German "&Art" and "&Adresse" both took Alt+A, and the
    address typed after Alt+A went nowhere (the day-at-the-desk test typed it in vain)."""
    install_translations(language)
    try:
        dialog = PrinterDialog(PrinterBook(tmp_path / "printers.json"))
        qtbot.addWidget(dialog)
        keys = [
            QKeySequence.mnemonic(label.text()).toString().casefold()
            for label in dialog.findChildren(QLabel)
            if label.buddy() is not None and "&" in label.text()
        ]
    finally:
        install_translations("en")
    assert len(keys) >= 8
    assert len(set(keys)) == len(keys), keys
