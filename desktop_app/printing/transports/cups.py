"""A CUPS queue through `lp`: acknowledged when `lp` reports the job queued."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable

from desktop_app.printing.printers import PrinterDefinition
from desktop_app.printing.subprocesses import communicate
from desktop_app.printing.transports.base import (
    QT_TRANSLATE_NOOP,
    OutgoingJob,
    Transport,
    TransportError,
    TransportOption,
    float_option,
    noop,
)


class CupsTransport(Transport):
    """A CUPS queue through `lp`: `cups:QUEUE[?server=HOST_OR_SOCKET]`; ZPL goes `-o raw`."""

    scheme = "cups"
    name = QT_TRANSLATE_NOOP("Settings", "CUPS queue")
    address_example = "Zebra_ZD420"
    options = (
        TransportOption("server", "", "another CUPS server (host or socket)"),
        TransportOption("timeout", "30", "seconds lp may take"),
    )

    def __init__(self, printer: PrinterDefinition) -> None:
        super().__init__(printer)
        self.queue = self.target.split("?", 1)[0].strip("/")
        if not re.fullmatch(r"[^\s/#]+", self.queue or ""):
            raise ValueError(f"{self.uri!r}: not a CUPS queue name")
        self.server = self._query().get("server")
        self.timeout = float_option(self._query(), "timeout", 30.0)

    def describe(self) -> str:
        return f"CUPS queue {self.queue}"

    def lp_args(self, job: OutgoingJob) -> list[str]:
        """The `lp` command line for `job`."""
        args = ["lp"]
        if self.server:
            args += ["-h", self.server]
        args += ["-d", self.queue, "-t", job.title]
        if job.kind == "zpl":
            args += ["-o", "raw"]
        else:
            # labels print at 100 %, never shrunk to the paper's printable area
            args += ["-o", "print-scaling=none"]
        return [*args, "--", "-"]

    async def send(self, job: OutgoingJob, on_connected: Callable[[], None] = noop) -> None:
        try:
            proc = await asyncio.create_subprocess_exec(
                *self.lp_args(job),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
        except FileNotFoundError:
            raise TransportError(
                "lp not found: install the CUPS client (cups-client)",
                connected=False,
                retryable=False,
            ) from None
        on_connected()
        try:
            out, err = await communicate(proc, job.data, self.timeout)
        except TimeoutError:
            raise TransportError(
                f"{self.describe()}: lp did not finish within {self.timeout:g} s", connected=True
            ) from None
        if proc.returncode != 0:
            reason = (err or out).decode(errors="replace").strip() or f"exit {proc.returncode}"
            # lp failing means cupsd did not take the job, so nothing was printed
            raise TransportError(f"{self.describe()}: {reason}", connected=False)
