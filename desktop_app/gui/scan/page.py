"""The Scan page: a packing station driven by a barcode scanner alone.

The scan box has the focus whenever the page is shown; a keyboard-wedge scanner types the
code and Enter, which is one scan. The outcome fills the page: green with the carrier and
tracking number, red with the reason and what to do, blue while an order is being packed.
Every outcome sounds (one beep, three for an error); an error stays until the packer presses
Esc, so none goes unnoticed; after a success the next scan is taken at once.

Keys: F2 ship now, F3 next shipping preset, F4 reprint label and slip, F5 read the orders
again, F6 ship with the pack check incomplete (recorded), Esc confirm an error / drop the
order. The flow itself is `desktop_app.station.flow.Station` (Qt-free).
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QLocale, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.scale import ScalePresenter, weight_text

if TYPE_CHECKING:
    from desktop_app.batch.watched_folder import WatchedFolder
    from desktop_app.gui.shell.context import AppContext
    from desktop_app.scales.readings import Reading
    from desktop_app.station.flow import ScanOutcome, Station

log = logging.getLogger(__name__)

GREEN, RED, BLUE = "#1b7f3b", "#b3261e", "#1d4f91"
OVERRIDE_REASON = "shipped incomplete by F6 at the station"


class _PresenterScale:
    """The station's weight source: the stable weight of the page's scale presenter."""

    def __init__(self, presenter: ScalePresenter) -> None:
        self.presenter = presenter

    def stable_weight(self, now: float | None = None) -> Reading | None:
        monitor = self.presenter.monitor
        return monitor.stable_weight(now) if monitor is not None else None


class ScanPageWidget(QWidget):
    """Scan box, outcome banner, weight, preset and the order's items."""

    outcome_shown = Signal(object)  # ScanOutcome, after the page shows it

    def __init__(self, ctx: AppContext, *, scale: ScalePresenter | None = None) -> None:
        super().__init__()
        self.setObjectName("scanPage")
        self.ctx = ctx
        self.scale = scale or ScalePresenter(self)
        self.pack_check = False
        self.station: Station | None = None
        self._station_key: tuple[Any, ...] | None = None
        self.awaiting_ack = False
        self.last_outcome: ScanOutcome | None = None
        self._scans: asyncio.Queue[tuple[str, str]] | None = None
        self._worker: asyncio.Task[None] | None = None

        self.scan_box = QLineEdit()
        self.scan_box.setObjectName("scan_box")
        self.scan_box.setPlaceholderText(translate("Scan", "Scan an order or an item"))
        self.scan_box.setAccessibleName(translate("Scan", "Scan"))
        big = QFont(self.scan_box.font())
        big.setPointSize(max(16, big.pointSize() * 2))
        self.scan_box.setFont(big)
        self.scan_box.returnPressed.connect(self._on_return)

        self.banner = QLabel(translate("Scan", "Ready: scan an order"))
        self.banner.setObjectName("scan_outcome")
        self.banner.setWordWrap(True)
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        banner_font = QFont(self.banner.font())
        banner_font.setPointSize(max(22, banner_font.pointSize() * 3))
        banner_font.setBold(True)
        self.banner.setFont(banner_font)
        self.banner.setMinimumHeight(140)
        self.detail = QLabel()
        self.detail.setObjectName("scan_detail")
        self.detail.setWordWrap(True)
        self.detail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        detail_font = QFont(self.detail.font())
        detail_font.setPointSize(max(13, int(detail_font.pointSize() * 1.5)))
        self.detail.setFont(detail_font)
        self.outcome_frame = QFrame()
        self.outcome_frame.setObjectName("scan_outcome_frame")
        frame_layout = QVBoxLayout(self.outcome_frame)
        frame_layout.addWidget(self.banner)
        frame_layout.addWidget(self.detail)
        self._paint(BLUE)

        self.weight_label = QLabel()
        self.weight_label.setObjectName("scan_weight")
        weight_font = QFont(self.weight_label.font())
        weight_font.setPointSize(max(20, weight_font.pointSize() * 2))
        weight_font.setBold(True)
        self.weight_label.setFont(weight_font)
        self.preset_label = QLabel()
        self.preset_label.setObjectName("scan_preset")
        self.order_label = QLabel()
        self.order_label.setObjectName("scan_order")
        self.items = QListWidget()
        self.items.setObjectName("scan_items")
        self.items.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.keys = QLabel(
            translate(
                "Scan",
                "F2 ship now · F3 next preset · F4 reprint · F5 read orders · "
                "F6 ship incomplete · Esc confirm / drop order",
            )
        )
        self.keys.setObjectName("scan_keys")
        self.weight_box = QLineEdit()
        self.weight_box.setObjectName("scan_weight_input")
        self.weight_box.setPlaceholderText(translate("Scan", "Weight in kg, then Enter"))
        self.weight_box.returnPressed.connect(self._on_weight)
        self.weight_box.hide()

        self.folder_label = QLabel()
        self.folder_label.setObjectName("scan_watched_folder")
        self.folder_label.setWordWrap(True)
        self.folder_status = QLabel()
        self.folder_status.setObjectName("scan_watched_status")
        self.folder_status.setWordWrap(True)
        self.folder_button = QPushButton(translate("Scan", "Choose watched folder…"))
        self.folder_button.setObjectName("scan_watched_choose")
        self.folder_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.folder_button.clicked.connect(self._choose_folder)
        self.watcher: WatchedFolder | None = None
        self._watch_task: asyncio.Task[None] | None = None
        self.watch_timer = QTimer(self)
        self.watch_timer.setInterval(2000)
        self.watch_timer.timeout.connect(self._watch_tick)
        self.watch_timer.start()

        info = QVBoxLayout()
        info.addWidget(self.order_label)
        info.addWidget(self.weight_label)
        info.addWidget(self.weight_box)
        info.addWidget(self.preset_label)
        info.addStretch(1)
        info.addWidget(self.folder_label)
        info.addWidget(self.folder_status)
        info.addWidget(self.folder_button)
        lower = QHBoxLayout()
        lower.addLayout(info, 1)
        lower.addWidget(self.items, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scan_box)
        layout.addWidget(self.outcome_frame, 2)
        layout.addLayout(lower, 1)
        layout.addWidget(self.keys)

        for key, slot in (
            ("F2", self.ship_now),
            ("F3", self.next_preset),
            ("F4", self.reprint),
            ("F5", self.refresh_orders),
            ("F6", self.ship_incomplete),
            ("Esc", self.acknowledge),
        ):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._keep_focus)
        ctx.profile_changed.connect(lambda *_: self._drop_station())
        ctx.profile_changed.connect(lambda *_: self._show_folder())
        ctx.connection_changed.connect(lambda *_: self._drop_station())
        self.scale.changed.connect(self._show_weight)
        self.scale.changed.connect(self._weight_changed)
        self._show_weight()
        self._show_folder()

    # --- the watched folder --------------------------------------------------------------------

    def watched_folder(self) -> str | None:
        """The open profile's watched folder (None without a profile or folder)."""
        profile = self.ctx.profile
        return profile.preferences.watched_folder if profile is not None else None

    def _show_folder(self) -> None:
        folder = self.watched_folder()
        if self.watcher is not None and str(self.watcher.folder) != folder:
            self.watcher = None
        if folder:
            self.folder_label.setText(translate("Scan", "Watched folder: %1").replace("%1", folder))
        else:
            self.folder_label.setText(translate("Scan", "No watched folder"))

    def _choose_folder(self) -> None:
        from PySide6.QtWidgets import QFileDialog

        chosen = QFileDialog.getExistingDirectory(
            self, translate("Scan", "Folder the shop drops its order exports into")
        )
        if chosen:
            self.set_watched_folder(chosen)

    def set_watched_folder(self, folder: str | None) -> None:
        """Save the open profile's watched folder (None: stop watching) and show it."""
        profile = self.ctx.profile
        if profile is None:
            return
        preferences = profile.preferences.model_copy(update={"watched_folder": folder})
        self.ctx.manager.update(profile.model_copy(update={"preferences": preferences}))
        self.ctx.reload_profile()
        self._show_folder()

    def _watch_tick(self) -> None:
        """Every 2 s while a profile is open and connected: import its folder's new files."""
        folder = self.watched_folder()
        ctx = self.ctx
        if not folder or ctx.client is None or ctx.store is None:
            return
        if self._watch_task is not None and not self._watch_task.done():
            return
        self._watch_task = ctx.spawn(self._poll_folder(folder))

    async def _poll_folder(self, folder: str) -> None:
        from pathlib import Path

        from desktop_app.batch.watched_folder import WatchedFolder

        ctx = self.ctx
        if ctx.client is None or ctx.store is None:
            return
        try:
            if self.watcher is None or str(self.watcher.folder) != folder:
                self.watcher = await asyncio.to_thread(WatchedFolder, Path(folder))
            reports = await self.watcher.poll(ctx.client, ctx.store)
        except Exception as exc:  # a folder gone or unreadable: say so, keep scanning
            log.exception("watched folder %s", folder)
            self.folder_status.setText(
                translate("Scan", "Watched folder not usable: %1").replace("%1", str(exc))
            )
            return
        for report in reports:
            if report.status == "done":
                text = translate(
                    "Scan", "%1: %n order(s) imported", None, len(report.imported)
                ).replace("%1", report.file)
                if report.refused:
                    text = translate(
                        "Scan", "%1: %n order(s) imported, some refused (see done/)", None,
                        len(report.imported),
                    ).replace("%1", report.file)  # fmt: skip
            else:
                text = translate("Scan", "%1 could not be imported (see failed/)").replace(
                    "%1", report.file
                )
            self.folder_status.setText(text)

    # --- focus ---------------------------------------------------------------------------------

    def showEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """The scan box takes the focus as soon as the page shows."""
        super().showEvent(event)  # type: ignore[arg-type]
        self.scale.start()
        QTimer.singleShot(0, self._focus_box)

    def _focus_box(self) -> None:
        box = self.weight_box if self.weight_box.isVisible() else self.scan_box
        if self.isVisible() and not box.hasFocus():
            box.setFocus(Qt.FocusReason.OtherFocusReason)

    def _keep_focus(self, _old: QObject | None, new: QObject | None) -> None:
        if not self.isVisible():
            return
        if new in (self.scan_box, self.weight_box):
            return
        if isinstance(new, QWidget) and new.window() is not self.window():
            return  # a dialog of its own keeps its focus
        QTimer.singleShot(0, self._focus_box)

    # --- the station ---------------------------------------------------------------------------

    def _drop_station(self) -> None:
        self.station = None
        self._station_key = None

    def current_station(self) -> Station | None:
        """The flow on the open profile's store, client, queue and printer (None offline)."""
        ctx = self.ctx
        if ctx.store is None or ctx.creator is None or ctx.profile is None:
            return None
        printer = ctx.printer()
        key = (id(ctx.store), id(ctx.creator), id(ctx.queue), printer, ctx.profile)
        if self.station is None or key != self._station_key:
            from desktop_app.station.flow import Station
            from desktop_app.station.inbox import OrdersInbox

            language = "de" if QLocale().language() == QLocale.Language.German else "en"
            previous = self.station
            self.station = Station(
                ctx.profile,
                OrdersInbox(ctx.store, ctx.client),
                ctx.creator,
                ctx.queue,
                printer,
                scale=_PresenterScale(self.scale),
                pack_check=self.pack_check,
                slip_language=language,
            )
            if previous is not None and previous.inbox.store is ctx.store:
                self.station.current, self.station.last = previous.current, previous.last
            self._station_key = key
        self.station.pack_check = self.pack_check
        # the scale counts only while one is configured (scales.json may change meanwhile)
        self.station.scale = _PresenterScale(self.scale) if self.scale.configured else None
        return self.station

    def _weight_changed(self) -> None:
        """The scale's reading changed: an order waiting for a stable weight ships now."""
        station = self.station
        state = station.current if station is not None else None
        if state is None or not state.awaiting_weight:
            return
        if self.awaiting_ack:
            return  # an error on show stays until confirmed
        if self.scale.stable_kg() is not None:
            self._submit("weighed")
        else:
            self._show_waiting()

    # --- input ---------------------------------------------------------------------------------

    def _on_return(self) -> None:
        code = self.scan_box.text().strip()
        self.scan_box.clear()
        if not code:
            return
        if self.awaiting_ack:
            # an error not yet seen: no scan gets lost in it, the packer confirms first
            self._beep(3)
            self.detail.setText(
                translate("Scan", "Press Esc to confirm the message, then scan again.")
            )
            return
        self._submit("scan", code)

    def _on_weight(self) -> None:
        text = self.weight_box.text().strip()
        value, ok = QLocale().toDouble(text)
        if not ok:
            value, ok = QLocale.c().toDouble(text)
        if not ok or value <= 0:
            self._beep(3)
            return
        self.weight_box.clear()
        self.weight_box.hide()
        self._submit("weight", repr(value))

    def _submit(self, action: str, argument: str = "") -> None:
        if self._scans is None:
            self._scans = asyncio.Queue()
        self._scans.put_nowait((action, argument))
        if self._worker is None or self._worker.done():
            self._worker = self.ctx.spawn(self._work())

    async def _work(self) -> None:
        """One action at a time, in the order scanned."""
        assert self._scans is not None
        while not self._scans.empty():
            action, argument = self._scans.get_nowait()
            try:
                outcome = await self._run(action, argument)
            except Exception as exc:  # never lose the page to one failure
                log.exception("scan %s failed", action)
                self._show_error(translate("Scan", "Something went wrong"), str(exc))
                continue
            if outcome is not None:
                self.show_outcome(outcome)

    async def _run(self, action: str, argument: str) -> ScanOutcome | None:
        station = self.current_station()
        if station is None:
            self._show_error(
                translate("Scan", "Not connected"),
                translate("Scan", "Wait until the service is connected, then scan again."),
            )
            return None
        if action == "scan":
            last = self.last_outcome
            if last is not None and last.kind == "choose" and argument.isdigit():
                index = int(argument) - 1
                if 0 <= index < len(last.choices):
                    return await station.choose(last.choices[index].id)
            return await station.scan(argument)
        if action == "weight":
            station.set_weight(float(argument))
            return await station.ship()
        if action == "ship":
            return await station.ship()
        if action == "weighed":
            return await station.ship_when_weighed()
        if action == "override":
            return await station.ship(override=OVERRIDE_REASON)
        if action == "reprint":
            return await station.reprint()
        if action == "refresh":
            added = await station.inbox.refresh(force=True)
            self._show(
                BLUE,
                translate("Scan", "%n new order(s)", None, added),
                translate("Scan", "Orders read from the service. Scan an order."),
            )
            return None
        return None

    # --- keys ----------------------------------------------------------------------------------

    def ship_now(self) -> None:
        """F2: create the shipment of the current order now."""
        if not self.awaiting_ack:
            self._submit("ship")

    def ship_incomplete(self) -> None:
        """F6: ship although the pack check is incomplete (recorded with the order)."""
        if not self.awaiting_ack:
            self._submit("override")

    def reprint(self) -> None:
        """F4: label and slip of the last shipped order again."""
        self.awaiting_ack = False
        self._submit("reprint")

    def refresh_orders(self) -> None:
        """F5: read the orders from the service now."""
        if not self.awaiting_ack:
            self._submit("refresh")

    def next_preset(self) -> None:
        """F3: the next shipping preset for the current order."""
        station = self.station
        if station is None or station.current is None:
            return
        preset = station.next_preset()
        self._show_preset(preset.name if preset else None)

    def acknowledge(self) -> None:
        """Esc: confirm an error (the next scan is taken), or drop the order being packed."""
        if self.awaiting_ack:
            self.awaiting_ack = False
            self._show(BLUE, translate("Scan", "Ready: scan an order"), "")
            return
        if self.station is not None and self.station.current is not None:
            self.station.cancel()
            self.items.clear()
            self.order_label.clear()
            self.weight_box.hide()
            self._show(BLUE, translate("Scan", "Order dropped: scan an order"), "")

    # --- output --------------------------------------------------------------------------------

    def _paint(self, color: str) -> None:
        self.outcome_frame.setStyleSheet(
            f"#scan_outcome_frame {{ background: {color}; border-radius: 8px; }}"
            " QLabel { color: white; }"
        )
        self.outcome_color = color

    def _show(self, color: str, title: str, detail: str) -> None:
        self._paint(color)
        self.banner.setText(title)
        self.detail.setText(detail)

    def _show_error(self, title: str, detail: str) -> None:
        self.awaiting_ack = True
        self._show(RED, title, detail + "\n" + translate("Scan", "Press Esc to confirm."))
        self._beep(3)

    def _beep(self, times: int) -> None:
        for n in range(times):
            QTimer.singleShot(n * 180, QApplication.beep)

    def _show_weight(self) -> None:
        station = self.station
        kg = station.weight() if station is not None else None
        if kg is None:
            kg = self.scale.stable_kg()
        if kg is None:
            self.weight_label.setText(translate("Scan", "Weight: –"))
        else:
            self.weight_label.setText(
                translate("Scan", "Weight: %1 kg").replace("%1", weight_text(kg))
            )

    def _show_preset(self, name: str | None) -> None:
        if name is None:
            self.preset_label.setText(translate("Scan", "No shipping preset fits (F3 chooses one)"))
        else:
            self.preset_label.setText(
                translate("Scan", "Preset: %1 (F3 switches)").replace("%1", name)
            )

    def _show_items(self) -> None:
        self.items.clear()
        station = self.station
        state = station.current if station is not None else None
        if state is None:
            return
        if state.pack is not None:
            for line in state.pack.lines:
                mark = "✔" if line.done else "…"
                self.items.addItem(
                    f"{mark} {line.packed}/{line.ordered}  {line.title}  {line.gtin}"
                )
        else:
            for item in state.order.data.get("order_line_items") or []:
                quantity = item.get("quantity") or 0
                self.items.addItem(f"{quantity:g} × {item.get('sku') or ''}")

    def show_outcome(self, outcome: ScanOutcome) -> None:
        """Show what a scan or key did, and sound it."""
        self.last_outcome = outcome
        order = outcome.order
        if order is not None:
            self.order_label.setText(translate("Scan", "Order %1").replace("%1", order.number))
        if outcome.preset is not None or outcome.kind in ("packing", "ticked"):
            self._show_preset(outcome.preset.name if outcome.preset else None)
        self._show_items()
        self._show_weight()
        if outcome.weight_kg is not None:
            text = translate("Scan", "Weight: %1 kg").replace("%1", weight_text(outcome.weight_kg))
            self.weight_label.setText(text)
        self.weight_box.hide()
        kind = outcome.kind
        if kind == "shipped":
            shipment = outcome.shipment
            assert shipment is not None
            carrier = self.ctx.offers.get(shipment.carrier)
            name = carrier.display_name if carrier is not None else shipment.carrier
            self.awaiting_ack = False
            self._show(
                GREEN,
                translate("Scan", "%1 %2")
                .replace("%1", name)
                .replace("%2", shipment.carrier_tracking_no or ""),
                translate(
                    "Scan",
                    "Order %1 shipped: label and packing slip are printing. Scan the next order.",
                ).replace("%1", order.number if order else ""),
            )
            self._beep(1)
            self.items.clear()
        elif kind == "reprinted":
            again = translate("Scan", "Label and packing slip of order %1.")
            self._show(
                GREEN,
                translate("Scan", "Printing again"),
                again.replace("%1", order.number if order else ""),
            )
            self._beep(1)
        elif kind == "already_shipped":
            shipment = outcome.shipment
            tracking = shipment.carrier_tracking_no if shipment is not None else ""
            self._show_error(
                translate("Scan", "Order %1 has shipped already").replace(
                    "%1", order.number if order else ""
                ),
                translate(
                    "Scan",
                    "Tracking number %1. F4 prints label and slip again; nothing is shipped twice.",
                ).replace("%1", tracking or "–"),
            )
        elif kind == "choose":
            lines = [
                f"{n}: {o.number} – {_person(o.data)}"
                for n, o in enumerate(outcome.choices, start=1)
            ]
            self._show(
                BLUE,
                translate("Scan", "%n orders hold this item", None, len(outcome.choices)),
                translate("Scan", "Type the number of the order and Enter:")
                + "\n"
                + "\n".join(lines),
            )
            self._beep(1)
        elif kind == "weighing":
            self.awaiting_ack = False
            self._show_waiting()
            self.weight_box.show()
            QTimer.singleShot(0, self._focus_box)
            self._beep(1)
        elif kind in ("packing", "ticked"):
            station = self.station
            state = station.current if station is not None else None
            missing = state.pack.missing if state is not None and state.pack is not None else 0
            if kind == "ticked" and outcome.line is not None:
                title = translate("Scan", "Packed: %1").replace("%1", outcome.line.title)
            else:
                title = translate("Scan", "Order %1").replace("%1", order.number if order else "")
            if missing:
                detail = translate(
                    "Scan", "Scan the items: %n to go (F6 ships without them).", None, missing
                )
            elif outcome.weight_kg is None:
                detail = translate(
                    "Scan", "Put the parcel on the scale, or type the weight and press Enter."
                )
                self.weight_box.show()
                QTimer.singleShot(0, self._focus_box)
            else:
                detail = translate("Scan", "Press F2 to ship.")
            self._show(BLUE, title, detail)
            self._beep(1)
        else:
            title, what = self._error_text(outcome)
            self._show_error(title, what)
        self.outcome_shown.emit(outcome)

    def _show_waiting(self) -> None:
        """A complete order on the scale: say that it ships once the weight is stable."""
        station = self.station
        state = station.current if station is not None else None
        number = state.order.number if state is not None else ""
        reading = self.scale.text or translate("Scan", "Scale: no current weight")
        self._show(
            BLUE,
            translate("Scan", "Order %1: waiting for a stable weight").replace("%1", number),
            translate(
                "Scan",
                "%1\nIt ships as soon as the scale is steady (or type the weight and press Enter).",
            ).replace("%1", reading),
        )

    def _error_text(self, outcome: ScanOutcome) -> tuple[str, str]:
        code, detail = outcome.code, outcome.detail
        number = outcome.order.number if outcome.order is not None else ""
        if code == "not_found":
            return (
                translate("Scan", "No order %1").replace("%1", detail),
                translate("Scan", "Check the barcode, or press F5 to read the orders again."),
            )
        if code == "wrong_item":
            return (
                translate("Scan", "Not in this order: %1").replace("%1", detail),
                translate("Scan", "Put the item back and scan the items of order %1.").replace(
                    "%1", number
                ),
            )
        if code == "surplus_item":
            title = outcome.line.title if outcome.line is not None else detail
            return (
                translate("Scan", "Already packed: %1").replace("%1", title),
                translate("Scan", "The order has no more of it. Put it back."),
            )
        if code == "incomplete":
            missing = int(detail or 0)
            return (
                translate("Scan", "%n item(s) still missing", None, missing),
                translate("Scan", "Scan the missing items, or press F6 to ship anyway (recorded)."),
            )
        if code == "no_weight":
            self.weight_box.show()
            return (
                translate("Scan", "Weight needed"),
                translate(
                    "Scan", "Put the parcel on the scale, or type the weight and press Enter."
                ),
            )
        if code == "no_preset":
            return (
                translate("Scan", "No shipping preset fits"),
                translate("Scan", "Press F3 to choose a preset."),
            )
        if code == "invalid":
            return (translate("Scan", "The shipment is not valid"), detail)
        if code == "service":
            return (translate("Scan", "The service refused the shipment"), detail)
        if code == "pending":
            return (
                translate("Scan", "An earlier attempt for order %1 is not settled").replace(
                    "%1", number
                ),
                translate("Scan", "Wait a moment and scan again; nothing is shipped twice."),
            )
        return (translate("Scan", "Scan an order first"), "")


def _person(order: dict[str, Any]) -> str:
    address = order.get("delivery_address") or {}
    parts = (address.get("first_name"), address.get("last_name"), address.get("city"))
    return " ".join(str(p) for p in parts if p)
