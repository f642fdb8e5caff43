"""Settings › Scales: find serial ports and USB scales, choose one, test it with a live
reading, and save it for this machine (`scales.json`, which the shipment form follows)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from desktop_app.gui.core.theme import ERROR, OK, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.widgets.scale import ScalePresenter
from desktop_app.scales.config import ScaleConfig, load_scale_config, save_scale_config
from desktop_app.scales.discovery import FoundScale, find_scales

if TYPE_CHECKING:
    from desktop_app.gui.core.context import AppContext

PROTOCOLS = ("sics", "nci")


class ScalesPage(QWidget):
    """The machine's scale: chosen from what is found (or typed as a URI), tested, saved."""

    saved = Signal(object)  # ScaleConfig

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("scales_page")
        self.found: list[FoundScale] = []
        self.device_combo = QComboBox()
        self.device_combo.setObjectName("scaleDevice")
        self.device_combo.setAccessibleName(translate("Settings", "Scale"))
        self.device_combo.activated.connect(self._on_device_chosen)
        self.find_button = QPushButton(translate("Settings", "&Find scales"))
        self.find_button.setObjectName("findScales")
        self.find_button.clicked.connect(lambda: self.ctx.spawn(self.find_scales()))
        self.protocol_combo = QComboBox()
        self.protocol_combo.setObjectName("scaleProtocol")
        self.protocol_combo.addItem(translate("Settings", "Mettler Toledo MT-SICS"), "sics")
        self.protocol_combo.addItem(translate("Settings", "NCI / Weigh-Tronix"), "nci")
        self.protocol_combo.activated.connect(self._on_protocol_chosen)
        self.uri_edit = QLineEdit()
        self.uri_edit.setObjectName("scaleUri")
        self.uri_edit.setPlaceholderText(translate("Settings", "e.g. sics:/dev/ttyUSB0 or hid:"))
        self.uri_edit.textEdited.connect(self._on_uri_edited)
        # a typed address is the scale chosen: the Scale list shows it (not "No scale")
        self.uri_edit.editingFinished.connect(self._fill_devices)
        self.count_spin = QSpinBox()
        self.count_spin.setRange(1, 20)
        self.tolerance_spin = QDoubleSpinBox()
        self.tolerance_spin.setRange(0.0, 100.0)
        self.tolerance_spin.setDecimals(1)
        self.tolerance_spin.setSuffix(translate("Settings", " g"))
        self.age_spin = QDoubleSpinBox()
        self.age_spin.setRange(0.2, 30.0)
        self.age_spin.setDecimals(1)
        self.age_spin.setSuffix(translate("Settings", " s"))
        self.test_button = QPushButton(translate("Settings", "&Test"))
        self.test_button.setObjectName("testScale")
        self.test_button.setCheckable(True)
        self.test_button.toggled.connect(self._on_test_toggled)
        self.live = QLabel()
        self.live.setObjectName("scaleLive")
        self.save_button = QPushButton(translate("Settings", "&Save"))
        self.save_button.setObjectName("saveScale")
        self.save_button.clicked.connect(self.save)
        self.message = QLabel()
        self.message.setObjectName("scaleMessage")
        self.message.setWordWrap(True)

        device_row = QHBoxLayout()
        device_row.addWidget(self.device_combo, 1)
        device_row.addWidget(self.find_button)
        form = QFormLayout()
        form.addRow(translate("Settings", "Scale"), device_row)
        form.addRow(translate("Settings", "Protocol (serial scales)"), self.protocol_combo)
        form.addRow(translate("Settings", "Address"), self.uri_edit)
        form.addRow(translate("Settings", "Stable after equal readings"), self.count_spin)
        form.addRow(translate("Settings", "Readings may differ by"), self.tolerance_spin)
        form.addRow(translate("Settings", "Use a reading for at most"), self.age_spin)
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addWidget(self.live, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(test_row)
        layout.addWidget(self.message)
        layout.addLayout(buttons)
        layout.addStretch(1)
        self._tester: ScalePresenter | None = None
        ctx.closing.connect(self._stop_test)
        self.load(load_scale_config())

    # --- the form -----------------------------------------------------------------------------

    def load(self, config: ScaleConfig) -> None:
        """Show a configuration."""
        self.uri_edit.setText(config.uri or "")
        self.count_spin.setValue(config.stable_count)
        self.tolerance_spin.setValue(config.tolerance_kg * 1000)
        self.age_spin.setValue(config.max_age)
        self._fill_devices()

    def config(self) -> ScaleConfig:
        """The configuration as shown."""
        return load_scale_config().with_changes(
            uri=self.uri_edit.text().strip() or None,
            stable_count=self.count_spin.value(),
            tolerance_kg=round(self.tolerance_spin.value() / 1000, 4),
            max_age=self.age_spin.value(),
        )

    def _fill_devices(self) -> None:
        uri = self.uri_edit.text().strip()
        self.device_combo.clear()
        self.device_combo.addItem(translate("Settings", "No scale"), "")
        for found in self.found:
            self.device_combo.addItem(f"{found.description} ({found.uri})", found.uri)
        if uri and self._device_index(uri) < 0:
            self.device_combo.addItem(uri, uri)
        self.device_combo.setCurrentIndex(max(0, self._device_index(uri)))
        scheme = uri.split(":", 1)[0] if ":" in uri else "sics"
        self.protocol_combo.setCurrentIndex(max(0, self.protocol_combo.findData(scheme)))
        self.protocol_combo.setEnabled(scheme in PROTOCOLS)

    def _device_index(self, uri: str) -> int:
        if uri.split(":", 1)[0] in PROTOCOLS:
            path = uri.split(":", 1)[1]
            for i in range(self.device_combo.count()):
                data = self.device_combo.itemData(i) or ""
                if data.split(":", 1)[0] in PROTOCOLS and data.split(":", 1)[1] == path:
                    return i
        return self.device_combo.findData(uri)

    def _on_device_chosen(self, index: int) -> None:
        uri = self.device_combo.itemData(index) or ""
        scheme = uri.split(":", 1)[0] if ":" in uri else ""
        if scheme in PROTOCOLS:
            uri = f"{self.protocol_combo.currentData()}:{uri.split(':', 1)[1]}"
        self.uri_edit.setText(uri)
        self.protocol_combo.setEnabled(scheme in PROTOCOLS)
        self.message.clear()

    def _on_protocol_chosen(self, _index: int) -> None:
        uri = self.uri_edit.text().strip()
        if uri.split(":", 1)[0] in PROTOCOLS:
            self.uri_edit.setText(f"{self.protocol_combo.currentData()}:{uri.split(':', 1)[1]}")

    def _on_uri_edited(self, _text: str) -> None:
        self.message.clear()

    async def find_scales(self) -> None:
        """Look for serial ports and USB scales (off the event loop) and list them."""
        self.find_button.setEnabled(False)
        try:
            self.found, notes = await asyncio.to_thread(find_scales)
        finally:
            self.find_button.setEnabled(True)
        self._fill_devices()
        count = len(self.found)
        text = translate("Settings", "%n scale port(s) found", None, count)
        self._say(" ".join([text, *notes]), ok=count > 0)

    # --- test and save ------------------------------------------------------------------------

    def _on_test_toggled(self, on: bool) -> None:
        self._stop_test()
        if not on:
            self.live.clear()
            return
        config = self.config()
        problems = config.problems()
        if problems or not config.uri:
            self._say(
                "; ".join(problems) or translate("Settings", "Choose a scale first."), ok=False
            )
            self.test_button.setChecked(False)
            return
        self._tester = ScalePresenter(self, config=config)
        self._tester.changed.connect(lambda: self.live.setText(self._tester_text()))
        self._tester.start()
        self.live.setText(translate("Settings", "Scale: connecting…"))

    def _tester_text(self) -> str:
        return self._tester.text if self._tester is not None else ""

    def _stop_test(self) -> None:
        tester, self._tester = self._tester, None
        if tester is not None:
            tester.close()

    async def stop_test(self) -> None:
        """End a running test and wait until the scale is released."""
        tester, self._tester = self._tester, None
        self.test_button.setChecked(False)
        if tester is not None:
            await tester.aclose()

    def save(self) -> bool:
        """Save for this machine; the shipment form picks the scale up at once."""
        config = self.config()
        try:
            save_scale_config(config)
        except (ValueError, OSError) as exc:
            self._say(translate("Settings", "Not saved: %1").replace("%1", str(exc)), ok=False)
            return False
        self._say(
            translate("Settings", "Saved.")
            if config.uri
            else translate("Settings", "Saved: no scale."),
            ok=True,
        )
        self.saved.emit(config)
        return True

    def _say(self, text: str, *, ok: bool) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(f"color: {color(OK) if ok else color(ERROR)};")
