"""Settings › Printers' discovery: CUPS queues and hosts answering on port 9100, scanned in
the background (bounded in time and in parallel connections, with progress and Stop)."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.printing.discovery import (
    SCAN_PORT,
    DiscoveryError,
    list_cups_queues,
    scan,
    scan_targets,
)

SCAN_CONCURRENCY = 64
SCAN_TOTAL_TIMEOUT = 20.0


@dataclass(frozen=True, slots=True)
class Discovered:
    """A printer found by discovery: a transport and a suggested name."""

    transport: str
    name: str
    kind: str
    detail: str


def guess_local_network() -> str:
    """This machine's /24 (from the route to a public address; nothing is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: connect() on UDP only picks a route
        address = probe.getsockname()[0]
        if address and not address.startswith("0."):
            return ".".join(address.split(".")[:3]) + ".0/24"
    return "192.168.1.0/24"


class DiscoverDialog(QDialog):
    """Find printers: CUPS queues and hosts answering on port 9100."""

    #: the user picked a found printer to add
    chosen = Signal(object)
    #: a scan or listing finished (how many were found)
    finished_discovery = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(translate("Settings", "Discover printers"))
        self.setObjectName("discover_dialog")
        self.setMinimumSize(520, 420)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._scan_task: asyncio.Task[Any] | None = None
        self.found: list[Discovered] = []

        self.target_edit = QLineEdit(guess_local_network())
        self.target_edit.setToolTip(
            translate("Settings", "A host name, an address, or a network of at most /24")
        )
        self.port_spin = QSpinBox()
        self.port_spin.setRange(1, 65535)
        self.port_spin.setValue(SCAN_PORT)
        self.scan_button = QPushButton(translate("Settings", "Scan"))
        self.cups_button = QPushButton(translate("Settings", "List CUPS queues"))
        self.cancel_button = QPushButton(translate("Settings", "Stop"))
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.results = QListWidget()
        self.results.setObjectName("discovered")
        self.add_button = QPushButton(translate("Settings", "Add selected…"))
        self.add_button.setEnabled(False)
        close = QPushButton(translate("Settings", "Close"))

        scan_row = QHBoxLayout()
        scan_row.addWidget(QLabel(translate("Settings", "Scan")))
        scan_row.addWidget(self.target_edit, 1)
        scan_row.addWidget(QLabel(translate("Settings", "port")))
        scan_row.addWidget(self.port_spin)
        scan_row.addWidget(self.scan_button)
        scan_row.addWidget(self.cancel_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.cups_button)
        bottom.addStretch(1)
        bottom.addWidget(self.add_button)
        bottom.addWidget(close)
        layout = QVBoxLayout(self)
        layout.addLayout(scan_row)
        layout.addWidget(self.progress)
        layout.addWidget(self.status)
        layout.addWidget(self.results, 1)
        layout.addLayout(bottom)

        self.scan_button.clicked.connect(self._on_scan)
        self.target_edit.returnPressed.connect(self._on_scan)
        self.cancel_button.clicked.connect(self.stop)
        self.cups_button.clicked.connect(lambda: self._spawn(self.list_cups()))
        self.results.itemSelectionChanged.connect(
            lambda: self.add_button.setEnabled(bool(self.results.selectedItems()))
        )
        self.results.itemActivated.connect(lambda _item: self._on_add())
        self.add_button.clicked.connect(self._on_add)
        close.clicked.connect(self.reject)
        self.rejected.connect(self.stop)

    def _spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def _add_result(self, found: Discovered) -> None:
        if any(f.transport == found.transport for f in self.found):
            return
        self.found.append(found)
        item = QListWidgetItem(f"{found.transport}    {found.detail}")
        item.setData(Qt.ItemDataRole.UserRole, found)
        self.results.addItem(item)

    async def list_cups(self) -> list[Discovered]:
        """Add the CUPS queues to the results."""
        self.status.setText(translate("Settings", "Asking CUPS for its queues…"))
        try:
            queues = await list_cups_queues()
        except DiscoveryError as exc:
            self.status.setText(translate("Settings", "CUPS: {exc}").format(exc=exc))
            self.finished_discovery.emit(0)
            return []
        added = []
        for queue in queues:
            kind = "zpl" if queue.is_raw_capable else "pdf"
            found = Discovered(f"cups:{queue.name}", queue.name, kind, queue.device_uri)
            self._add_result(found)
            added.append(found)
        self.status.setText(translate("Settings", "CUPS has %n queue(s).", None, len(queues)))
        self.finished_discovery.emit(len(added))
        return added

    def _on_scan(self) -> None:
        if self._scan_task is None or self._scan_task.done():
            self._scan_task = self._spawn(self.scan())

    def stop(self) -> None:
        """Stop a running scan."""
        if self._scan_task is not None and not self._scan_task.done():
            self._scan_task.cancel()

    async def scan(self) -> list[Discovered]:
        """Probe every address of the target on the port; results appear as they are found."""
        target = self.target_edit.text().strip()
        port = self.port_spin.value()
        try:
            hosts = scan_targets(target)
        except DiscoveryError as exc:
            self.status.setText(str(exc))
            self.finished_discovery.emit(0)
            return []
        self.scan_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setRange(0, len(hosts))
        self.progress.setValue(0)
        self.status.setText(translate("Settings", "Scanning %n address(es)…", None, len(hosts)))
        gate = asyncio.Semaphore(SCAN_CONCURRENCY)
        added: list[Discovered] = []
        errors: list[str] = []

        async def probe(host: str) -> None:
            async with gate:
                try:
                    hits = await scan(host, port, total_timeout=SCAN_TOTAL_TIMEOUT)
                except DiscoveryError as exc:
                    errors.append(str(exc))
                    hits = []
            for hit in hits:
                found = Discovered(
                    hit.uri,
                    translate("Settings", "Printer {host}").format(host=hit.host),
                    "zpl",
                    translate("Settings", "answers on {port}").format(port=port),
                )
                self._add_result(found)
                added.append(found)
            self.progress.setValue(self.progress.value() + 1)

        stopped = False
        try:
            await asyncio.wait_for(
                asyncio.gather(*(probe(h) for h in hosts)), SCAN_TOTAL_TIMEOUT + 5.0
            )
        except asyncio.CancelledError:
            stopped = True
        except TimeoutError:
            errors.append(translate("Settings", "the scan took too long and was stopped"))
        finally:
            self.scan_button.setEnabled(True)
            self.cancel_button.setEnabled(False)
        text = translate(
            "Settings", "Found %n printer(s) on port {port}.", None, len(added)
        ).format(port=port)
        if stopped:
            text = translate("Settings", "Scan stopped. {0}").format(text)
        if errors:
            text += " " + "; ".join(dict.fromkeys(errors))
        self.status.setText(text)
        self.finished_discovery.emit(len(added))
        return added

    def _on_add(self) -> None:
        items = self.results.selectedItems()
        if items:
            self.chosen.emit(items[0].data(Qt.ItemDataRole.UserRole))
