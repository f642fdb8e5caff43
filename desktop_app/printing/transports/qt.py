"""Qt print support (PDF only): a system printer, or PDF files in a folder as a Qt printer
would get them. Qt is imported when such a printer prints, not with this module (the settings
read these transports' descriptions without loading Qt's print modules)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from desktop_app.printing.transports.base import (
    QT_TRANSLATE_NOOP,
    OutgoingJob,
    Transport,
    TransportError,
    noop,
)
from desktop_app.printing.transports.file import title_slug


class _QtTransportBase(Transport):
    """Runs on the loop's (GUI) thread: Qt paint devices and QPdfDocument are used there."""

    default_kind = "pdf"

    def _check(self, job: OutgoingJob) -> None:
        if job.kind != "pdf":
            raise TransportError(
                f"{self.describe()} prints PDF only, not {job.kind.upper()}",
                connected=False,
                retryable=False,
            )

    def _print(self, job: OutgoingJob, **target: object) -> None:
        # Qt print support loads slowly: only when such a printer prints
        from desktop_app.printing.qt_print import QtPrintError, print_pdf

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
