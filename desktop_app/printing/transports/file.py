"""A folder: each job is written to a file there, acknowledged once it is renamed into place."""

from __future__ import annotations

import asyncio
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.transports.base import (
    QT_TRANSLATE_NOOP,
    OutgoingJob,
    Transport,
    TransportError,
    noop,
)


def title_slug(text: str) -> str:
    """A job title as a safe part of a file name."""
    text = re.sub(r"\.(pdf|zpl|txt|prn)$", "", text.strip(), flags=re.I)
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-")[:40] or "label"


class FileTransport(Transport):
    """Writes each job to a folder: `file:DIR` (archiving, tests, demos)."""

    scheme = "file"
    name = QT_TRANSLATE_NOOP("Settings", "Folder (save each label)")
    address_example = "/home/me/labels"

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        target = self.target
        if target.startswith("//"):
            target = urlsplit(self.uri).path
        if not target:
            raise ValueError(f"{self.uri!r}: no folder (use file:/path/to/folder)")
        self.folder = Path(target).expanduser()

    def describe(self) -> str:
        return f"folder {self.folder}"

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
        on_connected()
        try:
            await asyncio.get_running_loop().run_in_executor(None, self._write, job)
        except OSError as exc:
            raise TransportError(
                f"{self.describe()}: cannot write ({exc.strerror or exc})", connected=False
            ) from None

    def _write(self, job: OutgoingJob) -> Path:
        self.folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        ident = f"job{job.job_id}" if job.job_id is not None else f"{time.time_ns()}"
        final = self.folder / f"{stamp}-{ident}-{title_slug(job.title)}.{job.kind}"
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".partial-")
        with os.fdopen(fd, "wb") as fh:
            fh.write(job.data)
            fh.flush()
            os.fsync(fh.fileno())
        # the rename makes the job appear whole or not at all
        os.replace(tmp, final)
        return final
