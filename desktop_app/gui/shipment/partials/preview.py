"""Label preview: PDF through QtPdf (every page, zoom to fit), ZPL rendered offline with the
zplkit extra (else its text with a note); Print / Print again and "print after create"."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QRectF, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QPainter, QPalette, QPixmap
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from desktop_app.domain.labels import LABEL_FORMATS
from desktop_app.gui.core.context import AppContext
from desktop_app.gui.core.sandbox_printer import printer_title
from desktop_app.gui.core.theme import ERROR, MUTED, color
from desktop_app.gui.i18n import translate
from desktop_app.gui.i18n.words import carrier_name, job_state_text, label_format_name
from desktop_app.gui.widgets.screen_fit import resize_within_screen
from desktop_app.profiles.models import Profile
from desktop_app.profiles.store import StoredShipment

if TYPE_CHECKING:
    # QtPdf, the print queue and the ZPL renderer load with the first label shown, not
    # before the app's first window
    from PySide6.QtPdf import QPdfDocument
    from PySide6.QtPdfWidgets import QPdfView

    from desktop_app.printing.queue import PrintJob

log = logging.getLogger(__name__)

EMPTY, PDF, IMAGES, TEXT = range(4)


class LabelImagesWidget(QWidget):
    """Rendered labels, each scaled to fit (zoom to fit, like the PDF view), stacked."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pixmaps: list[QPixmap] = []
        self.setMinimumSize(120, 120)

    def set_pixmaps(self, pixmaps: list[QPixmap]) -> None:
        """Show these images (an empty list clears)."""
        self.pixmaps = list(pixmaps)
        self.update()

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        """Each image in its slice of the height, centred, aspect kept."""
        del event
        if not self.pixmaps:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        slot_h = self.height() / len(self.pixmaps)
        for i, pixmap in enumerate(self.pixmaps):
            if pixmap.isNull():
                continue
            scale = min(self.width() / pixmap.width(), (slot_h - 6) / pixmap.height())
            w, h = pixmap.width() * scale, pixmap.height() * scale
            target = QRectF((self.width() - w) / 2, i * slot_h + (slot_h - h) / 2, w, h)
            painter.fillRect(target, Qt.GlobalColor.white)  # the label's paper
            painter.drawPixmap(target, pixmap, QRectF(pixmap.rect()))
            painter.setPen(self.palette().color(QPalette.ColorRole.Mid))  # its edge
            painter.drawRect(target)
        painter.end()


class VirtualPrintDialog(QDialog):
    """What the built-in virtual printer printed last: its rendered label, file and folder."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("virtualPrintDialog")
        self.setWindowTitle(
            translate("Shipment", "Virtual label printer (sandbox): last printed label")
        )
        resize_within_screen(self, 460, 640)
        self.context = context
        self.images = LabelImagesWidget()
        self.images.setObjectName("virtualPrintImages")
        self.info = QLabel()
        self.info.setObjectName("virtualPrintInfo")
        self.info.setWordWrap(True)
        self.info.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.folder_button = buttons.addButton(
            translate("Shipment", "Open jobs folder"), QDialogButtonBox.ButtonRole.ActionRole
        )
        self.folder_button.clicked.connect(lambda: open_jobs_folder(context, self))
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.images, 1)
        layout.addWidget(self.info)
        layout.addWidget(buttons)
        self.refresh()
        context.sandbox_job_received.connect(self.refresh)

    def refresh(self) -> None:
        """Show the newest job (a job still rendering shows once it is done)."""
        printer = self.context.sandbox_printer
        last = printer.last_job() if printer is not None else None
        if last is None:
            self.images.set_pixmaps([])
            self.info.setText(
                translate("Shipment", "Nothing printed yet. Create a label and press Print.")
            )
            return
        self.images.set_pixmaps([QPixmap(str(png)) for png in last.pngs])
        seen = (
            translate("Shipment", "as the printer would print it")
            if last.pngs
            else translate("Shipment", "(no rendering available)")
        )
        self.info.setText(
            translate("Shipment", "{name} {seen}\nSaved in {parent}").format(
                name=last.path.name, seen=seen, parent=last.path.parent
            )
        )


def open_jobs_folder(context: AppContext, parent: QWidget) -> bool:
    """Open the virtual printer's jobs folder in the file manager, or say why it cannot."""
    printer = context.sandbox_printer
    if printer is None:
        reason = translate("Shipment", "The virtual label printer is not running.")
    else:
        printer.jobs_dir.mkdir(parents=True, exist_ok=True)
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(printer.jobs_dir))):
            return True
        reason = translate(
            "Shipment",
            "No file manager could be started to show the folder (on Linux, xdg-open of the "
            "xdg-utils package opens it). The jobs are saved in:\n{folder}",
        ).format(folder=printer.jobs_dir)
    box = QMessageBox(
        QMessageBox.Icon.Information,
        translate("Shipment", "Jobs folder"),
        reason,
        QMessageBox.StandardButton.Ok,
        parent,
    )
    box.setObjectName("jobsFolderMessage")
    box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return False


def make_pdf_view(document: QPdfDocument) -> QPdfView:
    """The view of a PDF label: every page, zoomed to fit, scroll bars fixed (see below)."""
    from PySide6.QtPdfWidgets import QPdfView

    view = QPdfView()
    view.setObjectName("pdfView")
    view.setDocument(document)
    view.setPageMode(QPdfView.PageMode.MultiPage)
    view.setZoomMode(QPdfView.ZoomMode.FitInView)
    # Fit in view sizes the page to the viewport, and the viewport is narrower by a scroll
    # bar while one shows: with bars "as needed", QPdfView's fit leaves the page 9 px taller
    # than the viewport, the vertical bar came, the narrower page fitted, the bar went, and
    # so on in posted layout requests that never ended (the GUI thread at 100 % for
    # minutes). The bars are fixed per document instead (`fix_scroll_bars`): the view's size
    # never depends on its own scroll bars.
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    # its width is the column's: what the view shows never asks the column for more
    view.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Expanding)
    view.setMinimumSize(120, 120)
    return view


def fix_scroll_bars(view: QPdfView, pages: int) -> None:
    """One page fits whole: no bar. Several: the vertical bar always there to scroll them, so
    the viewport is as wide with or without it."""
    on = Qt.ScrollBarPolicy.ScrollBarAlwaysOn
    view.setVerticalScrollBarPolicy(on if pages > 1 else Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


class LabelPreviewWidget(QWidget):
    """Shows the last created (or chosen) label and prints it through the queue."""

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.shipment: StoredShipment | None = None
        self.kind: str | None = None  # pdf | zpl | text
        self.jobs: list[PrintJob] = []
        self.render_task: asyncio.Task[Any] | None = None
        self.zpl_note = ""
        self._profile_id: str | None = None

        self.title = QLabel(translate("Shipment", "No label yet"))
        self.title.setObjectName("previewTitle")
        self.title.setWordWrap(True)
        self.title.setStyleSheet("font-weight: bold;")
        self.stack = QStackedWidget()
        empty = QLabel(translate("Shipment", "The label appears here as soon as it is created."))
        empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        empty.setWordWrap(True)
        empty.setStyleSheet(f"color: {color(MUTED)};")
        self._pdf: tuple[QPdfDocument, QPdfView] | None = None
        self.images = LabelImagesWidget()
        self.images.setObjectName("zplImages")
        self.text_view = QPlainTextEdit()
        self.text_view.setObjectName("zplText")
        self.text_view.setReadOnly(True)
        self.stack.addWidget(empty)
        self.stack.addWidget(QWidget())  # the PDF view's place, until the first PDF label
        self.stack.addWidget(self.images)
        self.stack.addWidget(self.text_view)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setStyleSheet(f"color: {color(MUTED)};")
        self.note.hide()

        self.print_button = QPushButton(translate("Shipment", "&Print label"))
        self.print_button.setObjectName("printButton")
        self.print_button.setToolTip(
            translate("Shipment", "Send this label to the profile's printer (Ctrl+Shift+L)")
        )
        self.print_button.clicked.connect(self.print_current)
        self.auto_print_check = QCheckBox(translate("Shipment", "Print automatically after create"))
        self.auto_print_check.setObjectName("autoPrint")
        self.auto_print_check.toggled.connect(self._on_auto_print)
        self.print_status = QLabel()
        self.print_status.setObjectName("printStatus")
        self.print_status.setWordWrap(True)
        # the built-in virtual printer: what it "printed" is one click away
        self.virtual_row = QWidget()
        self.virtual_row.setObjectName("virtualPrinterRow")
        self.last_print_button = QPushButton(translate("Shipment", "See printed label"))
        self.last_print_button.setObjectName("lastPrintButton")
        self.last_print_button.setToolTip(
            translate("Shipment", "The virtual label printer of the sandbox: see what it received")
        )
        self.last_print_button.clicked.connect(self.show_last_print)
        self.jobs_folder_button = QPushButton(translate("Shipment", "Jobs folder"))
        self.jobs_folder_button.setObjectName("jobsFolderButton")
        self.jobs_folder_button.setToolTip(
            translate("Shipment", "Open the folder where the virtual printer keeps jobs")
        )
        self.jobs_folder_button.clicked.connect(lambda: open_jobs_folder(self.context, self))
        # the two buttons alone in the narrow column (their tooltips name the virtual
        # printer): with a "Virtual printer:" caption beside them all three were cut
        vl = QHBoxLayout(self.virtual_row)
        vl.setContentsMargins(0, 0, 0, 0)
        vl.addWidget(self.last_print_button)
        vl.addWidget(self.jobs_folder_button)
        vl.addStretch(1)
        self.virtual_row.hide()
        self.virtual_dialog: VirtualPrintDialog | None = None

        # stacked: the side panel is narrow, and the check box's caption must stay readable
        row = QVBoxLayout()
        row.addWidget(self.print_button)
        row.addWidget(self.auto_print_check)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.stack, 1)
        layout.addWidget(self.note)
        layout.addLayout(row)
        layout.addWidget(self.print_status)
        layout.addWidget(self.virtual_row)
        context.profile_changed.connect(self._on_profile)
        context.print_job_changed.connect(self._on_job)
        if context.profile is not None:
            self._on_profile(context.profile)
        self._update_buttons()

    # --- profile -------------------------------------------------------------------------------

    def _on_profile(self, profile: Profile) -> None:
        if profile.id != self._profile_id:
            self.clear()  # another profile: nothing of the old one stays on screen
        self._profile_id = profile.id
        old = self.auto_print_check.blockSignals(True)
        self.auto_print_check.setChecked(profile.preferences.auto_print_after_create)
        self.auto_print_check.blockSignals(old)
        self._update_buttons()

    @property
    def auto_print(self) -> bool:
        """Whether a new label is printed right after its creation."""
        return self.auto_print_check.isChecked()

    def _on_auto_print(self, on: bool) -> None:
        try:
            self.context.update_preferences(auto_print_after_create=on)
        except Exception as exc:  # a preference must not break the desk
            log.warning("could not save the auto-print preference: %s", exc)

    # --- showing ------------------------------------------------------------------------------

    @property
    def pdf_document(self) -> QPdfDocument:
        """The PDF label's document (QtPdf is loaded on first use)."""
        return self._pdf_parts()[0]

    @property
    def pdf_view(self) -> QPdfView:
        """The PDF label's view: every page, zoomed to fit."""
        return self._pdf_parts()[1]

    def _pdf_parts(self) -> tuple[QPdfDocument, QPdfView]:
        if self._pdf is None:
            from PySide6.QtPdf import QPdfDocument

            document = QPdfDocument(self)
            view = make_pdf_view(document)
            place = self.stack.widget(PDF)
            self.stack.insertWidget(PDF, view)
            if place is not None:
                self.stack.removeWidget(place)
                place.deleteLater()
            self._pdf = (document, view)
        return self._pdf

    def clear(self) -> None:
        """No label shown (a new profile)."""
        self.shipment = None
        self.kind = None
        self.jobs = []
        if self.render_task is not None:
            self.render_task.cancel()
        if self._pdf is not None:
            self._pdf[0].close()
        self._clear_images()
        self.text_view.clear()
        self.title.setText(translate("Shipment", "No label yet"))
        self.note.hide()
        self.print_status.setText("")
        self.stack.setCurrentIndex(EMPTY)
        self._update_buttons()

    def show_shipment(self, stored: StoredShipment) -> None:
        """Show the label of `stored` at once (ZPL renders in the background)."""
        self.clear()
        self.shipment = stored
        tracking = stored.carrier_tracking_no or stored.id
        ref = f" — {stored.reference_number}" if stored.reference_number else ""
        self.title.setText(
            f"{carrier_name(stored.carrier)} {tracking}{ref}"
            f" ({label_format_name(stored.label_format) or '—'})"
        )
        path = stored.label_path
        if path is None or not path.is_file():
            self._show_note(
                translate("Shipment", "This shipment has no label file yet."), error=True
            )
            self._update_buttons()
            return
        data = path.read_bytes()
        if data.startswith(b"%PDF"):
            self.kind = "pdf"
            self.pdf_document.load(str(path))
            self.stack.setCurrentIndex(PDF)
            self.pdf_view.setZoomMode(self.pdf_view.ZoomMode.FitInView)
            pages = self.pdf_document.pageCount()
            fix_scroll_bars(self.pdf_view, pages)
            if pages > 1:
                self._show_note(translate("Shipment", "%n page(s)", None, pages))
        else:
            self.kind = "zpl"
            self.text_view.setPlainText(data.decode("utf-8", "replace"))
            self.stack.setCurrentIndex(TEXT)
            self._show_note(translate("Shipment", "Rendering the ZPL label…"))
            fmt = LABEL_FORMATS.get(stored.label_format or "")
            dpi = fmt.dpi if fmt is not None and fmt.dpi else 203
            self.render_task = asyncio.ensure_future(self._render_zpl(data, dpi))
        self._update_buttons()

    async def _render_zpl(self, data: bytes, dpi: int) -> None:
        # rendering a converted label takes a while: keep the event loop free
        from desktop_app.printing.preview import render_zpl_preview

        result = await asyncio.to_thread(render_zpl_preview, data, dpi=dpi)
        if not result.available:
            self.zpl_note = translate("Shipment", "Showing the ZPL text: {message}").format(
                message=result.message
            )
            self._show_note(self.zpl_note)
            return
        pixmaps = []
        for png in result.pngs:
            pixmap = QPixmap()
            pixmap.loadFromData(png)
            pixmaps.append(pixmap)
        self.images.set_pixmaps(pixmaps)
        self.stack.setCurrentIndex(IMAGES)
        pages = len(result.pngs)
        self.zpl_note = translate("Shipment", "ZPL rendered offline (%n label(s))", None, pages)
        self._show_note(self.zpl_note)
        # the renderer's remarks (fonts, ignored setup commands) are for the curious
        self.note.setToolTip("\n".join(result.warnings))

    def _clear_images(self) -> None:
        self.images.set_pixmaps([])
        self.note.setToolTip("")

    def _show_note(self, text: str, *, error: bool = False) -> None:
        self.note.setText(text)
        self.note.setStyleSheet(f"color: {color(ERROR) if error else color(MUTED)};")
        self.note.setVisible(bool(text))

    # --- printing --------------------------------------------------------------------------------

    def show_last_print(self) -> VirtualPrintDialog:
        """Open (or raise) the window showing the virtual printer's last job."""
        if self.virtual_dialog is None:
            self.virtual_dialog = VirtualPrintDialog(self.context, self)
        self.virtual_dialog.refresh()
        self.virtual_dialog.show()
        self.virtual_dialog.raise_()
        return self.virtual_dialog

    def _update_buttons(self) -> None:
        self.virtual_row.setVisible(self.context.uses_sandbox_printer())
        printable = self.shipment is not None and self.shipment.printable
        self.print_button.setEnabled(printable and self.context.printer() is not None)
        self.print_button.setText(
            translate("Shipment", "&Print again")
            if self.jobs
            else translate("Shipment", "&Print label")
        )
        if self.context.printer() is None:
            self.print_button.setToolTip(
                translate("Shipment", "No printer is assigned to this profile (Settings)")
            )

    def print_current(self) -> list[PrintJob]:
        """Queue the shown label for the profile's printer (again, if printed before)."""
        if self.shipment is None:
            return []
        try:
            jobs = self.context.print_label(self.shipment)
        except Exception as exc:
            self.print_status.setText(str(exc))
            self.print_status.setStyleSheet(f"color: {color(ERROR)};")
            return []
        self.jobs.extend(jobs)
        self.print_status.setStyleSheet("")
        self.print_status.setText(
            translate("Shipment", "Sent to {printer}: {state}").format(
                printer=printer_title(jobs[0].printer), state=job_state_text(jobs[0])
            )
        )
        self._update_buttons()
        return jobs

    def _on_job(self, job: PrintJob) -> None:
        if not any(j.id == job.id for j in self.jobs):
            return
        self.jobs = [job if j.id == job.id else j for j in self.jobs]
        self.print_status.setText(f"{printer_title(job.printer)}: {job_state_text(job)}")
        bad = job.state in ("failed", "needs_attention", "waiting")
        self.print_status.setStyleSheet(f"color: {color(ERROR)};" if bad else "")

    def closeEvent(self, event: Any) -> None:  # noqa: N802 - Qt name
        """Stop a render in progress."""
        if self.render_task is not None:
            with contextlib.suppress(Exception):
                self.render_task.cancel()
        super().closeEvent(event)
