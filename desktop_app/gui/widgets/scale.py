"""The scale's live weight for the GUI: a presenter (no widget, testable without a window)
and the row under the packages that shows it and takes it into a weight field with one key.

The presenter follows the machine's `scales.json` (Settings › Scales writes it): a changed
file restarts the reading with the new scale. It reads through the process's `ScaleHub`, so
the form, the Scan page and Settings' test share one monitor (one open port) per device.
The weight it hands out is the stable weight the monitor decided (n equal readings) and never
older than the configured max age, rounded to the gram as shown, so the field, the request
and the label all say the same number.
"""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

from PySide6.QtCore import QLocale, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from desktop_app.gui.core.theme import MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.scale_errors import scale_error_text
from desktop_app.scales.config import ScaleConfig, default_path, load_scale_config
from desktop_app.scales.hub import ScaleHub, ScaleLease, shared_hub
from desktop_app.scales.monitor import ScaleMonitor, ScaleStatus

log = logging.getLogger(__name__)

REFRESH_MS = 250
TAKE_KEY = "F9"


def _reason(status: ScaleStatus) -> str:
    return scale_error_text(status.kind, status.message)


def weight_text(kg: float) -> str:
    """`1.250` (in the UI locale: `1,250`), the gram precision a label shows."""
    return QLocale().toString(round(kg, 3), "f", 3)


class ScalePresenter(QObject):
    """What the scale says now, in words, and the stable weight to take."""

    changed = Signal()
    polled = Signal()  # after each refresh, changed or not (the readings age meanwhile)

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        config: ScaleConfig | None = None,
        config_path: Path | None = None,
        hub: ScaleHub | None = None,
    ) -> None:
        super().__init__(parent)
        # a given config is used as it is; else scales.json is read and followed
        self._fixed = config
        self._path = config_path
        self._hub = hub or shared_hub()
        self._mtime: float | None = None
        self.config = config or ScaleConfig()
        self._lease: ScaleLease | None = None
        self._stopping: set[asyncio.Future[object]] = set()
        self._text = ""
        self._stable: float | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(REFRESH_MS)
        self._timer.timeout.connect(self.refresh)

    # --- life cycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Start refreshing; the reading starts on the first tick inside the running loop."""
        self._timer.start()

    def close(self) -> None:
        """Stop reading (the device is released in the background)."""
        self._timer.stop()
        self._stop_monitor()

    async def aclose(self) -> None:
        """`close()` and wait until the device is released."""
        self.close()
        if self._stopping:
            await asyncio.gather(*self._stopping, return_exceptions=True)

    @property
    def monitor(self) -> ScaleMonitor | None:
        """The device's monitor this presenter reads (shared with the other pages)."""
        return self._lease.monitor if self._lease is not None else None

    def _stop_monitor(self) -> None:
        lease, self._lease = self._lease, None
        if lease is not None:
            closing = lease.release()
            if closing is not None:
                self._stopping.add(closing)
                closing.add_done_callback(self._stopping.discard)

    def _reload(self) -> None:
        """Read scales.json again if it changed (not with a fixed config)."""
        if self._fixed is not None:
            if self.monitor is None and self.config.uri:
                self._start_monitor()
            return
        path = self._path or default_path()
        try:
            mtime: float | None = path.stat().st_mtime_ns / 1e9
        except OSError:
            mtime = None
        if mtime == self._mtime and (self.monitor is not None or not self.config.uri):
            return
        self._mtime = mtime
        config = load_scale_config(path)
        if config == self.config and self.monitor is not None:
            return
        self.config = config
        self._stop_monitor()
        if config.uri:
            self._start_monitor()

    def _start_monitor(self) -> None:
        try:
            self._lease = self._hub.acquire(self.config)
        except ValueError as exc:  # a URI that load_scale_config let through cannot happen
            log.warning("scale: %s", exc)
        except RuntimeError:  # no running loop yet (app start-up): the next tick starts it
            self._lease = None

    # --- state --------------------------------------------------------------------------------

    @property
    def configured(self) -> bool:
        """Whether a scale is set up on this machine."""
        return bool(self.config.uri)

    @property
    def text(self) -> str:
        """What the scale says, for the user ("" without a scale)."""
        return self._text

    def stable_kg(self) -> float | None:
        """The fresh stable weight in kg (rounded to the gram), or None."""
        return self._stable

    def refresh(self) -> None:
        """Re-read the configuration if it changed and recompute the text (the max age
        passes even when the scale sends nothing)."""
        self._reload()
        text, stable = self._describe()
        if (text, stable) != (self._text, self._stable):
            self._text, self._stable = text, stable
            self.changed.emit()
        self.polled.emit()

    def _describe(self) -> tuple[str, float | None]:
        monitor = self.monitor
        if monitor is None:
            return ("", None)
        status = monitor.status()
        if status.stable is not None:
            kg = round(status.stable.kg, 3)
            return (translate("Scale", "Scale: %1 kg, stable").replace("%1", weight_text(kg)), kg)
        if status.reading is not None:
            moving = translate("Scale", "Scale: %1 kg, settling…")
            return (moving.replace("%1", weight_text(status.reading.kg)), None)
        if status.state == "connecting":
            return (translate("Scale", "Scale: connecting…"), None)
        if status.state == "disconnected":
            return (
                translate("Scale", "Scale disconnected: plug it in (it is picked up again)"),
                None,
            )
        if status.state == "unavailable":
            return (
                translate("Scale", "Scale cannot be used: %1").replace("%1", _reason(status)),
                None,
            )
        if status.state == "not_ready":
            return (translate("Scale", "Scale not ready: %1").replace("%1", _reason(status)), None)
        return (translate("Scale", "Scale: no current weight"), None)


class ScaleWeightRow(QWidget):
    """The live weight under the packages and a button (and key) that takes it."""

    take_requested = Signal(float)  # kg

    def __init__(self, presenter: ScalePresenter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("scaleWeight")
        self.presenter = presenter
        self.label = QLabel()
        self.label.setObjectName("scaleWeightText")
        self.label.setStyleSheet(f"color: {color(MUTED)};")
        self.take_button = QPushButton(
            translate("Scale", "Use weight (%1)").replace("%1", TAKE_KEY)
        )
        self.take_button.setObjectName("takeScaleWeight")
        self.take_button.setAccessibleName(translate("Scale", "Use the scale's weight"))
        self.take_action = QAction(translate("Scale", "Use the scale's weight"), self)
        self.take_action.setObjectName("takeScaleWeightAction")
        self.take_action.setShortcut(QKeySequence(TAKE_KEY))
        self.take_action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.take_action.triggered.connect(self.take)
        self.addAction(self.take_action)
        self.take_button.clicked.connect(self.take)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.take_button)
        presenter.changed.connect(self._update)
        self._update()

    def _update(self) -> None:
        self.label.setText(self.presenter.text)
        stable = self.presenter.stable_kg() is not None
        self.take_button.setEnabled(stable)
        self.take_action.setEnabled(stable)
        self.setVisible(self.presenter.configured)

    def take(self) -> bool:
        """Emit the stable weight if there is one; whether there was."""
        self.presenter.refresh()  # the max age counts up to this moment
        kg = self.presenter.stable_kg()
        if kg is None:
            return False
        self.take_requested.emit(kg)
        return True
