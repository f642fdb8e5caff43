"""PDF printing through Qt print support (QPrinter + QPdfDocument), and printer listing.

The only Qt module of `printing/`. Pages print at 100 %: each PDF page is rendered at the
printer's resolution to exactly its own size in mm, on white (QtPdf renders transparent),
and placed on the paper at the printer definition's offset (top-left by default) or centred.
Paper orientation follows the page: a landscape label turns the paper.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QMarginsF, QRectF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument
from PySide6.QtPrintSupport import QPrinter, QPrinterInfo

# the PySide6 6.12 reference fix, applied on import (headless printing calls Qt too)
from desktop_app import qt_compat as _qt_compat  # noqa: F401
from desktop_app.domain.labels import MM_PER_INCH
from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports.base import (
    QT_TRANSLATE_NOOP,
    OutgoingJob,
    Transport,
    TransportError,
    noop,
)
from desktop_app.printing.transports.file import title_slug

POINTS_PER_INCH = 72.0


class QtPrintError(RuntimeError):
    """Qt could not print (no such printer, unreadable PDF, painter failure)."""


@dataclass(frozen=True, slots=True)
class SystemPrinter:
    """A printer known to the system's print service (CUPS on Linux and macOS)."""

    name: str
    description: str
    location: str
    make_and_model: str
    is_default: bool


def ensure_app() -> QGuiApplication:
    """The running QGuiApplication, creating an offscreen one for headless use (CLI)."""
    app = QGuiApplication.instance()
    if app is None:
        no_display = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
        if sys.platform.startswith("linux") and no_display:
            os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        app = QGuiApplication([sys.argv[0] if sys.argv else "packdesk"])
    if not isinstance(app, QGuiApplication):
        raise QtPrintError("printing needs a QGuiApplication, not a bare QCoreApplication")
    return app


def list_system_printers() -> list[SystemPrinter]:
    """Printers Qt sees through the system print service."""
    ensure_app()
    return [
        SystemPrinter(
            info.printerName(),
            info.description(),
            info.location(),
            info.makeAndModel(),
            info.isDefault(),
        )
        for info in QPrinterInfo.availablePrinters()
    ]


def _load(pdf: bytes) -> tuple[QPdfDocument, QBuffer]:
    buffer = QBuffer()
    buffer.setData(QByteArray(pdf))
    buffer.open(QIODevice.OpenModeFlag.ReadOnly)
    doc = QPdfDocument()
    doc.load(buffer)
    if doc.status() != QPdfDocument.Status.Ready or doc.pageCount() == 0:
        raise QtPrintError(f"cannot read the PDF ({doc.error().name})")
    # the buffer must outlive the document's use of it
    return doc, buffer


def print_pdf(
    pdf: bytes,
    *,
    printer_name: str | None = None,
    output_file: Path | None = None,
    paper_mm: tuple[float, float] = (210.0, 297.0),
    offset_mm: tuple[float, float] = (0.0, 0.0),
    placement: Literal["top-left", "center"] = "top-left",
    dpi: int = 300,
    title: str = "Packdesk label",
) -> int:
    """Print every page of `pdf` at 100 % on `printer_name` or into `output_file` (a PDF).

    Returns the number of pages printed.
    """
    ensure_app()
    doc, _buffer = _load(pdf)
    printer = QPrinter(QPrinter.PrinterMode.HighResolution)
    if output_file is not None:
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(output_file))
    else:
        if not printer_name:
            raise QtPrintError("no printer name given")
        printer.setPrinterName(printer_name)
        if not printer.isValid() or printer.printerName() != printer_name:
            raise QtPrintError(f"no system printer called {printer_name!r}")
    printer.setDocName(title)
    printer.setResolution(dpi)
    printer.setFullPage(True)
    short, long_ = sorted(paper_mm)
    page_size = QPageSize(QSizeF(short, long_), QPageSize.Unit.Millimeter, "")
    res = printer.resolution()

    def layout_for(index: int) -> QPageLayout:
        size = doc.pagePointSize(index)
        landscape = size.width() > size.height()
        orientation = (
            QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
        )
        return QPageLayout(
            page_size, orientation, QMarginsF(0, 0, 0, 0), QPageLayout.Unit.Millimeter
        )

    if not printer.setPageLayout(layout_for(0)):
        raise QtPrintError("the printer does not accept this paper size")
    painter = QPainter()
    if not painter.begin(printer):
        raise QtPrintError(f"cannot start printing on {printer_name or output_file}")
    try:
        for index in range(doc.pageCount()):
            if index > 0:
                printer.setPageLayout(layout_for(index))
                printer.newPage()
            _paint_page(painter, printer, doc, index, res, offset_mm, placement)
    finally:
        painter.end()
    return doc.pageCount()


def _paint_page(
    painter: QPainter,
    printer: QPrinter,
    doc: QPdfDocument,
    index: int,
    res: int,
    offset_mm: tuple[float, float],
    placement: Literal["top-left", "center"],
) -> None:
    points = doc.pagePointSize(index)
    width_px = round(points.width() / POINTS_PER_INCH * res)
    height_px = round(points.height() / POINTS_PER_INCH * res)
    rendered = doc.render(index, QSize(width_px, height_px))
    # QtPdf leaves the page transparent: flatten it onto white
    page = QImage(width_px, height_px, QImage.Format.Format_RGB32)
    page.fill(QColor(Qt.GlobalColor.white))
    flat = QPainter(page)
    flat.drawImage(0, 0, rendered)
    flat.end()
    paper = printer.paperRect(QPrinter.Unit.DevicePixel)
    if placement == "center":
        x = (paper.width() - width_px) / 2
        y = (paper.height() - height_px) / 2
    else:
        x = offset_mm[0] / MM_PER_INCH * res
        y = offset_mm[1] / MM_PER_INCH * res
    painter.drawImage(QRectF(x, y, width_px, height_px), page)


class _QtTransportBase(Transport):
    """Runs on the loop's (GUI) thread: Qt paint devices and QPdfDocument are used there."""

    def _check(self, job: OutgoingJob) -> None:
        if job.kind != "pdf":
            raise TransportError(
                f"{self.describe()} prints PDF only, not {job.kind.upper()}",
                connected=False,
                retryable=False,
            )

    def _print(self, job: OutgoingJob, **target: object) -> None:
        p = self.printer
        try:
            print_pdf(
                job.data,
                paper_mm=p.paper_mm,
                offset_mm=p.offset_mm,
                placement=p.placement,
                dpi=p.dpi,
                title=job.title,
                **target,  # type: ignore[arg-type]
            )
        except QtPrintError as exc:
            raise TransportError(f"{self.describe()}: {exc}", connected=False) from None


class QtPrinterTransport(_QtTransportBase):
    """A system printer through Qt print support: `qt:PRINTER NAME`."""

    scheme = "qt"
    name = QT_TRANSLATE_NOOP("Settings", "System printer (PDF through Qt)")
    address_example = "HP_LaserJet"

    def describe(self) -> str:
        return f"printer {self.target}"

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
        self._check(job)
        on_connected()
        self._print(job, printer_name=self.target)


class QtPdfFileTransport(_QtTransportBase):
    """What a Qt printer would get, as PDF files in a folder: `qt-pdf:DIR`."""

    scheme = "qt-pdf"
    name = QT_TRANSLATE_NOOP("Settings", "PDF files (through Qt)")
    address_example = "/home/me/printed"

    def describe(self) -> str:
        return f"PDF folder {self.target}"

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
        self._check(job)
        folder = Path(self.target).expanduser()
        folder.mkdir(parents=True, exist_ok=True)
        ident = f"job{job.job_id}" if job.job_id is not None else "job"
        on_connected()
        self._print(job, output_file=folder / f"{ident}-{title_slug(job.title)}.pdf")


def printer_for_system_queue(name: str, paper: str = "A4") -> PrinterDefinition:
    """A PDF printer definition for a system printer listed by `list_system_printers`."""
    return PrinterDefinition(name=name, kind="pdf", transport=f"qt:{name}", dpi=300, paper=paper)
